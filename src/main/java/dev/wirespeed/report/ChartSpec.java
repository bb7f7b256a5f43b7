package dev.wirespeed.report;

import java.util.List;

/**
 * One chart of a report, as data: what the HTML table beside it shows, and what {@link Charts}
 * draws. Values are already scaled to {@code yUnit}.
 *
 * @param xLabel   axis label ("message size (bytes)", "iodepth", "time (s)")
 * @param xLog2    a base-2 logarithmic x axis (message sizes 2 B … 8 MiB)
 * @param categories for a bar chart: the category names (x has no numbers); empty for an XY chart
 */
public record ChartSpec(String title, String xLabel, boolean xLog2, String yLabel, List<String> categories,
                        List<Series> series) {

    /** One line (or one bar per category): points (x, y); for bars x is the category's index. */
    public record Series(String name, List<double[]> points) {}

    public boolean bars() {
        return !categories.isEmpty();
    }
}
