package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An output kept in code as one string over many lines (a Python triple-quoted constant, a Go or JavaScript
 * backquoted string), whose lines are the output's but for its edges (parse/*&#47;README, round 17): the first line
 * glued to the opening quotes ({@code LSPCI = """0000:00:1c.4 PCI bridge: …}, {@code X = """[ ID] Interval …}),
 * the last to the closing ones ({@code …  receiver""".splitlines()}), and, in a string that is not raw, the
 * indentation written as {@code \t} ({@code \t\tLnkSta:\tSpeed 5GT/s (downgraded)}). The code before the opening
 * goes when the rest starts a format a parser reads; the closing quotes and the code after them go from a string
 * opened above; a line ending in a backslash inside it is joined to the next (the language's line continuation: a
 * perftest head and row a writer broke so); {@code \t} is a tab again on each line that starts with it, where three or more do (no tool prints
 * a backslash and a "t" at a line's start).
 */
final class RawStringEdges {
    private RawStringEdges() {}

    /** A name assigned, a field or an argument, then a string's opening quotes and what follows them on the line. */
    private static final Pattern OPENING = Pattern.compile(
            "\\s*(?:[\\w$.\\[\\]<>]+\\s+){0,3}[\\w$.\\[\\]]+\\s*(?::=|=|:|\\()\\s*[rRbBuUfF]{0,2}(\"\"\"|'''|`)(.*)");
    /** What may follow the closing quotes: a method call on the string, a separator, a closing. */
    private static final Pattern AFTER_CLOSING = Pattern.compile("(?:\\.\\w+\\([^)\"'`]*\\))*[\\s,;)\\]}]*");
    /** A line starting with an escaped tab. */
    private static final Pattern ESCAPED_TAB = Pattern.compile("\\s*\\\\t.*");
    /** Lines starting with an escaped tab a paste needs before they are read as tabs. */
    static final int TABBED = 3;

    static List<PasteRepair.Row> undo(List<PasteRepair.Row> rows, ToIntFunction<List<String>> starts) {
        List<PasteRepair.Row> out = new ArrayList<>(tabs(rows));
        String open = null;
        boolean changed = out != rows;
        for (int i = 0; i < out.size(); i++) {
            PasteRepair.Row r = out.get(i);
            String t = r.text();
            if (open != null && t.endsWith("\\") && !t.endsWith("\\\\") && i + 1 < out.size() && out.get(i + 1).text().indexOf(open) < 0) {
                // a backslash ending a line inside the string continues it (Python's and C's line continuation): perftest's
                // long head and row a writer broke so are one line again, the next line's indentation kept as the blank
                PasteRepair.Row next = out.remove(i + 1);
                out.set(i, new PasteRepair.Row(r.number(), t.substring(0, t.length() - 1) + next.text(), r.prefix(), r.elidedBefore()));
                changed = true;
                i--;
                continue;
            }
            if (open != null) {
                int close = t.indexOf(open);
                if (close >= 0) {
                    int length = open.length();
                    open = null;
                    String before = t.substring(0, close);
                    if (!before.isBlank() && AFTER_CLOSING.matcher(t.substring(close + length)).matches()) {
                        out.set(i, new PasteRepair.Row(r.number(), before, r.prefix(), r.elidedBefore()));
                        changed = true;
                    }
                }
                continue;
            }
            if (t.indexOf('`') < 0 && !t.contains("\"\"\"") && !t.contains("'''")) {
                continue;
            }
            Matcher m = OPENING.matcher(t);
            if (!m.matches() || m.group(2).contains(m.group(1))) {
                continue; // no opening, or a string that closes on its own line
            }
            open = m.group(1);
            String rest = m.group(2);
            if (!rest.isBlank() && !rest.equals("\\") && starts.applyAsInt(List.of(rest)) > 0) {
                out.set(i, new PasteRepair.Row(r.number(), rest, r.prefix(), r.elidedBefore()));
                changed = true;
            }
        }
        return changed ? out : rows;
    }


    /** Each escaped tab a tab again, on the lines that start with one, where {@value #TABBED} or more do. */
    private static List<PasteRepair.Row> tabs(List<PasteRepair.Row> rows) {
        int tabbed = 0;
        for (PasteRepair.Row r : rows) {
            if (r.text().contains("\\t") && ESCAPED_TAB.matcher(r.text()).matches()) {
                tabbed++;
            }
        }
        if (tabbed < TABBED) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        for (PasteRepair.Row r : rows) {
            out.add(r.text().contains("\\t") && ESCAPED_TAB.matcher(r.text()).matches()
                    ? new PasteRepair.Row(r.number(), r.text().replace("\\t", "\t"), r.prefix(), r.elidedBefore())
                    : r);
        }
        return out;
    }
}
