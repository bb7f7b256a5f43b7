package dev.wirespeed.measure;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

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
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
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

    /**
     * Points (nines, microseconds) of a stored histogram of nanoseconds: x = -log10(1 - p) (0 at
     * the median's left end, 2 at 99 %, 3 at 99.9 %), the last point the maximum. Empty when the
     * text is not a histogram or holds nothing.
     */
    public static List<double[]> percentilePoints(String base64) {
        Histogram h;
        try {
            h = decode(base64);
        } catch (IllegalArgumentException e) {
            return List.of();
        }
        List<double[]> pts = new ArrayList<>();
        if (h.getTotalCount() == 0) {
            return pts;
        }
        for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
            double p = v.getPercentileLevelIteratedTo() / 100.0;
            if (p >= 1) {
                break;
            }
            pts.add(new double[] {-Math.log10(1 - p), h.highestEquivalentValue(v.getValueIteratedTo()) / 1000.0});
        }
        double last = pts.isEmpty() ? 0 : pts.getLast()[0];
        double tail = Math.max(last + 0.3, -Math.log10(1.0 / h.getTotalCount()));
        pts.add(new double[] {tail, h.getMaxValue() / 1000.0});
        return pts;
    }
}
