package dev.wirespeed.testing;

import java.io.Closeable;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A fixed number of client connections that a daemon thread holds open against a server under test
 * (a flood, a trickle): every round it visits each slot with the test's {@link Step}, which opens,
 * uses or replaces the slot's connection; a step that throws closes its slot's connection, to be
 * reopened by a later round. The rounds are bounded in count, and {@link #close()} ends them and
 * closes what is held.
 */
public final class HeldConnections<C extends Closeable> implements AutoCloseable {
    /** One slot's turn in one round; {@code round} 0 is the first. */
    @FunctionalInterface
    public interface Step {
        void visit(int round, int slot) throws IOException;
    }

    private final Object[] held;
    private final AtomicBoolean stop = new AtomicBoolean();
    private Thread thread;

    public HeldConnections(int slots) {
        this.held = new Object[slots];
    }

    /** Starts the rounds: at most {@code rounds}, {@code pauseMillis} apart. */
    public void start(int rounds, long pauseMillis, Step step) {
        thread = Thread.ofPlatform().daemon(true).start(() -> run(rounds, pauseMillis, step));
    }

    @SuppressWarnings("unchecked")
    public C get(int slot) {
        return (C) held[slot];
    }

    public void set(int slot, C connection) {
        held[slot] = connection;
    }

    private void run(int rounds, long pauseMillis, Step step) {
        for (int round = 0; round < rounds && !stop.get(); round++) {
            for (int i = 0; i < held.length && !stop.get(); i++) {
                try {
                    step.visit(round, i);
                } catch (IOException e) {
                    closeQuietly(get(i));
                    held[i] = null;
                }
            }
            try {
                Thread.sleep(pauseMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** Ends the rounds (waits 10 s at most for the one under way), then closes every held connection. */
    @Override
    public void close() throws InterruptedException {
        stop.set(true);
        if (thread != null) {
            thread.join(10_000);
        }
        for (int i = 0; i < held.length; i++) {
            closeQuietly(get(i));
        }
    }

    public static void closeQuietly(Closeable c) {
        try {
            if (c != null) {
                c.close();
            }
        } catch (IOException ignored) {
            // closing: the server may have closed it first
        }
    }
}
