package dev.wirespeed.cluster;

import dev.wirespeed.report.HtmlReport;
import dev.wirespeed.units.Rate;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The mesh as one self-contained HTML page: the N×N heatmap as a table coloured with CSS, the
 * verdict, slow pairs, differences between hosts and the hosts' facts. No script, no fetch: it
 * opens offline and prints.
 */
public final class MeshHtml {
    private MeshHtml() {}

    public static String render(MeshResult r) {
        StringBuilder b = new StringBuilder(16_384);
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>wirespeed mesh ")
                .append(esc(r.startedAt())).append("</title>\n<style>\n").append(CSS).append("</style></head><body>\n");
        MeshResult.Params p = r.params();
        b.append("<h1>wirespeed mesh</h1>\n<p class=\"meta\">").append(esc(String.format(Locale.ROOT,
                "%d hosts, %s, %s engine, %s per pair%s%s, expect ≥ %s %% of the median — started %s, took %s",
                r.hosts().size(), p.pattern(), p.engine(), Num.seconds(p.seconds()),
                p.omitSeconds() > 0 ? " after " + Num.seconds(p.omitSeconds()) + " warm-up" : "", p.bidir() ? ", both ways" : "",
                Num.trim(p.expectPercent()), startedAtSeconds(r.startedAt()), MeshText.duration(r.elapsedSeconds())))).append("</p>\n");

        b.append("<h2>Verdict</h2>\n<ul class=\"verdict\">\n");
        for (String line : r.verdict()) {
            String cls = line.startsWith("suspect") || line.startsWith("lost") || line.startsWith("refused")
                    || line.startsWith("unreachable") ? "bad" : line.startsWith("verdict: OK") ? "good"
                    : line.startsWith("measured") ? "" : "warn";
            b.append("<li class=\"").append(cls).append("\">").append(esc(line)).append("</li>\n");
        }
        b.append("</ul>\n");

        if (r.incast() != null) {
            incast(b, r.incast());
        } else {
            heatmap(b, r);
        }
        outliers(b, r);
        failures(b, r);
        hosts(b, r);
        b.append("<p class=\"meta\">").append(esc(r.tool().name() + " " + r.tool().version() + " · " + r.schema()))
                .append("</p>\n</body></html>\n");
        return b.toString();
    }

    /** Issue 29: each sender's share of the receiver as a bar (the width is its fraction of the total). */
    private static void incast(StringBuilder b, Incast in) {
        b.append("<h2>Incast into ").append(esc(in.receiver())).append("</h2>\n<p>").append(in.senders())
                .append(" senders at once; total ").append(in.totalBitsPerSecond() == null ? "-"
                        : esc(Rate.format(in.totalBitsPerSecond())))
                .append(in.jainIndex() == null ? "" : String.format(Locale.ROOT, "; Jain's fairness index %.3f", in.jainIndex()))
                .append(". Every sender shares the receiver on purpose: each bar is its share of that port.</p>\n");
        b.append("<table class=\"list\"><tr><th>sender</th><th>rate</th><th>share</th><th></th></tr>\n");
        for (Incast.Share sh : in.shares()) {
            double pct = sh.fraction() == null ? 0 : 100 * sh.fraction();
            b.append("<tr><td>").append(esc(sh.sender())).append("</td><td>")
                    .append(sh.bitsPerSecond() == null ? esc(sh.status().label()) : esc(Rate.format(sh.bitsPerSecond())))
                    .append("</td><td>").append(sh.fraction() == null ? "" : String.format(Locale.ROOT, "%.1f %%", pct))
                    .append("</td><td style=\"width:20em\"><div style=\"background:hsl(210,60%,60%);height:1em;width:")
                    .append(String.format(Locale.ROOT, "%.1f", pct)).append("%\"></div></td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static void heatmap(StringBuilder b, MeshResult r) {
        List<String> hosts = r.matrix().hosts();
        List<List<Double>> m = r.matrix().bitsPerSecond();
        Double median = r.analysis().medianBitsPerSecond();
        Map<String, Outliers.Outlier> slow = new HashMap<>();
        r.analysis().outliers().forEach(o -> slow.put(o.from() + "\0" + o.to(), o));
        double unit = Num.matrixUnit(median);
        String unitName = Num.matrixUnitName(unit);
        b.append("<h2>Pair bandwidth</h2>\n<p>").append(esc(unitName))
                .append(", receiver side; row sends to column. Colour: share of the median")
                .append(median == null ? "" : " (" + esc(Rate.format(median)) + ")")
                .append("; outlined cells are below the expected share; italic cells were measured the other way only.</p>\n");
        b.append("<table class=\"heat\"><tr><th></th>");
        for (String h : hosts) {
            b.append("<th class=\"col\"><span>").append(esc(h)).append("</span></th>");
        }
        b.append("</tr>\n");
        for (int i = 0; i < hosts.size(); i++) {
            b.append("<tr><th>").append(esc(hosts.get(i))).append("</th>");
            for (int j = 0; j < hosts.size(); j++) {
                if (i == j) {
                    b.append("<td class=\"self\"></td>");
                    continue;
                }
                Double v = m.get(i).get(j);
                boolean mirrored = v == null && m.get(j).get(i) != null;
                if (mirrored) {
                    v = m.get(j).get(i);
                }
                if (v == null) {
                    b.append("<td class=\"none\" title=\"not measured\">·</td>");
                    continue;
                }
                String from = mirrored ? hosts.get(j) : hosts.get(i);
                String to = mirrored ? hosts.get(i) : hosts.get(j);
                Outliers.Outlier o = slow.get(from + "\0" + to);
                double share = median == null || median <= 0 ? 1 : v / median;
                String title = from + " → " + to + ": " + Rate.format(v)
                        + (median == null ? "" : String.format(Locale.ROOT, " (%.1f %% of the median)", 100 * share))
                        + (o != null && o.explainedBy() != null ? "; through suspect " + o.explainedBy() : "");
                b.append("<td style=\"background:").append(colour(share)).append("\" class=\"")
                        .append(o != null ? "slow" : "").append(mirrored ? " mirror" : "").append("\" title=\"")
                        .append(esc(title)).append("\">").append(esc(Num.matrixValue(v / unit))).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n<div class=\"legend\"><span>0 %</span><span class=\"bar\"></span><span>≥ 100 % of the median</span></div>\n");
    }

    /** "2026-11-30T11:28:30Z": the instant to the second, for people. */
    static String startedAtSeconds(String instant) {
        try {
            return Instant.parse(instant).truncatedTo(ChronoUnit.SECONDS).toString();
        } catch (DateTimeParseException e) {
            return instant;
        }
    }

    /** Red (hue 0) at half the median or less, green (hue 120) at the median and above. */
    static String colour(double share) {
        double t = Math.clamp((share - 0.5) / 0.5, 0.0, 1.0);
        return String.format(Locale.ROOT, "hsl(%d,70%%,%d%%)", Math.round(120 * t), 62 + Math.round(16 * t));
    }

    private static void outliers(StringBuilder b, MeshResult r) {
        Outliers.Result a = r.analysis();
        if (a.outliers().isEmpty()) {
            return;
        }
        b.append("<h2>Slow pairs</h2>\n<table class=\"list\"><tr><th>from</th><th>to</th><th>rate</th>"
                + "<th>% of median</th><th>ceiling</th><th>below</th><th>explained by</th></tr>\n");
        for (Outliers.Outlier o : a.outliers()) {
            b.append("<tr><td>").append(esc(o.from())).append("</td><td>").append(esc(o.to())).append("</td><td>")
                    .append(esc(Rate.format(o.bitsPerSecond()))).append("</td><td>").append(esc(Num.trim(o.percentOfMedian())))
                    .append("</td><td>").append(o.ceilingBitsPerSecond() == null ? "" : esc(Rate.format(o.ceilingBitsPerSecond())))
                    .append("</td><td>").append(esc(o.below())).append("</td><td>")
                    .append(o.explainedBy() == null ? "<b>this link</b>" : "suspect " + esc(o.explainedBy()))
                    .append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static void failures(StringBuilder b, MeshResult r) {
        List<PairResult> notOk = r.pairs().stream().filter(p -> !p.ok()).toList();
        if (notOk.isEmpty()) {
            return;
        }
        b.append("<h2>Pairs not measured</h2>\n<table class=\"list\"><tr><th>round</th><th>client</th><th>server</th>"
                + "<th>status</th><th>why</th></tr>\n");
        for (PairResult p : notOk) {
            b.append("<tr><td>").append(p.round() + 1).append("</td><td>").append(esc(p.client())).append("</td><td>")
                    .append(esc(p.server())).append("</td><td>").append(esc(p.status().label())).append("</td><td>")
                    .append(esc(p.message() == null ? "" : p.message())).append("</td></tr>\n");
        }
        b.append("</table>\n");
    }

    private static void hosts(StringBuilder b, MeshResult r) {
        b.append("<h2>Hosts</h2>\n<table class=\"list\"><tr><th>host</th><th>status</th><th>address</th>"
                + "<th>interface</th><th>MTU</th><th>link</th><th>rate</th><th>firmware</th><th>RDMA devices</th>"
                + "<th>governor</th><th>doctor</th></tr>\n");
        for (MeshResult.Host h : r.hosts()) {
            NodeFacts f = h.facts();
            b.append("<tr class=\"").append(h.ok() ? "" : "bad").append("\"><td>").append(esc(h.label()))
                    .append("</td><td>").append(esc(h.status() + (h.message() == null ? "" : ": " + h.message())))
                    .append("</td>");
            if (f == null) {
                b.append("<td colspan=\"9\"></td></tr>\n");
                continue;
            }
            cell(b, f.address());
            cell(b, f.interfaceName());
            cell(b, f.mtuBytes() == null ? null : f.mtuBytes().toString());
            cell(b, f.linkLayer());
            cell(b, f.portRateBitsPerSecond() == null ? null : Rate.format(f.portRateBitsPerSecond()));
            cell(b, f.firmware());
            cell(b, f.rdmaDevices().isEmpty() ? null : String.join(", ", f.rdmaDevices()));
            cell(b, f.governor());
            cell(b, f.findings().isEmpty() ? "ok" : String.join("; ", f.findings().stream()
                    .map(x -> x.severity() + " " + x.rule() + ": " + x.message()).toList()));
            b.append("</tr>\n");
        }
        b.append("</table>\n");
    }

    private static void cell(StringBuilder b, String text) {
        b.append("<td>").append(text == null ? "–" : esc(text)).append("</td>");
    }


    static String esc(String s) {
        return HtmlReport.esc(s);
    }

    private static final String CSS = """
            body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#222;max-width:1400px}
            h1{font-size:22px;margin:0 0 4px} h2{font-size:17px;margin:24px 0 8px}
            .meta{color:#666;font-size:12px}
            ul.verdict{list-style:none;padding:0} ul.verdict li{padding:3px 8px;margin:2px 0;border-left:4px solid #bbb}
            li.bad{border-color:#c62828!important;background:#fdecea} li.warn{border-color:#ef6c00!important;background:#fff4e5}
            li.good{border-color:#2e7d32!important;background:#edf7ed}
            table.heat{border-collapse:collapse;font-variant-numeric:tabular-nums}
            table.heat td,table.heat th{border:1px solid #fff;padding:0;text-align:center;min-width:46px;height:30px;font-size:12px}
            table.heat th{background:#f3f3f3;padding:0 6px;font-weight:600;white-space:nowrap}
            table.heat th.col{height:auto;padding:6px 2px} table.heat th.col span{writing-mode:vertical-rl;transform:rotate(180deg)}
            td.self{background:#e0e0e0} td.none{background:#fafafa;color:#999}
            td.slow{outline:2px solid #000;outline-offset:-3px;font-weight:700} td.mirror{font-style:italic;opacity:.8}
            .legend{display:flex;align-items:center;gap:8px;font-size:12px;color:#555;margin-top:6px}
            .legend .bar{display:inline-block;width:220px;height:12px;background:linear-gradient(90deg,hsl(0,70%,62%) 0%,hsl(0,70%,62%) 50%,hsl(60,70%,70%) 75%,hsl(120,70%,78%) 100%)}
            table.list{border-collapse:collapse;font-size:13px} table.list th,table.list td{border-bottom:1px solid #ddd;padding:4px 10px;text-align:left}
            table.list th{background:#f3f3f3} tr.bad td{background:#fdecea}
            """;
}
