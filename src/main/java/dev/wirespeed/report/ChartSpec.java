package dev.wirespeed.report;

import java.util.List;

/**
 * One chart of a report, as data: what the HTML table beside it shows, and what {@link Charts}
 * draws. The rules every chart follows (docs/STORE.md "results report"): sizes on a base-2 log
 * axis with binary ticks, rates on decimal-prefixed ticks, axis titles in words with units,
 * settings (iterations, duration) in the caption and never on an axis, a log y axis when the data
 * span more than two decades, each series its own colour with a legend.
 *
 * @param caption    what the chart holds that no axis shows: the settings its results ran with,
 *                   what was averaged; null when there is nothing to say
 * @param xLabel     axis title in words with its unit ("Message size (bytes)", "Time (s)")
 * @param x          how the x axis reads its numbers
 * @param yLabel     axis title in words with its unit ("Bandwidth (bit/s)", "One-way latency (µs)")
 * @param yRate      for a rate axis, the unit its ticks carry with a decimal prefix ("bit/s" →
 *                   "10 Gbit/s"); its values are in that base unit. Null: plain numbers in
 *                   {@code yLabel}'s unit
 * @param yLog       a base-10 logarithmic y axis (values spanning more than two decades)
 * @param yFromZero  the y axis starts at zero (rates: a bar that starts at 9.2 lies)
 * @param categories for a bar chart (results with no numeric parameter to put on an x axis): the
 *                   groups of bars ("average", "p99"), each series one bar in each (a point's x is
 *                   the category's index); empty for a line chart
 */
public record ChartSpec(String title, String caption, String xLabel, XAxis x, String yLabel, String yRate, boolean yLog,
                        boolean yFromZero, List<String> categories, List<Series> series, Secondary secondary) {

    /** A chart with one value axis. */
    public ChartSpec(String title, String caption, String xLabel, XAxis x, String yLabel, String yRate, boolean yLog,
                     boolean yFromZero, List<String> categories, List<Series> series) {
        this(title, caption, xLabel, x, yLabel, yRate, yLog, yFromZero, categories, series, null);
    }

    /**
     * A second value axis on the right, Flent-style (latency under load: bandwidth on the left,
     * round trips on the right, one time axis): the series from index {@code fromSeries} on are
     * read against it, plain numbers in {@code label}'s unit, from zero.
     */
    public record Secondary(String label, int fromSeries) {}

    /** Whether series {@code index} is read against the {@link Secondary} axis. */
    public boolean onSecondary(int index) {
        return secondary != null && index >= secondary.fromSeries();
    }

    /** Two decades: beyond this ratio of the largest to the smallest value, the y axis is logarithmic. */
    public static final double LOG_SPAN = 100;

    /** The kinds of x axis. */
    public enum XAxis {
        /** Plain numbers (I/O depth, streams). */
        LINEAR,
        /** Sizes in bytes on a base-2 logarithmic axis, ticks "2 B", "64 KiB", "1 MiB". */
        SIZE_LOG2,
        /** Rates in bit/s, ticks "100 Mbit/s", "10 Gbit/s"; logarithmic when they span more than a decade. */
        RATE,
        /** Seconds from the start of a run, from zero. */
        TIME,
        /**
         * Percentiles on the "nines" scale of HdrHistogram's plots: x = -log10(1 - p), so 90 %,
         * 99 %, 99.9 % are evenly spaced.
         */
        NINES
    }

    /**
     * One line, or one bar: points (x, y).
     *
     * @param colour the palette index {@link ChartColours} gave its name: the same name has the
     *               same colour on every chart of a report, and no two series of one chart share one
     *               ({@code -1} until coloured)
     * @param dashed drawn dashed: the palette ran out (more series than colours around this name)
     */
    public record Series(String name, int colour, boolean dashed, List<double[]> points) {
        public Series(String name, List<double[]> points) {
            this(name, -1, false, points);
        }

        Series coloured(int colour, boolean dashed) {
            return new Series(name, colour, dashed, points);
        }
    }

    public ChartSpec withSeries(List<Series> s) {
        return new ChartSpec(title, caption, xLabel, x, yLabel, yRate, yLog, yFromZero, categories, s, secondary);
    }

    public boolean bars() {
        return !categories.isEmpty();
    }

    /** Whether the values span more than two decades (largest / smallest positive value). */
    public static boolean spansTwoDecades(List<Series> series) {
        double lo = series.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[1]).filter(v -> v > 0).min()
                .orElse(1);
        double hi = series.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[1]).max().orElse(1);
        return hi / lo > LOG_SPAN;
    }
}
