package dev.wirespeed.report;

import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.report.ReportModel.Level;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.Numbers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The opening of a report: what its runs concluded (check's verdicts and doctor's warnings, from
 * their saved JSON), then per kind of result its key figure across the runs, and what deserves a
 * look (lost datagrams, retransmits, repetitions that disagree by more than 10 %).
 */
final class Findings {
    /** Repetitions further apart than this (max / min) are called out. */
    static final double SPREAD_WORTH_SAYING = 1.10;

    private Findings() {}

    static List<ReportModel.Finding> of(List<StoredResult> results, Map<Long, String> raws) {
        List<ReportModel.Finding> out = new ArrayList<>();
        for (StoredResult r : results) {
            String raw = raws.get(r.id());
            if (raw == null || !"wirespeed-check-json".equals(r.rawFormat()) || !r.measurement().test().endsWith("-bw")) {
                continue;
            }
            JsonNode check;
            try {
                check = Json.MAPPER.readTree(raw);
            } catch (RuntimeException e) {
                continue;
            }
            String verdict = ReportBuilder.text(check, "verdict", "text");
            if (verdict != null) {
                out.add(new ReportModel.Finding(check.path("verdict").has("finding") ? Level.WARNING : Level.OK,
                        "check #" + r.id() + " (" + hostOf(r) + "): " + verdict));
            }
            for (JsonNode f : check.path("doctor").path("findings")) {
                Severity severity = Severity.ofLabel(f.path("severity").asString("")).orElse(Severity.INFO);
                if (severity != Severity.INFO) {
                    out.add(new ReportModel.Finding(severity == Severity.WARN ? Level.WARNING : Level.ERROR, "doctor on "
                            + hostOf(r) + ": " + f.path("subject").asString("") + ": " + f.path("message").asString("")));
                }
            }
        }
        // one line per kind and label: what was measured, and what deserves a look
        Map<String, List<StoredResult>> byKind = new LinkedHashMap<>();
        results.forEach(r -> byKind.computeIfAbsent(ResultFilter.kindOf(r) + (r.labels().isEmpty() ? ""
                : " [" + String.join(",", r.labels()) + "]"), k -> new ArrayList<>()).add(r));
        byKind.forEach((kind, rs) -> {
            out.add(new ReportModel.Finding(Level.INFO, kind + ": " + keyFigure(rs)));
            range(rs, Metrics.LOSS_PERCENT).ifPresent(r -> out.add(new ReportModel.Finding(Level.WARNING, kind
                    + ": datagrams lost in " + r + " %")));
            range(rs, Metrics.RETRANSMITS).ifPresent(r -> out.add(new ReportModel.Finding(Level.INFO, kind
                    + ": TCP retransmits by the sender in " + r)));
        });
        return out;
    }

    /** "24.7 Gbit/s over 5 results (12.1–25.0)", or a sweep's headline per result. */
    private static String keyFigure(List<StoredResult> rs) {
        if (ResultsText.isSweep(rs.getFirst().measurement())) {
            List<String> parts = new ArrayList<>();
            for (StoredResult r : rs.subList(0, Math.min(rs.size(), 4))) {
                parts.add("#" + r.id() + " " + ResultsText.headline(r));
            }
            return String.join("; ", parts) + (rs.size() > 4 ? "; …" : "");
        }
        String metric = Points.defaultMetric(rs);
        double[] v = rs.stream().map(r -> r.measurement().metric(metric)).flatMap(java.util.Optional::stream)
                .mapToDouble(Measurement.Metric::value).toArray();
        if (v.length == 0) {
            return Numbers.count(rs.size(), "result") + " without " + metric;
        }
        MetricScale scale = MetricScale.of(metric);
        double mean = java.util.Arrays.stream(v).average().orElseThrow();
        double min = java.util.Arrays.stream(v).min().orElseThrow();
        double max = java.util.Arrays.stream(v).max().orElseThrow();
        String what = metric.endsWith("Micros") ? ReportBuilder.percentileName(metric) + " one-way latency " : "";
        String s = what + scale.format(mean) + (v.length > 1 ? " on average over " + Numbers.count(v.length, "result")
                + " (" + scale.number(min) + "–" + scale.number(max) + ")" : " (1 result)");
        if (v.length > 1 && min > 0 && max / min > SPREAD_WORTH_SAYING) {
            s += "; results differ by " + Numbers.significant((max / min - 1) * 100, 2) + " % — compare by parameters "
                    + "or labels before trusting the average";
        }
        return s;
    }

    /** "3 of 5 results (12–72)" for a metric above zero, or empty. */
    private static java.util.Optional<String> range(List<StoredResult> rs, String metric) {
        double[] v = rs.stream().map(r -> r.measurement().metric(metric)).flatMap(java.util.Optional::stream)
                .mapToDouble(Measurement.Metric::value).filter(x -> x > 0).toArray();
        if (v.length == 0) {
            return java.util.Optional.empty();
        }
        double min = java.util.Arrays.stream(v).min().orElseThrow();
        double max = java.util.Arrays.stream(v).max().orElseThrow();
        return java.util.Optional.of(v.length + " of " + Numbers.count(rs.size(), "result") + " ("
                + (min == max ? Numbers.significant(min, 3) : Numbers.significant(min, 3) + "–" + Numbers.significant(max, 3))
                + ")");
    }

    private static String hostOf(StoredResult r) {
        return r.host() == null ? "unknown host" : r.host().hostName();
    }
}
