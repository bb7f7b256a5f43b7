package dev.wirespeed.report;

import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Numbers;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.List;
import java.util.TreeSet;

/**
 * The report as one HTML file that needs nothing else: styles inline, charts as inline SVG, no
 * scripts, no fonts or images fetched — it opens offline and can be mailed as it is.
 */
public final class HtmlReport {
    private static final String STYLE = """
            body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
            h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
            div.table { max-width: 100%; overflow-x: auto; margin: 0.5em 0 1.5em; }
            table { border-collapse: collapse; font-size: 0.9em; max-width: 100%; }
            th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; overflow-wrap: break-word; }
            figcaption .settings { display: block; color: #555; font-size: 0.9em; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            th { background: #f3f3f3; } figure.chart { margin: 1em 0; } figure.chart svg { width: 100%; height: auto; }
            .note { color: #555; } code { background: #f3f3f3; padding: 0 0.2em; }
            ul.findings { padding-left: 1.2em; } ul.findings li { margin: 0.2em 0; }
            li.warning::marker, li.error::marker { color: #D55E00; } li.ok::marker { color: #009E73; }
            """;

    private HtmlReport() {}

    public static void write(ReportModel m, PrintWriter out) {
        out.println("<!DOCTYPE html>");
        out.println("<html lang=\"en\"><head><meta charset=\"utf-8\">");
        out.println("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        out.println("<title>" + esc(m.title()) + "</title>");
        out.println("<style>" + STYLE + "</style></head><body>");
        out.println("<h1>" + esc(m.title()) + "</h1>");
        out.println("<p class=\"note\">" + m.results().size() + " results from <code>" + esc(m.database())
                + "</code>" + (m.selections().isEmpty() ? "" : ", selected by <code>"
                + esc(String.join(" ", m.selections())) + "</code>") + "; generated " + esc(m.generatedAt())
                + " by wirespeed. Rates are decimal (1 Gbit/s = 10<sup>9</sup> bit/s), sizes binary.</p>");
        findings(m, out);
        hosts(m.hosts(), out);
        int chart = 0;
        for (ReportModel.Section s : m.sections()) {
            out.println("<section class=\"results\"><h2>" + esc(s.title()) + "</h2>");
            if (s.note() != null) {
                out.println("<p class=\"note\">" + esc(s.note()) + "</p>");
            }
            for (ChartSpec c : s.charts()) {
                chart++;
                out.println("<figure class=\"chart\" id=\"chart-" + chart + "\">");
                out.println(Charts.svg(c));
                out.println("<figcaption>" + esc(c.title()) + (c.caption() == null ? ""
                        : "<span class=\"settings\">" + esc(c.caption()) + "</span>") + "</figcaption></figure>");
                table(c, out);
            }
            out.println("</section>");
        }
        results(m.results(), out);
        out.println("</body></html>");
        out.flush();
    }

    /** The opening: verdicts, warnings and key figures of the runs, before any chart. */
    private static void findings(ReportModel m, PrintWriter out) {
        if (m.findings().isEmpty() && m.leftOut() == null) {
            return;
        }
        out.println("<section class=\"findings\"><h2>Findings</h2><ul class=\"findings\">");
        for (ReportModel.Finding f : m.findings()) {
            String level = f.level().text();
            out.println("<li class=\"" + esc(level) + "\">" + (f.level().prefixed() ? "<strong>" + esc(level)
                    + ":</strong> " : "") + esc(f.text()) + "</li>");
        }
        if (m.leftOut() != null) {
            out.println("<li class=\"info\">" + esc(m.leftOut()) + "</li>");
        }
        out.println("</ul></section>");
    }

    private static void hosts(List<HostSummary> hosts, PrintWriter out) {
        if (hosts.isEmpty()) {
            return;
        }
        out.println("<h2>Hosts</h2><div class=\"table\"><table><tr><th>host</th><th>system</th><th>CPUs</th><th>Java</th><th>wirespeed</th>"
                + "<th>details</th></tr>");
        for (HostSummary h : hosts) {
            StringBuilder details = new StringBuilder();
            h.details().forEach((k, v) -> details.append(esc(k)).append(": ").append(esc(v)).append("<br>"));
            out.println("<tr><td>" + esc(h.hostName()) + "</td><td>" + esc(h.os() + " " + h.kernel() + " " + h.arch())
                    + "</td><td class=\"n\">" + h.logicalCpus() + "</td><td>" + esc(h.javaVersion()) + "</td><td>"
                    + esc(h.wirespeedVersion()) + "</td><td>" + details + "</td></tr>");
        }
        out.println("</table></div>");
    }

    /**
     * The numbers of a chart: one row per x value (a bar chart's category), one column per series.
     * Wide tables scroll inside their box, so they never widen the page.
     */
    private static void table(ChartSpec c, PrintWriter out) {
        int d = decimals(c);
        out.print("<div class=\"table\"><table class=\"data\"><tr><th>" + esc(c.bars() ? c.yLabel() : c.xLabel())
                + "</th>");
        for (int i = 0; i < c.series().size(); i++) {
            out.print("<th" + (c.onSecondary(i) ? " class=\"y2\"" : "") + ">" + esc(c.series().get(i).name()) + "</th>");
        }
        out.println("</tr>");
        TreeSet<Double> xs = new TreeSet<>();
        c.series().forEach(s -> s.points().forEach(p -> xs.add(p[0])));
        for (double x : xs) {
            out.print(c.bars() ? "<tr><td>" + esc(c.categories().get((int) x)) + "</td>"
                    : "<tr><td class=\"n\">" + xText(c, x) + "</td>");
            for (int i = 0; i < c.series().size(); i++) {
                boolean second = c.onSecondary(i);
                String v = c.series().get(i).points().stream().filter(p -> p[0] == x).findFirst()
                        .map(p -> second ? num(p[1], 3) : cell(c, p[1], d)).orElse("-");
                out.print("<td class=\"n" + (second ? " y2" : "") + "\">" + v + "</td>");
            }
            out.println("</tr>");
        }
        out.println("</table></div>");
    }

    /** A value as its axis reads it: a rate with its decimal prefix and unit ("202 Mbit/s"), else a number. */
    private static String cell(ChartSpec c, double v, int decimals) {
        return c.yRate() != null ? esc(Charts.RateFormat.format(v, c.yRate())) : num(v, decimals);
    }

    private static void results(List<StoredResult> results, PrintWriter out) {
        out.println("<h2>All results</h2><div class=\"table\"><table><tr><th>id</th><th>saved (UTC)</th><th>status</th>"
                + "<th>tool</th><th>test</th><th>peer (server)</th><th>labels</th><th>parameters</th><th>result</th></tr>");
        for (StoredResult r : results) {
            out.println("<tr><td class=\"n\">" + r.id() + "</td><td>" + esc(r.createdAt()) + "</td><td>"
                    + esc(r.status().text()) + "</td><td>"
                    + esc(r.measurement().tool() + (r.measurement().toolVersion() == null ? ""
                    : " " + r.measurement().toolVersion())) + "</td><td>" + esc(r.measurement().test()) + "</td><td>"
                    + esc(ResultsText.peerBrief(r)) + "</td><td>"
                    + esc(String.join(", ", r.labels())) + "</td><td>" + esc(ResultsText.paramsOf(r)) + "</td><td>"
                    + esc(ResultsText.headline(r)) + "</td></tr>");
        }
        out.println("</table></div>");
    }

    /**
     * One precision per table: three significant digits of its largest value, so 24.70 and
     * 9.41 share a column's decimals instead of each finding its own.
     */
    static int decimals(ChartSpec c) {
        double max = c.series().stream().flatMap(s -> s.points().stream()).mapToDouble(p -> Math.abs(p[1])).max()
                .orElse(0);
        double min = c.series().stream().flatMap(s -> s.points().stream()).mapToDouble(p -> Math.abs(p[1]))
                .filter(v -> v > 0).min().orElse(max);
        if (c.yLog() || min < max / 100) {
            return -1; // values spanning decades: each to three significant digits
        }
        if (max == 0) {
            return 0;
        }
        return Math.clamp(2 - (int) Math.floor(Math.log10(max)), 0, 4);
    }

    private static String num(double v, int decimals) {
        // decimals < 0: a chart spanning decades, each value to three significant digits
        return decimals < 0 ? Numbers.significant(v, 3) : Numbers.fixed(v, decimals);
    }

    /** The x value as the axis labels it: a size "64 KiB", a rate "200 Mbit/s", a percentile "99.9 %", else the number. */
    private static String xText(ChartSpec c, double x) {
        return switch (c.x()) {
            case SIZE_LOG2 -> ByteSize.formatExact(Math.round(x));
            case RATE -> esc(Charts.RateFormat.format(x, "bit/s"));
            case NINES -> new BigDecimal(100 * (1 - Math.pow(10, -x))).round(new MathContext(5))
                    .stripTrailingZeros().toPlainString() + " %";
            case TIME, LINEAR -> Numbers.plain(Math.round(x * 1000) / 1000.0);
        };
    }

    /** Escapes text for HTML element content and attribute values (the mesh report uses it too). */
    public static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
