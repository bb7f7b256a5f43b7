package dev.wirespeed.report;

import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.report.ReportModel.Level;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.Numbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The opening of a report: what its runs concluded (check's verdicts and doctor's warnings, from
 * their saved JSON), then per kind of result, label and tool its key figure — averaged only over
 * results alike in every parameter, never across a swept one — and what deserves a look (lost
 * datagrams, retransmits, alike results that disagree by more than 10 %).
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
        // one line per kind, label and tool: what was measured, and what deserves a look
        Map<String, List<StoredResult>> byKind = new LinkedHashMap<>();
        for (StoredResult r : results) {
            byKind.computeIfAbsent(ResultFilter.kindOf(r) + (r.labels().isEmpty() ? ""
                    : " [" + String.join(",", r.labels()) + "]") + (r.labels().contains(r.measurement().tool()) ? ""
                    : " (" + r.measurement().tool() + ")"), k -> new ArrayList<>()).add(r);
        }
        byKind.forEach((kind, rs) -> {
            out.addAll(keyFigures(kind, rs));
            range(rs, Metrics.LOSS_PERCENT).ifPresent(r -> out.add(new ReportModel.Finding(Level.WARNING, kind
                    + ": datagrams lost in " + r + " %")));
            range(rs, Metrics.RETRANSMITS).ifPresent(r -> out.add(new ReportModel.Finding(Level.INFO, kind
                    + ": TCP retransmits by the sender in " + r)));
        });
        return out;
    }

    /**
     * The key figure of one kind, label and tool, like with like: results alike in every parameter
     * (settings such as iterations aside) are averaged, with their range; results that differ in a
     * parameter — a campaign's sweep, or runs with another -P — are never averaged: the line names
     * the parameters that differ and gives the lowest and the highest point. Repetitions of one
     * point that disagree by more than 10 % are a warning of their own.
     */
    static List<ReportModel.Finding> keyFigures(String kind, List<StoredResult> rs) {
        List<ReportModel.Finding> out = new ArrayList<>();
        if (ResultsText.isSweep(rs.getFirst().measurement())) {
            List<String> parts = new ArrayList<>();
            for (StoredResult r : rs.subList(0, Math.min(rs.size(), 4))) {
                parts.add("#" + r.id() + " " + ResultsText.headline(r));
            }
            out.add(new ReportModel.Finding(Level.INFO, kind + ": " + String.join("; ", parts) + (rs.size() > 4 ? "; …" : "")));
            return out;
        }
        String metric = Points.defaultMetric(rs);
        List<StoredResult> with = rs.stream().filter(r -> r.measurement().metric(metric).isPresent()).toList();
        if (with.isEmpty()) {
            out.add(new ReportModel.Finding(Level.INFO, kind + ": " + Numbers.count(rs.size(), "result") + " without "
                    + metric));
            return out;
        }
        MetricScale scale = MetricScale.of(metric);
        String what = metric.endsWith("Micros") ? ReportBuilder.percentileName(metric) + " one-way latency " : "";
        List<String> keys = Points.varyingKeys(with).stream().filter(k -> !ParamKinds.isSetting(k)).toList();
        String settings = differingSettings(with);
        Map<Map<String, String>, List<StoredResult>> points = Points.group(with, keys);
        if (keys.isEmpty()) {
            double[] v = values(with, metric);
            String s = what + scale.format(mean(v)) + (v.length > 1 ? ", mean of " + v.length + " alike results ("
                    + scale.format(min(v)) + " – " + scale.format(max(v)) + ")" : " (1 result)");
            out.add(new ReportModel.Finding(Level.INFO, kind + ": " + s + (settings.isEmpty() ? ""
                    : "; they differ only in settings (" + settings + ")")));
        } else {
            Map.Entry<Map<String, String>, List<StoredResult>> low = null;
            Map.Entry<Map<String, String>, List<StoredResult>> high = null;
            for (var e : points.entrySet()) {
                double m = mean(values(e.getValue(), metric));
                if (low == null || m < mean(values(low.getValue(), metric))) {
                    low = e;
                }
                if (high == null || m > mean(values(high.getValue(), metric))) {
                    high = e;
                }
            }
            boolean swept = with.stream().noneMatch(r -> r.gridKeys().isEmpty());
            String s = what + (swept ? "swept " : "results differ in ") + String.join(", ", keys) + " ("
                    + Numbers.count(points.size(), "point") + ", not averaged across them): lowest "
                    + scale.format(mean(values(low.getValue(), metric))) + " at " + pointText(low.getKey())
                    + ", highest " + scale.format(mean(values(high.getValue(), metric))) + " at " + pointText(high.getKey());
            out.add(new ReportModel.Finding(Level.INFO, kind + ": " + s + (settings.isEmpty() ? ""
                    : "; settings differ too (" + settings + ")")));
        }
        for (var e : points.entrySet()) {
            double[] v = values(e.getValue(), metric);
            if (v.length > 1 && min(v) > 0 && max(v) / min(v) > SPREAD_WORTH_SAYING) {
                out.add(new ReportModel.Finding(Level.WARNING, kind + (keys.isEmpty() ? "" : " at " + pointText(e.getKey()))
                        + ": " + v.length + " alike results differ by " + Numbers.significant((max(v) / min(v) - 1) * 100, 2)
                        + " % (" + scale.format(min(v)) + " – " + scale.format(max(v)) + ") — same parameters, labels "
                        + "and tool; look at the runs before trusting their mean"));
            }
        }
        return out;
    }

    /** "length=8 KiB, streams=2". */
    private static String pointText(Map<String, String> point) {
        List<String> parts = new ArrayList<>();
        point.forEach((k, v) -> parts.add(k + "=" + ParamKinds.display(k, v)));
        return String.join(", ", parts);
    }

    /** Settings whose values differ: "iterations 300–3000", or "" when none do. */
    private static String differingSettings(List<StoredResult> rs) {
        Map<String, TreeSet<String>> values = ParamKinds.settingValues(rs);
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> {
            if (v.size() > 1) {
                parts.add(ParamKinds.settingWords(k) + " " + v.first() + "–" + v.last());
            }
        });
        return String.join(", ", parts);
    }

    private static double[] values(List<StoredResult> rs, String metric) {
        return rs.stream().map(r -> r.measurement().metric(metric)).flatMap(Optional::stream)
                .mapToDouble(Measurement.Metric::value).toArray();
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }

    private static double min(double[] v) {
        return Arrays.stream(v).min().orElse(Double.NaN);
    }

    private static double max(double[] v) {
        return Arrays.stream(v).max().orElse(Double.NaN);
    }

    /** "3 of 5 results (12–72)" for a metric above zero, or empty. */
    private static Optional<String> range(List<StoredResult> rs, String metric) {
        double[] v = rs.stream().map(r -> r.measurement().metric(metric)).flatMap(Optional::stream)
                .mapToDouble(Measurement.Metric::value).filter(x -> x > 0).toArray();
        if (v.length == 0) {
            return Optional.empty();
        }
        double min = Arrays.stream(v).min().orElseThrow();
        double max = Arrays.stream(v).max().orElseThrow();
        return Optional.of(v.length + " of " + Numbers.count(rs.size(), "result") + " ("
                + (min == max ? Numbers.significant(min, 3) : Numbers.significant(min, 3) + "–" + Numbers.significant(max, 3))
                + ")");
    }

    private static String hostOf(StoredResult r) {
        return r.host() == null ? "unknown host" : r.host().hostName();
    }
}
