package dev.wirespeed.engine.session;

import dev.wirespeed.wire.Message;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Sends a Heartbeat every second on a control connection until stopped. Stopping never
 * interrupts the thread: an interrupt that lands inside a write closes the whole channel
 * (SocketChannel is an InterruptibleChannel) and would lose the results that follow. The last
 * message ({@link #stopThen}) is sent under the same lock, so no heartbeat follows a Stop — the
 * peer would close with unread bytes and reset the connection.
 */
public final class Heartbeat {
    private final Consumer<Message> send;
    private final Thread thread;
    private boolean stopped;

    private Heartbeat(String name, Consumer<Message> send) {
        this.send = send;
        this.thread = Thread.ofPlatform().name(name).daemon(true).unstarted(this::loop);
    }

    public static Heartbeat start(String name, Consumer<Message> send) {
        Heartbeat h = new Heartbeat(name, send);
        h.thread.start();
        return h;
    }

    private void loop() {
        while (true) {
            LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(1));
            synchronized (this) {
                if (stopped) {
                    return;
                }
                send.accept(new Message.Heartbeat());
            }
        }
    }

    /** No more heartbeats after this returns. */
    public void stop() {
        stopThen(null);
    }

    /** Stops, then sends {@code last} (if not null) with no heartbeat after it. */
    public void stopThen(Message last) {
        synchronized (this) {
            if (!stopped && last != null) {
                send.accept(last);
            }
            stopped = true;
        }
        LockSupport.unpark(thread);
    }
}
