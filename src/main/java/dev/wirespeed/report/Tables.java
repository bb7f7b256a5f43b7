package dev.wirespeed.report;

import dev.wirespeed.guard.Printable;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Left-aligned text tables from rows of column → value; absent values print "-". */
final class Tables {
    private Tables() {}

    static List<String> render(List<Map<String, String>> rows, int maxCellChars) {
        Set<String> columns = new LinkedHashSet<>();
        rows.forEach(r -> columns.addAll(r.keySet()));
        List<String> cols = new ArrayList<>(columns);
        int[] width = new int[cols.size()];
        for (int c = 0; c < cols.size(); c++) {
            width[c] = cols.get(c).length();
            for (Map<String, String> r : rows) {
                width[c] = Math.max(width[c], cell(r.get(cols.get(c)), maxCellChars).length());
            }
        }
        List<String> out = new ArrayList<>();
        out.add(line(cols, width));
        for (Map<String, String> r : rows) {
            List<String> cells = new ArrayList<>();
            for (String c : cols) {
                cells.add(cell(r.get(c), maxCellChars));
            }
            out.add(line(cells, width));
        }
        return out;
    }

    private static String cell(String v, int max) {
        if (v == null) {
            return "-";
        }
        String s = Printable.whole(v.replace('\n', ' '));
        return s.length() > max ? s.substring(0, max - 1) + "…" : s;
    }

    private static String line(List<String> cells, int[] width) {
        StringBuilder b = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                b.append("  ");
            }
            b.append(cells.get(c));
            if (c < cells.size() - 1) {
                b.append(" ".repeat(Math.max(0, width[c] - cells.get(c).length())));
            }
        }
        return b.toString().stripTrailing();
    }
}
