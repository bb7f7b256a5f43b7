package dev.wirespeed.report;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.StoredResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Turns stored results into report sections: fio grids (IOPS, bandwidth, latency vs iodepth, one
 * series per block size and label), message-size sweeps (bandwidth and message rate vs size;
 * latency percentiles vs size), parameter grids of bandwidth and latency tests (vs streams, size
 * …), interval time series (per test; per stream for single wirespeed bw runs), and latency
 * distributions from the stored histograms. Findings of the runs open the report.
 *
 * <p>Series are ordered by their values (numbers and sizes numerically), and one label keeps one
 * colour on every chart of the report.
 */
public final class ReportBuilder {
    /** Interval charts beyond this many runs would be unreadable; the report says what it left out. */
    static final int MAX_INTERVAL_SERIES = 8;
    static final int MAX_SWEEP_LATENCY_CHARTS = 6;
    static final int MAX_STREAM_CHARTS = 4;
    static final int MAX_DISTRIBUTION_SERIES = 8;
    private static final List<String> LATENCY = List.of(Metrics.LATENCY_AVG_MICROS, Metrics.LATENCY_P50_MICROS,
            Metrics.LATENCY_P99_MICROS, Metrics.LATENCY_P999_MICROS);
    private static final String BW_RAW = "wirespeed-bw-json";
    private static final String CHECK_RAW = "wirespeed-check-json";

    private ReportBuilder() {}

    /** Whether the report reads this result's raw output (per-stream intervals, check's verdict). */
    public static boolean wantsRaw(StoredResult r) {
        return BW_RAW.equals(r.rawFormat()) || CHECK_RAW.equals(r.rawFormat());
    }

    public static ReportModel build(String title, String generatedAt, String database, List<String> selections,
                                    List<StoredResult> results) {
        return build(title, generatedAt, database, selections, results, null, Map.of());
    }

    /**
     * @param leftOut a note on results the filter left out, or null
     * @param raws    raw outputs by result id, of the results {@link #wantsRaw} names
     */
    public static ReportModel build(String title, String generatedAt, String database, List<String> selections,
                                    List<StoredResult> results, String leftOut, Map<Long, String> raws) {
        Colours colours = new Colours();
        List<ReportModel.Section> sections = new ArrayList<>();
        Map<String, List<StoredResult>> plain = new LinkedHashMap<>();
        Map<String, List<StoredResult>> sweeps = new LinkedHashMap<>();
        for (StoredResult r : results) {
            Measurement m = r.measurement();
            if (ResultsText.isSweep(m)) {
                sweeps.computeIfAbsent(m.test(), k -> new ArrayList<>()).add(r);
            } else {
                // One section per test and set of swept parameters: a streams sweep and a qperf test
                // list of the same test do not share an x axis; TCP and UDP never share one.
                plain.computeIfAbsent(m.test() + "\n" + String.join(" × ", r.gridKeys()), k -> new ArrayList<>()).add(r);
            }
        }
        plain.forEach((key, rs) -> grid(rs.getFirst().measurement().test(), rs, colours).ifPresent(sections::add));
        sweeps.forEach((test, rs) -> sections.add(sweep(test, rs, colours)));
        sections.addAll(intervals(results, colours));
        streams(results, raws, colours).ifPresent(sections::add);
        distributions(results, colours).ifPresent(sections::add);
        Set<HostSummary> hosts = new LinkedHashSet<>();
        results.stream().map(StoredResult::host).filter(java.util.Objects::nonNull).forEach(hosts::add);
        return new ReportModel(title, generatedAt, database, selections, List.copyOf(hosts),
                Findings.of(results, raws), sections, results, leftOut);
    }

    /** One colour per thing a series stands for (a label, a percentile, a stream), in first-seen order. */
    static final class Colours {
        private final Map<String, Integer> index = new LinkedHashMap<>();

        int of(String key) {
            return index.computeIfAbsent(key, k -> index.size());
        }
    }

    /** A grid of single-figure results: one chart per metric against the first numeric swept parameter. */
    private static Optional<ReportModel.Section> grid(String test, List<StoredResult> rs, Colours colours) {
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
            charts.add(x != null ? xyChart(test, metric, x, others, rs, colours)
                    : barChart(test, metric, others, rs, colours));
        }
        if (charts.isEmpty()) {
            return Optional.empty();
        }
        String title = (test.equals(Measurement.Tests.FIO) ? "fio grid" : test)
                + (keys.isEmpty() ? "" : " by " + String.join(" × ", keys));
        String note = dev.wirespeed.units.Numbers.count(rs.size(), "result") + (keys.isEmpty() ? ""
                : ", swept: " + String.join(", ", keys)) + "; repetitions averaged";
        return Optional.of(new ReportModel.Section(title, note, charts));
    }

    private static ChartSpec xyChart(String test, String metric, String x, List<String> others, List<StoredResult> rs,
                                     Colours colours) {
        MetricScale scale = MetricScale.of(metric);
        List<ChartSpec.Series> series = new ArrayList<>();
        boolean sizes = isSize(x);
        bySeries(rs, others).forEach((name, group) -> {
            List<double[]> pts = new ArrayList<>();
            Points.group(group.members(), List.of(x)).forEach((point, g) -> {
                Double xv = Points.numeric(point.get(x));
                double y = Points.mean(g, metric);
                if (xv != null && !Double.isNaN(y)) {
                    pts.add(new double[] {xv, scale.scale(y)});
                }
            });
            if (!pts.isEmpty()) {
                series.add(new ChartSpec.Series(name, colours.of(group.colourKey()), pts));
            }
        });
        return new ChartSpec(chartTitle(test, metric) + " vs " + words(x), axisTitle(x),
                sizes ? ChartSpec.XAxis.SIZE_LOG2 : ChartSpec.XAxis.LINEAR, MetricScale.axisTitle(metric),
                logY(metric, series), isRate(metric), List.of(), series);
    }

    private static ChartSpec barChart(String test, String metric, List<String> others, List<StoredResult> rs,
                                      Colours colours) {
        MetricScale scale = MetricScale.of(metric);
        Map<String, SeriesGroup> bySeries = bySeries(rs, others);
        List<String> categories = new ArrayList<>(bySeries.keySet());
        List<double[]> pts = new ArrayList<>();
        for (int i = 0; i < categories.size(); i++) {
            double y = Points.mean(bySeries.get(categories.get(i)).members(), metric);
            if (!Double.isNaN(y)) {
                pts.add(new double[] {i, scale.scale(y)});
            }
        }
        List<Integer> barColours = categories.stream().map(c -> colours.of(bySeries.get(c).colourKey())).toList();
        return new ChartSpec(chartTitle(test, metric), "", ChartSpec.XAxis.LINEAR, MetricScale.axisTitle(metric), false,
                true, categories, List.of(new ChartSpec.Series(MetricScale.axisTitle(metric), barColours.getFirst(), pts,
                barColours)));
    }

    /** Message-size sweeps (perftest -a, lat -a, bw -a): one point per row. */
    private static ReportModel.Section sweep(String test, List<StoredResult> rs, Colours colours) {
        List<ChartSpec> charts = new ArrayList<>();
        String key = rs.getFirst().measurement().rows().getFirst().key();
        boolean sizes = isSize(key);
        ChartSpec.XAxis xAxis = sizes ? ChartSpec.XAxis.SIZE_LOG2 : ChartSpec.XAxis.LINEAR;
        List<StoredResult> ordered = rs.stream().sorted(SERIES_ORDER).toList();
        if (!test.endsWith("-lat")) {
            for (String metric : List.of(Metrics.BITS_PER_SECOND, Metrics.MESSAGES_PER_SECOND)) {
                List<ChartSpec.Series> series = new ArrayList<>();
                for (StoredResult r : ordered) {
                    List<double[]> pts = rowPoints(r, metric);
                    if (!pts.isEmpty()) {
                        series.add(new ChartSpec.Series(resultName(r, rs), colours.of(colourKey(r)), pts));
                    }
                }
                if (!series.isEmpty()) {
                    charts.add(new ChartSpec(chartTitle(test, metric) + " vs message size", axisTitle(key), xAxis,
                            MetricScale.axisTitle(metric), false, true, List.of(), series));
                }
            }
        } else {
            for (StoredResult r : ordered.subList(0, Math.min(rs.size(), MAX_SWEEP_LATENCY_CHARTS))) {
                List<ChartSpec.Series> series = new ArrayList<>();
                for (String metric : LATENCY) {
                    List<double[]> pts = rowPoints(r, metric);
                    if (!pts.isEmpty()) {
                        series.add(new ChartSpec.Series(percentileName(metric),
                                ChartSpec.PERCENTILE_COLOURS + LATENCY.indexOf(metric), pts));
                    }
                }
                charts.add(new ChartSpec(test + ": latency percentiles vs message size — " + resultName(r, rs),
                        axisTitle(key), xAxis, "One-way latency (µs)", logY(Metrics.LATENCY_AVG_MICROS, series), false,
                        List.of(), series));
            }
        }
        String note = dev.wirespeed.units.Numbers.count(rs.size(), "sweep", "sweeps")
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

    /** Interval time series: bandwidth over time of each run that has intervals, one chart per test. */
    private static List<ReportModel.Section> intervals(List<StoredResult> results, Colours colours) {
        Map<String, List<StoredResult>> byTest = new LinkedHashMap<>();
        results.stream().filter(r -> r.measurement().intervals().size() > 1)
                .filter(r -> r.measurement().intervals().getFirst().metrics().stream()
                        .anyMatch(m -> m.name().equals(Metrics.BITS_PER_SECOND)))
                .forEach(r -> byTest.computeIfAbsent(r.measurement().test(), t -> new ArrayList<>()).add(r));
        List<ReportModel.Section> out = new ArrayList<>();
        MetricScale scale = MetricScale.of(Metrics.BITS_PER_SECOND);
        byTest.forEach((test, withIntervals) -> {
            List<StoredResult> shown = withIntervals.subList(0, Math.min(MAX_INTERVAL_SERIES, withIntervals.size()));
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
                series.add(new ChartSpec.Series(resultName(r, results), colours.of(colourKey(r)), pts));
            }
            String note = withIntervals.size() > shown.size()
                    ? "the first " + shown.size() + " of " + withIntervals.size() + " runs with intervals"
                    : dev.wirespeed.units.Numbers.count(shown.size(), "run") + "; each point is the interval's end";
            out.add(new ReportModel.Section(test + " intervals", note, List.of(new ChartSpec(
                    test + ": bandwidth over time", "Time (s)", ChartSpec.XAxis.TIME,
                    MetricScale.axisTitle(Metrics.BITS_PER_SECOND), false, true, List.of(), series))));
        });
        return out;
    }

    /**
     * The Flent view of single wirespeed bw runs: each stream's rate per interval, from the run's
     * own JSON (the common model keeps only the sum).
     */
    private static Optional<ReportModel.Section> streams(List<StoredResult> results, Map<Long, String> raws,
                                                         Colours colours) {
        List<ChartSpec> charts = new ArrayList<>();
        Set<Long> seen = new java.util.HashSet<>();
        MetricScale scale = MetricScale.of(Metrics.BITS_PER_SECOND);
        int runs = 0;
        for (StoredResult r : results) {
            String raw = raws.get(r.id());
            if (raw == null || !BW_RAW.equals(r.rawFormat()) || !seen.add(r.runId() * 31 + r.id())) {
                continue;
            }
            BwResult bw;
            try {
                bw = Json.MAPPER.readValue(raw, BwResult.class);
            } catch (RuntimeException e) {
                continue; // an older or foreign layout: the summed intervals above still show it
            }
            String direction = r.measurement().params().get("direction");
            for (BwResult.DirectionResult d : bw.directions()) {
                if (direction != null && !direction.equals(d.direction()) || d.intervals().size() < 2) {
                    continue;
                }
                Map<Integer, List<double[]>> perStream = new java.util.TreeMap<>();
                for (BwResult.IntervalReport i : d.intervals()) {
                    if (i.omitted()) {
                        continue;
                    }
                    for (BwResult.StreamBytes s : i.streams()) {
                        perStream.computeIfAbsent(s.stream(), k -> new ArrayList<>())
                                .add(new double[] {i.endSeconds(), scale.scale(s.bitsPerSecond())});
                    }
                }
                if (perStream.size() < 1) {
                    continue;
                }
                List<ChartSpec.Series> series = new ArrayList<>();
                perStream.forEach((stream, pts) -> series.add(new ChartSpec.Series("stream " + stream,
                        ChartSpec.STREAM_COLOURS + stream - 1, pts)));
                charts.add(new ChartSpec("#" + r.id() + " " + d.direction() + ": bandwidth per stream over time",
                        "Time (s)", ChartSpec.XAxis.TIME, MetricScale.axisTitle(Metrics.BITS_PER_SECOND), false, true,
                        List.of(), series));
            }
            if (++runs >= MAX_STREAM_CHARTS) {
                break;
            }
        }
        if (charts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ReportModel.Section("streams", "each stream of a bandwidth run, interval by interval "
                + "(receiver side); streams that part ways share the link unevenly", charts));
    }

    /** Latency distributions from the stored HdrHistograms: round-trip time against percentile. */
    private static Optional<ReportModel.Section> distributions(List<StoredResult> results, Colours colours) {
        List<ChartSpec.Series> series = new ArrayList<>();
        for (StoredResult r : results) {
            List<Measurement.Row> rows = r.measurement().rows().stream().filter(x -> x.histogram() != null).toList();
            // a sweep shows its smallest and largest sizes: more lines would hide each other
            List<Measurement.Row> shown = rows.size() <= 2 ? rows : List.of(rows.getFirst(), rows.getLast());
            for (Measurement.Row row : shown) {
                List<double[]> pts = dev.wirespeed.measure.Histograms.percentilePoints(row.histogram());
                if (pts.isEmpty()) {
                    continue;
                }
                String name = resultName(r, results) + (rows.size() > 1 || isSize(row.key())
                        ? " " + dev.wirespeed.units.Numbers.size(row.keyValue()) : "");
                series.add(new ChartSpec.Series(name, colours.of(colourKey(r)), pts));
                if (series.size() >= MAX_DISTRIBUTION_SERIES) {
                    break;
                }
            }
            if (series.size() >= MAX_DISTRIBUTION_SERIES) {
                break;
            }
        }
        if (series.isEmpty()) {
            return Optional.empty();
        }
        boolean log = spansDecade(series);
        return Optional.of(new ReportModel.Section("latency distribution", "round-trip times of every ping-pong, from "
                + "the stored HdrHistograms (3 significant digits); percentiles on the nines scale", List.of(
                new ChartSpec("round-trip time by percentile", "Percentile", ChartSpec.XAxis.NINES,
                        "Round-trip time (µs)", log, false, List.of(), series))));
    }

    /** A latency chart gets a log y axis when its values span more than a decade. */
    private static boolean logY(String metric, List<ChartSpec.Series> series) {
        return metric.endsWith("Micros") && spansDecade(series);
    }

    private static boolean spansDecade(List<ChartSpec.Series> series) {
        double lo = series.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[1]).filter(v -> v > 0).min()
                .orElse(1);
        double hi = series.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[1]).max().orElse(1);
        return hi / lo > 10;
    }

    private static boolean isRate(String metric) {
        return metric.endsWith("PerSecond") || metric.equals(Metrics.IOPS);
    }

    private static boolean isSize(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("size") || k.equals("bs");
    }

    /** Axis titles in words: "Message size", "Block size", "I/O depth", "Streams". */
    static String axisTitle(String key) {
        return switch (key) {
            case "sizeBytes" -> "Message size";
            case "bs" -> "Block size";
            case "iodepth" -> "I/O depth";
            case "streams" -> "Streams";
            case "numjobs" -> "Jobs";
            default -> key;
        };
    }

    private static String words(String key) {
        String t = axisTitle(key);
        return t.equals(key) ? key : t.toLowerCase(Locale.ROOT).replace("i/o", "I/O");
    }

    /** The results of one series, and what its colour stands for (its label). */
    private record SeriesGroup(String colourKey, List<StoredResult> members) {}

    /**
     * Results grouped into series: labels (or tool) plus the values of the other swept
     * parameters, ordered by label, then by those values numerically (4k before 16k).
     */
    private static Map<String, SeriesGroup> bySeries(List<StoredResult> rs, List<String> others) {
        boolean manyTools = rs.stream().map(r -> r.measurement().tool()).distinct().count() > 1;
        Map<List<String>, List<StoredResult>> groups = new java.util.TreeMap<>(SORT_KEY);
        for (StoredResult r : rs) {
            List<String> k = new ArrayList<>();
            k.add(baseName(r, manyTools));
            others.forEach(o -> k.add(r.measurement().params().getOrDefault(o, "-")));
            groups.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
        Map<String, SeriesGroup> out = new LinkedHashMap<>();
        groups.forEach((k, members) -> {
            StringBuilder name = new StringBuilder(k.getFirst());
            for (int i = 0; i < others.size(); i++) {
                name.append(' ').append(others.get(i)).append('=').append(k.get(i + 1));
            }
            // the colour follows the label: "nfs-rdma" is one colour on every chart (its block
            // sizes told apart by dashes and shapes)
            out.put(name.toString(), new SeriesGroup(colourKey(members.getFirst()), members));
        });
        return out;
    }

    private static final Comparator<List<String>> SORT_KEY = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = Points.compareValues(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    /** Sweeps and runs ordered by label, then id. */
    private static final Comparator<StoredResult> SERIES_ORDER = Comparator
            .comparing((StoredResult r) -> String.join(",", r.labels())).thenComparingLong(StoredResult::id);

    private static String baseName(StoredResult r, boolean manyTools) {
        String tool = r.measurement().tool();
        if (r.labels().isEmpty()) {
            return tool;
        }
        String labels = String.join(",", r.labels());
        return manyTools && !r.labels().contains(tool) ? labels + " (" + tool + ")" : labels;
    }

    /** What a colour stands for: the result's labels (its tool when it has none), the same on every chart. */
    private static String colourKey(StoredResult r) {
        return r.labels().isEmpty() ? r.measurement().tool() : String.join(",", r.labels());
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

    /** A JSON field as text, or null. */
    static String text(JsonNode node, String... path) {
        JsonNode n = node;
        for (String p : path) {
            n = n == null ? null : n.get(p);
        }
        return n == null || n.isNull() ? null : n.asString();
    }
}
