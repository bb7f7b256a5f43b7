package dev.wirespeed.engine.stream;

import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Samples stream counters at interval boundaries and at the end of the warm-up, and emits the
 * difference between consecutive samples. Boundaries at or after the planned end are not
 * scheduled: the last interval ends when {@link #finish} is called, after the last byte, so
 * {@code -t 10 -i 1} gives exactly ten intervals and no byte falls outside them.
 */
public final class IntervalSampler {
    /** One interval of one side: times are nanoseconds since the side's start. */
    public record Sample(long startNanos, long endNanos, boolean omitted, boolean last, long[] bytes) {}

    private final List<StreamCounter> counters;
    private final long intervalNanos;
    private final long omitNanos;
    private final long plannedEndNanos;
    private final Consumer<Sample> sink;
    private final long[] previous;
    private final long[] atOmit;
    private long startNanos;
    private long previousSampleNanos;
    private boolean finished;
    private Thread thread;

    /**
     * @param intervalNanos   0 = no interval reports (still samples at the warm-up end)
     * @param plannedEndNanos relative end of a timed test, 0 when the test is bounded by bytes
     */
    IntervalSampler(List<StreamCounter> counters, long intervalNanos, long omitNanos, long plannedEndNanos,
                    Consumer<Sample> sink) {
        this.counters = counters;
        this.intervalNanos = intervalNanos;
        this.omitNanos = omitNanos;
        this.plannedEndNanos = plannedEndNanos;
        this.sink = sink;
        this.previous = new long[counters.size()];
        this.atOmit = new long[counters.size()];
    }

    /** Starts {@code streams}, then sampling, the test's clock starting just before them; returns that start. */
    long startWith(Runnable streams) {
        long startNanoTime = System.nanoTime();
        streams.run();
        start(startNanoTime);
        return startNanoTime;
    }

    synchronized void start(long startNanoTime) {
        this.startNanos = startNanoTime;
        this.previousSampleNanos = 0;
        thread = Thread.ofPlatform().name("ws-sampler").daemon(true).start(this::loop);
    }

    private void loop() {
        long after = 0;
        while (true) {
            long boundary = nextBoundary(after);
            if (boundary < 0) {
                return;
            }
            long deadline = startNanos + boundary;
            long now;
            while ((now = System.nanoTime()) < deadline) {
                LockSupport.parkNanos(deadline - now);
                if (isFinished()) {
                    return;
                }
            }
            synchronized (this) {
                if (finished) {
                    return;
                }
                sample(boundary, false);
            }
            after = boundary;
        }
    }

    /** Next sampling point strictly after {@code after}, or -1 when only the final sample remains. */
    long nextBoundary(long after) {
        long next = Long.MAX_VALUE;
        if (intervalNanos > 0) {
            next = (after / intervalNanos + 1) * intervalNanos;
        }
        if (omitNanos > after && omitNanos < next) {
            next = omitNanos;
        }
        if (next == Long.MAX_VALUE || (plannedEndNanos > 0 && next >= plannedEndNanos)) {
            return -1;
        }
        return next;
    }

    private synchronized boolean isFinished() {
        return finished;
    }

    /** Takes the final sample now (after every stream ended, or at an abort). */
    synchronized void finish(long nanoTime) {
        if (finished) {
            return;
        }
        long at = Math.max(previousSampleNanos, nanoTime - startNanos);
        if (omitNanos > previousSampleNanos && omitNanos >= at) {
            // the test ended inside the warm-up: nothing was measured
            snapshot(atOmit);
        }
        sample(at, true);
        finished = true;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    private void sample(long at, boolean last) {
        long[] now = new long[counters.size()];
        snapshot(now);
        long[] delta = new long[now.length];
        for (int i = 0; i < now.length; i++) {
            delta[i] = now[i] - previous[i];
        }
        if (at == omitNanos && omitNanos > 0) {
            System.arraycopy(now, 0, atOmit, 0, now.length);
        }
        boolean omitted = at <= omitNanos && omitNanos > 0;
        sink.accept(new Sample(previousSampleNanos, at, omitted, last, delta));
        System.arraycopy(now, 0, previous, 0, now.length);
        previousSampleNanos = at;
    }

    private void snapshot(long[] into) {
        for (int i = 0; i < into.length; i++) {
            into[i] = counters.get(i).bytes();
        }
    }

    /** Each stream's byte count at the end of the warm-up (zeros when there was none). */
    synchronized long[] bytesAtOmit() {
        return atOmit.clone();
    }

    /** Absolute System.nanoTime() of the end of the warm-up. */
    long omitEndNanoTime() {
        return startNanos + omitNanos;
    }
}
