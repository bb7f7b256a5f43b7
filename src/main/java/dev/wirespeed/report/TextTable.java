package dev.wirespeed.report;

import dev.wirespeed.guard.Printable;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Columns padded to their widest cell; numbers right-aligned, text left-aligned. */
public final class TextTable {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(List<String> header) {
        this.header = List.copyOf(header);
    }

    /** A row; each cell is shown through {@link Printable#whole} (a stored or pasted word may hold anything). */
    public TextTable row(List<String> cells) {
        rows.add(cells.stream().map(c -> c == null ? "" : Printable.whole(c)).toList());
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    public void print(PrintWriter out, String indent) {
        int n = header.size();
        int[] width = new int[n];
        boolean[] numeric = new boolean[n];
        Arrays.fill(numeric, true);
        for (int c = 0; c < n; c++) {
            width[c] = header.get(c).length();
        }
        for (List<String> r : rows) {
            for (int c = 0; c < n; c++) {
                String v = c < r.size() ? r.get(c) : "";
                width[c] = Math.max(width[c], v.length());
                numeric[c] &= v.equals("-") || v.matches("[-+]?[\\d.]+(e[-+]?\\d+)?%?( \\(\\d+(, [\\d.]+–[\\d.]+)?\\))?");
            }
        }
        line(out, indent, header, width, new boolean[n]);
        for (List<String> r : rows) {
            line(out, indent, r, width, numeric);
        }
    }

    private static void line(PrintWriter out, String indent, List<String> cells, int[] width, boolean[] right) {
        StringBuilder b = new StringBuilder(indent);
        for (int c = 0; c < width.length; c++) {
            String v = c < cells.size() ? cells.get(c) : "";
            String pad = " ".repeat(width[c] - v.length());
            b.append(right[c] ? pad + v : v + (c == width.length - 1 ? "" : pad));
            if (c < width.length - 1) {
                b.append("  ");
            }
        }
        out.println(b.toString().stripTrailing());
    }
}
