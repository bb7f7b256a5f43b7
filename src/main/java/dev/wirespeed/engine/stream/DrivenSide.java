package dev.wirespeed.engine.stream;

/**
 * One side's data streams of a test whose control connection speaks another protocol (iperf3's),
 * TCP ({@code engine.tcp.TcpDrivenSide}) or UDP ({@code engine.udp.UdpDrivenSide}): the same
 * {@link StreamSide} as wirespeed's own tests, which a foreign control protocol starts, watches and
 * stops the same way for either. Not a plane: a plane is a mode's data side inside wirespeed's own
 * session (docs/ARCHITECTURE.md, "Planes").
 */
public abstract class DrivenSide {
    private final StreamSide<?> side;

    protected DrivenSide(StreamSide<?> side) {
        this.side = side;
    }

    /** Starts every stream and the sampler; data flows from now, which is returned (System.nanoTime()). */
    public final long start() {
        return side.start();
    }

    /** When the warm-up (-O) ended, as a System.nanoTime() value (the start when there is none). */
    public final long omitEndNanoTime() {
        return side.omitEndNanoTime();
    }

    /** Whether stream {@code index} sends from this side. */
    public final boolean sends(int index) {
        return side.sends(index);
    }

    /** Bytes moved so far by the streams this side sends on ({@code sent}) or receives on. */
    public final long bytes(boolean sent) {
        return side.bytes(sent);
    }

    /** The first stream's failure, or null. */
    public final Throwable firstFailure() {
        return side.firstFailure();
    }

    /** Asks every sender to stop after the write (or datagram) in hand. */
    public final void stopSending() {
        side.stopSending();
    }

    /** Waits (bounded) until every sender stopped; false at the deadline. */
    public final boolean awaitSendersEnded(long deadlineNanos) {
        return side.awaitSendersEnded(deadlineNanos);
    }
}
