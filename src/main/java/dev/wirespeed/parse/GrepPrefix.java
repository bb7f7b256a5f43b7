package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes what grep(1) glues before each line it prints when it searched more than one file or was asked
 * for line numbers: the file's name and a colon ("-H", the default over several files), then the line's
 * number and a colon ("-n"; a context line of "-A/-B/-C" has a '-' instead). No blank follows, so
 * {@link RepeatedPrefix} (a prefix ends in a separator and a blank) does not see it: calcky/nslab's qdisc
 * example greps two iperf3 outputs, "/tmp/flow1:[  5]   0.00-10.01 sec  11.5 MBytes  9.64 Mbits/sec  receiver"
 * (parse/iperf README).
 *
 * <p>A run of at least {@value #RUN} consecutive lines each starting with such a name (a path with a '/' or
 * a '.', no blank in it) loses it when more of the run's lines start a known format without it than with
 * it, and none of its first lines did with it (the same judge as {@link RepeatedPrefix}): "eth0: flags=…"
 * has no path, and a kernel line "mlx5_core 0000:08:00.0:" is no line of a run that reads better cut.
 */
final class GrepPrefix {
    private GrepPrefix() {}

    /** Lines a run needs: grep over two files that match once each prints two. */
    static final int RUN = 2;

    /** Lines of a run the parsers are asked about, bounded for a long log (as {@link RepeatedPrefix} does). */
    static final int JUDGED = RepeatedPrefix.JUDGED;

    /** grep's "FILE:" or "FILE:N:" (or "FILE-N-" on a context line): a path with '/' or '.', no blank. */
    private static final Pattern PREFIX = Pattern.compile("^(?=[^\\s:]*[/.])[\\w.~/+@-]+?(?::(?:\\d+:)?|-\\d+-)(?=\\S)");

    /**
     * @param starts how many of some lines start a format a parser reads
     * @param command whether a line is a command line (a prompt, a root shell's "# ethtool …", a known program's bare
     *                command): it counts as a start, as the output under it may start a format only for its
     *                command ("ethtool -S eth0 | grep drop")
     */
    static List<PasteRepair.Row> strip(List<PasteRepair.Row> rows, ToIntFunction<List<String>> starts, Predicate<String> command) {
        ToIntFunction<List<String>> judge = RepeatedPrefix.withCommands(starts, command);
        List<PasteRepair.Row> out = null;
        int i = 0;
        while (i < rows.size()) {
            int end = i;
            while (end < rows.size() && mayHave(rows.get(end).text()) && PREFIX.matcher(rows.get(end).text()).lookingAt()) {
                end++;
            }
            if (end - i < RUN) {
                i = end + 1;
                continue;
            }
            List<String> before = new ArrayList<>();
            List<String> after = new ArrayList<>();
            for (int k = i; k < end && k - i < JUDGED; k++) {
                String t = rows.get(k).text();
                before.add(t);
                after.add(t.substring(cut(t)));
            }
            int a;
            if (judge.applyAsInt(before.subList(0, Math.min(RUN, before.size()))) == 0 && (a = judge.applyAsInt(after)) > 0
                    && a > judge.applyAsInt(before)) {
                if (out == null) {
                    out = new ArrayList<>(rows);
                }
                for (int k = i; k < end; k++) {
                    PasteRepair.Row r = rows.get(k);
                    int at = cut(r.text());
                    out.set(k, new PasteRepair.Row(r.number(), r.text().substring(at), r.prefix() + r.text().substring(0, at),
                            r.elidedBefore()));
                }
            }
            i = end;
        }
        return out == null ? rows : out;
    }

    /** The cheap test first, as this runs on every line of a paste: a '/' or '.' before the first blank, then ':' or '-'. */
    private static boolean mayHave(String line) {
        int blank = line.indexOf(' ');
        int tab = line.indexOf('\t');
        int end = blank < 0 ? tab < 0 ? line.length() : tab : tab < 0 ? blank : Math.min(blank, tab);
        int slash = line.indexOf('/');
        int dot = line.indexOf('.');
        return end > 0 && (slash >= 0 && slash < end || dot >= 0 && dot < end);
    }

    private static int cut(String line) {
        Matcher m = PREFIX.matcher(line);
        return m.lookingAt() ? m.end() : 0;
    }
}
