package dev.wirespeed.parse.perftest;

import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * perftest's own failures before any banner, as the binary prints them to stderr:
 * <ul>
 * <li>its option checks (perftest_parameters.c parser() and force_dependecies()): a reason, then "
 * Parser function exited with Error" from the test's main(); or, for the checks that exit(1) at once,
 * a rule (RESULT_LINE, stdout) and the reason alone — src/test/resources/parse/perftest/
 * perftest-4.5-debian-option-errors-and-no-device-terminal.txt;</li>
 * <li>no RDMA device: "Did not detect devices", "If device exists, check if driver is up", "Unable to
 * find the Infiniband/RoCE device" (1.x and 2.x: "deivce");</li>
 * <li>the queue pair refused its next state: "Failed to modify QP 122273 to RTR" then " Unable to
 * Connect the HCA's through the link" (perftest_resources.c ctx_modify_qp_to_rtr/rts, linux-rdma/perftest#393);</li>
 * <li>the queue pair (or another resource) could not be created: "Unable to create QP.", "Failed to create QP.",
 * "Couldn't create IB resources" (perftest_resources.c; an EFA device asked for UD, linux-rdma/perftest#105, an
 * E810's irdma refusing the default inline size, #139);</li>
 * <li>the rdma_cm exchange (-R) failed: "RDMA CM event error:", "Event: RDMA_CM_EVENT_REJECTED; error: -111.",
 * "ERRNO: …", "Failed to handle RDMA CM event.", "Failed to connect RDMA CM events." (perftest_communication.c,
 * linux-rdma/perftest#54), blank lines between them.</li>
 * </ul>
 * Each run of such lines is one {@link PerftestError}: failure "options", "device", "qp", "create" or "rdma_cm"
 * (the event in its statusText), the lines joined in its message.
 */
final class PerftestFailures {
    private PerftestFailures() {}

    private static final Pattern PARSER_EXIT = Pattern.compile("Parser function exited with Error");
    private static final Pattern NO_DEVICE = Pattern.compile(
            "Unable to find the Infiniband/RoCE de(?:vice|ivce)|Did not detect devices|If device exists, check if driver is up"
                    + "|IB device \\S+ not found|Couldn't get context for the device");
    private static final Pattern QP = Pattern.compile("Failed to modify QP (?:\\d+ )?to (?:INIT|RTR|RTS)|Unable to Connect the HCA's through the link");
    /** A queue pair or another verbs resource the device refused to create. */
    private static final Pattern CREATE = Pattern.compile("Couldn't create (?:IB resources|CQ|QP)\\.?|(?:Unable to|Failed to) create (?:QP|CQ|SRQ)\\.?");
    private static final Pattern CM = Pattern.compile("RDMA CM event error:?|Event: (RDMA_CM_EVENT_\\w+)(?:; error: -?\\d+)?\\.?"
            + "|ERRNO: .*|Failed to handle RDMA CM event\\.?|Failed to connect RDMA CM events?\\.?");
    /** A reason line: a sentence, not a table row or a field. */
    private static final Pattern REASON = Pattern.compile("[A-Za-z][^:|\\t]*(?::\\s+[\\w ,*>=.-]+)?");
    private static final Pattern RULE = Pattern.compile("-{20,}");
    /** What "--version" prints, alone ("Version: 6.06", parse/perftest/perftest-6.06-version-only-debian.txt): no refusal. */
    private static final Pattern VERSION = Pattern.compile("\\s*Version: [\\d.]+\\s*");
    private static final int MAX_REASON_LINES = 3;

    /** True when a failure begins at line i; {@code typed}: a perftest program's command heads the chunk. */
    static boolean starts(Lines in, int i, boolean typed) {
        return terminal(in, i) || reasonBeforeExit(in, i) || (typed && exitAfterRule(in, i));
    }

    private static boolean terminal(Lines in, int i) {
        return in.matches(PARSER_EXIT, i) || in.matches(NO_DEVICE, i) || in.matches(QP, i) || in.matches(CREATE, i)
                || (in.matches(CM, i) && !in.get(i).startsWith("ERRNO"));
    }

    /** Line i and at most two more reason lines, then "Parser function exited with Error". */
    private static boolean reasonBeforeExit(Lines in, int i) {
        for (int k = i; k < in.size() && k < i + MAX_REASON_LINES; k++) {
            if (in.blank(k) || !in.matches(REASON, k) || terminal(in, k)) {
                return k > i && in.matches(PARSER_EXIT, k);
            }
        }
        return false;
    }

    /** The reason of a check that exits at once: the output's rule (or nothing) before it, nothing but blanks after it. */
    private static boolean exitAfterRule(Lines in, int i) {
        if (!in.matches(REASON, i) || in.matches(VERSION, i)) {
            return false;
        }
        int before = i - 1;
        while (before >= 0 && in.blank(before)) {
            before--;
        }
        if (before >= 0 && !RULE.matcher(in.get(before)).matches()) {
            return false;
        }
        for (int k = before - 1; k >= 0; k--) {
            if (!in.blank(k)) {
                return false; // the rule opened the output: after a banner or table, a last sentence is the user's prose
            }
        }
        for (int k = i + 1; k < in.size(); k++) {
            if (!in.blank(k) && !in.decoration(k)) {
                return false;
            }
        }
        return true;
    }

    /** Reads the failure at line i: its reason lines, then the lines that say it failed; returns the last line used. */
    static int read(Lines in, int i, ParseBuilder b) {
        if (in.matches(CM, i)) {
            return readCm(in, i, b);
        }
        List<String> lines = new ArrayList<>();
        int k = i;
        for (; k < in.size() && lines.size() < MAX_REASON_LINES && !in.blank(k) && !terminal(in, k) && in.matches(REASON, k); k++) {
            lines.add(in.get(k));
            b.use(k);
        }
        String failure = "options"; // a reason alone: a check that exits at once
        boolean exited = false;
        boolean noDevice = false;
        boolean create = false;
        for (; k < in.size() && !in.blank(k) && terminal(in, k) && !in.matches(CM, k); k++) {
            exited |= in.matches(PARSER_EXIT, k);
            noDevice |= in.matches(NO_DEVICE, k);
            create |= in.matches(CREATE, k);
            failure = exited ? "options" : noDevice ? "device" : create ? "create" : "qp";
            lines.add(in.get(k));
            b.use(k);
        }
        b.add(new PerftestError(failure, String.join("; ", lines), null, null, null, null, null, in.source(i)));
        return k - 1;
    }

    /** The rdma_cm failure at line i: its lines up to the last one, blank lines between them skipped; returns the last line used. */
    private static int readCm(Lines in, int i, ParseBuilder b) {
        List<String> lines = new ArrayList<>();
        String event = null;
        int last = i;
        for (int k = i; k < in.size(); k++) {
            if (in.blank(k)) {
                continue;
            }
            Matcher m = CM.matcher(in.get(k));
            if (!m.matches()) {
                break;
            }
            event = event == null ? m.group(1) : event;
            lines.add(in.get(k));
            b.use(k);
            last = k;
        }
        b.add(new PerftestError("rdma_cm", String.join("; ", lines), null, null, event, null, null, in.source(i)));
        return last;
    }
}
