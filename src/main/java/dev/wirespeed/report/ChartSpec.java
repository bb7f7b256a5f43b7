package dev.wirespeed.report;

import java.util.List;

/**
 * One chart of a report, as data: what the HTML table beside it shows, and what {@link Charts}
 * draws. Values are already scaled to the unit of {@code yLabel}.
 *
 * @param xLabel     axis title in words with its unit ("Message size", "I/O depth", "Time (s)")
 * @param x          how the x axis reads its numbers
 * @param yLabel     axis title in words with its unit ("Bandwidth (Gbit/s)")
 * @param yLog       a base-10 logarithmic y axis (latencies spanning more than a decade)
 * @param yFromZero  the y axis starts at zero (rates: a bar that starts at 9.2 lies)
 * @param categories for a bar chart: the category names (x has no numbers); empty for an XY chart
 */
public record ChartSpec(String title, String xLabel, XAxis x, String yLabel, boolean yLog, boolean yFromZero,
                        List<String> categories, List<Series> series) {

    /** Colour indexes from here on are the percentiles' own sequence, not labels'. */
    public static final int PERCENTILE_COLOURS = 100;
    /** Colour indexes from here on are streams of one run. */
    public static final int STREAM_COLOURS = 200;

    /** The kinds of x axis. */
    public enum XAxis {
        /** Plain numbers (iodepth, streams). */
        LINEAR,
        /** Message sizes on a base-2 logarithmic axis labelled 2 K, 64 K, 1 M. */
        SIZE_LOG2,
        /** Seconds from the start of a run, from zero. */
        TIME,
        /**
         * Percentiles on the "nines" scale of HdrHistogram's plots: x = -log10(1 - p), so 90 %,
         * 99 %, 99.9 % are evenly spaced.
         */
        NINES
    }

    /**
     * One line (or one bar per category): points (x, y); for bars x is the category's index.
     *
     * @param colour the report-wide colour index of what the series stands for (a label, a
     *               percentile, a stream), so one label has one colour on every chart; a bar
     *               chart's series colours its bars by {@code barColours}
     * @param barColours for bars: the colour of each category (its label's), else empty
     */
    public record Series(String name, int colour, List<double[]> points, List<Integer> barColours) {
        public Series(String name, int colour, List<double[]> points) {
            this(name, colour, points, List.of());
        }
    }

    public boolean bars() {
        return !categories.isEmpty();
    }
}
