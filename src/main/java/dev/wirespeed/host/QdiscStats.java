package dev.wirespeed.host;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The root qdisc's statistics of `tc -s qdisc show dev IF` (iproute2 tc/tc_qdisc.c): the line
 * after "qdisc KIND HANDLE: root …" reads " Sent B bytes P pkt (dropped D, overlimits O requeues R)".
 * A classful or multiqueue root (mq, htb) already sums its children, so only the root is read; the
 * ingress qdisc is not a transmit queue and is skipped. Names: qdisc_dropped, qdisc_overlimits,
 * qdisc_requeues.
 */
public final class QdiscStats {
    private QdiscStats() {}

    private static final Pattern SENT = Pattern.compile(
            "^\\s*Sent (\\d+) bytes (\\d+) pkt \\(dropped (\\d+), overlimits (\\d+) requeues (\\d+)\\)");

    public static Counters.Builder parse(String text, String source, Counters.Builder into) {
        boolean root = false;
        for (String line : text.split("\n", 10_000)) {
            if (line.startsWith("qdisc ")) {
                root = line.contains(" root ");
                continue;
            }
            Matcher m = SENT.matcher(line);
            if (root && m.find()) {
                into.parse("qdisc_dropped", m.group(3), source + ": dropped");
                into.parse("qdisc_overlimits", m.group(4), source + ": overlimits");
                into.parse("qdisc_requeues", m.group(5), source + ": requeues");
                return into;
            }
        }
        return into;
    }
}
