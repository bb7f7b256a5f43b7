package dev.wirespeed.report;

import dev.wirespeed.units.Numbers;
import java.util.function.LongSupplier;

/**
 * The estimate a sweep prints before it starts, and its progress after each size: sizes done of
 * all, and the time left at the pace of the sizes so far (the measured time per size is known up
 * front; connecting and the warm-up are not, so the pace corrects the estimate).
 */
public final class SweepProgress {
    private final int sizes;
    private final Double secondsPerSize;
    private final long startNanos;
    private final LongSupplier clock;
    private int done;

    /** @param secondsPerSize measured time of each size, null when a size runs for a count instead */
    public SweepProgress(int sizes, Double secondsPerSize) {
        this(sizes, secondsPerSize, System::nanoTime);
    }

    /** @param clock nanoseconds, monotonic (a fixed clock in golden tests) */
    public SweepProgress(int sizes, Double secondsPerSize, LongSupplier clock) {
        this.sizes = sizes;
        this.secondsPerSize = secondsPerSize;
        this.clock = clock;
        this.startNanos = clock.getAsLong();
    }

    SweepProgress(int sizes, Double secondsPerSize, long startNanos) {
        this(sizes, secondsPerSize, () -> startNanos);
    }

    /** "sweep of 23 sizes: about 0:23 of measuring, plus connecting and warm-up per size". */
    public String estimate() {
        String what = "sweep of " + Numbers.count(sizes, "size");
        if (secondsPerSize == null) {
            return what + ": each size runs for a count of round trips; the time left shows after the first";
        }
        return what + ": about " + Numbers.clock(sizes * secondsPerSize) + " of measuring ("
                + Numbers.significant(secondsPerSize, 3) + " s per size), plus connecting and warm-up per size";
    }

    /** Counts one more size done; "[3/23, 0:20 left]". */
    public String step() {
        return step(clock.getAsLong());
    }

    String step(long nowNanos) {
        done++;
        double elapsed = (nowNanos - startNanos) / 1e9;
        double left = done >= sizes ? 0 : elapsed / done * (sizes - done);
        return "[" + done + "/" + sizes + ", " + Numbers.clock(left) + " left]";
    }
}
