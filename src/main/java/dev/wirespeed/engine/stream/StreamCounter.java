package dev.wirespeed.engine.stream;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Bytes moved on one data stream. Written by the stream's own thread only; read by the
 * interval sampler with opaque reads, so the hot path pays no fence.
 */
public final class StreamCounter {
    private static final VarHandle BYTES;

    static {
        try {
            BYTES = MethodHandles.lookup().findVarHandle(StreamCounter.class, "bytes", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int index;
    private final boolean sending;
    @SuppressWarnings("unused") // accessed through BYTES
    private long bytes;
    private volatile long endNanos;
    private volatile Throwable failure;

    public StreamCounter(int index, boolean sending) {
        this.index = index;
        this.sending = sending;
    }

    public int index() {
        return index;
    }

    /** True when this side writes on the stream, false when it reads. */
    public boolean sending() {
        return sending;
    }

    /** Called by the stream's thread only. */
    void add(long n) {
        BYTES.setOpaque(this, (long) BYTES.getOpaque(this) + n);
    }

    public long bytes() {
        return (long) BYTES.getOpaque(this);
    }

    void end(long nanoTime, Throwable error) {
        this.failure = error;
        this.endNanos = nanoTime;
    }

    /** System.nanoTime() when the stream ended, or 0 while it runs. */
    public long endNanos() {
        return endNanos;
    }

    public boolean ended() {
        return endNanos != 0;
    }

    /** The I/O error that ended the stream, or null for a normal end. */
    public Throwable failure() {
        return failure;
    }
}
