package dev.wirespeed.engine;

import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What the bandwidth planes (TCP and UDP) share: a group of streams, one per connection, whose
 * counters an {@link IntervalSampler} reads into the client's intervals.
 */
abstract class StreamPlane<M extends Message, R, I extends Message> implements ClientPlane<M, R> {
    /** What the plane drives of its group (a StreamGroup or a UdpGroup), set once the group exists. */
    record Group(List<StreamCounter> counters, Runnable start, Runnable stopSending) {}

    final TestSpec spec;
    private final Class<I> intervalType;
    IntervalSampler sampler;
    private Group groupOps;

    /** @param intervalType the server's interval message of this mode */
    StreamPlane(TestSpec spec, Class<I> intervalType) {
        this.spec = spec;
        this.intervalType = intervalType;
    }

    /** The server's interval report. */
    abstract void remoteInterval(I interval);

    /** Which of {@code count} streams this client sends on: the upload ones. */
    final boolean[] sends(int count) {
        boolean[] sends = new boolean[count];
        for (int i = 0; i < count; i++) {
            sends[i] = spec.direction().isUploadStream(i, spec.streams());
        }
        return sends;
    }

    /**
     * Takes the group, and returns the sampler of the client's intervals (-i) over its counters,
     * warm-up (-O) excluded, ending at the planned end.
     */
    final IntervalSampler sample(Group streams, Consumer<IntervalSampler.Sample> sampled) {
        this.groupOps = streams;
        return new IntervalSampler(streams.counters(), TimeUnit.MILLISECONDS.toNanos(spec.intervalMillis()),
                TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()), BwClient.plannedEndNanos(spec), sampled);
    }

    @Override
    public final int streams() {
        return spec.connections();
    }

    @Override
    public final void start(long startNanos) {
        groupOps.start().run();
        sampler.start(startNanos);
    }

    @Override
    public final long progress() {
        return ClientPlane.bytes(groupOps.counters());
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
        groupOps.stopSending().run();
    }
}
