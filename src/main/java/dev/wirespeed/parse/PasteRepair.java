package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Undoes what mail and web pages do to a pasted output before the parsers read it, so a block is
 * read as the tool printed it. Each repair keeps every line's number in the paste (a joined line
 * has the number of its first part; a dropped line's number is skipped), so evidence still points
 * at the paste:
 * <ul>
 * <li>format=flowed mail (RFC 3676): a line ending in a space goes on with the next one, and a
 * leading space added by "space-stuffing" goes; only when the paste shows the mail's
 * {@code format=flowed} header, since tool output has trailing spaces of its own;</li>
 * <li>an elision mark on a line of its own ({@code <snip>}, {@code [...]}, {@code ...},
 * {@code [snip]}, {@code <...>}, "--- snip ---"): dropped, so the block goes on after it;</li>
 * <li>double spacing (a page or forum that put a blank line after every line): in a stretch of at
 * least {@value #DOUBLE_SPACED_RUN} lines each followed by one blank line (or three, a blank line
 * of the output), each blank line goes and three become one;</li>
 * <li>lines a mail client wrapped at a fixed width (72, 76, 78), in a paste that came by mail and is not
 * format=flowed (whose hard breaks are the writer's): see {@link #unwrap};</li>
 * <li>what a job launcher or a config file put before every line: srun --label's task number
 * (" 0: ", "12: ") and a shell comment ("# ") over a whole pasted session: see {@link #unlabel};
 * grep's file name and line number glued before each line: see {@link GrepPrefix}.</li>
 * <li>a forum's BBCode tags glued to a line's ends ("[PHP]Settings for eth0:"): see {@link ForumTags}.</li>
 * </ul>
 * No-break and zero-width characters, CRLF, quote marks and quoted-printable are undone earlier, line
 * by line, in {@link Splitter}.
 */
final class PasteRepair {
    private PasteRepair() {}

    /** One line as the parsers will read it; {@code prefix} is the quote mark removed before it ("> > "). */
    record Row(int number, String text, String prefix, boolean elidedBefore) {
        Row(int number, String text, String prefix) {
            this(number, text, prefix, false);
        }

        int width() {
            return prefix.length() + text.length();
        }

        int depth() {
            return (int) prefix.chars().filter(c -> c == '>').count();
        }

        boolean blank() {
            return text.isBlank();
        }
    }

    static final int DOUBLE_SPACED_RUN = 4;
    private static final Pattern FLOWED = Pattern.compile("(?i).*\\bformat=\"?flowed\\b.*");
    private static final Pattern DEL_SP = Pattern.compile("(?i).*\\bdelsp=\"?yes\\b.*");
    private static final Pattern ELISION = Pattern.compile(
            "(?i)\\s*(?:<\\s*snip(?:ped)?\\s*>|\\[\\s*snip(?:ped)?\\s*]|\\(\\s*snip(?:ped)?\\s*\\)|[-=*~]{2,}\\s*snip(?:ped)?\\s*[-=*~]{2,}"
                    + "|\\.{3,}\\s*snip(?:ped)?\\s*\\.{3,}|snip|<\\s*\\.{3,}\\s*>|\\[\\s*(?:\\.{3,}|…)\\s*]|\\.{3,}|…)\\s*");

    /** srun --label (-l): "%*d: " before each line of a task's output, the width of the largest task number. */
    private static final Pattern TASK_LABEL = Pattern.compile("^ {0,4}(\\d{1,5}):(?: |$)");
    /** A task's label on this many consecutive lines makes a run of labelled lines srun's. */
    static final int LABEL_RUN = 3;

    /**
     * Removes a prefix every line of a stretch carries that the program never printed, kept in the
     * row's {@code prefix}:
     * <ul>
     * <li>srun --label's task number: in a run of consecutive lines that each begin with "N: ", when one
     * task's number begins at least {@value #LABEL_RUN} of them in a row (ip link's "2: eth0:" lines, each
     * a different number with its details between, or /proc/interrupts' rows, are no such run);</li>
     * <li>a shell comment over a pasted session or output (a config file that keeps the outputs it was
     * written from, "# [user@host:~]$ ethtool -g eth0" and "# RX: 2048"; a how-to's command followed by
     * "# Output:" and the output commented out): a run of at least {@value #LABEL_RUN} lines that all begin
     * with "#", whose first line without it is a prompt with a command, or which follows a command line
     * (blank lines between). A root shell's "# ethtool" prompt is no such run: its output lines do not
     * begin with "#".</li>
     * <li>a diff's "+" before each added line (an output quoted in a pull request's change, insights-core#437's
     * softnet_stat rows in a docstring): a run of at least {@value #LABEL_RUN} lines that all begin with "+"
     * (not "+++ "), right after a diff's fence ("```diff"), hunk header ("@@ -1,4 +1,6 @@") or file line
     * ("+++ b/…"). A shell trace's "+ cmd" line is no such run. A unified diff's context (" ") and
     * removed ("-") lines lose their mark as well, and a hunk header between them becomes an elision
     * (see {@link #diffLine}).</li>
     * </ul>
     *
     * @param prompt  whether a line is a prompt with a command
     * @param command whether a line is a command line (a prompt, or a known program's bare command)
     */
    static List<Row> unlabel(List<Row> rows, Predicate<String> prompt, Predicate<String> command) {
        List<Row> out = new ArrayList<>(rows);
        for (int i = 0; i < out.size(); ) {
            int end = i;
            while (end < out.size() && TASK_LABEL.matcher(out.get(end).text()).lookingAt()) {
                end++;
            }
            if (end - i >= LABEL_RUN && sameLabelRun(out, i, end)) {
                for (int k = i; k < end; k++) {
                    Row r = out.get(k);
                    Matcher m = TASK_LABEL.matcher(r.text());
                    m.lookingAt();
                    out.set(k, new Row(r.number(), r.text().substring(m.end()), r.prefix() + m.group(), r.elidedBefore()));
                }
            }
            i = Math.max(end, i + 1);
        }
        // then the comments, which a labelled output may carry too
        for (int i = 0; i < out.size(); ) {
            int end = i;
            int commented = 0;
            // an elision mark between two commented lines does not end the run (nor count in it)
            while (end < out.size() && (out.get(end).text().startsWith("#") || commented > 0 && end + 1 < out.size()
                    && ELISION.matcher(out.get(end).text()).matches() && out.get(end + 1).text().startsWith("#"))) {
                commented += out.get(end).text().startsWith("#") ? 1 : 0;
                end++;
            }
            if (commented >= LABEL_RUN && !toolsOwn(out, i, end)
                    && (prompt.test(uncomment(out.get(i).text())) || afterCommand(out, i, command))) {
                for (int k = i; k < end; k++) {
                    Row r = out.get(k);
                    if (!r.text().startsWith("#")) {
                        continue; // the elision mark inside the run: dropped later with the others
                    }
                    String text = uncomment(r.text());
                    out.set(k, new Row(r.number(), text, r.prefix() + r.text().substring(0, r.text().length() - text.length()),
                            r.elidedBefore()));
                }
            }
            i = Math.max(end, i + 1);
        }
        for (int i = 0; i < out.size(); ) {
            if (i == 0 || !DIFF_START.matcher(out.get(i - 1).text().strip()).matches()) {
                i++;
                continue;
            }
            int end = i;
            boolean unified = false; // context (" ") or removed ("-") lines: both outputs of a unified diff
            while (end < out.size() && (diffLine(out.get(end).text()) || ELISION.matcher(out.get(end).text()).matches())) {
                char c = out.get(end).text().isEmpty() ? '.' : out.get(end).text().charAt(0);
                unified |= c == ' ' || c == '-';
                end++;
            }
            if (end - i >= LABEL_RUN) {
                for (int k = i; k < end; k++) {
                    Row r = out.get(k);
                    String t = r.text();
                    if (ELISION.matcher(t).matches()) {
                        continue; // a mark inside the diff ("<snip>"): dropped with the others, the run goes on
                    }
                    if (HUNK.matcher(t).matches()) {
                        // the lines between two hunks were not shown: an elision, read as one
                        out.set(k, new Row(r.number(), "...", r.prefix() + t, r.elidedBefore()));
                    } else if (t.charAt(0) == '+' || unified) {
                        out.set(k, new Row(r.number(), t.substring(1), r.prefix() + t.charAt(0), r.elidedBefore()));
                    }
                }
            }
            i = Math.max(end, i + 1);
        }
        return out;
    }

    /** A hunk header of a unified diff: "@@ -165,7 +167,7 @@", with what the diff adds after it. */
    private static final Pattern HUNK = Pattern.compile("@@ -\\d+(?:,\\d+)? \\+\\d+(?:,\\d+)? @@.*");

    /**
     * A line of a diff's body: added ("+", not the "+++ " file line), removed ("-", not "--- "), context
     * (" "), or a hunk header. A run of lines after {@link #DIFF_START} that are all of these loses the
     * mark (diff(1)'s unified format, "```diff" fences of issue threads: two lspci or ethtool outputs
     * compared line by line), so both outputs read as printed; a run of added lines only keeps what
     * insights-core#437's docstring needed.
     */
    private static boolean diffLine(String t) {
        if (t.isEmpty()) {
            return false;
        }
        char c = t.charAt(0);
        return c == '+' && !t.startsWith("+++ ") || c == '-' && !t.startsWith("--- ") || c == ' ' || HUNK.matcher(t).matches();
    }

    /** What a diff's added lines follow: its fence, a hunk header, the new file's line. */
    private static final Pattern DIFF_START = Pattern.compile("```\\s*(?:diff|patch)|@@ -\\d+(?:,\\d+)? \\+\\d+(?:,\\d+)? @@.*|\\+\\+\\+ .*");

    /**
     * The nearest line before row {@code i} that is neither blank nor an elision mark is a command line, or
     * a line whose comment mark was removed (the same commented output, cut by the mark).
     */
    private static boolean afterCommand(List<Row> rows, int i, Predicate<String> command) {
        int k = i - 1;
        while (k >= 0 && (rows.get(k).blank() || ELISION.matcher(rows.get(k).text()).matches())) {
            k--;
        }
        if (k < 0) {
            return false;
        }
        Row before = rows.get(k);
        // the rest of a commented output an elision mark ("# <snip>" or "<snip>") interrupted
        return before.prefix().endsWith("#") || before.prefix().endsWith("# ")
                || !before.text().startsWith("#") && command.test(before.text().strip());
    }

    /**
     * nccl-tests (and rccl-tests) print their head with "#" before every line ("# nccl-tests version 2.18.2 …",
     * "# nThread 1 nGpus 1 …", "# Using devices", "#  Rank  0 …"): under the command that ran them ("$ srun …
     * all_reduce_perf", CSCS's docs in parse/nccl) such a run is output, no commented-out paste.
     */
    static final Pattern NCCL_HEAD = Pattern.compile("#\\s*(?:nccl-tests version |Collective test starting:|nThread \\d+ nGpus \\d+|Using devices"
            + "|Rank\\s+\\d+ (?:Group\\s+\\d+ )?Pid )");

    private static boolean toolsOwn(List<Row> rows, int from, int to) {
        for (int k = from; k < to; k++) {
            if (NCCL_HEAD.matcher(rows.get(k).text()).lookingAt()) {
                return true;
            }
        }
        return false;
    }

    private static String uncomment(String text) {
        return text.startsWith("# ") ? text.substring(2) : text.substring(1);
    }

    /** Some task's label begins {@value #LABEL_RUN} consecutive lines of rows [from, to). */
    private static boolean sameLabelRun(List<Row> rows, int from, int to) {
        String last = null;
        int run = 0;
        for (int k = from; k < to; k++) {
            Matcher m = TASK_LABEL.matcher(rows.get(k).text());
            m.lookingAt();
            run = m.group(1).equals(last) ? run + 1 : 1;
            last = m.group(1);
            if (run >= LABEL_RUN) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param command whether a line is a command line (a prompt, or a known program's bare command): never a wrapped rest
     * @param prompt  whether a line is a prompt with a command (for {@link #unlabel})
     */
    static List<Row> repair(List<Row> rows, Predicate<String> command, Predicate<String> prompt) {
        return repair(rows, command, prompt, lines -> 0);
    }

    /**
     * @param starts how many of some lines start a format a parser reads: a prefix repeated on every
     *               line goes only when more lines start one without it ({@link RepeatedPrefix})
     */
    static List<Row> repair(List<Row> pasted, Predicate<String> command, Predicate<String> prompt, ToIntFunction<List<String>> starts) {
        // a kernel line a raw quoted-printable mail cut inside a word ("flow c=" / "ontrol off"): first, before a wrap
        // judge joins the rest with a blank or a label or prefix is taken from it
        List<Row> rows = KernelWrap.softBreaks(pasted);
        // a forum's BBCode tags right after the labels (" 0: [PHP]Settings for eth0:"), before grep's prefix and
        // the wrap judges: glued to a head or a field, they would hide it from them
        // labels and comments after a flowed line is joined (a label begins only the first part), before an
        // elision mark is looked for (" 0: ...") and a wrap is judged (the label is no part of the line's text)
        boolean flowed = flowed(rows);
        rows = PaneBorder.split(flowed ? unflow(rows) : unpad(rows), starts);
        rows = lineBlocks(ForumTags.strip(unlabel(rows, prompt, command)));
        rows = GrepPrefix.strip(rows, starts, command);
        rows = RepeatedPrefix.strip(rows, starts, command);
        rows = withoutElisions(ParallelShellHosts.strip(rows, starts, command));
        if (!flowed) {
            // RFC 3676 4.2: in flowed text a line without a trailing space ends where its writer ended it, so there
            // no line is a fixed-width wrap to undo (a ping summary after a 62-column line stays its own line)
            rows = unwrap(rows, command);
        }
        // a kernel line's wrap after the mail's own (whose judge sees the paste's widths), before the parsers;
        // then a tool's own line its format says is unfinished (FormatWrap), after the kernel's
        return FormatWrap.join(KernelWrap.join(rows, command), command);
    }

    /** Lines a terminal copy shows in a row at its width before they are taken as one. */
    static final int SCREEN_RUN = 5;

    /** The narrowest terminal looked for (a serial console's 80 columns, less a margin for narrower setups). */
    static final int NARROWEST_SCREEN = 60;

    /**
     * Undoes a copy of a terminal's screen (screen(1)'s copy mode, a serial or BMC console, a terminal that
     * keeps the blanks it drew): every line padded with blanks to the width, and a line longer than the width
     * cut at exactly the width, its rest on the next line. Taken as such in a run of at least
     * {@value #SCREEN_RUN} lines of the same length, at least {@value #NARROWEST_SCREEN} columns, at least half
     * of them ending in two blanks or more (the padding: a hex dump or a table whose rows happen to be as long, ending in
     * their last column, is no screen); there a line that ends in no blank went on on the next, which is joined
     * to it as it was (the cut falls anywhere, even inside a word), and every line loses its padding. iperf3's
     * interval rows, the same length and ending in blanks of their own, only lose the blanks.
     */
    static List<Row> unpad(List<Row> rows) {
        List<Row> out = new ArrayList<>(rows.size());
        boolean changed = false;
        int i = 0;
        while (i < rows.size()) {
            int width = rows.get(i).text().length();
            int end = i + 1;
            while (end < rows.size() && rows.get(end).text().length() == width) {
                end++;
            }
            if (width < NARROWEST_SCREEN || end - i < SCREEN_RUN || padded(rows, i, end) * 2 < end - i) {
                out.addAll(rows.subList(i, end));
                i = end;
                continue;
            }
            changed = true;
            for (int k = i; k < end; k++) {
                Row r = rows.get(k);
                StringBuilder text = new StringBuilder(r.text());
                while (k + 1 < end && !r.text().isBlank() && text.charAt(text.length() - 1) != ' ') {
                    text.append(rows.get(++k).text()); // the rest of a line the terminal cut at its width
                }
                out.add(new Row(r.number(), text.toString().stripTrailing(), r.prefix(), r.elidedBefore()));
            }
            i = end;
        }
        return changed ? out : rows;
    }

    /**
     * How many of rows [from, to) end in two blanks or more, or are blank: a terminal's padding. One blank is
     * how fio ends its equally long "Jobs: 1 (f=1): […][eta 00m:47s] " lines (heldout's fio io_uring sample).
     */
    private static int padded(List<Row> rows, int from, int to) {
        int n = 0;
        for (int k = from; k < to; k++) {
            String t = rows.get(k).text();
            n += t.endsWith("  ") || t.isBlank() ? 1 : 0;
        }
        return n;
    }

    /** A line of a reStructuredText line block: "| " and the line, or a bare "|" for its blank line. */
    private static boolean lineBlockLine(String t) {
        return (t.startsWith("| ") || t.equals("|")) && !t.stripTrailing().endsWith("|");
    }

    /**
     * Joins the continuation lines of a reStructuredText line block (docutils' spec, "Line Blocks": each line
     * begins with "| "; "continuation lines are wrapped portions of long lines; they begin with a space in
     * place of the vertical bar"): a guide converted to reST wraps iperf3's "connected to … port" line and puts
     * "  5201" on the next (parse/iperf README, the Funet guide). Only inside a run of at least
     * {@value #LABEL_RUN} "| " lines, none ending in "|" (a Markdown table's rows do); the "| " itself goes
     * later, as a prefix every line carries ({@link RepeatedPrefix}).
     */
    static List<Row> lineBlocks(List<Row> rows) {
        List<Row> out = null;
        int bars = 0;
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            String t = r.text();
            if (lineBlockLine(t)) {
                bars++;
            } else if (!t.isEmpty() && Character.isWhitespace(t.charAt(0)) && !t.isBlank() && bars > 0 && barsAhead(rows, i, bars)) {
                if (out == null) {
                    out = new ArrayList<>(rows.subList(0, i));
                }
                Row head = out.removeLast();
                out.add(new Row(head.number(), head.text().stripTrailing() + " " + t.strip(), head.prefix(), head.elidedBefore()));
                continue;
            } else {
                bars = 0;
            }
            if (out != null) {
                out.add(r);
            }
        }
        return out == null ? rows : out;
    }

    /** The block has {@value #LABEL_RUN} "| " lines, counting those before line i and those after its continuation lines. */
    private static boolean barsAhead(List<Row> rows, int i, int before) {
        int n = before;
        for (int k = i + 1; k < rows.size() && n < LABEL_RUN; k++) {
            String t = rows.get(k).text();
            if (lineBlockLine(t)) {
                n++;
            } else if (t.isBlank() || !Character.isWhitespace(t.charAt(0))) {
                break;
            }
        }
        return n >= LABEL_RUN;
    }

    private static List<Row> withoutElisions(List<Row> rows) {
        List<Row> out = new ArrayList<>();
        boolean elided = false;
        for (Row r : rows) {
            if (ELISION.matcher(r.text()).matches()) {
                elided = true;
            } else {
                out.add(elided && !r.blank() ? new Row(r.number(), r.text(), r.prefix(), true) : r);
                elided &= r.blank();
            }
        }
        return out;
    }

    /** The paste holds a mail whose Content-Type says format=flowed (the header may be folded onto the next line). */
    private static boolean flowed(List<Row> rows) {
        for (int i = 0; i < rows.size(); i++) {
            String t = rows.get(i).text();
            if (FLOWED.matcher(t).matches()
                    && (t.regionMatches(true, 0, "Content-Type:", 0, 13) || i > 0 && rows.get(i - 1).text().regionMatches(true, 0, "Content-Type:", 0, 13))) {
                return true;
            }
        }
        return false;
    }

    /** RFC 3676 4.1, 4.4: joins soft line breaks (a trailing space, not the "-- " signature line) at the same quote depth; removes space-stuffing. */
    private static List<Row> unflow(List<Row> rows) {
        boolean delSp = rows.stream().anyMatch(r -> DEL_SP.matcher(r.text()).matches());
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            StringBuilder text = new StringBuilder(unstuff(r.text()));
            while (soft(text) && i + 1 < rows.size() && rows.get(i + 1).depth() == r.depth() && !rows.get(i + 1).blank()) {
                if (delSp) {
                    text.setLength(text.length() - 1);
                }
                text.append(unstuff(rows.get(++i).text()));
            }
            out.add(new Row(r.number(), text.toString(), r.prefix(), r.elidedBefore()));
        }
        return out;
    }

    private static boolean soft(CharSequence line) {
        return line.length() > 0 && line.charAt(line.length() - 1) == ' ' && !line.toString().equals("-- ") && !line.toString().isBlank();
    }

    private static String unstuff(String line) {
        return line.startsWith(" ") ? line.substring(1) : line;
    }

    /**
     * Drops the blank line after each line of a double-spaced stretch: at least
     * {@value #DOUBLE_SPACED_RUN} non-blank lines, none next to another, each gap one blank line or
     * three (the output's own blank line, doubled).
     */
    static List<Row> undoubleSpacing(List<Row> rows) {
        List<Integer> nonBlank = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!rows.get(i).blank()) {
                nonBlank.add(i);
            }
        }
        boolean[] drop = new boolean[rows.size()];
        boolean any = false;
        int k = 0;
        while (k < nonBlank.size()) {
            int end = k; // the run nonBlank[k..end] has odd gaps of 1 or 3 between neighbours
            int ones = 0;
            while (end + 1 < nonBlank.size()) {
                int gap = nonBlank.get(end + 1) - nonBlank.get(end) - 1;
                if (gap != 1 && gap != 3) {
                    break;
                }
                ones += gap == 1 ? 1 : 0;
                end++;
            }
            if (end - k + 1 >= DOUBLE_SPACED_RUN && ones * 2 > end - k) {
                for (int j = k; j < end; j++) {
                    int from = nonBlank.get(j) + 1;
                    int gap = nonBlank.get(j + 1) - from;
                    for (int b = 0; b < gap && b < 2; b++) {
                        drop[from + b] = true; // one blank of one, two of three
                    }
                }
                any = true;
            }
            k = end + 1;
        }
        if (!any) {
            return rows;
        }
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!drop[i]) {
                out.add(rows.get(i));
            }
        }
        return out;
    }

    /**
     * Joins the lines a mail client broke at its wrap width, in a paste that came by mail. The
     * width is the longest line that could have been broken (one with a space before column
     * {@value #WIDEST_WRAP}) when another comes near it; a paste whose breakable lines run longer was
     * not wrapped. Line i+1 goes on line i when: it starts at the margin (wrapping drops the space it
     * broke at, so the rest has no indentation) at the same quote depth; its first word would not
     * have fitted on line i, which ends within {@value #NEAR_HEAD} characters of the width; it is not a rule, a fence, a command line, a heading ending in ':' or a
     * table's next row (both lines in aligned columns); and it starts unlike the line it would
     * continue and unlike every line that cannot be a rest (one after a blank or a short line), by
     * {@link #shape}. That is how a wrapped rest ("6.99 dBm" under tab-indented ethtool -m lines,
     * "eth11: NIC Link is Down" under syslog's "Nov 17 13:16:56 host kernel: …", "sender" under
     * iperf3's "[  5]" rows) differs from a line of its own. Only when the paste shows at least
     * {@value #MIN_BREAKS} such breaks; a paste that shows no sign of mail (its headers and quote marks
     * cut away: "PS: i40e messages and ethtool output:" then the wrapped lines) needs
     * {@value #MIN_BREAKS_UNMARKED}, each as strict.
     */
    static List<Row> unwrap(List<Row> rows, Predicate<String> command) {
        int width = wrapWidth(rows);
        if (width < NARROWEST_WRAP) {
            return rows;
        }
        int needed = mail(rows) ? MIN_BREAKS : MIN_BREAKS_UNMARKED;
        boolean[] joined = new boolean[rows.size()]; // line i goes on the line before it
        int breaks = 0;
        Set<String> starts = new HashSet<>(); // how lines that cannot be a wrapped rest start
        for (int i = 0; i < rows.size(); i++) {
            if (!rows.get(i).blank() && (i == 0 || rows.get(i - 1).blank() || rows.get(i - 1).width() < width / 2)) {
                starts.add(shape(rows.get(i).text()));
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            Row head = rows.get(i);
            if (head.blank() || command.test(head.text().strip()) || !breakable(head.text())) {
                continue; // a command line (what follows is its output), or a rule: no space to break at
            }
            int lastWidth = head.width();
            while (i + 1 < rows.size() && continues(head, lastWidth, rows.get(i + 1), starts, width)
                    && !command.test(rows.get(i + 1).text().strip())) {
                joined[++i] = true;
                lastWidth = rows.get(i).width();
                breaks++;
            }
        }
        if (breaks < needed) {
            return rows; // one long line followed by a short one of another shape is how many tools print (a table and its caption)
        }
        List<Row> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (joined[i]) {
                Row head = out.removeLast();
                out.add(new Row(head.number(), head.text().stripTrailing() + " " + rows.get(i).text(), head.prefix(), head.elidedBefore()));
            } else {
                out.add(rows.get(i));
            }
        }
        return out;
    }

    /** How far short of the width a wrapped line may end: a word longer than this is rare in prose and output. */
    static final int NEAR_HEAD = 20;

    /** Wrapped lines a paste must show before any is joined. */
    static final int MIN_BREAKS = 2;

    /** Wrapped lines a paste with no mail header or quote mark must show before any is joined. */
    static final int MIN_BREAKS_UNMARKED = 4;

    static final int NARROWEST_WRAP = 60;
    private static final Pattern MAIL_HEADER = Pattern.compile(
            "(?i)(?:from|to|cc|subject|date|message-id|in-reply-to|content-type|sent):\\s.*|.*\\bwrote:\\s*|-+\\s*original message\\s*-+");

    /**
     * The paste came by mail: a mail header or an attribution line ("On …, X wrote:", "From: …",
     * "-----Original Message-----") or a quoted line. Wrapping is a mail client's doing; elsewhere a
     * long line followed by a short one is how the tool printed it.
     */
    private static boolean mail(List<Row> rows) {
        for (Row r : rows) {
            if (r.depth() > 0 || MAIL_HEADER.matcher(r.text().strip()).matches()) {
                return true;
            }
        }
        return false;
    }
    static final int WIDEST_WRAP = 80;

    /**
     * The longest breakable line, when two lines come within {@value #NEAR_WIDTH} characters of it
     * (a wrapper leaves many lines close to its width; one long line is no sign of wrapping); else 0.
     */
    private static int wrapWidth(List<Row> rows) {
        List<Integer> widths = new ArrayList<>();
        for (Row r : rows) {
            String t = r.text();
            int indent = t.length() - t.stripLeading().length();
            if (breakable(t) && r.prefix().length() + t.indexOf(' ', indent + 1) <= WIDEST_WRAP) {
                widths.add(r.width());
            }
        }
        int width = widths.stream().mapToInt(Integer::intValue).max().orElse(0);
        long near = widths.stream().filter(w -> w >= width - NEAR_WIDTH).count();
        return width > WIDEST_WRAP || near < 2 ? 0 : width;
    }

    static final int NEAR_WIDTH = 10;

    /** A space after the indentation and before the last character: where a wrapper could break. */
    private static boolean breakable(String line) {
        int indent = line.length() - line.stripLeading().length();
        int space = line.indexOf(' ', indent + 1);
        return space > 0 && space < line.stripTrailing().length();
    }

    private static boolean continues(Row head, int lastWidth, Row next, Set<String> starts, int width) {
        String t = next.text();
        if (next.blank() || Character.isWhitespace(t.charAt(0)) || next.depth() != head.depth()) {
            return false;
        }
        int word = t.indexOf(' ');
        if (lastWidth + 1 + (word < 0 ? t.length() : word) <= width || lastWidth < width - NEAR_HEAD) {
            return false;
        }
        String s = t.strip();
        if (s.endsWith(":") || s.chars().noneMatch(Character::isLetterOrDigit) || columns(s) >= 3 && columns(head.text().strip()) >= 3
                || markdownRow(s) && markdownRow(head.text().strip())) {
            return false; // a heading, a rule or a fence, a table's next row (a Markdown table's too: "| 65536 | 5000 |")
        }
        String shape = shape(t);
        return !shape.equals(shape(head.text())) && !starts.contains(shape);
    }

    /** A Markdown table's row or rule: a bar at each end and one between ("| ------ | ---- |"). */
    private static boolean markdownRow(String s) {
        return s.length() > 2 && s.startsWith("|") && s.endsWith("|") && s.indexOf('|', 1) < s.length() - 1;
    }

    /** Fields of a line aligned in columns (two or more spaces or a tab between them). */
    private static int columns(String line) {
        return line.split("\\s{2,}|\\t").length;
    }

    /**
     * How a line starts, as a pattern of its first two words: "indented", or each run of letters
     * and digits as "A", "a" or "0" by its first character (upper case, lower case, digit), punctuation
     * as itself: "Nov 17 13:16:56" gives "A 0", "eth11: NIC" gives "a: A", "[  5]" and "[ 10]" give "[0]",
     * "link rocep1s0f1/1" and "link roceP2p1s0f0/1" both "a a/0"; a sentence's rest ("because an
     * unsupported …") is "a a", a heading ("Settings for net03:") "A a".
     */
    static String shape(String line) {
        if (line.isEmpty() || Character.isWhitespace(line.charAt(0))) {
            return "indented";
        }
        StringBuilder out = new StringBuilder();
        int words = 0;
        boolean inRun = false;
        char last = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (Character.isLetterOrDigit(c)) {
                if (!inRun) {
                    out.append(Character.isDigit(c) ? '0' : Character.isUpperCase(c) ? 'A' : 'a');
                    inRun = true;
                }
                last = 0;
                continue;
            }
            inRun = false;
            if (Character.isWhitespace(c) && last == '[') {
                continue; // a padded field in brackets ("[   22.303865]", "[  5]") starts like a full one ("[160831.934190]", "[ 10]")
            }
            if (Character.isWhitespace(c)) {
                if (last != ' ' && ++words == 2) {
                    break;
                }
                c = ' ';
            }
            if (c != last) {
                out.append(c);
            }
            last = c;
        }
        return out.toString().strip();
    }
}
