package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * pdsh's and clush's host before each line when the hosts' names differ by more than a number ("io: ", "thebe: ",
 * "elara: ", "leda: " in the CeroWrt wiki's iperf runs, parse/iperf README): {@link RepeatedPrefix} takes a prefix
 * the same on a run of lines (numbered hosts count as one), so two lines per host never make a run there. Here a run
 * of lines that each start with a host's name and ": " (blank lines between them allowed) is taken when it names at
 * least two hosts, each on two lines or more (a "Key: value" output names each key once: ethtool's "Speed:",
 * "Duplex:"), and more of its lines start a known format without the names than with them, none of its first
 * {@value RepeatedPrefix#RUN} did with them. Each host's lines then go together, in the order the hosts first
 * appear, a blank line between two hosts; each line keeps its number in the paste and its host as its prefix.
 */
final class ParallelShellHosts {
    /** A host's name before a line: a letter, then letters, digits, '.', '_' or '-', ':' and a blank. */
    private static final Pattern HOST = Pattern.compile("([A-Za-z][\\w.-]{0,62}): (.*)");
    /** The fewest lines a host has in a run. */
    static final int LINES_PER_HOST = 2;

    private ParallelShellHosts() {
    }

    static List<PasteRepair.Row> strip(List<PasteRepair.Row> rows, ToIntFunction<List<String>> parsersStart, Predicate<String> command) {
        ToIntFunction<List<String>> starts = RepeatedPrefix.withCommands(parsersStart, command);
        List<PasteRepair.Row> out = null;
        int i = 0;
        while (i < rows.size()) {
            int end = i;
            int last = i; // after the run's last line with a host
            while (end < rows.size() && (rows.get(end).blank() && end > i || HOST.matcher(rows.get(end).text()).matches())) {
                end++;
                if (!rows.get(end - 1).blank()) {
                    last = end;
                }
            }
            List<PasteRepair.Row> together = last - i >= 2 * LINES_PER_HOST ? together(rows.subList(i, last), starts) : null;
            if (together == null) {
                if (out != null) {
                    out.add(rows.get(i));
                }
                i++;
                continue;
            }
            if (out == null) {
                out = new ArrayList<>(rows.subList(0, i));
            }
            out.addAll(together);
            i = last;
        }
        return out == null ? rows : out;
    }

    /** The run's lines without their hosts, each host's together; null when the run is no parallel shell's. */
    private static List<PasteRepair.Row> together(List<PasteRepair.Row> run, ToIntFunction<List<String>> starts) {
        Map<String, List<PasteRepair.Row>> byHost = new LinkedHashMap<>();
        List<String> before = new ArrayList<>();
        for (PasteRepair.Row r : run) {
            if (r.blank()) {
                continue;
            }
            Matcher m = HOST.matcher(r.text());
            if (!m.matches()) {
                return null;
            }
            before.add(r.text());
            byHost.computeIfAbsent(m.group(1), h -> new ArrayList<>())
                    .add(new PasteRepair.Row(r.number(), m.group(2), r.prefix() + r.text().substring(0, m.start(2)), r.elidedBefore()));
        }
        if (byHost.size() < 2 || byHost.values().stream().anyMatch(lines -> lines.size() < LINES_PER_HOST)) {
            return null;
        }
        List<PasteRepair.Row> together = new ArrayList<>();
        List<String> after = new ArrayList<>();
        for (List<PasteRepair.Row> lines : byHost.values()) {
            if (!together.isEmpty()) {
                together.add(new PasteRepair.Row(lines.getFirst().number(), "", ""));
                after.add("");
            }
            together.addAll(lines);
            lines.forEach(l -> after.add(l.text()));
        }
        List<String> judged = before.subList(0, Math.min(RepeatedPrefix.JUDGED, before.size()));
        int a;
        return starts.applyAsInt(before.subList(0, Math.min(RepeatedPrefix.RUN, before.size()))) == 0
                && (a = starts.applyAsInt(after.subList(0, Math.min(RepeatedPrefix.JUDGED, after.size())))) > 0
                && a > starts.applyAsInt(judged) ? together : null;
    }
}
