package dev.wirespeed.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Kernel lines a mail client or a narrow window wrapped onto the next one or two lines (issue 31, round 11): "…
 * 4.000 Gb/s available PCIe bandwidth, limited by 5.0 GT/s PCIe x1 link at" then "0000:00:1c.1 (capable of 7.876
 * Gb/s with 8.0 GT/s PCIe x1 link)". A line is joined to the kernel line before it only when nothing else can be
 * meant: the kernel line is long enough to have been wrapped ({@value #WRAPPED_WIDTH} columns with its quote marks)
 * and its sentence is unfinished (a parenthesis left open, a last word or mark that needs more — "at", "of", "with",
 * ",", ":" —, or a kernel sentence whose fixed end is missing and comes within the next two lines: the PCIe
 * bandwidth notice without "link)", a "NIC Link is Up" line without its "Flow Control: …"); the next line is at the same quote depth, starts at the margin, carries
 * no timestamp, syslog tag or driver prefix, and is no command. Two real lines are never joined: a kernel line after
 * it has its own stamp or prefix. Mail wraps break at a blank, so the parts are joined with one blank; a terminal's
 * cut inside a word of an unpadded copy is not told from a break at a blank and stays (a padded screen is
 * {@link PasteRepair#unpad}'s).
 */
final class KernelWrap {
    private KernelWrap() {}

    static final int WRAPPED_WIDTH = 60;
    /** How many lines one kernel line may have become beside its own. */
    static final int MAX_CONTINUATIONS = 2;

    /** A kernel line: syslog/journal "… kernel:", a dmesg stamp "[ 12.345]" or "[Sun Dec  6 …]", or "driver BDF: ". */
    private static final Pattern KERNEL = Pattern.compile("(?:.*?\\bkernel:\\s.*|(?:\\d+\\s*)?\\[\\s*[+-]?\\d+\\.\\d+\\].*"
            + "|\\[[A-Z][a-z]{2} [A-Z][a-z]{2} .*\\d{4}\\].*|<\\d>\\[\\s*\\d+\\.\\d+\\].*"
            + "|[\\w-]+ " + PciAddress.BDF + "(?: [\\w.@-]+)?: .*)");
    /** A driver or subsystem prefix a line of its own starts with ("mlx4_en: eth1: …", "ice 0000:…", "bond0: …"). */
    private static final Pattern OWN_PREFIX = Pattern.compile("[a-z][a-z0-9_-]*(?: \\S+)?: .*|[a-z][a-z0-9_-]*:\\s*");
    private static final Set<String> OPEN_WORDS = Set.of("at", "by", "of", "with", "for", "to", "and", "or", "from", "in",
            "on", "via", "is", "the", "a", "an");
    /**
     * Kernel sentences with a fixed end: joined only when the next lines bring that end. pci/pci.c
     * __pcie_print_link_status ends "… x16 link)" (since 6.x "…), in Flit mode"); e1000e, igb, igc, ixgbe, i40e, ice
     * and bnxt_en end their "NIC Link is Up <speed> …" with the flow control ("Flow Control: RX", bnxt_en's "Flow
     * control: none"; ixgbevf and iavf print none and are never continued: their next line carries a stamp);
     * virtio_net's "TX timeout on queue: 0, sq: …, name: output.0, 8856000 usecs ago" and mlx5e's "… usecs since last
     * trans: N" end in the stall (round 13). A line that brings such an end may look like "name: …": the end decides.
     */
    private static final Pattern[][] SENTENCES = {
        {Pattern.compile(".*available PCIe bandwidth.*"), Pattern.compile(".*link\\)(?:, in Flit mode)?\\s*")},
        {Pattern.compile(".*NIC Link is [Uu]p\\b(?!.*Speed is).*"), Pattern.compile(".*Flow [Cc]ontrol: \\S.*")},
        {Pattern.compile(".*TX timeout on queue: \\d+,.*"), Pattern.compile(".*(?:usecs ago|usecs since last trans: \\d+)\\s*")},
        // mlx5 cmd.c mlx5_cmd_check / mlx5_cmd_out_err: "…(pid 8321): X(0xa00) op_mod(0xd) failed, status bad
        // parameter(0x3), syndrome (0x5fa1c)[, err(-22)]", wrapped by a commit message after "(pid N):" or the command
        {Pattern.compile(".*\\b(?:mlx5_cmd_check|mlx5_cmd_out_err):\\d+:\\(pid \\d+\\):.*"),
            Pattern.compile(".*syndrome \\(0x[0-9a-fA-F]+\\)(?:, err\\(-?\\d+\\))?\\s*")},
        // mlx5e's error CQE, wrapped by a commit message after "ci 0x8," (issue 31 round 16): its end is the vendor
        // syndrome; a line cut by its writer ("ci 0xb06, ...") never reaches it and stays as printed
        {Pattern.compile(".*\\bError cqe on cqn 0x[0-9a-fA-F]+,.*"), Pattern.compile(".*vendor syndrome 0x[0-9a-fA-F]+\\s*")},
        // mlx5's command EQ recovery and command timeouts, rewrapped by a reply after "(pid", "(pid N):", "cmd[0]:" and
        // the command: eq.c "Recovered N EQEs on cmd_eq", cmd.c "X(0x…) recovered after timeout", "… timeout. Will
        // cause a leak of a command resource", "… No done completion"
        {Pattern.compile(".*\\b(?:mlx5_cmd_eq_recover|wait_func_handle_exec_timeout|wait_func|cb_timeout_handler):\\d+:\\(.*"),
            Pattern.compile(".*(?:Recovered \\d+ EQEs on cmd_eq|recovered after timeout|timeout\\. Will cause a leak of a command "
                    + "resource|No done completion)\\s*")},
    };
    /**
     * A kernel line that is its device prefix alone ("[ 1537.028969] mlx5_core 0000:d8:00.0:"): a reply wrapped it before
     * a word too long for the rest of its line, so it is unfinished at any width.
     */
    private static final Pattern PREFIX_ONLY = Pattern.compile(".*\\b[\\w-]+ " + PciAddress.BDF + "(?: [\\w.@-]+)?:\\s*");
    /** How many lines a known kernel sentence (above) may have become beside its own: its end decides. */
    static final int MAX_SENTENCE_CONTINUATIONS = 3;

    /**
     * A dmesg stamp glued to the text before it, the newline between two kernel lines lost in a paste: "… flow control
     * off[   76.011364] IPv6: …" (issue 31 round 15, an OpenWrt log whose every line end was lost). The stamp's six
     * decimals are printk's; a row is cut before each glued stamp only when it holds {@value #GLUED_STAMPS} or more.
     */
    private static final Pattern GLUED_STAMP = Pattern.compile("(?<=\\S)(?=\\[\\s*\\d{1,6}\\.\\d{6}\\] \\S)");
    static final int GLUED_STAMPS = 2;
    /**
     * Syslog lines glued the same way, each after a blank (issue 31 round 16, a wiki's log excerpt: "… Link UP Apr 8
     * 08:45:41 ubuntu1804 kernel: [ 8.546423] pcieport …"): cut before each "Mon D HH:MM:SS host tag:" after the first.
     */
    private static final Pattern GLUED_SYSLOG = Pattern.compile(
            "(?<=\\S) (?=[A-Z][a-z]{2} {1,2}\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\S+ [\\w.-]+(?:\\[\\d+\\])?: )");
    /**
     * Kernel lines without stamps glued after a blank, each with its own "kernel: " (a knowledge-base page's example:
     * "kernel: pcieport 0000:00:1b.2: AER: Correctable error received from 0000:03:04.0 kernel: pcieport 0000:03:04.0:
     * PCIe Bus Error: …"): only in a row that starts "kernel: ", so a syslog line's own "host kernel:" is never cut.
     */
    private static final Pattern GLUED_KERNEL = Pattern.compile("(?<=\\S) (?=kernel: \\S)");

    /** Rows with kernel lines glued together, each line its own row (the first part keeps the text before the stamp). */
    static List<PasteRepair.Row> unglue(List<PasteRepair.Row> rows) {
        List<PasteRepair.Row> out = null;
        for (int i = 0; i < rows.size(); i++) {
            PasteRepair.Row row = rows.get(i);
            String[] parts = row.text().indexOf('[') < 0 ? null : GLUED_STAMP.split(row.text());
            if (parts == null || parts.length <= GLUED_STAMPS) {
                parts = (row.text().strip().startsWith("kernel: ") ? GLUED_KERNEL : GLUED_SYSLOG).split(row.text());
            }
            if (parts != null && parts.length > GLUED_STAMPS) {
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
            if ((head.width() >= WRAPPED_WIDTH || PREFIX_ONLY.matcher(text).matches()) && KERNEL.matcher(text.strip()).matches()) {
                Pattern end = end(text);
                int named = end != null ? 0 : -1; // how many rests were joined when the sentence was known
                String namedText = text;
                while (joined < (end != null ? MAX_SENTENCE_CONTINUATIONS : MAX_CONTINUATIONS) && i + joined + 1 < rows.size()
                        && (end != null ? !end.matcher(text).matches() : unfinished(text))
                        && continues(head, rows.get(i + joined + 1), command, end != null)) {
                    text = text.stripTrailing() + " " + rows.get(i + joined + 1).text().strip();
                    joined++;
                    if (end == null && (end = end(text)) != null) {
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
        return !KERNEL.matcher(s).matches() && (knownEnd || !OWN_PREFIX.matcher(s).matches()) && !command.test(s)
                && !s.startsWith("[")
                && !s.startsWith("$ ") && !s.startsWith("# ");
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

    /** The end a known kernel sentence must reach, or null when the line starts none of them. */
    private static Pattern end(String line) {
        for (Pattern[] sentence : SENTENCES) {
            if (sentence[0].matcher(line).matches()) {
                return sentence[1];
            }
        }
        return null;
    }

    /** Whether the sentence of a kernel line needs more: see the class comment. */
    static boolean unfinished(String line) {
        String s = line.strip();
        if (count(s, '(') > count(s, ')') || count(s, '[') > count(s, ']')) {
            return true;
        }
        char last = s.isEmpty() ? ' ' : s.charAt(s.length() - 1);
        if (last == ',' || last == ':' || last == '(' || last == '/') {
            return true;
        }
        int blank = s.lastIndexOf(' ');
        return blank >= 0 && OPEN_WORDS.contains(s.substring(blank + 1));
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int k = 0; k < s.length(); k++) {
            n += s.charAt(k) == c ? 1 : 0;
        }
        return n;
    }
}
