package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Lines of a tool's output that the place they were kept broke in two (issue 31, round 17): a mail client or a web
 * archive wrapping at 60–100 columns, a terminal cutting at its width, a Python string continued after a trailing
 * backslash. A line is joined to the one before only when that line's format says it is unfinished, so two real
 * lines are never joined; each format's grammar is here, in one place:
 * <ul>
 * <li>a line ending in a backslash (a Python string continued: "#bytes #iterations … t_typical[usec] \" then the rest
 * of the head, a row the same way): the backslash goes and the next line is its rest when one of the rules below says
 * so of the line without it. A backslash at the end of every line of a run of {@value #HARD_BREAK_RUN} or more, most
 * of them not a command's continued options (indented or starting with "-"), is Markdown's hard line break (a README's
 * iperf3 run, " \" after every row): it goes, and each line stays its own;</li>
 * <li>lspci: inside a device's block (its device line, then the indented fields, up to a blank line), a line at the
 * margin that is no device line is the rest of the line before (lspci starts nothing else at the margin there): the
 * device line's "(prog-if" / "00 [VGA controller])", "FastB2B-" / "DisINTx-", an SR-IOV line cut before "Function
 * Dependency Link"; in the one-line list a device's rest ("… UHCI Controller" / "#1 (rev 01)"), unless the device line
 * ends as lspci ends one ("(rev 01)", "(prog-if 00 [VGA controller])"). Prose is never a rest (three or more words of
 * letters), nor a kernel line's stamp, a heading ending in ":" or a rule;</li>
 * <li>perftest: a column head ("#bytes #iterations …") whose next line holds only column names ("MsgRate[Mpps]",
 * "t_avg[usec]  99% percentile[usec]"); a result row with fewer figures than its head has columns, whose next line
 * holds only figures, no more than are missing, the first with decimals (a row's own start is two integers); an
 * address line ("local address: LID … RKey 0x000300") whose "VAddr 0x…" went to the next line;</li>
 * <li>fio: a group's line ("READ: bw=…, …-… (…),") without its run time, whose next line goes on with "io=", "run="
 * or the rest of the range "(10.3MB/s-10.3MB/s), …"; a disk-stats or result line ending in "," whose next line
 * starts with a "name=" field; a job line cut before its "resets" ("…; 0 zone" / "resets").</li>
 * </ul>
 * A joined line keeps the number of its first part. The parts are joined with one blank: mail clients and archives
 * break at a blank. A terminal's cut inside a word is not told from that here (no sample of one was met); a padded
 * screen copy is {@link PasteRepair#unpad}'s.
 */
final class FormatWrap {
    private FormatWrap() {}

    /**
     * The shortest line taken as wrapped inside an lspci block (tabs as eight columns, quote marks counted): a mail
     * client rewrapping a reply at 60 columns leaves heads of 44 ("> 00:03.0 VGA compatible controller: Trident").
     */
    static final int LSPCI_WRAPPED = 40;

    private static final Pattern BACKSLASH = Pattern.compile("(.*?)\\s*\\\\\\s*");
    /** Lines in a row that end in a backslash, enough to be Markdown's hard breaks rather than one line continued. */
    static final int HARD_BREAK_RUN = 4;

    /** lspci's device line (ls-kernel/lspci.c show_device), with -PP's bridge path before it. */
    private static final Pattern LSPCI_DEVICE = Pattern.compile(
            "\\s*(?:" + PciAddress.BDF + "/)*" + PciAddress.BDF + "\\s+[^:]+?(?:\\s+\\[[0-9a-f]{4}\\])?:\\s+\\S.*");
    /** A device line that ends as lspci ends one (show_device: the name, then "(rev NN)", then "(prog-if NN [name])"): whole. */
    private static final Pattern LSPCI_DEVICE_END = Pattern.compile(".*\\((?:rev [0-9a-f]{2}|prog-if [0-9a-f]{2}(?: \\[[^\\]]*\\])?)\\)\\s*");
    private static final Pattern STAMP = Pattern.compile("\\[\\s*\\d+\\.\\d+\\].*");
    private static final Pattern WORD = Pattern.compile("[A-Za-z']+[,.:;]?");

    private static final Pattern PERFTEST_HEAD = Pattern.compile("\\s*#bytes\\s+#\\w+.*");
    /** Column names alone: "MsgRate[Mpps]", "t_avg[usec]", "99% percentile[usec]", "BW average[Gb/sec]". */
    private static final Pattern PERFTEST_NAMES = Pattern.compile("\\s*(?:(?:[\\w.%]+ )?[\\w.%]+\\[[^\\]]+\\]\\s*)+");
    private static final Pattern PERFTEST_COLUMN = Pattern.compile("#\\w+|\\S*\\[[^\\]]*\\]");
    private static final Pattern FIGURES = Pattern.compile("\\s*\\d[\\d.]*(?:\\s+\\d[\\d.]*)*\\s*");
    private static final Pattern PERFTEST_ADDRESS = Pattern.compile("\\s*(?:local|remote) address: LID .*");
    private static final Pattern VADDR = Pattern.compile("\\s*(?:VAddr\\s+)?0x[0-9a-fA-F]+\\s*");

    /** fio's group line (stat.c show_group_stats) before its run time, fio 3's "bw=" or fio 2's "io=" first. */
    private static final Pattern FIO_GROUP = Pattern.compile("\\s*(?:READ|WRITE|TRIM|MIXED)\\s*: (?:bw|io)=.*");
    private static final Pattern FIO_GROUP_REST = Pattern.compile("\\s*(?:\\(|(?:io|run|aggrb|minb|maxb|mint|maxt)=).*");
    /** fio's lines of "name=value" fields: a job's result line, a latency line, a disk's stats. */
    private static final Pattern FIO_FIELDS = Pattern.compile(
            "\\s*(?:(?:read|write|trim)\\s*: (?:IOPS|io)=|[cs]?lat \\([un]?sec\\): min=|\\S+: ios=\\d).*");
    private static final Pattern FIELD_REST = Pattern.compile("\\s*[a-z_]+=\\S.*");
    private static final Pattern FIO_ZONE = Pattern.compile("\\s*(?:read|write|trim)\\s*: IOPS=.*; \\d+ zone");

    /**
     * @param command whether a line is a command line: never a rest, and never continued
     */
    static List<PasteRepair.Row> join(List<PasteRepair.Row> pasted, Predicate<String> command) {
        List<PasteRepair.Row> rows = withoutHardBreaks(pasted);
        List<PasteRepair.Row> out = new ArrayList<>(rows.size());
        boolean changed = false;
        boolean inDevice = false; // inside an lspci device's block
        int perftestColumns = 0; // the columns of the last perftest head
        for (PasteRepair.Row row : rows) {
            String text = row.text();
            boolean isCommand = !row.blank() && command.test(text.strip());
            PasteRepair.Row head = out.isEmpty() ? null : out.getLast();
            if (head != null && !row.blank() && !isCommand && !head.blank() && !command.test(head.text().strip())) {
                String joined = joined(head, row, inDevice, perftestColumns);
                if (joined != null) {
                    out.set(out.size() - 1, new PasteRepair.Row(head.number(), joined, head.prefix(), head.elidedBefore()));
                    changed = true;
                    perftestColumns = PERFTEST_HEAD.matcher(joined).matches() ? columns(joined) : perftestColumns;
                    continue;
                }
            }
            out.add(row);
            if (row.blank() || isCommand) {
                inDevice = false;
            } else if (LSPCI_DEVICE.matcher(text).matches()) {
                inDevice = true;
            }
            if (PERFTEST_HEAD.matcher(text).matches()) {
                perftestColumns = columns(text);
            }
        }
        return changed ? out : rows;
    }

    /** The rows with Markdown's hard line breaks (a run of lines each ending in a backslash) taken off. */
    static List<PasteRepair.Row> withoutHardBreaks(List<PasteRepair.Row> rows) {
        List<PasteRepair.Row> out = null;
        int i = 0;
        while (i < rows.size()) {
            int end = i;
            int options = 0;
            while (end < rows.size() && BACKSLASH.matcher(rows.get(end).text()).matches()) {
                String t = rows.get(end).text();
                options += t.isEmpty() || Character.isWhitespace(t.charAt(0)) || t.startsWith("-") ? 1 : 0;
                end++;
            }
            if (end - i >= HARD_BREAK_RUN && options * 4 < end - i) {
                out = out == null ? new ArrayList<>(rows.subList(0, i)) : out;
                for (int k = i; k < end; k++) {
                    PasteRepair.Row r = rows.get(k);
                    var m = BACKSLASH.matcher(r.text());
                    m.matches();
                    out.add(new PasteRepair.Row(r.number(), m.group(1), r.prefix(), r.elidedBefore()));
                }
            } else if (out != null) {
                out.addAll(rows.subList(i, Math.max(end, i + 1)));
            }
            i = Math.max(end, i + 1);
        }
        return out == null ? rows : out;
    }

    /** The head's text with the row joined to it, when the head's format says it goes on there; else null. */
    private static String joined(PasteRepair.Row head, PasteRepair.Row row, boolean inDevice, int perftestColumns) {
        String t = row.text();
        var slash = BACKSLASH.matcher(head.text());
        // a line continued after a backslash: the rules below judge it without the backslash, and join it with one blank
        String h = slash.matches() ? slash.group(1) : head.text();
        boolean rest = inDevice && lspciRest(head, row)
                || PERFTEST_HEAD.matcher(h).matches() && PERFTEST_NAMES.matcher(t).matches() && !t.strip().startsWith("#")
                || PERFTEST_ADDRESS.matcher(h).matches() && VADDR.matcher(t).matches()
                || perftestRow(h, t, perftestColumns)
                || fioRest(h, t);
        return rest ? h.stripTrailing() + " " + t.strip() : null;
    }

    private static boolean lspciRest(PasteRepair.Row head, PasteRepair.Row row) {
        String t = row.text();
        String h = head.text();
        // a field line whose tab is written out ("\tLnkSta: …", a string in code, RawStringEdges makes it a tab later)
        // is indented as lspci indents it, never the rest of the line above
        if (t.isEmpty() || Character.isWhitespace(t.charAt(0)) || t.startsWith("\\t") || row.depth() > head.depth()
                || width(head) < LSPCI_WRAPPED
                || LSPCI_DEVICE.matcher(t).matches() || STAMP.matcher(t).matches()
                || LSPCI_DEVICE.matcher(h).matches() && LSPCI_DEVICE_END.matcher(h).matches()) {
            return false;
        }
        // a heading ("Device #1:", another tool's output under the list) or a rule is no rest either
        String s = t.strip();
        return !s.endsWith(":") && s.chars().anyMatch(Character::isLetterOrDigit) && !prose(s);
    }

    /** Three or more words of letters, most of the line's: a writer's sentence, never the rest of an lspci line. */
    private static boolean prose(String t) {
        String[] words = t.strip().split("\\s+");
        long letters = Arrays.stream(words).filter(w -> WORD.matcher(w).matches() && w.chars().anyMatch(Character::isLowerCase)).count();
        return letters >= 3 && letters * 4 >= words.length * 3L;
    }

    private static boolean perftestRow(String h, String t, int columns) {
        if (columns == 0 || !FIGURES.matcher(h).matches() || !FIGURES.matcher(t).matches()) {
            return false;
        }
        // a row starts with its size and iterations, two integers; a rest with a figure that has decimals
        String[] rest = t.strip().split("\\s+");
        int have = h.strip().split("\\s+").length;
        return have < columns && have + rest.length <= columns && rest[0].contains(".");
    }

    private static boolean fioRest(String h, String t) {
        String s = h.stripTrailing();
        if (FIO_GROUP.matcher(s).matches() && !s.contains("run=") && !s.contains("maxt=")) {
            return FIO_GROUP_REST.matcher(t).matches();
        }
        if (FIO_FIELDS.matcher(s).matches() && s.endsWith(",")) {
            return FIELD_REST.matcher(t).matches();
        }
        return FIO_ZONE.matcher(s).matches() && t.strip().startsWith("resets");
    }

    private static int columns(String head) {
        return (int) PERFTEST_COLUMN.matcher(head).results().count();
    }

    /** The line's width on screen: quote marks counted, a tab to the next multiple of eight. */
    private static int width(PasteRepair.Row row) {
        String s = row.prefix() + row.text().stripTrailing();
        int n = 0;
        for (int k = 0; k < s.length(); k++) {
            n += s.charAt(k) == '\t' ? 8 - n % 8 : 1;
        }
        return n;
    }
}
