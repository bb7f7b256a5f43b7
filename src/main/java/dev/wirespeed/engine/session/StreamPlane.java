package dev.wirespeed.engine.session;

import dev.wirespeed.engine.stream.StreamSide;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;

/**
 * What the client's bandwidth planes (TCP and UDP) share: one {@link StreamSide}, made once the
 * server is ready, whose counters are sampled into the client's intervals.
 */
public abstract class StreamPlane<M extends Message, R, I extends Message> implements ClientPlane<M, R> {
    public final TestSpec spec;
    private final Class<I> intervalType;
    private StreamSide<?> side;

    /** @param intervalType the server's interval message of this mode */
    public StreamPlane(TestSpec spec, Class<I> intervalType) {
        this.spec = spec;
        this.intervalType = intervalType;
    }

    /** The server's interval report. */
    protected abstract void remoteInterval(I interval);

    /** Takes the side this plane drives, once made (in {@code ready}). */
    protected final <S extends StreamSide<?>> S use(S side) {
        this.side = side;
        return side;
    }

    @Override
    public final int streams() {
        return spec.connections();
    }

    @Override
    public final void spawn() {
        side.spawn();
    }

    /** For {@link #close}: threads {@link #spawn}ed for a test that never started leave (they hold shared buffers). */
    protected final void cancelStart() {
        if (side != null) {
            side.cancelStart();
        }
    }

    @Override
    public final void start(long startNanos) {
        side.start(startNanos);
    }

    @Override
    public final long progress() {
        return side.bytes();
    }

    @Override
    public final boolean remote(Message m) {
        if (intervalType.isInstance(m)) {
            remoteInterval(intervalType.cast(m));
            return true;
        }
        return false;
    }

    @Override
    public final void stopSending() {
        side.stopSending();
    }
}
