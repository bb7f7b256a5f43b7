package dev.wirespeed.engine.stream;

import java.util.concurrent.CountDownLatch;

/**
 * Where a side's stream threads wait between their set-up and the test's start. Starting a thread
 * is not free on a busy host: the JVM's Thread.start waits until the new thread has run once, so
 * 256 of them (`bw -P 128 --bidir`) took seconds on two loaded cores, and all of it fell inside the
 * test: the client's clock ran while the server's senders were still being made (a 2 s test ended
 * with "no data moved download"). A side's threads are now made before the start (before Ready on
 * the server, between Ready and Start on the client), set themselves up (shared buffers, CPU
 * placement, their lowered priority) and wait here; the start only opens the gate.
 */
final class StartGate {
    private final CountDownLatch decided = new CountDownLatch(1);
    private volatile boolean open;

    /** A gate that was never shut: threads made at the start itself pass at once. */
    static StartGate alreadyOpen() {
        StartGate g = new StartGate();
        g.open();
        return g;
    }

    /** The test starts: every waiting thread runs its loop. */
    void open() {
        open = true;
        decided.countDown();
    }

    /** The side closed before its start: waiting threads leave without running (no effect once open). */
    void cancel() {
        decided.countDown();
    }

    /**
     * Waits for {@link #open} or {@link #cancel}: true to run the loop. An interrupt counts as a
     * cancel (the side is being torn down), and the thread keeps its interrupt status.
     */
    boolean await() {
        try {
            decided.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return open;
        }
        return open;
    }
}
