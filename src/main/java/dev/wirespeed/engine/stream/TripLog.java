package dev.wirespeed.engine.stream;

import dev.wirespeed.measure.KernelClock;
import dev.wirespeed.wire.Message;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The one-way latencies a side's receivers measure in a trip-times test: one {@link Recorder} per
 * receiving stream (its thread records, lock-free), harvested per interval by the sampler's thread
 * into the interval's figures and, after the warm-up, into the test's.
 */
final class TripLog {
    /** Highest latency kept exactly (3 significant digits): one hour, in nanoseconds. */
    static final long HIGHEST_NANOS = 3_600_000_000_000L;

    private final boolean tcp;
    private final List<Recorder> recorders = new ArrayList<>();
    private final Histogram totalOneWay = histogram();
    private final Histogram totalWriteToRead = histogram();
    private long totalBelowZero;
    private final Histogram intervalOneWay = histogram();
    private final Histogram intervalWriteToRead = histogram();

    TripLog(boolean tcp) {
        this.tcp = tcp;
    }

    /** A recorder for one receiving stream. */
    synchronized Recorder recorder() {
        Recorder r = new Recorder(tcp);
        recorders.add(r);
        return r;
    }

    /** The figures since the last call, added to the test's unless {@code omitted}; on the sampler's thread. */
    synchronized Message.TripTimes interval(long startNanos, long endNanos, boolean omitted) {
        // reused: a new pair each interval was 0.5 MB of garbage a second beside the receivers
        Histogram oneWay = intervalOneWay;
        Histogram writeToRead = intervalWriteToRead;
        oneWay.reset();
        writeToRead.reset();
        long below = 0;
        for (Recorder r : recorders) {
            below += r.harvest(oneWay, writeToRead);
        }
        if (!omitted) {
            totalOneWay.add(oneWay);
            totalWriteToRead.add(writeToRead);
            totalBelowZero += below;
        }
        return new Message.TripTimes(startNanos, endNanos, omitted, false, figures(oneWay, below),
                tcp ? figures(writeToRead, 0) : null);
    }

    /** The test's figures after the warm-up; call after the last {@link #interval}. */
    synchronized Message.TripTimes total(long startNanos, long endNanos) {
        return new Message.TripTimes(startNanos, endNanos, false, true, figures(totalOneWay, totalBelowZero),
                tcp ? figures(totalWriteToRead, 0) : null);
    }

    static Message.TripFigures figures(Histogram h, long belowZero) {
        if (h.getTotalCount() == 0) {
            return new Message.TripFigures(0, belowZero, 0, 0, 0, 0, 0, 0, 0);
        }
        return new Message.TripFigures(h.getTotalCount(), belowZero, h.getMinValue(), h.getMean(),
                h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue(),
                h.getStdDeviation());
    }

    static Histogram histogram() {
        return new Histogram(1, HIGHEST_NANOS, 3);
    }

    /**
     * One receiving stream's recorders and its wall clock: {@code System.nanoTime() +}
     * {@link #realtimeOffsetNanos} is CLOCK_REALTIME ({@link KernelClock#realtimeOffsetNanos}), so a
     * receiver reads no second clock.
     */
    static final class Recorder {
        final SingleWriterRecorder oneWay = new SingleWriterRecorder(1, HIGHEST_NANOS, 3);
        final SingleWriterRecorder writeToRead;
        final long realtimeOffsetNanos = KernelClock.realtimeOffsetNanos();
        /** Values below zero since the last harvest; written by the stream's thread only. */
        private volatile long belowZero;
        private long harvestedBelowZero;
        private Histogram spareOneWay;
        private Histogram spareWriteToRead;

        private Recorder(boolean tcp) {
            writeToRead = tcp ? new SingleWriterRecorder(1, HIGHEST_NANOS, 3) : null;
            // load and link the recording path before Start, not on the receiver's first datagram
            oneWay.recordValue(0);
            spareOneWay = oneWay.getIntervalHistogram();
            spareOneWay.reset();
        }

        void oneWay(long nanos) {
            oneWay.recordValue(clamp(nanos));
        }

        /** Below zero only when oneWay was (the same write, read later): counted there once. */
        void writeToRead(long nanos) {
            writeToRead.recordValue(Math.min(Math.max(0, nanos), HIGHEST_NANOS));
        }

        private long clamp(long nanos) {
            if (nanos < 0) {
                belowZero++; // the stream's own thread is the only writer
                return 0;
            }
            return Math.min(nanos, HIGHEST_NANOS);
        }

        /** Adds what was recorded since the last harvest to the two histograms; returns the values below zero. */
        private long harvest(Histogram oneWayInto, Histogram writeToReadInto) {
            spareOneWay = oneWay.getIntervalHistogram(spareOneWay); // a recorder takes back only its own
            oneWayInto.add(spareOneWay);
            if (writeToRead != null) {
                spareWriteToRead = writeToRead.getIntervalHistogram(spareWriteToRead);
                writeToReadInto.add(spareWriteToRead);
            }
            return takeBelowZero();
        }

        private long takeBelowZero() {
            long now = belowZero;
            long since = now - harvestedBelowZero;
            harvestedBelowZero = now;
            return since;
        }
    }
}
