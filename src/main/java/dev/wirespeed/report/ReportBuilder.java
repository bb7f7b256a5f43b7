package dev.wirespeed.report;

import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.StoredResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns stored results into report sections: fio grids (IOPS, bandwidth, latency vs iodepth, one
 * series per block size and label), message-size sweeps (bandwidth and message rate vs size;
 * latency percentiles vs size), parameter grids of bandwidth and latency tests (vs streams, size
 * …), and interval time series of single runs.
 */
public final class ReportBuilder {
    /** Interval charts beyond this many runs would be unreadable; the report says what it left out. */
    static final int MAX_INTERVAL_SERIES = 8;
    static final int MAX_SWEEP_LATENCY_CHARTS = 6;
    private static final List<String> LATENCY = List.of(Metrics.LATENCY_AVG_MICROS, Metrics.LATENCY_P50_MICROS,
            Metrics.LATENCY_P99_MICROS, Metrics.LATENCY_P999_MICROS);

    private ReportBuilder() {}

    public static ReportModel build(String title, String generatedAt, String database, List<String> selections,
                                    List<StoredResult> results) {
        List<ReportModel.Section> sections = new ArrayList<>();
        Map<String, List<StoredResult>> plain = new LinkedHashMap<>();
        Map<String, List<StoredResult>> sweeps = new LinkedHashMap<>();
        for (StoredResult r : results) {
            Measurement m = r.measurement();
            if (m.rows().size() > 1) {
                sweeps.computeIfAbsent(m.test(), k -> new ArrayList<>()).add(r);
            } else {
                // One section per test and set of swept parameters: a streams sweep and a qperf test
                // list of the same test do not share an x axis.
                plain.computeIfAbsent(m.test() + "\n" + String.join(" × ", r.gridKeys()), k -> new ArrayList<>()).add(r);
            }
        }
        plain.forEach((key, rs) -> grid(rs.getFirst().measurement().test(), rs).ifPresent(sections::add));
        sweeps.forEach((test, rs) -> sections.add(sweep(test, rs)));
        intervals(results).ifPresent(sections::add);
        Set<HostSummary> hosts = new LinkedHashSet<>();
        results.stream().map(StoredResult::host).filter(java.util.Objects::nonNull).forEach(hosts::add);
        return new ReportModel(title, generatedAt, database, selections, List.copyOf(hosts), sections, results);
    }

    /** A grid of single-figure results: one chart per metric against the first numeric swept parameter. */
    private static Optional<ReportModel.Section> grid(String test, List<StoredResult> rs) {
        List<String> keys = Points.varyingKeys(rs);
        String x = test.equals(Measurement.Tests.FIO) && keys.contains("iodepth") ? "iodepth" : firstNumeric(keys, rs);
        List<String> others = keys.stream().filter(k -> !k.equals(x)).toList();
        List<String> metrics = test.equals(Measurement.Tests.FIO)
                ? List.of(Metrics.IOPS, Metrics.BITS_PER_SECOND, Metrics.LATENCY_AVG_MICROS, Metrics.LATENCY_P99_MICROS)
                : test.endsWith("-lat") ? LATENCY
                : List.of(Metrics.BITS_PER_SECOND, Metrics.MESSAGES_PER_SECOND, Metrics.LATENCY_AVG_MICROS);
        List<ChartSpec> charts = new ArrayList<>();
        for (String metric : metrics) {
            if (rs.stream().noneMatch(r -> r.measurement().metric(metric).isPresent())) {
                continue;
            }
            charts.add(x != null ? xyChart(test, metric, x, others, rs) : barChart(test, metric, others, rs));
        }
        if (charts.isEmpty()) {
            return Optional.empty();
        }
        String title = (test.equals(Measurement.Tests.FIO) ? "fio grid" : test)
                + (keys.isEmpty() ? "" : " by " + String.join(" × ", keys));
        String note = rs.size() + (rs.size() == 1 ? " result" : " results") + (keys.isEmpty() ? ""
                : ", swept: " + String.join(", ", keys)) + "; repetitions averaged";
        return Optional.of(new ReportModel.Section(title, note, charts));
    }

    private static ChartSpec xyChart(String test, String metric, String x, List<String> others, List<StoredResult> rs) {
        MetricScale scale = MetricScale.of(metric);
        Map<String, List<StoredResult>> bySeries = bySeries(rs, others);
        List<ChartSpec.Series> series = new ArrayList<>();
        boolean log2 = x.toLowerCase(java.util.Locale.ROOT).contains("size") || x.equals("bs");
        bySeries.forEach((name, members) -> {
            List<double[]> pts = new ArrayList<>();
            Points.group(members, List.of(x)).forEach((point, group) -> {
                Double xv = Points.numeric(point.get(x));
                double y = Points.mean(group, metric);
                if (xv != null && !Double.isNaN(y)) {
                    pts.add(new double[] {xv, scale.scale(y)});
                }
            });
            if (!pts.isEmpty()) {
                series.add(new ChartSpec.Series(name, pts));
            }
        });
        return new ChartSpec(chartTitle(test, metric) + " vs " + x, x, log2, MetricScale.title(metric), List.of(), series);
    }

    private static ChartSpec barChart(String test, String metric, List<String> others, List<StoredResult> rs) {
        MetricScale scale = MetricScale.of(metric);
        Map<String, List<StoredResult>> bySeries = bySeries(rs, others);
        List<String> categories = new ArrayList<>(bySeries.keySet());
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < categories.size(); i++) {
            double y = Points.mean(bySeries.get(categories.get(i)), metric);
            if (!Double.isNaN(y)) {
                pts.add(new double[] {i, scale.scale(y)});
            }
        }
        return new ChartSpec(chartTitle(test, metric), "", false, MetricScale.title(metric), categories,
                List.of(new ChartSpec.Series(metric, pts)));
    }

    /** Message-size sweeps (perftest -a, lat -a): one point per row. */
    private static ReportModel.Section sweep(String test, List<StoredResult> rs) {
        List<ChartSpec> charts = new ArrayList<>();
        String key = rs.getFirst().measurement().rows().getFirst().key();
        boolean sizes = key.toLowerCase(java.util.Locale.ROOT).contains("size");
        String xLabel = sizes ? "message size (bytes)" : key;
        if (!test.endsWith("-lat")) {
            for (String metric : List.of(Metrics.BITS_PER_SECOND, Metrics.MESSAGES_PER_SECOND)) {
                List<ChartSpec.Series> series = new ArrayList<>();
                for (StoredResult r : rs) {
                    series.add(new ChartSpec.Series(resultName(r, rs), rowPoints(r, metric)));
                }
                if (series.stream().anyMatch(s -> !s.points().isEmpty())) {
                    charts.add(new ChartSpec(chartTitle(test, metric) + " vs message size", xLabel, sizes,
                            MetricScale.title(metric), List.of(), series));
                }
            }
        } else {
            for (StoredResult r : rs.subList(0, Math.min(rs.size(), MAX_SWEEP_LATENCY_CHARTS))) {
                List<ChartSpec.Series> series = new ArrayList<>();
                for (String metric : LATENCY) {
                    List<double[]> pts = rowPoints(r, metric);
                    if (!pts.isEmpty()) {
                        series.add(new ChartSpec.Series(percentileName(metric), pts));
                    }
                }
                charts.add(new ChartSpec("latency percentiles vs message size — " + resultName(r, rs), xLabel, sizes,
                        "one-way latency (us)", List.of(), series));
            }
        }
        String note = rs.size() + (rs.size() == 1 ? " sweep" : " sweeps")
                + (test.endsWith("-lat") && rs.size() > MAX_SWEEP_LATENCY_CHARTS
                ? " (latency charts of the first " + MAX_SWEEP_LATENCY_CHARTS + ")" : "");
        return new ReportModel.Section(test + " sweep", note, charts);
    }

    private static List<double[]> rowPoints(StoredResult r, String metric) {
        MetricScale scale = MetricScale.of(metric);
        List<double[]> pts = new ArrayList<>();
        for (Measurement.Row row : r.measurement().rows()) {
            row.metrics().stream().filter(m -> m.name().equals(metric)).findFirst()
                    .ifPresent(m -> pts.add(new double[] {row.keyValue(), scale.scale(m.value())}));
        }
        return pts;
    }

    /** Interval time series: bandwidth over time of each run that has intervals. */
    private static Optional<ReportModel.Section> intervals(List<StoredResult> results) {
        List<StoredResult> withIntervals = results.stream().filter(r -> r.measurement().intervals().size() > 1)
                .filter(r -> r.measurement().intervals().getFirst().metrics().stream()
                        .anyMatch(m -> m.name().equals(Metrics.BITS_PER_SECOND)))
                .toList();
        if (withIntervals.isEmpty()) {
            return Optional.empty();
        }
        List<StoredResult> shown = withIntervals.subList(0, Math.min(MAX_INTERVAL_SERIES, withIntervals.size()));
        MetricScale scale = MetricScale.of(Metrics.BITS_PER_SECOND);
        List<ChartSpec.Series> series = new ArrayList<>();
        for (StoredResult r : shown) {
            List<double[]> pts = new ArrayList<>();
            for (Measurement.Interval i : r.measurement().intervals()) {
                if (i.omitted()) {
                    continue;
                }
                i.metrics().stream().filter(m -> m.name().equals(Metrics.BITS_PER_SECOND)).findFirst()
                        .map(Metric::value).ifPresent(v -> pts.add(new double[] {i.endSeconds(), scale.scale(v)}));
            }
            series.add(new ChartSpec.Series(resultName(r, results), pts));
        }
        String note = withIntervals.size() > shown.size()
                ? "the first " + shown.size() + " of " + withIntervals.size() + " runs with intervals"
                : shown.size() + (shown.size() == 1 ? " run" : " runs") + "; each point is the interval's end";
        return Optional.of(new ReportModel.Section("intervals", note, List.of(new ChartSpec(
                "bandwidth over time", "time (s)", false, MetricScale.title(Metrics.BITS_PER_SECOND), List.of(), series))));
    }

    /** Results grouped into series: labels (or tool) plus the values of the other swept parameters. */
    private static Map<String, List<StoredResult>> bySeries(List<StoredResult> rs, List<String> others) {
        boolean manyTools = rs.stream().map(r -> r.measurement().tool()).distinct().count() > 1;
        Map<String, List<StoredResult>> out = new java.util.TreeMap<>();
        for (StoredResult r : rs) {
            StringBuilder name = new StringBuilder(baseName(r, manyTools));
            for (String k : others) {
                name.append(' ').append(k).append('=').append(r.measurement().params().getOrDefault(k, "-"));
            }
            out.computeIfAbsent(name.toString(), n -> new ArrayList<>()).add(r);
        }
        return out;
    }

    private static String baseName(StoredResult r, boolean manyTools) {
        String tool = r.measurement().tool();
        if (r.labels().isEmpty()) {
            return tool;
        }
        String labels = String.join(",", r.labels());
        return manyTools && !r.labels().contains(tool) ? labels + " (" + tool + ")" : labels;
    }

    private static String resultName(StoredResult r, List<StoredResult> all) {
        boolean manyTools = all.stream().map(x -> x.measurement().tool()).distinct().count() > 1;
        return "#" + r.id() + " " + baseName(r, manyTools);
    }

    private static String firstNumeric(List<String> keys, List<StoredResult> rs) {
        for (String k : keys) {
            if (rs.stream().allMatch(r -> Points.numeric(r.measurement().params().get(k)) != null)) {
                return k;
            }
        }
        return null;
    }

    static String chartTitle(String test, String metric) {
        String what = switch (metric) {
            case Metrics.IOPS -> "IOPS";
            case Metrics.BITS_PER_SECOND -> "bandwidth";
            case Metrics.MESSAGES_PER_SECOND -> "message rate";
            default -> percentileName(metric) + " latency";
        };
        return test + ": " + what;
    }

    static String percentileName(String metric) {
        return switch (metric) {
            case Metrics.LATENCY_AVG_MICROS -> "average";
            case Metrics.LATENCY_P50_MICROS -> "median (p50)";
            case Metrics.LATENCY_P99_MICROS -> "p99";
            case Metrics.LATENCY_P999_MICROS -> "p99.9";
            default -> metric;
        };
    }
}
