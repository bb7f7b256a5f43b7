package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import dev.wirespeed.parse.KernelWrapForm.Role;

/**
 * Kernel lines a mail client or a narrow window wrapped onto the next one or two lines (issue 31, round 11): "…
 * 4.000 Gb/s available PCIe bandwidth, limited by 5.0 GT/s PCIe x1 link at" then "0000:00:1c.1 (capable of 7.876
 * Gb/s with 8.0 GT/s PCIe x1 link)". A line is joined to the kernel line before it only when nothing else can be
 * meant: the kernel line is long enough to have been wrapped ({@value #WRAPPED_WIDTH} columns with its quote marks)
 * and its sentence is unfinished (a parenthesis left open, a last word or mark that needs more — "at", "of", "with",
 * ",", ":" —, or a kernel sentence whose fixed end is missing and comes within the next two lines: the PCIe
 * bandwidth notice without "link)", a "NIC Link is Up" line without its "Flow Control: …"); the next line is at
 * the same quote depth and indentation, carries no timestamp, syslog tag or driver prefix, and is no command. Two real lines are never joined: a kernel line after
 * it has its own stamp or prefix. Mail wraps break at a blank, so the parts are joined with one blank; a terminal's
 * cut inside a word of an unpadded copy is not told from a break at a blank and stays (a padded screen is
 * {@link PasteRepair#unpad}'s). Every line form, fixed end and glue point read here is a row of {@link KernelWrapForm}.
 */
final class KernelWrap {
    private KernelWrap() {}

    static final int WRAPPED_WIDTH = 60;
    /** How many lines one kernel line may have become beside its own. */
    static final int MAX_CONTINUATIONS = 2;

    /** How many lines a known kernel sentence (a {@link Role#SENTENCE} row) may have become beside its own: its end decides. */
    static final int MAX_SENTENCE_CONTINUATIONS = 3;

    /** The longest line quoted-printable writes (RFC 2045 6.7 rule 5), its soft break's "=" included. */
    static final int QP_LINE_MAX = 76;
    /**
     * The shortest line before a soft break: an encoder breaks short of the width only so as not to split an escape, at
     * most one UTF-8 character's three escapes ("=E2=80=AF") and a blank's "=20" before them.
     */
    static final int QP_LINE_MIN = QP_LINE_MAX - 12;

    private static final Pattern QP_BLANK_OR_EQUALS = Pattern.compile("=(3D|20)");

    /**
     * Kernel lines a raw quoted-printable mail broke with soft breaks (RFC 2045 6.7 rule 5, issue 31 round 17b):
     * "[11138.657649] sja1105 spi1.0 t1slave: Link is Up - 100Mbps/Full - flow c=" then "ontrol off". A paste of a
     * piece of such a mail often keeps no escape or header by which the whole paste is decoded first (the Splitter's
     * test), and a soft break cuts inside a word, so the wrap judges after would join the rest with a blank or not at
     * all. A row is a soft break here when it is a kernel line ({@link Role#KERNEL_LINE}) whose last character is
     * one "=" and that is as wide as an encoder's line ({@value #QP_LINE_MIN} to {@value #QP_LINE_MAX} columns with
     * its quote marks); its rest is the next row, joined without a blank, as often as the joined line ends so again.
     * The rest is at no quote depth (an encoder writes the quote marks once, on the first part: "> … flow control o="
     * then "ff") or at the head's, and is no blank row. In a joined line "=3D" and "=20" are "=" and a blank again.
     */
    static List<PasteRepair.Row> softBreaks(List<PasteRepair.Row> rows) {
        List<PasteRepair.Row> out = null;
        for (int i = 0; i < rows.size(); i++) {
            PasteRepair.Row head = rows.get(i);
            int joined = 0;
            if (softBreak(head.prefix() + head.text()) && KernelWrapForm.any(Role.KERNEL_LINE, head.text().strip())) {
                String text = head.text();
                String last = head.prefix() + head.text(); // the last part as the mail has it, quote marks and all
                while (softBreak(last) && i + joined + 1 < rows.size()) {
                    PasteRepair.Row next = rows.get(i + joined + 1);
                    if (next.blank() || next.depth() != 0 && next.depth() != head.depth()) {
                        break;
                    }
                    String rest = next.depth() == 0 ? next.prefix() + next.text() : next.text();
                    text = text.substring(0, text.length() - 1) + rest;
                    last = next.prefix() + next.text();
                    joined++;
                }
                if (joined > 0) {
                    if (out == null) {
                        out = new ArrayList<>(rows.subList(0, i));
                    }
                    out.add(new PasteRepair.Row(head.number(), QP_BLANK_OR_EQUALS.matcher(text)
                            .replaceAll(m -> m.group(1).equals("20") ? " " : "="), head.prefix(), head.elidedBefore()));
                    i += joined;
                    continue;
                }
            }
            if (out != null) {
                out.add(head);
            }
        }
        return out == null ? rows : out;
    }

    /** Whether a mail's line (its quote marks included) ends in one soft break and is as wide as a quoted-printable line. */
    private static boolean softBreak(String line) {
        return line.endsWith("=") && !line.endsWith("==") && line.length() >= QP_LINE_MIN && line.length() <= QP_LINE_MAX;
    }

    /** Rows with kernel lines glued together, each line its own row (the first part keeps the text before the stamp). */
    static List<PasteRepair.Row> unglue(List<PasteRepair.Row> rows) {
        List<PasteRepair.Row> out = null;
        for (int i = 0; i < rows.size(); i++) {
            PasteRepair.Row row = rows.get(i);
            String[] parts = KernelWrapForm.cut(row.text());
            if (parts != null) {
                if (out == null) {
                    out = new ArrayList<>(rows.subList(0, i));
                }
                for (int k = 0; k < parts.length; k++) {
                    out.add(new PasteRepair.Row(row.number(), parts[k], row.prefix(), k == 0 && row.elidedBefore()));
                }
            } else if (out != null) {
                out.add(row);
            }
        }
        return out == null ? rows : out;
    }

    static List<PasteRepair.Row> join(List<PasteRepair.Row> glued, Predicate<String> command) {
        List<PasteRepair.Row> rows = unglue(glued);
        List<PasteRepair.Row> out = null;
        for (int i = 0; i < rows.size(); i++) {
            PasteRepair.Row head = rows.get(i);
            int joined = 0;
            String text = head.text();
            int record = KernelWrapForm.recordIndent(text);
            while (record > 0 && joined < MAX_SENTENCE_CONTINUATIONS && i + joined + 1 < rows.size()
                    && recordLine(head, rows.get(i + joined + 1), record)) {
                text = text.stripTrailing() + " " + rows.get(i + joined + 1).text().strip();
                joined++;
            }
            if (joined == 0 && (head.width() >= WRAPPED_WIDTH || KernelWrapForm.any(Role.UNFINISHED_AT_ANY_WIDTH, text))
                    && KernelWrapForm.any(Role.KERNEL_LINE, text.strip())) {
                Pattern end = KernelWrapForm.endOf(text);
                int named = end != null ? 0 : -1; // how many rests were joined when the sentence was known
                String namedText = text;
                while (joined < (end != null ? MAX_SENTENCE_CONTINUATIONS : MAX_CONTINUATIONS) && i + joined + 1 < rows.size()
                        && (end != null ? !end.matcher(text).matches() : unfinished(text))
                        && continues(head, rows.get(i + joined + 1), command, end != null)) {
                    text = text.stripTrailing() + " " + rows.get(i + joined + 1).text().strip();
                    joined++;
                    if (end == null && (end = KernelWrapForm.endOf(text)) != null) {
                        // the joined rest names the sentence ("…: wait_func…"): the joins so far stand on their own
                        named = joined;
                        namedText = text;
                    }
                }
                if (end != null && !end.matcher(text).matches()) {
                    joined = Math.max(named, 0); // the sentence's end never came: the lines after are lines of their own
                    text = namedText;
                }
            }
            if (joined > 0 && out == null) {
                out = new ArrayList<>(rows.subList(0, i));
            }
            if (out != null) {
                out.add(joined == 0 ? head : new PasteRepair.Row(head.number(), text, head.prefix(), head.elidedBefore()));
            }
            i += joined;
        }
        return out == null ? rows : out;
    }

    private static boolean continues(PasteRepair.Row head, PasteRepair.Row next, Predicate<String> command,
                                     boolean knownEnd) {
        String t = next.text();
        if (next.blank() || indent(t) != indent(head.text()) || next.depth() != head.depth()) {
            return false;
        }
        String s = t.strip();
        return !KernelWrapForm.any(Role.KERNEL_LINE, s) && !KernelWrapForm.any(Role.OWN_LINE, s)
                && (knownEnd || !KernelWrapForm.any(Role.OWN_LINE_UNLESS_END_KNOWN, s)) && !command.test(s);
    }

    /** A further line of the head's dmesg record: indented to the head's stamp, at its quote depth, itself no kernel line. */
    private static boolean recordLine(PasteRepair.Row head, PasteRepair.Row next, int recordIndent) {
        return !next.blank() && next.depth() == head.depth() && indent(next.text()) == recordIndent
                && !KernelWrapForm.any(Role.KERNEL_LINE, next.text().strip());
    }

    /**
     * The blanks before a line's text: a commit message or a mail indents the kernel lines it quotes (issue 31 round
     * 15b, "    mlx5_core 0000:41:04.2: mlx5_cmd_out_err:782:(pid 8321):" then "    CREATE_GENERAL_OBJECT(0xa00) …"),
     * and the wrapped rest keeps the head's indentation; a line indented otherwise is no part of it.
     */
    private static int indent(String line) {
        int n = 0;
        while (n < line.length() && (line.charAt(n) == ' ' || line.charAt(n) == '\t')) {
            n++;
        }
        return n;
    }

    /** Whether the sentence of a kernel line needs more: see the class comment. */
    static boolean unfinished(String line) {
        String s = line.strip();
        if (count(s, '(') > count(s, ')') || count(s, '[') > count(s, ']')) {
            return true;
        }
        return KernelWrapForm.any(Role.UNFINISHED, s);
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int k = 0; k < s.length(); k++) {
            n += s.charAt(k) == c ? 1 : 0;
        }
        return n;
    }
}
