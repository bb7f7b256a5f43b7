package dev.wirespeed.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Makes the JDK start its poller for virtual threads' blocking I/O now. The JDK starts it on the
 * first virtual thread that blocks on a socket, and needs new descriptors (epoll instances) to do
 * so; if that first time falls while the process is out of descriptors, the class that holds the
 * pollers fails to initialise and every later blocking read of a virtual thread throws
 * NoClassDefFoundError, for the life of the process (JDK 25, sun.nio.ch.Poller's static
 * initialiser). A server whose handshakes run on virtual threads then answers nobody again
 * (issue 32, break 1: found by AcceptFailureIT).
 */
public final class VirtualThreadIo {
    private static final Object LOCK = new Object();
    private static boolean ready;

    private VirtualThreadIo() {
    }

    /**
     * Parks a virtual thread on an empty pipe, which starts the poller, then wakes it. Once per
     * process; a second call returns at once.
     *
     * @throws IOException when the poller cannot start (then no virtual thread can block on I/O)
     */
    public static void startPoller() throws IOException {
        synchronized (LOCK) {
            if (ready) {
                return;
            }
            Pipe pipe = Pipe.open();
            try (Pipe.SourceChannel source = pipe.source(); Pipe.SinkChannel sink = pipe.sink()) {
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread reader = Thread.ofVirtual().name("ws-io-start").unstarted(() -> {
                    try {
                        source.read(ByteBuffer.allocate(1));
                    } catch (Throwable t) {
                        failure.set(t);
                    }
                });
                reader.start();
                // the write must come after the read has parked, or the read returns without polling
                long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                while (reader.isAlive() && reader.getState() != Thread.State.WAITING
                        && System.nanoTime() - deadlineNanos < 0) {
                    Thread.sleep(1);
                }
                sink.write(ByteBuffer.wrap(new byte[] {1}));
                reader.join(TimeUnit.SECONDS.toMillis(5));
                Throwable t = failure.get();
                if (t != null) {
                    throw new IOException("virtual threads cannot wait for I/O in this process: " + t, t);
                }
                ready = true;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while starting the I/O poller", e);
            }
        }
    }
}
