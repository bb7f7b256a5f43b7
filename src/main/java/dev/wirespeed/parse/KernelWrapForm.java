package dev.wirespeed.parse;

import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Every line form and fixed ending {@link KernelWrap} reads, one row each (issue 31 round 17: the rules of rounds 11,
 * 15, 15b and 16 kept in one table). A row's {@link Role} says what the form decides; {@link KernelWrap} asks only
 * {@link #any}, {@link #endOf}, {@link #recordIndent} and {@link #cut} and holds no pattern of its own.
 */
enum KernelWrapForm {
    // ---- kernel lines: a join starts only at one, and a line of this form is never the rest of another ----
    /** syslog/journal "… kernel: …" */
    SYSLOG_KERNEL(Role.KERNEL_LINE, ".*?\\bkernel:\\s.*"),
    /** a dmesg stamp "[ 12.345]", "[+0.001]" (dmesg -d), or a line number before it */
    DMESG_STAMP(Role.KERNEL_LINE, "(?:\\d+\\s*)?\\[\\s*[+-]?\\d+\\.\\d+\\].*"),
    /** dmesg -T's "[Sun Dec  6 12:00:00 2026]" */
    DMESG_T_STAMP(Role.KERNEL_LINE, "\\[[A-Z][a-z]{2} [A-Z][a-z]{2} .*\\d{4}\\].*"),
    /** dmesg -r / the console's "<4>[ 12.345]" */
    CONSOLE_LEVEL(Role.KERNEL_LINE, "<\\d>\\[\\s*\\d+\\.\\d+\\].*"),
    /** a driver line without stamp: "driver BDF[ netdev]: " */
    DRIVER_DEVICE(Role.KERNEL_LINE, "[\\w-]+ " + PciAddress.BDF + "(?: [\\w.@-]+)?: .*"),

    /**
     * A dmesg record's first line: dmesg prints the further lines of one record (a message with newlines in it, as
     * NVIDIA's "NVRM: The NVIDIA GPU 0000:b3:00.0" / "NVRM: (PCI ID: 10de:26b5) installed in this system has" / "NVRM:
     * fallen off the bus …") under it indented to the stamp's width (util-linux dmesg, round 17). Group 1 is that width.
     */
    RECORD_STAMP(Role.RECORD_HEAD, "(\\s*\\[\\s*\\d+\\.\\d+\\] )\\S.*"),

    // ---- lines of their own, never a rest ----
    /** another bracketed line (a stamp of a form above garbled, a tag) */
    BRACKET_START(Role.OWN_LINE, "\\[.*"),
    /** a prompt typed after the log */
    SHELL_PROMPT(Role.OWN_LINE, "[$#] .*"),
    /**
     * A driver or subsystem prefix ("mlx4_en: eth1: …", "ice 0000:…", "bond0: …"): a line of its own unless the
     * head is a sentence with a fixed end (below), whose rest may look like "name: …" — the end decides.
     */
    OWN_PREFIX(Role.OWN_LINE_UNLESS_END_KNOWN, "[a-z][a-z0-9_-]*(?: \\S+)?: .*|[a-z][a-z0-9_-]*:\\s*"),

    // ---- a head whose sentence is unfinished at any width ----
    /**
     * A kernel line that is its device prefix alone ("[ 1537.028969] mlx5_core 0000:d8:00.0:"): a reply wrapped it
     * before a word too long for the rest of its line (round 16).
     */
    PREFIX_ONLY(Role.UNFINISHED_AT_ANY_WIDTH, ".*\\b[\\w-]+ " + PciAddress.BDF + "(?: [\\w.@-]+)?:\\s*"),
    /** a last mark or word that needs more: ",", ":", "(", "/", "at", "of", "with", … (round 11) */
    OPEN_END(Role.UNFINISHED, "(?s).*(?:[,:(/]| (?:at|by|of|with|for|to|and|or|from|in|on|via|is|the|a|an))"),

    // ---- kernel sentences with a fixed end: joined only when the next lines bring that end ----
    /** pci/pci.c __pcie_print_link_status ends "… x16 link)" (since 6.x "…), in Flit mode") */
    PCIE_NOTICE(".*available PCIe bandwidth.*", ".*link\\)(?:, in Flit mode)?\\s*"),
    /**
     * e1000e, igb, igc, ixgbe, i40e, ice and bnxt_en end "NIC Link is Up <speed> …" with the flow control ("Flow
     * Control: RX", bnxt_en's "Flow control: none"); ixgbevf and iavf print none and are never continued (their next
     * line carries a stamp).
     */
    NIC_LINK_UP(".*NIC Link is [Uu]p\\b(?!.*Speed is).*", ".*Flow [Cc]ontrol: \\S.*"),
    /** virtio_net's "TX timeout on queue: 0, sq: …, 8856000 usecs ago", mlx5e's "… usecs since last trans: N" (round 13) */
    TX_TIMEOUT(".*TX timeout on queue: \\d+,.*", ".*(?:usecs ago|usecs since last trans: \\d+)\\s*"),
    /**
     * mlx5 cmd.c mlx5_cmd_check / mlx5_cmd_out_err: "…(pid 8321): X(0xa00) op_mod(0xd) failed, status bad
     * parameter(0x3), syndrome (0x5fa1c)[, err(-22)]", wrapped by a commit message after "(pid N):" or the command
     */
    MLX5_COMMAND_FAILED(".*\\b(?:mlx5_cmd_check|mlx5_cmd_out_err):\\d+:\\(pid \\d+\\):.*",
            ".*syndrome \\(0x[0-9a-fA-F]+\\)(?:, err\\(-?\\d+\\))?\\s*"),
    /**
     * mlx5e's error CQE, wrapped by a commit message after "ci 0x8," (round 16): its end is the vendor syndrome; a line
     * cut by its writer ("ci 0xb06, ...") never reaches it and stays as printed
     */
    MLX5E_ERROR_CQE(".*\\bError cqe on cqn 0x[0-9a-fA-F]+,.*", ".*vendor syndrome 0x[0-9a-fA-F]+\\s*"),
    /**
     * mlx5's command EQ recovery and command timeouts, rewrapped by a reply after "(pid", "(pid N):", "cmd[0]:" and the
     * command: eq.c "Recovered N EQEs on cmd_eq", cmd.c "X(0x…) recovered after timeout", "… timeout. Will cause a leak
     * of a command resource", "… No done completion" (round 16)
     */
    MLX5_COMMAND_TIMEOUT(".*\\b(?:mlx5_cmd_eq_recover|wait_func_handle_exec_timeout|wait_func|cb_timeout_handler):\\d+:\\(.*",
            ".*(?:Recovered \\d+ EQEs on cmd_eq|recovered after timeout|timeout\\. Will cause a leak of a command "
                    + "resource|No done completion)\\s*"),

    // ---- kernel lines glued into one row: cut before each such point (tried in this order, first that cuts wins) ----
    /**
     * A dmesg stamp glued to the text before it, the newline lost: "… flow control off[   76.011364] IPv6: …" (round
     * 15, an OpenWrt log whose every line end was lost). The stamp's six decimals are printk's.
     */
    GLUED_STAMP("(?<=\\S)(?=\\[\\s*\\d{1,6}\\.\\d{6}\\] \\S)", row -> row.indexOf('[') >= 0),
    /**
     * dmesg -T's stamps glued after a blank, a page having flattened the log onto one line ("… PCI Status <10> [Mon Mar
     * 30 16:44:19 2026] e1000e 0000:00:1f.6 nic0: Detected Hardware Unit Hang: TDH <75> …", round 17b): the stamp's
     * weekday, month, day, time and year are util-linux's ctime form.
     */
    GLUED_T_STAMP("(?<=\\S) (?=\\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \\d]\\d \\d{2}:\\d{2}:\\d{2} \\d{4}\\] \\S)",
            row -> row.indexOf('[') >= 0),
    /**
     * Stamp-less kernel lines glued after a blank, each with its own "kernel: " (a knowledge-base page, round 16):
     * only in a row that starts "kernel: ", so a syslog line's own "host kernel:" is never cut.
     */
    GLUED_KERNEL("(?<=\\S) (?=kernel: \\S)", row -> row.strip().startsWith("kernel: ")),
    /** Syslog lines glued after a blank ("… Link UP Apr 8 08:45:41 ubuntu1804 kernel: [ 8.546423] …", a wiki, round 16) */
    GLUED_SYSLOG("(?<=\\S) (?=[A-Z][a-z]{2} {1,2}\\d{1,2} \\d{2}:\\d{2}:\\d{2} \\S+ [\\w.-]+(?:\\[\\d+\\])?: )",
            row -> !row.strip().startsWith("kernel: "));

    /** What a row of the table decides. */
    enum Role {
        /** a kernel line: the head of a join, never a rest */
        KERNEL_LINE,
        /** a stamped record's first line, whose further lines dmesg indents to the stamp's width */
        RECORD_HEAD,
        /** never a rest */
        OWN_LINE,
        /** never a rest, unless the head is a sentence with a fixed end */
        OWN_LINE_UNLESS_END_KNOWN,
        /** a head that is unfinished even when it is too short to have been wrapped */
        UNFINISHED_AT_ANY_WIDTH,
        /** a (stripped) head whose sentence needs more */
        UNFINISHED,
        /** a kernel sentence with its fixed end */
        SENTENCE,
        /** a point where two glued kernel lines are cut */
        GLUE
    }

    /** A row holds one line glued to the next only when it is cut into more than this many parts. */
    static final int GLUED_LINES = 2;

    final Role role;
    /** the whole line (GLUE: the cut point) */
    private final Pattern line;
    /** SENTENCE: the end the (joined) line must reach; else null */
    private final Pattern end;
    /** GLUE: the rows it is tried on; else null */
    private final Predicate<String> rows;

    KernelWrapForm(Role role, String line) {
        this(role, line, null, null);
    }

    KernelWrapForm(String head, String end) {
        this(Role.SENTENCE, head, end, null);
    }

    KernelWrapForm(String cut, Predicate<String> rows) {
        this(Role.GLUE, cut, null, rows);
    }

    KernelWrapForm(Role role, String line, String end, Predicate<String> rows) {
        this.role = role;
        this.line = Pattern.compile(line);
        this.end = end == null ? null : Pattern.compile(end);
        this.rows = rows;
    }

    /** Whether the line is whole of a form of that role. */
    static boolean any(Role role, String text) {
        for (KernelWrapForm form : values()) {
            if (form.role == role && form.line.matcher(text).matches()) {
                return true;
            }
        }
        return false;
    }

    /** The columns before a record's text when the line is a {@link Role#RECORD_HEAD} (its indentation and stamp), else -1. */
    static int recordIndent(String text) {
        for (KernelWrapForm form : values()) {
            if (form.role == Role.RECORD_HEAD) {
                Matcher m = form.line.matcher(text);
                if (m.matches()) {
                    return m.group(1).length();
                }
            }
        }
        return -1;
    }

    /** The end a known kernel sentence must reach, or null when the line starts none of them. */
    static Pattern endOf(String text) {
        for (KernelWrapForm form : values()) {
            if (form.role == Role.SENTENCE && form.line.matcher(text).matches()) {
                return form.end;
            }
        }
        return null;
    }

    /** The row cut into its glued kernel lines, or null when it holds no more than one. */
    static String[] cut(String row) {
        for (KernelWrapForm form : values()) {
            if (form.role == Role.GLUE && form.rows.test(row)) {
                String[] parts = form.line.split(row);
                if (parts.length > GLUED_LINES) {
                    return parts;
                }
            }
        }
        return null;
    }
}
