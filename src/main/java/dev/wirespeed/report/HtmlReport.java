package dev.wirespeed.report;

import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.StoredResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * The report as one HTML file that needs nothing else: styles inline, charts as inline SVG, no
 * scripts, no fonts or images fetched — it opens offline and can be mailed as it is.
 */
public final class HtmlReport {
    private static final String STYLE = """
            body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1100px; color: #222; }
            h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
            table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
            th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; }
            td.n { text-align: right; font-variant-numeric: tabular-nums; }
            th { background: #f3f3f3; } figure.chart { margin: 1em 0; } figure.chart svg { max-width: 100%; height: auto; }
            .note { color: #555; } code { background: #f3f3f3; padding: 0 0.2em; }
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
                out.println("<figcaption>" + esc(c.title()) + "</figcaption></figure>");
                table(c, out);
            }
            out.println("</section>");
        }
        results(m.results(), out);
        out.println("</body></html>");
        out.flush();
    }

    private static void hosts(List<HostSummary> hosts, PrintWriter out) {
        if (hosts.isEmpty()) {
            return;
        }
        out.println("<h2>Hosts</h2><table><tr><th>host</th><th>system</th><th>CPUs</th><th>Java</th><th>wirespeed</th>"
                + "<th>details</th></tr>");
        for (HostSummary h : hosts) {
            StringBuilder details = new StringBuilder();
            h.details().forEach((k, v) -> details.append(esc(k)).append(": ").append(esc(v)).append("<br>"));
            out.println("<tr><td>" + esc(h.hostName()) + "</td><td>" + esc(h.os() + " " + h.kernel() + " " + h.arch())
                    + "</td><td class=\"n\">" + h.logicalCpus() + "</td><td>" + esc(h.javaVersion()) + "</td><td>"
                    + esc(h.wirespeedVersion()) + "</td><td>" + details + "</td></tr>");
        }
        out.println("</table>");
    }

    /** The numbers of a chart: one row per x value (or category), one column per series. */
    private static void table(ChartSpec c, PrintWriter out) {
        out.print("<table class=\"data\"><tr><th>" + esc(c.bars() ? "" : c.xLabel()) + "</th>");
        if (c.bars()) {
            out.print("<th>" + esc(c.yLabel()) + "</th></tr>");
            for (double[] p : c.series().getFirst().points()) {
                out.print("<tr><td>" + esc(c.categories().get((int) p[0])) + "</td><td class=\"n\">" + num(p[1]) + "</td></tr>");
            }
            out.println("</table>");
            return;
        }
        for (ChartSpec.Series s : c.series()) {
            out.print("<th>" + esc(s.name()) + "</th>");
        }
        out.println("</tr>");
        TreeSet<Double> xs = new TreeSet<>();
        c.series().forEach(s -> s.points().forEach(p -> xs.add(p[0])));
        for (double x : xs) {
            out.print("<tr><td class=\"n\">" + num(x) + "</td>");
            for (ChartSpec.Series s : c.series()) {
                String v = s.points().stream().filter(p -> p[0] == x).findFirst().map(p -> num(p[1])).orElse("-");
                out.print("<td class=\"n\">" + v + "</td>");
            }
            out.println("</tr>");
        }
        out.println("</table>");
    }

    private static void results(List<StoredResult> results, PrintWriter out) {
        out.println("<h2>All results</h2><table><tr><th>id</th><th>saved (UTC)</th><th>tool</th><th>test</th>"
                + "<th>labels</th><th>parameters</th><th>result</th></tr>");
        for (StoredResult r : results) {
            out.println("<tr><td class=\"n\">" + r.id() + "</td><td>" + esc(r.createdAt()) + "</td><td>"
                    + esc(r.measurement().tool() + (r.measurement().toolVersion() == null ? ""
                    : " " + r.measurement().toolVersion())) + "</td><td>" + esc(r.measurement().test()) + "</td><td>"
                    + esc(String.join(", ", r.labels())) + "</td><td>" + esc(ResultsText.paramsOf(r)) + "</td><td>"
                    + esc(ResultsText.headline(r)) + "</td></tr>");
        }
        out.println("</table>");
    }

    private static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e12) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : Math.abs(v) >= 1 ? "%.2f" : "%.4f", v);
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
