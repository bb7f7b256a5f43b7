package dev.wirespeed.parse;

import dev.wirespeed.results.Measurement.Metric;
import java.util.List;

/** Adds parsed quantities to a {@link dev.wirespeed.results.Measurement}'s metrics, skipping absent ones. */
public final class ResultMetrics {
    private ResultMetrics() {}

    /** Adds {@code name} with the quantity's value when the quantity was read (never a zero for "absent"). */
    public static void add(List<Metric> metrics, String name, Quantity q) {
        if (q != null && !Double.isNaN(q.value())) {
            metrics.add(Metric.of(name, q.value()));
        }
    }
}
