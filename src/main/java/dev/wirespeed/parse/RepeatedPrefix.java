package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;

/**
 * Removes what a log, a page or a reviewer put before every line of a pasted output when it is the
 * same on a run of lines and what is under it reads better: a Kubernetes e2e log's "Client on
 * 172.24.0.5:  " (kubernetes#94005), docker compose's "svc-1  | ", kubectl's "[pod/name] ", a code
 * comment ("  # ", "// "), a line-number gutter ("  12 | ", "12:"), a numbered list ("3. "), a
 * timestamp every line carries ("2024-05-01T10:00:00.123Z ", "Dec 05 10:00:01 host kernel: ").
 *
 * <p>A prefix is the start of a line up to a separator followed by a blank (or the line's end): a
 * word ending in ':', '|', ']', ')', '>' or '#', the words "//", "--", "-", "*", a number with '.'
 * ("3."), a number alone before a tab (cat -n's and nl's gutter), or a time ("10:00:01", "2024-05-01T10:00:00.123Z"). Lines share it when they are equal up to it
 * with every number (and the blanks before it) counted as one digit, so "[  9]" and "[ 10]", "Dec  5"
 * and "Dec 15", or consecutive timestamps and line numbers match. A run of at least {@value #RUN} non-blank
 * lines sharing a prefix loses it (the separator and one blank after it; the indentation after that
 * stays) only when more of the run's lines start a known format without it than with it ({@code starts},
 * judged on the run's first {@value #JUDGED} lines; a run whose first {@value #RUN} lines already start a format keeps its prefix): a kernel log whose journalctl prefix its reader
 * reads, or iperf3's "[  5]" rows, stay as they are.
 */
final class RepeatedPrefix {
    private RepeatedPrefix() {}

    /** Lines a run of the same prefix needs. */
    static final int RUN = 3;
    /** Lines of a run the parsers are asked about: enough to see a format start, bounded for a long log. */
    static final int JUDGED = 24;
    /** The longest prefix looked for (a Kubernetes pod's name and a timestamp fit). */
    static final int LONGEST = 96;
    /** Separators looked at per line: the shortest prefixes first, as an outer prefix is shorter than an inner one. */
    static final int CANDIDATES = 6;

    static List<PasteRepair.Row> strip(List<PasteRepair.Row> rows, ToIntFunction<List<String>> starts) {
        return strip(rows, starts, line -> false);
    }

    /**
     * @param command whether a line is a command line: it counts as a start, as the output under it may start a
     *                format only for its command (a cat -n gutter before "$ ethtool -S eth0 | grep allowance" and
     *                two counter lines; the judge {@link GrepPrefix} uses)
     */
    static List<PasteRepair.Row> strip(List<PasteRepair.Row> rows, ToIntFunction<List<String>> parsersStart, Predicate<String> command) {
        ToIntFunction<List<String>> starts = withCommands(parsersStart, command);
        List<PasteRepair.Row> out = new ArrayList<>(rows);
        // each line normalized once: a run is extended once per candidate prefix (rows before i are not looked at
        // again, and a stripped run is skipped whole, so an entry never goes stale)
        Norm[] norms = new Norm[out.size()];
        int i = 0;
        int released = 0;
        // prefixes already stripped from a run: docker compose interleaves its services' lines, so a service's
        // last lines may come one or two at a time between another's (parse/iperf README, the goodput-testing
        // README); they lose the same prefix without a run of their own
        Set<String> stripped = new HashSet<>();
        // runs whose prefix names hosts (pdsh's, clush's "node01: "), with each line's host: put apart after the scan
        List<int[]> hostRuns = new ArrayList<>();
        List<String[]> hostsOfRuns = new ArrayList<>();
        while (i < out.size()) {
            while (released < i) {
                norms[released++] = null; // behind the scan: never asked again (a large paste's memory)
            }
            String text = out.get(i).text();
            if (text.isBlank() || text.length() < 3) {
                i++;
                continue;
            }
            Norm head = norm(norms, out, i);
            int next = i + 1;
            boolean done = false;
            for (int key : head.boundaries()) {
                String prefix = head.text.substring(0, key);
                int end = i + 1;
                while (end < out.size() && end - i < 100_000 && norm(norms, out, end).sharedBy(prefix) >= 0) {
                    end++;
                }
                boolean known = stripped.contains(prefix);
                if (end - i < RUN && !known) {
                    continue;
                }
                next = Math.max(next, end);
                List<String> before = new ArrayList<>();
                List<String> after = new ArrayList<>();
                for (int k = i; k < end && k - i < JUDGED; k++) {
                    String t = out.get(k).text();
                    before.add(t);
                    after.add(t.substring(cut(t, norm(norms, out, k).sharedBy(prefix))));
                }
                // cheapest first (this runs on every run of a large paste): a run whose first lines a parser already
                // reads keeps its prefix; then the stripped lines must start something; then more of them than before
                int a;
                if (known || starts.applyAsInt(before.subList(0, Math.min(RUN, before.size()))) == 0 && (a = starts.applyAsInt(after)) > 0
                        && a > starts.applyAsInt(before)) {
                    stripped.add(prefix);
                    String[] hosts = new String[end - i];
                    for (int k = i; k < end; k++) {
                        PasteRepair.Row r = out.get(k);
                        int at = cut(r.text(), norm(norms, out, k).sharedBy(prefix));
                        hosts[k - i] = r.text().substring(0, at).strip();
                        out.set(k, new PasteRepair.Row(r.number(), r.text().substring(at), r.prefix() + r.text().substring(0, at),
                                r.elidedBefore()));
                    }
                    hostRuns.add(new int[] {i, end});
                    hostsOfRuns.add(hosts);
                    next = end;
                    done = true;
                    break;
                }
            }
            i = done ? next : Math.max(i + 1, next);
        }
        for (int r = hostRuns.size() - 1; r >= 0; r--) { // from the last, so the earlier runs' indexes hold
            apart(out, hostRuns.get(r)[0], hostRuns.get(r)[1], hostsOfRuns.get(r));
        }
        return out;
    }

    /** A judge of lines that counts a command line as a start too, besides the lines a parser starts a format on. */
    static ToIntFunction<List<String>> withCommands(ToIntFunction<List<String>> parsersStart, Predicate<String> command) {
        return lines -> parsersStart.applyAsInt(lines) + (int) lines.stream().map(String::strip)
                .filter(l -> !l.isEmpty() && command.test(l)).count();
    }

    /** A parallel shell's host before a line: a name that starts with a letter, then ':' ("node01:", "gpu-a17.cluster:"). */
    private static final Pattern HOST = Pattern.compile("[A-Za-z][\\w.-]*:");

    /**
     * pdsh and clush print each host's lines as they come, so two hosts' outputs interleave ("n1: CA 'mlx5_0'",
     * "n2: CA 'mlx5_0'", "n1: \tCA type: …"); their numbered names share one prefix here (numbers count as one digit).
     * When the stripped prefixes of a run are host names, at least two, and their lines interleave, each host's lines
     * are put together in the order the hosts first appear, a blank line between two hosts (so no block runs from
     * one host's output into the next); each line keeps its number in the paste.
     */
    private static void apart(List<PasteRepair.Row> rows, int from, int to, String[] hosts) {
        Map<String, List<PasteRepair.Row>> byHost = new LinkedHashMap<>();
        int changes = 0;
        for (int k = from; k < to; k++) {
            String host = hosts[k - from];
            if (!HOST.matcher(host).matches()) {
                return;
            }
            changes += k > from && !host.equals(hosts[k - from - 1]) ? 1 : 0;
            byHost.computeIfAbsent(host, h -> new ArrayList<>()).add(rows.get(k));
        }
        if (byHost.size() < 2 || changes < byHost.size()) {
            return; // one host, or each host's lines already together
        }
        List<PasteRepair.Row> together = new ArrayList<>();
        for (List<PasteRepair.Row> lines : byHost.values()) {
            if (!together.isEmpty()) {
                together.add(new PasteRepair.Row(lines.getFirst().number(), "", ""));
            }
            together.addAll(lines);
        }
        List<PasteRepair.Row> run = rows.subList(from, to);
        run.clear();
        run.addAll(together);
    }

    private static Norm norm(Norm[] norms, List<PasteRepair.Row> rows, int k) {
        Norm n = norms[k];
        if (n == null) {
            n = norms[k] = Norm.of(rows.get(k).text());
        }
        return n;
    }

    /** Where the line's text begins after a prefix ending at {@code sep} (exclusive): one blank after it goes. */
    private static int cut(String line, int sep) {
        return sep < line.length() && (line.charAt(sep) == ' ' || line.charAt(sep) == '\t') ? sep + 1 : sep;
    }

    /**
     * A line with each number, and the blanks before it, as one '0'; {@code rawEnd[k]} is where the
     * character that gave normalized character k ends in the line.
     */
    private record Norm(String text, int[] rawEnd, String raw) {
        static Norm of(String raw) {
            int n = Math.min(raw.length(), LONGEST + 1);
            StringBuilder out = new StringBuilder(n);
            int[] ends = new int[n];
            int i = 0;
            while (i < n) {
                int j = i;
                while (j < n && raw.charAt(j) == ' ') {
                    j++;
                }
                if (j < n && Character.isDigit(raw.charAt(j))) {
                    while (j < n && Character.isDigit(raw.charAt(j))) {
                        j++;
                    }
                    ends[out.length()] = j;
                    out.append('0');
                    i = j;
                } else {
                    ends[out.length()] = i + 1;
                    out.append(raw.charAt(i));
                    i++;
                }
            }
            return new Norm(out.toString(), Arrays.copyOf(ends, out.length()), raw);
        }

        /** Normalized ends of the prefixes of this line: after each separator a blank or the line's end follows. */
        List<Integer> boundaries() {
            List<Integer> out = new ArrayList<>();
            int wordStart = 0;
            String before = ""; // the word before this one (normalized), for a zone or year after a time
            for (int k = 0; k < text.length() && out.size() < CANDIDATES; k++) {
                char c = text.charAt(k);
                if (c == ' ' || c == '\t') {
                    wordStart = k + 1;
                    continue;
                }
                int rawAfter = rawEnd[k];
                boolean blankAfter = rawAfter >= raw.length() ? rawAfter == raw.length() && k + 1 == text.length()
                        : raw.charAt(rawAfter) == ' ' || raw.charAt(rawAfter) == '\t';
                if (!blankAfter || rawAfter > LONGEST) {
                    continue;
                }
                String word = text.substring(wordStart, k + 1);
                // a line number alone before a tab: cat -n's and nl's gutter ("     12\tSpeed: …"), a tab-separated copy of
                // a numbered listing; a number before blanks is a column of the output (perftest's, nccl-tests' rows)
                if (separator(word) || word.equals("0") && rawAfter < raw.length() && raw.charAt(rawAfter) == '\t'
                        || afterTime(before, word, raw.substring(rawStart(k), rawAfter))) {
                    out.add(k + 1);
                }
                // "04:20:15 AM": a zone may follow the meridiem as it follows the time
                before = MERIDIEM.contains(word) && time(timeTail(before)) ? before : word;
            }
            return out;
        }

        /** Where normalized character {@code k} begins in the line. */
        private int rawStart(int k) {
            return k == 0 ? 0 : rawEnd[k - 1];
        }

        /**
         * Where the prefix ends in this line (raw index after its separator) when the line starts with
         * the normalized prefix and a blank or its end follows; else -1.
         */
        int sharedBy(String prefix) {
            if (raw.isBlank() || !text.startsWith(prefix)) {
                return -1;
            }
            int at = rawEnd[prefix.length() - 1];
            return at == raw.length() || raw.charAt(at) == ' ' || raw.charAt(at) == '\t' ? at : -1;
        }
    }

    /** Words that end a 12-hour time ("04:20:15 AM UTC", `date` in an English locale); a zone may follow them. */
    private static final Set<String> MERIDIEM = Set.of("AM", "PM");

    /** A zone's letters and offset as strftime's %Z and %z print them ("CET", "UTC", "+0100", "UTC+1"), normalized. */
    private static final Pattern ZONE = Pattern.compile("[A-Z]{2,5}(?:[+-]0(?::0)?)?|[+-]0(?::0)?");

    /**
     * Whether {@code word} (normalized: a number and the blanks before it as one '0'; {@code last} the number or
     * character it ends in, as printed) ends a stamp that a time began: a zone word after the time {@code before}
     * (iperf3 {@code --timestamps='%F %T %Z '}: "2026-12-06 05:20:11 CET "), a 12-hour time's AM or PM, or a year
     * after the time in the same word, as normalizing joins them (iperf3's default {@code --timestamps}, strftime's
     * %c: "Sun Dec  6 04:20:15 2026 "). A number after a time that is no year of 1900–2099, or a word with
     * lower-case letters or digits (a host's name), is data.
     */
    static boolean afterTime(String before, String word, String last) {
        if (separator(word)) {
            return false;
        }
        if (time(timeTail(before)) && (MERIDIEM.contains(word) || ZONE.matcher(word).matches())) {
            return true;
        }
        return word.length() > 1 && word.endsWith("0") && time(timeTail(word.substring(0, word.length() - 1)))
                && (last.startsWith(" ") || last.startsWith("\t")) && last.strip().matches("(?:19|20)\\d\\d");
    }

    /** The time a normalized word ends in ("Dec00:0:0": "00:0:0"). */
    private static String timeTail(String word) {
        int k = word.length();
        while (k > 0 && "0:.,TZ+-".indexOf(word.charAt(k - 1)) >= 0) {
            k--;
        }
        return word.substring(k);
    }

    /** A word that ends a prefix (normalized: numbers as '0'). */
    static boolean separator(String word) {
        if (word.isEmpty()) {
            return false;
        }
        switch (word) {
            case "//", "--", "-", "*", "#", "0.", "0)" -> {
                return true;
            }
            default -> {
            }
        }
        char last = word.charAt(word.length() - 1);
        if (last == ':' || last == '|' || last == ']' || last == ')' || last == '>' || last == '#') {
            return true;
        }
        return time(word);
    }

    /** A time, normalized: "0:0:0", "0-0-0T0:0:0.0Z", "0:0:0,0" (hours and minutes at least, so no "0:" label). */
    private static boolean time(String word) {
        return word.contains("0:0") && word.chars().allMatch(c -> c == '0' || c == ':' || c == '.' || c == ',' || c == 'T' || c == 'Z'
                || c == '+' || c == '-');
    }
}
