package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Takes a terminal multiplexer's pane border out of a paste copied off its screen. tmux and screen draw the
 * border between two panes side by side as one column of '│' (tmux's default), '┃' (a heavy border style) or
 * '|' (screen, tmux with pane-border-lines set to simple; only after the first column) on every row of the window, so a copy of the screen
 * carries it at the same column on every line: before every line (the right pane copied with its border),
 * after every line (the left pane with its border), or between the two panes' halves of each line
 * (parse/host, the tmux side-by-side capture). A run of at least {@value #RUN} lines with the same border
 * character at the same column loses it; when both sides hold text, the left pane's lines come first and the
 * right pane's after them, a blank line between, each line keeping its number in the paste. Only when more of
 * the run's lines (its first {@value #JUDGED}) start a format a parser reads after than before: a table whose
 * columns are ruled with '|' or '│' stays as it is.
 */
final class PaneBorder {
    private PaneBorder() {}

    /** Lines a border must run down. */
    static final int RUN = 3;
    /** Lines of a run the parsers are asked about. */
    static final int JUDGED = RepeatedPrefix.JUDGED;
    /** The widest screen looked at: a border stands within it. */
    static final int WIDEST = 400;

    static List<PasteRepair.Row> split(List<PasteRepair.Row> rows, ToIntFunction<List<String>> starts) {
        List<PasteRepair.Row> out = null;
        int i = 0;
        while (i < rows.size()) {
            String text = rows.get(i).text();
            int end = i + 1;
            boolean done = false;
            for (int c = 0; c < Math.min(text.length(), WIDEST) && !done; c++) {
                char border = text.charAt(c);
                if (!isBorder(border) || border == '|' && c == 0) {
                    // "| " before every line is a reST line block's or a quote's, whose continuation lines
                    // lineBlocks joins first; RepeatedPrefix takes it off as a prefix
                    continue;
                }
                int e = i + 1;
                while (e < rows.size() && at(rows.get(e).text(), c) == border) {
                    e++;
                }
                if (e - i < RUN) {
                    continue;
                }
                List<PasteRepair.Row> panes = panes(rows.subList(i, e), c);
                if (!panes.isEmpty() && better(rows.subList(i, e), panes, starts)) {
                    out = out == null ? new ArrayList<>(rows.subList(0, i)) : out;
                    out.addAll(panes);
                    end = e;
                    done = true;
                }
            }
            if (!done && out != null) {
                out.add(rows.get(i));
            }
            i = done ? end : i + 1;
        }
        return out == null ? rows : out;
    }

    private static boolean isBorder(char c) {
        return c == '\u2502' || c == '\u2503' || c == '|';
    }

    private static char at(String text, int column) {
        return column < text.length() ? text.charAt(column) : 0;
    }

    /** The run's lines without the border: the left pane's, then (when it holds text) the right pane's. */
    private static List<PasteRepair.Row> panes(List<PasteRepair.Row> run, int column) {
        List<PasteRepair.Row> left = new ArrayList<>();
        List<PasteRepair.Row> right = new ArrayList<>();
        boolean leftText = false;
        boolean rightText = false;
        // a pane's text starts right after the border on some line (tmux draws no margin); a label's separator is
        // always followed by a blank
        boolean padless = false;
        for (PasteRepair.Row r : run) {
            String l = r.text().substring(0, column).stripTrailing();
            String rt = r.text().substring(column + 1);
            leftText |= !l.isBlank();
            rightText |= !rt.isBlank();
            padless |= !rt.isEmpty() && !Character.isWhitespace(rt.charAt(0));
            left.add(new PasteRepair.Row(r.number(), l, r.prefix(), r.elidedBefore()));
            right.add(new PasteRepair.Row(r.number(), rt, r.prefix() + r.text().substring(0, column + 1), r.elidedBefore()));
        }
        if (!rightText) {
            return left;
        }
        if (!padless) {
            // "name  | " before every line is a label (docker compose's, avocado's), "    | " an indented reST line
            // block: RepeatedPrefix's and lineBlocks' to take off
            return List.of();
        }
        if (!leftText) {
            return right;
        }
        List<PasteRepair.Row> both = new ArrayList<>(left);
        both.add(new PasteRepair.Row(run.getLast().number(), "", run.getLast().prefix(), false));
        both.addAll(right);
        return both;
    }

    private static boolean better(List<PasteRepair.Row> run, List<PasteRepair.Row> panes, ToIntFunction<List<String>> starts) {
        List<String> before = run.stream().limit(JUDGED).map(PasteRepair.Row::text).toList();
        List<String> after = new ArrayList<>();
        // both panes' heads are judged: the right pane's output may start only further down the list
        int leftLines = Math.min(run.size(), panes.size());
        panes.stream().limit(Math.min(leftLines, JUDGED)).map(PasteRepair.Row::text).forEach(after::add);
        if (panes.size() > run.size()) {
            panes.subList(run.size() + 1, panes.size()).stream().limit(JUDGED).map(PasteRepair.Row::text).forEach(after::add);
        }
        int a = starts.applyAsInt(after);
        return a > 0 && a > starts.applyAsInt(before);
    }
}
