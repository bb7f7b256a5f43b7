package dev.wirespeed.report;

import dev.wirespeed.units.Numbers;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * `results compare` as text: one row per parameter point, A, B and A / B; repeated points show
 * their range (lowest–highest) and "within noise" when the two ranges overlap.
 */
public final class CompareText {
    private CompareText() {}

    public static void print(Comparison c, PrintWriter out, String note) {
        MetricScale scale = MetricScale.of(c.metric());
        out.println("compare " + (c.test() == null ? "" : c.test() + " ") + MetricScale.title(c.metric()) + ": A = "
                + c.a() + ", B = " + c.b() + (c.keys().isEmpty() ? "" : ", per " + String.join(" × ", c.keys()))
                + "; repetitions averaged (count and range in parentheses)");
        List<String> header = new ArrayList<>(c.keys().isEmpty() ? List.of("point") : c.keys());
        String unit = scale.unit().isEmpty() ? "" : " " + scale.unit();
        header.add(c.a() + unit);
        header.add(c.b() + unit);
        header.add("ratio A/B");
        boolean verdicts = c.rows().stream().anyMatch(r -> r.verdict() != null);
        if (verdicts) {
            header.add("note");
        }
        TextTable t = new TextTable(header);
        for (Comparison.Row r : c.rows()) {
            List<String> cells = new ArrayList<>(c.keys().isEmpty() ? List.of("all") : r.point().values());
            cells.add(side(scale, r.valueA(), r.countA(), r.minA(), r.maxA()));
            cells.add(side(scale, r.valueB(), r.countB(), r.minB(), r.maxB()));
            cells.add(r.ratio() == null ? "-" : Numbers.fixed(r.ratio(), 2));
            if (verdicts) {
                cells.add(r.verdict() == null ? "" : r.verdict());
            }
            t.row(cells);
        }
        t.print(out, "  ");
        if (note != null) {
            out.println("note: " + note);
        }
        out.flush();
    }

    private static String side(MetricScale scale, Double mean, int count, Double min, Double max) {
        if (mean == null) {
            return "-";
        }
        String v = scale.number(mean);
        if (count > 1 && min != null) {
            return v + " (" + count + ", " + scale.number(min) + "–" + scale.number(max) + ")";
        }
        return v;
    }
}
