package dev.wirespeed.engine;

/**
 * What {@link DataPlane} (TCP) and {@link UdpDataPlane} (UDP) share, so that a foreign control
 * protocol (iperf3's) starts, watches and stops either the same way.
 */
public interface Plane {
    /** Data flows from now; returns the start as a System.nanoTime() value. */
    long start();

    /** When the warm-up (-O) ended, as a System.nanoTime() value. */
    long omitEndNanoTime();

    /** Whether stream {@code index} sends from this side. */
    boolean sends(int index);

    /** The first stream's failure, or null. */
    Throwable firstFailure();

    /** Asks every sender to stop after the write in hand. */
    void stopSending();

    /** Waits (bounded) until every sender stopped; false at the deadline. */
    boolean awaitSendersEnded(long deadlineNanos);
}
