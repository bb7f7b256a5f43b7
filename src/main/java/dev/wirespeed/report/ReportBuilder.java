package dev.wirespeed.report;

import dev.wirespeed.measure.Histograms;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Numbers;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Turns stored results into report sections: fio grids (IOPS, bandwidth, latency vs iodepth, one
 * series per block size and label), message-size sweeps (bandwidth and message rate vs size;
 * latency percentiles vs size), parameter grids of bandwidth and latency tests (vs streams, size
 * …), interval time series (per test; per stream for single wirespeed bw runs), and latency
 * distributions from the stored histograms. Findings of the runs open the report.
 *
 * <p>Series are ordered by their values (numbers and sizes numerically); {@link ChartColours}
 * gives each series name one colour on every chart, and each series of a chart its own colour.
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
        plain.forEach((key, rs) -> grid(rs.getFirst().measurement().test(), rs).ifPresent(sections::add));
        sweeps.forEach((test, rs) -> sections.add(sweep(test, rs)));
        sections.addAll(intervals(results));
        loadedLatency(results).ifPresent(sections::add);
        tripTimes(results).ifPresent(sections::add);
        isochronous(results).ifPresent(sections::add);
        streams(results, raws).ifPresent(sections::add);
        distributions(results).ifPresent(sections::add);
        Set<HostSummary> hosts = new LinkedHashSet<>();
        results.stream().map(StoredResult::host).filter(Objects::nonNull).forEach(hosts::add);
        return new ReportModel(title, generatedAt, database, selections, List.copyOf(hosts),
                Findings.of(results, raws), ChartColours.colour(sections, Charts.PALETTE_SIZE), results, leftOut);
    }

    /**
     * A grid of single-figure results: one chart per metric against the first swept parameter
     * that is a size, a rate or a number (fio: I/O depth); the other swept parameters make the
     * series. Settings (iterations, duration) are never an axis: the caption names them.
     */
    private static Optional<ReportModel.Section> grid(String test, List<StoredResult> rs) {
        List<String> keys = Points.varyingKeys(rs).stream().filter(k -> !ParamKinds.isSetting(k)).toList();
        String x = test.equals(Measurement.Tests.FIO) && keys.contains("iodepth") ? "iodepth" : xKey(keys, rs);
        List<String> others = keys.stream().filter(k -> !k.equals(x)).toList();
        List<String> metrics = test.equals(Measurement.Tests.FIO)
                ? List.of(Metrics.IOPS, Metrics.BITS_PER_SECOND, Metrics.LATENCY_AVG_MICROS, Metrics.LATENCY_P99_MICROS)
                : test.equals(Measurement.Tests.TCP_CRR) ? List.of(Metrics.TRANSACTIONS_PER_SECOND,
                        Metrics.CONNECT_P99_MICROS, Metrics.FIRST_BYTE_P99_MICROS, Metrics.CLOSE_P99_MICROS)
                : loaded(test) ? List.of(Metrics.ADDED_RTT_P99_MICROS, Metrics.LOADED_RTT_P99_MICROS,
                        Metrics.IDLE_RTT_P99_MICROS, Metrics.BITS_PER_SECOND)
                : trip(test) ? List.of(Metrics.ONE_WAY_P50_MICROS, Metrics.ONE_WAY_P99_MICROS,
                        Metrics.WRITE_TO_READ_P99_MICROS, Metrics.BITS_PER_SECOND)
                : test.equals(Measurement.Tests.UDP_ISOCH) ? List.of(Metrics.FRAME_LOSS_PERCENT,
                        Metrics.FRAME_JITTER_MICROS, Metrics.FRAME_LATENCY_P99_MICROS, Metrics.BITS_PER_SECOND)
                : test.endsWith("-lat") ? LATENCY
                : List.of(Metrics.BITS_PER_SECOND, Metrics.MESSAGES_PER_SECOND, Metrics.LATENCY_AVG_MICROS);
        String caption = caption(rs, keys);
        List<ChartSpec> charts = new ArrayList<>();
        List<String> present = metrics.stream()
                .filter(metric -> rs.stream().anyMatch(r -> r.measurement().metric(metric).isPresent())).toList();
        if (x == null && test.endsWith("-lat") && !loaded(test) && !present.isEmpty()) {
            // no parameter to put on an axis: the latency statistics side by side, a bar per series
            charts.add(barChart(test + ": one-way latency by statistic", present, others, rs, caption));
        } else {
            for (String metric : present) {
                charts.add(x != null ? xyChart(test, metric, x, others, rs, caption)
                        : barChart(chartTitle(test, metric), List.of(metric), others, rs, caption));
            }
        }
        if (charts.isEmpty()) {
            return Optional.empty();
        }
        String title = (test.equals(Measurement.Tests.FIO) ? "fio grid" : test)
                + (keys.isEmpty() ? "" : " by " + String.join(" × ", keys.stream().map(ParamKinds::inTitle).toList()));
        String note = Numbers.count(rs.size(), "result") + (keys.isEmpty() ? ""
                : ", swept: " + String.join(", ", keys));
        return Optional.of(new ReportModel.Section(title, note, charts));
    }

    /**
     * The x axis of a grid: the parameter swept furthest within one label (most values), a size or
     * rate before a plain number at equal counts; null when none is numeric. A parameter that only
     * changes with the label (a UDP sweep at two datagram sizes, one label each) names a series.
     */
    private static String xKey(List<String> keys, List<StoredResult> rs) {
        String best = null;
        int bestValues = 0;
        for (ParamKinds.Kind wanted : List.of(ParamKinds.Kind.SIZE, ParamKinds.Kind.RATE, ParamKinds.Kind.OTHER)) {
            for (String k : keys) {
                if (ParamKinds.of(k) != wanted
                        || !rs.stream().allMatch(r -> ParamKinds.value(k, r.measurement().params().get(k)) != null)) {
                    continue;
                }
                Map<String, Set<String>> perLabel = new HashMap<>();
                rs.forEach(r -> perLabel.computeIfAbsent(String.join(",", r.labels()) + "\n" + r.measurement().tool(),
                        x -> new HashSet<>()).add(r.measurement().params().get(k)));
                int values = perLabel.values().stream().mapToInt(Set::size).max().orElse(0);
                if (values > bestValues) {
                    best = k;
                    bestValues = values;
                }
            }
        }
        return best;
    }

    /**
     * What a chart does not show on an axis: the settings its results ran with ("iterations 300,
     * 1000, 3000"), and how many alike results (same swept values, labels and tool) a point averages.
     */
    static String caption(List<StoredResult> rs, List<String> swept) {
        return caption(rs, swept, true);
    }

    /** @param averaged whether the chart's points average results (grids); else only the settings */
    static String caption(List<StoredResult> rs, List<String> swept, boolean averaged) {
        Map<String, TreeSet<String>> settings = ParamKinds.settingValues(rs);
        List<String> parts = new ArrayList<>();
        if (!settings.isEmpty()) {
            List<String> each = new ArrayList<>();
            settings.forEach((k, v) -> each.add(ParamKinds.settingWords(k) + " "
                    + (v.size() <= 4 ? String.join(", ", v) : String.join(", ", List.copyOf(v).subList(0, 3)) + " … "
                    + v.last())));
            parts.add("settings: " + String.join("; ", each));
        }
        Map<List<String>, Integer> alike = new HashMap<>();
        for (StoredResult r : rs) {
            List<String> k = new ArrayList<>(r.labels());
            k.add(r.measurement().tool());
            swept.forEach(s -> k.add(r.measurement().params().getOrDefault(s, "-")));
            alike.merge(k, 1, Integer::sum);
        }
        int most = alike.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        if (averaged && most > 1) {
            parts.add("each point is the mean of up to " + most + " results alike in parameters, labels and tool"
                    + (settings.values().stream().anyMatch(v -> v.size() > 1) ? " (their settings may differ)" : ""));
        }
        return parts.isEmpty() ? null : String.join("; ", parts);
    }

    private static ChartSpec xyChart(String test, String metric, String x, List<String> others, List<StoredResult> rs,
                                     String caption) {
        YScale y = YScale.of(metric);
        List<ChartSpec.Series> series = new ArrayList<>();
        bySeries(rs, others).forEach((name, group) -> {
            Map<Double, List<StoredResult>> byX = new TreeMap<>();
            for (StoredResult r : group) {
                Double xv = ParamKinds.value(x, r.measurement().params().get(x));
                if (xv != null) {
                    byX.computeIfAbsent(xv, k -> new ArrayList<>()).add(r);
                }
            }
            List<double[]> pts = new ArrayList<>();
            byX.forEach((xv, g) -> {
                double v = Points.mean(g, metric);
                if (!Double.isNaN(v)) {
                    pts.add(new double[] {xv, y.scale(v)});
                }
            });
            if (!pts.isEmpty()) {
                series.add(new ChartSpec.Series(name, pts));
            }
        });
        boolean log = ChartSpec.spansTwoDecades(series);
        ParamKinds.Kind kind = ParamKinds.of(x);
        ChartSpec.XAxis xAxis = kind == ParamKinds.Kind.SIZE ? ChartSpec.XAxis.SIZE_LOG2
                : kind == ParamKinds.Kind.RATE ? ChartSpec.XAxis.RATE : ChartSpec.XAxis.LINEAR;
        return new ChartSpec(chartTitle(test, metric) + " vs " + ParamKinds.inTitle(x), caption,
                ParamKinds.axisTitle(x), xAxis, y.title(), y.rateUnit(), log, y.rate() && !log, List.of(), series);
    }

    /**
     * Results with no numeric parameter to put on an x axis: a group of bars per metric (one
     * metric, or latency's statistics side by side), a bar per series in each.
     */
    private static ChartSpec barChart(String title, List<String> metrics, List<String> others, List<StoredResult> rs,
                                      String caption) {
        YScale y = YScale.of(metrics.getFirst());
        List<String> categories = metrics.stream().map(m -> metrics.size() == 1 ? YScale.words(m) : percentileName(m))
                .toList();
        List<ChartSpec.Series> series = new ArrayList<>();
        bySeries(rs, others).forEach((name, group) -> {
            List<double[]> pts = new ArrayList<>();
            for (int i = 0; i < metrics.size(); i++) {
                double v = Points.mean(group, metrics.get(i));
                if (!Double.isNaN(v)) {
                    pts.add(new double[] {i, y.scale(v)});
                }
            }
            if (!pts.isEmpty()) {
                series.add(new ChartSpec.Series(name, pts));
            }
        });
        boolean log = ChartSpec.spansTwoDecades(series);
        return new ChartSpec(title, caption, "", ChartSpec.XAxis.LINEAR, y.title(), y.rateUnit(), log, !log, categories,
                series);
    }

    /** Message-size sweeps (perftest -a, lat -a, bw -a): one point per row. */
    private static ReportModel.Section sweep(String test, List<StoredResult> rs) {
        List<ChartSpec> charts = new ArrayList<>();
        String key = rs.getFirst().measurement().rows().getFirst().key();
        boolean sizes = ParamKinds.of(key) == ParamKinds.Kind.SIZE;
        ChartSpec.XAxis xAxis = sizes ? ChartSpec.XAxis.SIZE_LOG2 : ChartSpec.XAxis.LINEAR;
        List<StoredResult> ordered = rs.stream().sorted(SERIES_ORDER).toList();
        String caption = caption(rs, List.of(), false);
        if (!test.endsWith("-lat")) {
            for (String metric : List.of(Metrics.BITS_PER_SECOND, Metrics.MESSAGES_PER_SECOND)) {
                YScale y = YScale.of(metric);
                List<ChartSpec.Series> series = new ArrayList<>();
                for (StoredResult r : ordered) {
                    List<double[]> pts = rowPoints(r, metric, y);
                    if (!pts.isEmpty()) {
                        series.add(new ChartSpec.Series(resultName(r, rs), pts));
                    }
                }
                if (!series.isEmpty()) {
                    boolean log = ChartSpec.spansTwoDecades(series);
                    charts.add(new ChartSpec(chartTitle(test, metric) + " vs " + ParamKinds.inTitle(key), caption,
                            ParamKinds.axisTitle(key), xAxis, y.title(), y.rateUnit(), log, !log, List.of(), series));
                }
            }
        } else {
            YScale y = YScale.of(Metrics.LATENCY_AVG_MICROS);
            for (StoredResult r : ordered.subList(0, Math.min(rs.size(), MAX_SWEEP_LATENCY_CHARTS))) {
                List<ChartSpec.Series> series = new ArrayList<>();
                for (String metric : LATENCY) {
                    List<double[]> pts = rowPoints(r, metric, y);
                    if (!pts.isEmpty()) {
                        series.add(new ChartSpec.Series(percentileName(metric), pts));
                    }
                }
                charts.add(new ChartSpec(test + ": latency percentiles vs " + ParamKinds.inTitle(key) + " — "
                        + resultName(r, rs), caption(List.of(r), List.of(), false), ParamKinds.axisTitle(key), xAxis,
                        "One-way latency (µs)", null, ChartSpec.spansTwoDecades(series), false, List.of(), series));
            }
        }
        String note = Numbers.count(rs.size(), "sweep", "sweeps")
                + (test.endsWith("-lat") && rs.size() > MAX_SWEEP_LATENCY_CHARTS
                ? " (latency charts of the first " + MAX_SWEEP_LATENCY_CHARTS + ")" : "");
        return new ReportModel.Section(test + " sweep", note, charts);
    }

    private static List<double[]> rowPoints(StoredResult r, String metric, YScale y) {
        List<double[]> pts = new ArrayList<>();
        for (Measurement.Row row : r.measurement().rows()) {
            row.metrics().stream().filter(m -> m.name().equals(metric)).findFirst()
                    .ifPresent(m -> pts.add(new double[] {row.keyValue(), y.scale(m.value())}));
        }
        return pts;
    }

    /** Interval time series: bandwidth over time of each run that has intervals, one chart per test. */
    private static List<ReportModel.Section> intervals(List<StoredResult> results) {
        Map<String, List<StoredResult>> byTest = new LinkedHashMap<>();
        results.stream().filter(r -> r.measurement().intervals().size() > 1)
                .filter(r -> r.measurement().intervals().getFirst().metrics().stream()
                        .anyMatch(m -> m.name().equals(Metrics.BITS_PER_SECOND)))
                .forEach(r -> byTest.computeIfAbsent(r.measurement().test(), t -> new ArrayList<>()).add(r));
        List<ReportModel.Section> out = new ArrayList<>();
        YScale y = YScale.of(Metrics.BITS_PER_SECOND);
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
                            .map(Metric::value).ifPresent(v -> pts.add(new double[] {i.endSeconds(), y.scale(v)}));
                }
                series.add(new ChartSpec.Series(resultName(r, results), pts));
            }
            String note = withIntervals.size() > shown.size()
                    ? "the first " + shown.size() + " of " + withIntervals.size() + " runs with intervals"
                    : Numbers.count(shown.size(), "run") + "; each point is the interval's end";
            boolean log = ChartSpec.spansTwoDecades(series);
            out.add(new ReportModel.Section(test + " intervals", note, List.of(new ChartSpec(
                    test + ": bandwidth over time", caption(shown, List.of(), false), "Time (s)", ChartSpec.XAxis.TIME,
                    y.title(), y.rateUnit(), log, !log, List.of(), series))));
        });
        return out;
    }

    static boolean loaded(String test) {
        return test.equals(Measurement.Tests.LOADED_TCP_LAT) || test.equals(Measurement.Tests.LOADED_UDP_LAT);
    }

    /**
     * Latency under load, Flent-style: each run's bandwidth (left axis) and its pings' round trips
     * at p50 and p99 (right axis, ms) on one time axis, from the first ping; the rows before the
     * load have no bandwidth. One chart per run, the first {@link #MAX_STREAM_CHARTS}.
     */
    private static Optional<ReportModel.Section> loadedLatency(List<StoredResult> results) {
        List<ChartSpec> charts = new ArrayList<>();
        YScale y = YScale.of(Metrics.BITS_PER_SECOND);
        int runs = 0;
        for (StoredResult r : results) {
            Measurement m = r.measurement();
            if (!loaded(m.test()) || m.intervals().isEmpty()) {
                continue;
            }
            if (++runs > MAX_STREAM_CHARTS) {
                break;
            }
            List<ChartSpec.Series> series = rateAndLatency(m, y, "RTT", Metrics.RTT_P50_MICROS, Metrics.RTT_P99_MICROS);
            String caption = m.metric(Metrics.ADDED_RTT_P99_MICROS)
                    .map(a -> "bufferbloat: " + (a.value() >= 0 ? "+" : "") + Numbers.fixed(
                            a.value() / 1000, 3) + " ms at p99, " + m.metric(Metrics.ADDED_RTT_P50_MICROS).map(
                                    v -> (v.value() >= 0 ? "+" : "") + Numbers.fixed(v.value() / 1000, 3))
                                    .orElse("-") + " ms at p50 (p99 idle "
                            + m.metric(Metrics.IDLE_RTT_P99_MICROS).map(v -> Numbers.fixed(
                                    v.value() / 1000, 3)).orElse("-") + " ms, loaded "
                            + m.metric(Metrics.LOADED_RTT_P99_MICROS).map(v -> Numbers.fixed(
                                    v.value() / 1000, 3)).orElse("-") + " ms); " + m.params().get("protocol")
                            + " pings every " + m.params().get("pingIntervalMillis") + " ms")
                    .orElse("no round trip before or during the load");
            charts.add(new ChartSpec("#" + r.id() + " " + m.test() + ": bandwidth and round trip over time", caption,
                    "Time since the first ping (s)", ChartSpec.XAxis.TIME, y.title(), y.rateUnit(), false, true, List.of(),
                    series, new ChartSpec.Secondary("Round trip (ms)", 1)));
        }
        if (charts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ReportModel.Section("latency under load", "bandwidth (left axis) and the pings' round "
                + "trips (right axis) on one time axis; the load starts where bandwidth does", charts));
    }

    /**
     * A run's bandwidth per interval (left axis) and two latency percentiles per interval in ms
     * (right axis), each at its interval's end: the series of a Flent-style chart.
     */
    private static List<ChartSpec.Series> rateAndLatency(Measurement m, YScale y, String name, String p50Metric,
                                                         String p99Metric) {
        List<double[]> rate = new ArrayList<>();
        List<double[]> p50 = new ArrayList<>();
        List<double[]> p99 = new ArrayList<>();
        for (Measurement.Interval i : m.intervals()) {
            for (Metric x : i.metrics()) {
                if (x.name().equals(Metrics.BITS_PER_SECOND)) {
                    rate.add(new double[] {i.endSeconds(), y.scale(x.value())});
                } else if (x.name().equals(p50Metric)) {
                    p50.add(new double[] {i.endSeconds(), x.value() / 1000});
                } else if (x.name().equals(p99Metric)) {
                    p99.add(new double[] {i.endSeconds(), x.value() / 1000});
                }
            }
        }
        return List.of(new ChartSpec.Series("bandwidth", rate), new ChartSpec.Series(name + " p50", p50),
                new ChartSpec.Series(name + " p99", p99));
    }

    static boolean trip(String test) {
        return test.equals(Measurement.Tests.TCP_TRIP) || test.equals(Measurement.Tests.UDP_TRIP);
    }

    /**
     * One-way latency (bw --trip-times): each run's received rate (left axis) and its one-way p50
     * and p99 per interval (right axis, ms) on one time axis, with the clocks' agreement and error
     * bound in the caption. One chart per run, the first {@link #MAX_STREAM_CHARTS}.
     */
    private static Optional<ReportModel.Section> tripTimes(List<StoredResult> results) {
        List<ChartSpec> charts = new ArrayList<>();
        YScale y = YScale.of(Metrics.BITS_PER_SECOND);
        for (StoredResult r : results) {
            Measurement m = r.measurement();
            if (!trip(m.test()) || m.intervals().isEmpty()) {
                continue;
            }
            if (charts.size() >= MAX_STREAM_CHARTS) {
                break;
            }
            String bound = m.metric(Metrics.CLOCK_ERROR_BOUND_MICROS).map(b -> b.value() == 0 ? "one clock"
                    : "clocks within ±" + Numbers.fixed(b.value() / 1000, 3) + " ms").orElse("clocks unknown");
            String caption = "one-way p50 " + m.metric(Metrics.ONE_WAY_P50_MICROS).map(v -> Numbers.fixed(
                    v.value() / 1000, 3) + " ms").orElse("-") + ", p99 " + m.metric(Metrics.ONE_WAY_P99_MICROS)
                    .map(v -> Numbers.fixed(v.value() / 1000, 3) + " ms").orElse("-") + " (" + bound + ", "
                    + m.params().get("clocks") + "); " + m.params().get("protocol") + ", " + m.params().get("streams")
                    + " stream(s)";
            charts.add(new ChartSpec("#" + r.id() + " " + m.test() + ": bandwidth and one-way latency over time",
                    caption, "Time since the test's start (s)", ChartSpec.XAxis.TIME, y.title(), y.rateUnit(), false,
                    true, List.of(), rateAndLatency(m, y, "one-way", Metrics.ONE_WAY_P50_MICROS,
                            Metrics.ONE_WAY_P99_MICROS), new ChartSpec.Secondary("One-way latency (ms)", 1)));
        }
        if (charts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ReportModel.Section("one-way latency", "received rate (left axis) and the one-way "
                + "latency of the client's writes or datagrams (right axis) on one time axis (bw --trip-times)", charts));
    }

    /**
     * Frames at a frame rate (bw --isochronous): per interval each run's complete, damaged-or-lost and
     * late frames (left axis) and, when the clocks agreed (--trip-times), the frame latency p50/p99
     * (right axis, ms) on one time axis. One chart per run, the first {@link #MAX_STREAM_CHARTS}.
     */
    private static Optional<ReportModel.Section> isochronous(List<StoredResult> results) {
        List<ChartSpec> charts = new ArrayList<>();
        for (StoredResult r : results) {
            Measurement m = r.measurement();
            if (!m.test().equals(Measurement.Tests.UDP_ISOCH) || m.intervals().isEmpty()) {
                continue;
            }
            if (charts.size() >= MAX_STREAM_CHARTS) {
                break;
            }
            List<double[]> complete = new ArrayList<>();
            List<double[]> damaged = new ArrayList<>();
            List<double[]> late = new ArrayList<>();
            for (Measurement.Interval i : m.intervals()) {
                double incomplete = 0;
                for (Metric x : i.metrics()) {
                    switch (x.name()) {
                        case Metrics.FRAMES_COMPLETE -> complete.add(new double[] {i.endSeconds(), x.value()});
                        case Metrics.FRAMES_LATE -> late.add(new double[] {i.endSeconds(), x.value()});
                        case Metrics.FRAMES_INCOMPLETE, Metrics.FRAMES_LOST -> incomplete += x.value();
                        default -> { }
                    }
                }
                damaged.add(new double[] {i.endSeconds(), incomplete});
            }
            List<ChartSpec.Series> series = new ArrayList<>(List.of(new ChartSpec.Series("complete", complete),
                    new ChartSpec.Series("damaged or lost", damaged), new ChartSpec.Series("late", late)));
            boolean latency = m.metric(Metrics.FRAME_LATENCY_P50_MICROS).isPresent();
            if (latency) {
                List<ChartSpec.Series> withRate = rateAndLatency(m, YScale.of(Metrics.BITS_PER_SECOND), "latency",
                        Metrics.FRAME_LATENCY_P50_MICROS, Metrics.FRAME_LATENCY_P99_MICROS);
                series.addAll(withRate.subList(1, withRate.size()));
            }
            String caption = m.params().get("framesPerSecond") + " frames/s, mean " + Rate.format(Double.parseDouble(
                    m.params().get("meanBitsPerSecond"))) + "; lost or damaged " + m.metric(Metrics.FRAME_LOSS_PERCENT)
                    .map(v -> Numbers.fixed(v.value(), 2) + " %").orElse("-") + ", late " + m.metric(Metrics.FRAMES_LATE)
                    .map(v -> Long.toString(Math.round(v.value()))).orElse("-") + ", slips " + m.metric(
                    Metrics.FRAME_SLIPS).map(v -> Long.toString(Math.round(v.value()))).orElse("-") + "; " + (latency
                    ? "latency p99 " + Numbers.fixed(m.metric(Metrics.FRAME_LATENCY_P99_MICROS).orElseThrow().value()
                    / 1000, 3) + " ms (" + m.params().get("clocks") + ")" : "latency needs --trip-times");
            charts.add(new ChartSpec("#" + r.id() + " " + m.test() + ": frames per interval" + (latency
                    ? " and frame latency" : ""), caption, "Time since the test's start (s)", ChartSpec.XAxis.TIME,
                    "Frames per interval", null, false, true, List.of(), series,
                    latency ? new ChartSpec.Secondary("Frame latency (ms)", 3) : null));
        }
        if (charts.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ReportModel.Section("isochronous frames", "frames complete, damaged or lost, and late "
                + "per interval (left axis) and, with --trip-times, the frame latency (right axis) on one time axis "
                + "(bw --isochronous)", charts));
    }

    /**
     * The Flent view of single wirespeed bw runs: each stream's rate per interval, from the run's
     * own JSON (the common model keeps only the sum).
     */
    private static Optional<ReportModel.Section> streams(List<StoredResult> results, Map<Long, String> raws) {
        List<ChartSpec> charts = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        YScale y = YScale.of(Metrics.BITS_PER_SECOND);
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
                Map<Integer, List<double[]>> perStream = new TreeMap<>();
                for (BwResult.IntervalReport i : d.intervals()) {
                    if (i.omitted()) {
                        continue;
                    }
                    for (BwResult.StreamBytes s : i.streams()) {
                        perStream.computeIfAbsent(s.stream(), k -> new ArrayList<>())
                                .add(new double[] {i.endSeconds(), y.scale(s.bitsPerSecond())});
                    }
                }
                if (perStream.size() < 1) {
                    continue;
                }
                List<ChartSpec.Series> series = new ArrayList<>();
                perStream.forEach((stream, pts) -> series.add(new ChartSpec.Series("stream " + stream, pts)));
                boolean log = ChartSpec.spansTwoDecades(series);
                charts.add(new ChartSpec("#" + r.id() + " " + d.direction() + ": bandwidth per stream over time",
                        caption(List.of(r), List.of(), false), "Time (s)", ChartSpec.XAxis.TIME, y.title(), y.rateUnit(), log,
                        !log, List.of(), series));
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
    private static Optional<ReportModel.Section> distributions(List<StoredResult> results) {
        List<ChartSpec.Series> series = new ArrayList<>();
        List<StoredResult> shownResults = new ArrayList<>();
        for (StoredResult r : results) {
            List<Measurement.Row> rows = r.measurement().rows().stream().filter(x -> x.histogram() != null).toList();
            // a sweep shows its smallest and largest sizes: more lines would hide each other
            List<Measurement.Row> shown = rows.size() <= 2 ? rows : List.of(rows.getFirst(), rows.getLast());
            for (Measurement.Row row : shown) {
                List<double[]> pts = Histograms.percentilePoints(row.histogram());
                if (pts.isEmpty()) {
                    continue;
                }
                String name = resultName(r, results) + (rows.size() > 1 || ParamKinds.of(row.key()) == ParamKinds.Kind.SIZE
                        ? " " + ByteSize.formatExact(Math.round(row.keyValue())) : "");
                series.add(new ChartSpec.Series(name, pts));
                if (!shownResults.contains(r)) {
                    shownResults.add(r);
                }
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
        boolean log = ChartSpec.spansTwoDecades(series);
        return Optional.of(new ReportModel.Section("latency distribution", "round-trip times of every ping-pong, from "
                + "the stored HdrHistograms (3 significant digits); percentiles on the nines scale", List.of(
                new ChartSpec("round-trip time by percentile", caption(shownResults, List.of(), false), "Percentile",
                        ChartSpec.XAxis.NINES, "Round-trip time (µs)", null, log, false, List.of(), series))));
    }

    /**
     * How a metric goes on a y axis: rates in their base unit with decimal-prefixed ticks
     * ("10 Gbit/s", "150 kIOPS"), anything else scaled to its display unit (latency in µs).
     *
     * @param rateUnit the unit a rate tick carries after its prefix, null for plain numbers
     */
    record YScale(String title, String rateUnit, double divisor) {
        static YScale of(String metric) {
            return switch (metric) {
                case Metrics.BITS_PER_SECOND -> new YScale("Bandwidth (bit/s)", "bit/s", 1);
                case Metrics.PEAK_BITS_PER_SECOND -> new YScale("Peak bandwidth (bit/s)", "bit/s", 1);
                case Metrics.MESSAGES_PER_SECOND -> new YScale("Message rate (messages/s)", "msg/s", 1);
                case Metrics.TRANSACTIONS_PER_SECOND -> new YScale("Transaction rate (transactions/s)", "trans/s", 1);
                case Metrics.IOPS -> new YScale("I/O operations (per second)", "IOPS", 1);
                default -> new YScale(MetricScale.axisTitle(metric), null, MetricScale.of(metric).divisor());
            };
        }

        boolean rate() {
            return rateUnit != null;
        }

        /** "Bandwidth", "One-way latency": the title without its unit. */
        static String words(String metric) {
            String t = of(metric).title();
            int paren = t.indexOf(" (");
            return paren < 0 ? t : t.substring(0, paren);
        }

        double scale(double value) {
            return value / divisor;
        }
    }

    /**
     * Results grouped into series: labels (or tool) plus the values of the other swept
     * parameters, ordered by label, then by those values numerically (4k before 16k). Results
     * of one series and x value are alike (same parameters, labels and tool) and averaged; their
     * settings may differ (the caption says so).
     */
    private static Map<String, List<StoredResult>> bySeries(List<StoredResult> rs, List<String> others) {
        boolean manyTools = rs.stream().map(r -> r.measurement().tool()).distinct().count() > 1;
        Map<List<String>, List<StoredResult>> groups = new TreeMap<>(SORT_KEY);
        for (StoredResult r : rs) {
            List<String> k = new ArrayList<>();
            k.add(baseName(r, manyTools));
            others.forEach(o -> k.add(r.measurement().params().getOrDefault(o, "-")));
            groups.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
        Map<String, List<StoredResult>> out = new LinkedHashMap<>();
        groups.forEach((k, members) -> {
            StringBuilder name = new StringBuilder(k.getFirst());
            for (int i = 0; i < others.size(); i++) {
                name.append(' ').append(others.get(i)).append('=').append(ParamKinds.display(others.get(i), k.get(i + 1)));
            }
            out.put(name.toString(), members);
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

    private static String resultName(StoredResult r, List<StoredResult> all) {
        boolean manyTools = all.stream().map(x -> x.measurement().tool()).distinct().count() > 1;
        return "#" + r.id() + " " + baseName(r, manyTools);
    }

    static String chartTitle(String test, String metric) {
        String what = switch (metric) {
            case Metrics.IOPS -> "IOPS";
            case Metrics.BITS_PER_SECOND -> "bandwidth";
            case Metrics.MESSAGES_PER_SECOND -> "message rate";
            case Metrics.TRANSACTIONS_PER_SECOND, Metrics.CONNECT_P99_MICROS, Metrics.FIRST_BYTE_P99_MICROS,
                 Metrics.CLOSE_P99_MICROS, Metrics.ADDED_RTT_P99_MICROS, Metrics.LOADED_RTT_P99_MICROS,
                 Metrics.IDLE_RTT_P99_MICROS -> YScale.words(metric).toLowerCase(Locale.ROOT);
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
