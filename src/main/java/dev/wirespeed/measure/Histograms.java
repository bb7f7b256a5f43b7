package dev.wirespeed.measure;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * HdrHistograms as the store keeps them: HdrHistogram's compressed encoding in base64, the form
 * its own log format (HistogramLogWriter) uses, so any HdrHistogram library reads it back.
 */
public final class Histograms {
    /** Percentile steps per halving of the distance to 100 %, as HdrHistogram's own output uses. */
    public static final int TICKS_PER_HALF_DISTANCE = 5;

    private Histograms() {}

    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** The histogram of a stored string; IllegalArgumentException when it is not one. */
    public static Histogram decode(String base64) {
        try {
            byte[] bytes = Base64.getDecoder().decode(base64);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
        }
    }

    /**
     * HdrHistogram's percentile distribution ("Value Percentile TotalCount 1/(1-Percentile)" and
     * its closing statistics), which HdrHistogram's plotter and other tools read.
     *
     * @param unitRatio recorded units per printed unit (1000: nanoseconds printed as microseconds)
     */
    public static void printPercentiles(Histogram h, PrintStream out, double unitRatio) {
        h.outputPercentileDistribution(out, TICKS_PER_HALF_DISTANCE, unitRatio);
    }

    /** The percentiles a distribution chart and its table show: the same for every series. */
    static final double[] PERCENTILES = {0, 10, 20, 30, 40, 50, 60, 70, 75, 80, 85, 90, 92.5, 95, 97.5, 99, 99.5, 99.75,
        99.9, 99.95, 99.99, 99.995, 99.999, 99.9995, 99.9999};

    /**
     * Points (nines, microseconds) of a stored histogram of nanoseconds at fixed percentiles,
     * x = -log10(1 - p) (0 at 0 %, 2 at 99 %, 3 at 99.9 %), as far as the count supports them
     * (99.99 % needs 10 000 round trips); the last point is the maximum. Empty when the text is
     * not a histogram or holds nothing.
     */
    public static List<double[]> percentilePoints(String base64) {
        Histogram h;
        try {
            h = decode(base64);
        } catch (IllegalArgumentException e) {
            return List.of();
        }
        List<double[]> pts = new ArrayList<>();
        long n = h.getTotalCount();
        if (n == 0) {
            return pts;
        }
        double maxNines = Math.log10(n);
        for (double p : PERCENTILES) {
            double nines = -Math.log10(1 - p / 100);
            if (nines > maxNines) {
                break;
            }
            pts.add(new double[] {nines, h.highestEquivalentValue(h.getValueAtPercentile(p)) / 1000.0});
        }
        double last = pts.getLast()[0];
        pts.add(new double[] {Math.max(last + 0.25, maxNines), h.getMaxValue() / 1000.0});
        return pts;
    }
}
