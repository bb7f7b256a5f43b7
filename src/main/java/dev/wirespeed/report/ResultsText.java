package dev.wirespeed.report;

import dev.wirespeed.guard.Printable;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.Numbers;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** `results list` and `results show` as text. */
public final class ResultsText {
    private static final int PARAMS_WIDTH = 48;

    private ResultsText() {}

    public static void list(List<StoredResult> results, PrintWriter out) {
        TextTable t = new TextTable(List.of("ID", "TIME (UTC)", "RUN", "KIND", "STATUS", "TOOL", "TEST", "PEER (SERVER)",
                "LABELS", "PARAMS", "RESULT"));
        for (StoredResult r : results) {
            Measurement m = r.measurement();
            t.row(List.of(Long.toString(r.id()), shortTime(r.createdAt()), Long.toString(r.runId()), r.kind(),
                    r.status().text(), m.tool(), m.test() + (isSweep(m) ? " sweep" : ""), peerBrief(r),
                    r.labels().isEmpty() ? "-" : String.join(",", r.labels()), params(shown(r)), headline(r)));
        }
        if (t.isEmpty()) {
            out.println("no results");
        } else {
            t.print(out, "");
        }
        out.flush();
    }

    /**
     * One stored result. Every stored word may come from a paste or a peer (and an older store
     * holds them as they came), so each line is shown through {@link Printable#whole}.
     */
    public static void show(StoredResult r, PrintWriter out) {
        Measurement m = r.measurement();
        out.println(Printable.whole("result " + r.id() + " (run " + r.runId() + ", " + r.kind() + "), saved "
                + r.createdAt()));
        out.println("  status:   " + Printable.whole(r.status() + (r.statusReason() == null ? ""
                : " (" + r.statusReason() + ")")));
        out.println("  tool:     " + Printable.whole(m.tool() + (m.toolVersion() == null ? "" : " " + m.toolVersion())
                + ", test " + m.test() + (m.source() == null ? "" : ", " + m.source())));
        out.println("  command:  " + Printable.whole(r.commandLine()));
        if (r.engineCommand() != null) {
            out.println("  engine:   " + Printable.whole(r.engineCommand()));
        }
        if (r.pointKey() != null) {
            out.println("  point:    " + Printable.whole(r.pointKey() + (r.repetition() == null ? ""
                    : ", repetition " + r.repetition())));
        }
        String server = r.measurement().params().get("server");
        out.println("  peer:     " + (r.peer() != null ? Printable.of(r.peer().describe())
                : server != null ? Printable.of(server) + " (port and software not recorded)" : "-"));
        out.println("  labels:   " + (r.labels().isEmpty() ? "-" : Printable.whole(String.join(", ", r.labels()))));
        out.println("  host:     " + Printable.whole(host(r.host())));
        if (r.host() != null) {
            r.host().details().forEach((k, v) -> out.println("            " + Printable.whole(k + ": " + v)));
        }
        if (!m.params().isEmpty()) {
            out.println("  params:   " + Printable.whole(m.params().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "))));
        }
        out.println("summary:");
        for (Metric metric : m.summary()) {
            out.printf(Locale.ROOT, "  %-22s %s%n", Printable.whole(metric.name()),
                    MetricScale.of(metric.name()).format(metric.value()));
        }
        if (!m.rows().isEmpty()) {
            String key = m.rows().getFirst().key();
            boolean sizes = key.equals("sizeBytes");
            out.println((m.rows().size() > 1 ? "sweep, " : "") + Numbers.count(m.rows().size(), "row") + " by "
                    + (sizes ? "message size" : Printable.whole(key)) + ":");
            List<String> names = new ArrayList<>();
            m.rows().forEach(row -> row.metrics().forEach(x -> {
                if (!names.contains(x.name())) {
                    names.add(x.name());
                }
            }));
            List<String> header = new ArrayList<>();
            header.add(sizes ? "size" : key);
            names.forEach(n -> header.add(MetricScale.shortTitle(n)));
            TextTable t = new TextTable(header);
            for (Measurement.Row row : m.rows()) {
                List<String> cells = new ArrayList<>();
                cells.add(sizes ? Numbers.size(row.keyValue()) : Numbers.plain(row.keyValue()));
                for (String n : names) {
                    cells.add(row.metrics().stream().filter(x -> x.name().equals(n)).findFirst()
                            .map(x -> MetricScale.of(n).number(x.value())).orElse("-"));
                }
                t.row(cells);
            }
            t.print(out, "  ");
        }
        if (!m.intervals().isEmpty()) {
            out.println("intervals:");
            List<String> names = m.intervals().getFirst().metrics().stream().map(Metric::name).toList();
            List<String> header = new ArrayList<>(List.of("start s", "end s"));
            names.forEach(n -> header.add(MetricScale.title(n)));
            TextTable t = new TextTable(header);
            for (Measurement.Interval i : m.intervals()) {
                List<String> cells = new ArrayList<>(List.of(String.format(Locale.ROOT, "%.2f", i.startSeconds()),
                        String.format(Locale.ROOT, "%.2f", i.endSeconds()) + (i.omitted() ? " (warm-up)" : "")));
                for (String n : names) {
                    cells.add(i.metrics().stream().filter(x -> x.name().equals(n)).findFirst()
                            .map(x -> MetricScale.of(n).number(x.value())).orElse("-"));
                }
                t.row(cells);
            }
            t.print(out, "  ");
        }
        out.flush();
    }

    /** The result's main figure: the default metric of its test; a sweep's key figure. */
    public static String headline(StoredResult r) {
        return headline(r.measurement());
    }

    /** A sweep: several rows (sizes), or rows and no summary figure of their own. */
    public static boolean isSweep(Measurement m) {
        return m.rows().size() > 1;
    }

    public static String headline(Measurement m) {
        if (isSweep(m)) {
            return sweepHeadline(m);
        }
        if (m.metric(Metrics.BITS_PER_SECOND).isEmpty() && m.metric(Metrics.SENT_BITS_PER_SECOND).isPresent()) {
            // a failed run read by explain: what its sender sent is no result (issue 26)
            return "- (sent " + MetricScale.of(Metrics.BITS_PER_SECOND).format(m.metric(Metrics.SENT_BITS_PER_SECOND)
                    .get().value()) + ")";
        }
        String metric = Points.defaultMetricOf(List.of(m));
        return m.metric(metric).map(x -> MetricScale.of(metric).format(x.value())
                + (metric.endsWith("Micros") ? " " + shortName(metric) : "")).orElse("-");
    }

    /**
     * A sweep's key figure: the peak rate over its sizes for bandwidth; the median one-way latency
     * at the smallest size for latency (the figure perftest and sockperf users quote); else the
     * default metric of its first row.
     */
    static String sweepHeadline(Measurement m) {
        String span = " (" + Numbers.count(m.rows().size(), "size") + ")";
        if (m.test().endsWith("-lat")) {
            Measurement.Row smallest = m.rows().stream().min(Comparator.comparingDouble(Measurement.Row::keyValue))
                    .orElseThrow();
            for (String metric : List.of(Metrics.LATENCY_P50_MICROS, Metrics.LATENCY_AVG_MICROS)) {
                var v = smallest.metrics().stream().filter(x -> x.name().equals(metric)).findFirst();
                if (v.isPresent()) {
                    return shortName(metric) + " " + MetricScale.of(metric).format(v.get().value()) + " at "
                            + Numbers.size(smallest.keyValue()) + span;
                }
            }
        }
        for (String metric : List.of(Metrics.PEAK_BITS_PER_SECOND, Metrics.BITS_PER_SECOND, Metrics.IOPS)) {
            double best = m.rows().stream().flatMap(r -> r.metrics().stream()).filter(x -> x.name().equals(metric))
                    .mapToDouble(Metric::value).max().orElse(Double.NaN);
            if (!Double.isNaN(best)) {
                return "peak " + MetricScale.of(metric).format(best) + span;
            }
        }
        Measurement first = new Measurement(m.tool(), m.toolVersion(), m.test(), m.params(),
                m.rows().getFirst().metrics(), null, null, m.source());
        return headline(first) + " at first row" + span;
    }

    private static String shortName(String metric) {
        return metric.replace("latency", "").replace("Micros", "").toLowerCase(Locale.ROOT);
    }

    /**
     * The server a result ran against, for a list column: "127.0.0.1:5201 iperf3", "10.0.0.2:5301
     * wirespeed 0.1.0"; a result saved before peers were kept shows its server parameter; "-" for none.
     * The tool and version are the server's own words: sanitized.
     */
    public static String peerBrief(StoredResult r) {
        if (r.peer() != null) {
            return Printable.of(r.peer().brief(), 60);
        }
        String server = r.measurement().params().get("server");
        return server == null ? "-" : Printable.of(server, 60);
    }

    public static String host(HostSummary h) {
        if (h == null) {
            return "-";
        }
        return h.hostName() + ", " + h.os() + " " + h.kernel() + " " + h.arch() + ", " + h.logicalCpus() + " CPUs, Java "
                + h.javaVersion() + ", wirespeed " + h.wirespeedVersion();
    }

    /** The parameters worth showing of a result, as "k=v k=v". */
    public static String paramsOf(StoredResult r) {
        return shown(r).entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    /** A campaign result's swept parameters, else all. */
    private static Map<String, String> shown(StoredResult r) {
        if (r.gridKeys().isEmpty()) {
            return r.measurement().params();
        }
        Map<String, String> p = new LinkedHashMap<>();
        r.gridKeys().forEach(k -> p.put(k, r.measurement().params().getOrDefault(k, "-")));
        return p;
    }

    static String params(Map<String, String> params) {
        String s = params.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
        return s.length() <= PARAMS_WIDTH ? s : s.substring(0, PARAMS_WIDTH - 1) + "…";
    }

    static String shortTime(String iso) {
        return iso == null || iso.length() < 16 ? String.valueOf(iso) : iso.substring(0, 10) + " " + iso.substring(11, 16);
    }
}
