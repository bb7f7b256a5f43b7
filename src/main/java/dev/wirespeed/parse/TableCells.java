package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An output a page set in a table of one column, a row per line (issue 31, mutate17): a Markdown pipe table
 * ("| output |", "|---|", then "| Settings for eth0: |" …) or a reStructuredText grid table a converter made of a
 * Word document ("+-----+" rules around "| [ 5] 0.00-1.00 sec 3.57 MBytes 30.0 Mbits/sec 2567   |" rows padded to
 * the table's width, a blank row between lines: parse/iperf, the Talaria SDK page). Each row's cell is the line:
 * its bars and padding go ("| " into the row's prefix), the rules go, a blank cell is a blank line (the double
 * spacing it leaves is closed up after). Only a table of one column — its delimiter row or rule holds no inner
 * '|' or '+' — and only rows between its rules or after its delimiter row: a table of columns (a writer's summary
 * of results) and a reST line block ("| " lines with no closing bar) stay as they are.
 */
final class TableCells {
    private TableCells() {}

    /** A Markdown table's delimiter row of one column ("|---|", "| :--- |"). */
    private static final Pattern DELIMITER = Pattern.compile("\\s*\\|\\s*:?-{3,}:?\\s*\\|?\\s*");
    /** A grid table's rule of one column ("+-----+", "+=====+"). */
    private static final Pattern RULE = Pattern.compile("\\s*\\+(?:-{3,}|={3,})\\+\\s*");
    /** A row: a bar, the cell, a closing bar (optional in a Markdown table, GitHub's spec 0.29 198). */
    private static final Pattern ROW = Pattern.compile("\\s*\\|.*");

    static List<PasteRepair.Row> unwrap(List<PasteRepair.Row> rows) {
        if (rows.stream().noneMatch(r -> marks(r.text()))) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        int i = 0;
        while (i < rows.size()) {
            int end = table(rows, i);
            if (end <= i) {
                out.add(rows.get(i++));
                continue;
            }
            for (int k = i; k < end; k++) {
                PasteRepair.Row r = rows.get(k);
                if (!marks(r.text())) {
                    out.add(cell(r));
                }
            }
            i = end;
        }
        return out;
    }

    private static boolean marks(String text) {
        int c = firstNonBlank(text);
        return c >= 0 && (text.charAt(c) == '|' || text.charAt(c) == '+') && (DELIMITER.matcher(text).matches() || RULE.matcher(text).matches());
    }

    /**
     * Where the one-column table starting at row i ends (exclusive), or i when none starts there: a grid table
     * at a rule, its rows closed by a bar at the rule's last column; a Markdown table at a header row followed by
     * a delimiter row. At least two rows of cells.
     */
    private static int table(List<PasteRepair.Row> rows, int i) {
        String first = rows.get(i).text();
        int c = firstNonBlank(first);
        if (c < 0) {
            return i;
        }
        if (first.charAt(c) == '+' && RULE.matcher(first).matches()) {
            int width = first.stripTrailing().length();
            int k = i + 1;
            int cells = 0;
            while (k < rows.size()) {
                String t = rows.get(k).text().stripTrailing();
                if (RULE.matcher(t).matches() && t.length() == width) {
                    k++;
                } else if (t.length() == width && t.endsWith("|") && ROW.matcher(t).matches() && t.indexOf('|') == c) {
                    cells++;
                    k++;
                } else {
                    break;
                }
            }
            return cells >= 2 ? k : i;
        }
        if (first.charAt(c) == '|' && i + 1 < rows.size() && DELIMITER.matcher(rows.get(i + 1).text()).matches()) {
            int k = i + 2;
            while (k < rows.size() && ROW.matcher(rows.get(k).text()).matches()) {
                k++;
            }
            return k - (i + 2) >= 2 ? k : i;
        }
        return i;
    }

    /** The cell's text: the bar and one blank after it into the prefix, the closing bar and the padding gone. */
    private static PasteRepair.Row cell(PasteRepair.Row r) {
        String t = r.text();
        int bar = t.indexOf('|');
        int from = bar + 1 < t.length() && t.charAt(bar + 1) == ' ' ? bar + 2 : bar + 1;
        String rest = t.substring(Math.min(from, t.length())).stripTrailing();
        if (rest.endsWith("|") && !rest.endsWith("\\|")) {
            rest = rest.substring(0, rest.length() - 1).stripTrailing();
        }
        return new PasteRepair.Row(r.number(), rest, r.prefix() + t.substring(0, Math.min(from, t.length())), r.elidedBefore());
    }

    private static int firstNonBlank(String text) {
        for (int c = 0; c < text.length(); c++) {
            if (!Character.isWhitespace(text.charAt(c))) {
                return c;
            }
        }
        return -1;
    }
}
