package dev.wirespeed.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** `results compare` as text: one row per parameter point, A, B and A / B. */
public final class CompareText {
    private CompareText() {}

    public static void print(Comparison c, PrintWriter out) {
        MetricScale scale = MetricScale.of(c.metric());
        out.println("compare " + MetricScale.title(c.metric()) + ": A = " + c.a() + ", B = " + c.b()
                + (c.keys().isEmpty() ? "" : ", per " + String.join(" × ", c.keys()))
                + "; repetitions averaged");
        List<String> header = new ArrayList<>(c.keys().isEmpty() ? List.of("point") : c.keys());
        String unit = scale.unit().isEmpty() ? "" : " " + scale.unit();
        header.add(c.a() + unit);
        header.add(c.b() + unit);
        header.add("ratio A/B");
        TextTable t = new TextTable(header);
        for (Comparison.Row r : c.rows()) {
            List<String> cells = new ArrayList<>(c.keys().isEmpty() ? List.of("all") : r.point().values());
            cells.add(r.valueA() == null ? "-" : scale.number(r.valueA()) + runs(r.countA()));
            cells.add(r.valueB() == null ? "-" : scale.number(r.valueB()) + runs(r.countB()));
            cells.add(r.ratio() == null ? "-" : String.format(Locale.ROOT, "%.2f", r.ratio()));
            t.row(cells);
        }
        t.print(out, "  ");
        out.flush();
    }

    private static String runs(int n) {
        return n > 1 ? " (" + n + ")" : "";
    }
}
