package dev.wirespeed.measure;

import dev.wirespeed.results.LatResult.LatStats;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Round-trip times of one message size, in an HdrHistogram of nanoseconds at 3 significant
 * digits (every reported value within 0.1 %). Recording never allocates; times above the
 * histogram's range (60 s) are recorded as 60 s. One thread records; read after it stopped.
 */
public final class LatencyRecorder {
    static final long HIGHEST_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final Histogram histogram = new Histogram(1, HIGHEST_NANOS, 3);

    public void record(long rttNanos) {
        histogram.recordValue(Math.clamp(rttNanos, 1, HIGHEST_NANOS));
    }

    public long count() {
        return histogram.getTotalCount();
    }

    /** Adds every value {@code other} recorded (one recorder per thread, merged after they stopped). */
    public void add(LatencyRecorder other) {
        histogram.add(other.histogram);
    }

    public void reset() {
        histogram.reset();
    }

    /** Every round trip recorded, nanoseconds, as the store keeps it (see {@link Histograms}). */
    public String encoded() {
        return Histograms.encode(histogram);
    }

    /** The round trip, microseconds. */
    public LatStats roundTripMicros() {
        return stats(1000.0);
    }

    /** One way = round trip / 2, microseconds. */
    public LatStats oneWayMicros() {
        return stats(2000.0);
    }

    private LatStats stats(double nanosPerUnit) {
        if (histogram.getTotalCount() == 0) {
            return new LatStats(0, 0, 0, 0, 0, 0, 0, 0);
        }
        return new LatStats(
                round(histogram.getMinValue() / nanosPerUnit),
                round(histogram.getMaxValue() / nanosPerUnit),
                round(histogram.getValueAtPercentile(50) / nanosPerUnit),
                round(histogram.getMean() / nanosPerUnit),
                round(histogram.getStdDeviation() / nanosPerUnit),
                round(histogram.getValueAtPercentile(99) / nanosPerUnit),
                round(histogram.getValueAtPercentile(99.9) / nanosPerUnit),
                round(histogram.getValueAtPercentile(99.99) / nanosPerUnit));
    }

    /** Three decimals of a microsecond (nanoseconds) is all the clock can say. */
    private static double round(double micros) {
        return Math.round(micros * 1000) / 1000.0;
    }
}
