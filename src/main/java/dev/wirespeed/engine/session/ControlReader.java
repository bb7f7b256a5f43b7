package dev.wirespeed.engine.session;

import dev.wirespeed.io.Io;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.ProtocolException;

import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * A client's reader of the control connection while its test runs, on a thread of its own: it passes the
 * server's interval reports on and ends when the server's results arrive. A closed or silent connection
 * after the client has {@code finished} is no loss: the test is over and the server may close first.
 *
 * @param <R> the server's results message for this kind of test
 */
final class ControlReader<R extends Message> {
    /** Takes every message that is neither the results nor an error; throws on one the test does not expect. */
    interface Others {
        void accept(Message m) throws ProtocolException;
    }

    private final FrameCodec codec;
    private final Class<R> resultsType;
    private final Others others;
    private final BooleanSupplier finished;
    private final Consumer<String> lost;
    private final String silence;
    private final CompletableFuture<R> results = new CompletableFuture<>();

    /**
     * @param lost    told, from the reader's thread, why the server is gone
     * @param silence what {@code lost} is told when the connection's read timeout expires
     */
    ControlReader(FrameCodec codec, Class<R> resultsType, Others others, BooleanSupplier finished,
                  Consumer<String> lost, String silence) {
        this.codec = codec;
        this.resultsType = resultsType;
        this.others = others;
        this.finished = finished;
        this.lost = lost;
        this.silence = silence;
    }

    /** Heartbeats and messages this test has no use for are skipped. */
    static void ignore(Message m) {
    }

    Thread start(String threadName) {
        return Thread.ofPlatform().name(threadName).daemon(true).start(this::read);
    }

    /** The server's results, waiting until {@code deadlineNanos}; null when they did not come (or cannot). */
    R await(long deadlineNanos) {
        try {
            return results.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The server's results if they have already come. */
    R now() {
        return results.getNow(null);
    }

    private void read() {
        try {
            while (true) {
                Message m = codec.read();
                if (resultsType.isInstance(m)) {
                    results.complete(resultsType.cast(m));
                    return;
                }
                if (m instanceof Message.Error e) {
                    lost.accept("server: " + e.message());
                    return;
                }
                others.accept(m);
            }
        } catch (SocketTimeoutException e) {
            if (!finished.getAsBoolean()) {
                lost.accept(silence);
            }
        } catch (EOFException e) {
            if (!finished.getAsBoolean()) {
                lost.accept("connection closed");
            }
        } catch (IOException e) {
            if (!finished.getAsBoolean()) {
                lost.accept(Io.reason(e));
            }
        } finally {
            results.complete(null);
        }
    }
}
