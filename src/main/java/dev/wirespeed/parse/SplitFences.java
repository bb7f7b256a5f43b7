package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;

/**
 * One output a writer kept in several Markdown code fences with prose between: a notes page that quotes fio's job line
 * in one fence, its result head in the next and the IOPS line in a third, a table of notes under each (parse/fio README,
 * round 17b; heldout13's "one fio run spread over six fences" is that shape). Apart, the fences lose what ties them: the
 * job's name, rw and engine are on the job line, the numbers under a head of their own. Two neighbouring fences (or runs
 * of fences already joined) are read as one when
 * <ul>
 * <li>the second starts with no command of its own (no prompt, no bare command line);</li>
 * <li>what stands between them is prose: at most {@link #MAX_BETWEEN} lines, no command, nothing a parser reads;</li>
 * <li>the first is read by no block alone (a head without its body: a job line, a result head) and read together their
 * lines are read further than the second alone ({@code covered}: how many lines of some lines the parsers' blocks take):
 * the second fence goes on with the first one's output. A first fence that is an output of its own stays apart (a join
 * there could carry one output's head into the next one's), and so does a command's fence before its output's.</li>
 * </ul>
 * A joined pair loses the closing fence, the prose and the opening fence between them: the lines read as printed.
 */
final class SplitFences {
    /** The most lines of prose between two fences of one output (a table of notes under each quoted line). */
    static final int MAX_BETWEEN = 20;
    /**
     * A fence's line: three or more backticks or tildes, then an info string at most ("```text", "``` {style=…}",
     * "~~~"); CommonMark 0.31 "Fenced code blocks": a backtick fence's info string holds no backtick.
     */
    private static final Pattern FENCE = Pattern.compile("\\s*(?:`{3,}[^`]*|~{3,}.*)");

    private SplitFences() {
    }

    /** A fence's content rows, from the row after its opening line to the row before its closing line. */
    private record Fence(int open, int close) {
    }

    /**
     * The rows with the fences of one output joined.
     *
     * @param covered   how many of some lines the parsers' blocks take (0 for none)
     * @param isCommand whether a line is a command (a prompt's line, a bare command line)
     */
    static List<PasteRepair.Row> join(List<PasteRepair.Row> rows, ToIntFunction<List<String>> covered, Predicate<String> isCommand) {
        List<Fence> fences = fences(rows);
        if (fences.size() < 2) {
            return rows;
        }
        // groups of neighbouring fences read as one: the first and last fence of each
        List<int[]> groups = new ArrayList<>();
        for (int f = 0; f < fences.size(); f++) {
            groups.add(new int[] {f, f});
        }
        boolean[] joined = new boolean[fences.size()]; // fence f joined to fence f - 1
        boolean changed = true;
        for (int pass = 0; changed && pass < fences.size(); pass++) {
            changed = false;
            for (int g = 0; g + 1 < groups.size(); g++) {
                int[] a = groups.get(g);
                int[] b = groups.get(g + 1);
                if (belongTogether(rows, fences, a, b, covered, isCommand)) {
                    joined[b[0]] = true;
                    groups.set(g, new int[] {a[0], b[1]});
                    groups.remove(g + 1);
                    g--; // the joined run against the next fence
                    changed = true;
                }
            }
        }
        boolean[] drop = new boolean[rows.size()];
        boolean any = false;
        for (int f = 1; f < fences.size(); f++) {
            if (joined[f]) {
                for (int r = fences.get(f - 1).close(); r <= fences.get(f).open(); r++) {
                    drop[r] = true;
                }
                any = true;
            }
        }
        if (!any) {
            return rows;
        }
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        for (int r = 0; r < rows.size(); r++) {
            if (!drop[r]) {
                out.add(rows.get(r));
            }
        }
        return out;
    }

    private static boolean belongTogether(List<PasteRepair.Row> rows, List<Fence> fences, int[] a, int[] b,
            ToIntFunction<List<String>> covered, Predicate<String> isCommand) {
        Fence last = fences.get(a[1]);
        Fence next = fences.get(b[0]);
        if (last.close() >= rows.size()) {
            return false; // the first fence never closed
        }
        List<String> between = texts(rows, last.close() + 1, next.open());
        if (between.stream().filter(l -> !l.isBlank()).count() > MAX_BETWEEN || between.stream().anyMatch(l -> isCommand.test(l.strip()))
                || covered.applyAsInt(between) > 0) {
            return false;
        }
        List<String> second = contents(rows, fences, b);
        String head = second.stream().filter(l -> !l.isBlank()).findFirst().orElse(null);
        if (head == null || isCommand.test(head.strip())) {
            return false;
        }
        List<String> first = contents(rows, fences, a);
        if (first.stream().allMatch(String::isBlank)) {
            return false;
        }
        if (covered.applyAsInt(first) > 0) {
            return false; // the first fence is an output of its own: a head without its body is read by no block
        }
        List<String> both = new ArrayList<>(first);
        both.addAll(second);
        return covered.applyAsInt(both) > covered.applyAsInt(second);
    }

    /** The content lines of fences {@code g[0]..g[1]}, one after the other. */
    private static List<String> contents(List<PasteRepair.Row> rows, List<Fence> fences, int[] g) {
        List<String> out = new ArrayList<>();
        for (int f = g[0]; f <= g[1]; f++) {
            out.addAll(texts(rows, fences.get(f).open() + 1, Math.min(fences.get(f).close(), rows.size())));
        }
        return out;
    }

    private static List<String> texts(List<PasteRepair.Row> rows, int from, int to) {
        List<String> out = new ArrayList<>(Math.max(0, to - from));
        for (int r = from; r < to; r++) {
            out.add(rows.get(r).text());
        }
        return out;
    }

    /** The fences in order; one left open runs to the end ({@code close} = the row count). */
    private static List<Fence> fences(List<PasteRepair.Row> rows) {
        List<Fence> out = new ArrayList<>();
        int open = -1;
        for (int r = 0; r < rows.size(); r++) {
            String t = rows.get(r).text();
            if ((t.indexOf('`') >= 0 || t.indexOf('~') >= 0) && FENCE.matcher(t).matches()) {
                if (open < 0) {
                    open = r;
                } else {
                    out.add(new Fence(open, r));
                    open = -1;
                }
            }
        }
        if (open >= 0) {
            out.add(new Fence(open, rows.size()));
        }
        return out;
    }
}
