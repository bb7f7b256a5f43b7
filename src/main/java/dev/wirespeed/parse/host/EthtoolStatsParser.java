package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ethtool -S IFACE}: "NIC statistics:" then one "name: value" a line. Drivers differ in
 * names and in how they print queues: mlx5 "rx0_packets", bnx2x "[0]: rx_bytes", be2net
 * "rxq0: rx_bytes"; the queue prefixes become "0.rx_bytes" / "rxq0.rx_bytes" in the values, and the name as
 * printed ("rxq0: rx_bytes", "[0]: rx_bytes") is kept in the printed map too. vmxnet3 names its
 * counters in words ("ucast pkts rx: 5084776") under "Tx Queue#: 0" / "Rx Queue#: 1" headings, whose
 * indented lines become "txq0.ucast pkts tx"; cxgb4 pads its names before the colon
 * ("TxOctetsOK         : 0"). The interface comes from the typed command when there is one.
 * Pastes add to the dump: a note after a value ("tx_errors: 0 // No TX Error") and "..." where
 * queues were cut; the counters around them are still one dump. `ethtool -S IF --groups eth-mac`
 * prints the standard statistics ("eth-mac-FrameCheckSequenceErrors: 1") under "Standard stats
 * for IF:" and is read like the driver's own.
 */
public final class EthtoolStatsParser extends BaseParser {
    /** ethtool's heading of the driver's counters, or of the standard ones (--groups, ethtool 5.13+). */
    private static final Pattern HEAD = Pattern.compile("NIC statistics:|Standard stats for (\\S+):");
    private static final Pattern COUNTER = Pattern.compile(
            "(?:\\[(\\d+)]:\\s*|(\\w+\\d+):\\s+(?=\\w+:))?([\\w.\\[\\]/-]+(?: [\\w.\\[\\]/()-]+)*?)\\s*:\\s*(-?\\d+)"
                    + "(?:\\s+(?://|<-+|←).*)?");
    /** Where the person pasting cut lines out of the dump ("..." alone on its line): the dump goes on after it. */
    private static final Pattern CUT = Pattern.compile("\\.{3,}|…");
    /** vmxnet3's per-queue heading. */
    private static final Pattern QUEUE = Pattern.compile("([TR]x) Queue#:\\s*(\\d+)");
    /**
     * A counter name as drivers print it under ethtool -S: rx_/tx_, per queue "rx0_"/"tx3_" (mlx5, virtio_net),
     * "rx_queue_0_" (veth, ixgbe), i40e's "port.rx_". Two such lines in a row start a dump pasted without its
     * "NIC statistics:" head and without the command (an unnamed port's counters).
     */
    private static final Pattern DRIVER_NAME = Pattern.compile("(?:port\\.)?(?:rx|tx)(?:\\d+|_queue_\\d+)?_\\w+");

    public EthtoolStatsParser() {
        super("ethtool-stats", "ethtool");
    }

    @Override
    public boolean reads(Command c) {
        return c != null && c.program().equals("ethtool")
                && c.args().stream().anyMatch(a -> a.equals("-S") || a.equals("--statistics"));
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        return in.matches(HEAD, i) || (reads(in.command()) && in.matches(COUNTER, i)) // "ethtool -S X | grep …"
                || (driverCounter(in, i) && driverCounter(in, i + 1));
    }

    private static boolean driverCounter(Lines in, int i) {
        Matcher m = in.match(COUNTER, i);
        return m != null && DRIVER_NAME.matcher(m.group(3)).matches();
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        String headIface = null;
        Matcher head = in.match(HEAD, from);
        if (head != null) {
            headIface = head.group(1);
            b.use(from);
            i++;
        }
        Map<String, Long> values = new LinkedHashMap<>();
        List<PrefixedCounter> prefixed = new ArrayList<>();
        String section = null;
        int sectionIndent = -1;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                break;
            }
            int indent = indent(in.raw(i));
            if (section != null && indent <= sectionIndent) {
                section = null; // "tx timeout count: 0" after the last queue is the device's again
            }
            Matcher q = in.match(QUEUE, i);
            if (q != null) {
                section = q.group(1).toLowerCase(Locale.ROOT) + "q" + q.group(2);
                sectionIndent = indent;
                b.use(i);
                continue;
            }
            Matcher m = in.match(COUNTER, i);
            if (m == null && in.matches(CUT, i) && i + 1 < in.size() && in.matches(COUNTER, i + 1)) {
                b.use(i);
                continue;
            }
            if (m == null) {
                break;
            }
            String queue = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : section;
            Long v = value(m.group(4));
            if (v != null) {
                values.put(queue == null ? m.group(3) : queue + "." + m.group(3), v);
                b.use(i);
                if (m.group(1) != null || m.group(2) != null) {
                    String prefix = m.group(1) != null ? "[" + m.group(1) + "]" : m.group(2);
                    prefixed.add(new PrefixedCounter(i, prefix + ": " + m.group(3), m.group(4)));
                }
            }
        }
        if (!values.isEmpty()) {
            String iface = iface(in.command());
            CounterSample sample = new CounterSample(iface != null ? iface : headIface, "ethtool -S", values, in.source(from));
            b.add(sample);
            // the name as the driver printed it ("rxq0: rx_drops_no_frags"), beside the line's generic reading
            prefixed.forEach(c -> b.printedBeside(sample, c.line(), c.name(), c.value()));
        }
        return b.done(i);
    }

    /** A counter line with a queue prefix (be2net "rxq0: rx_pkts: 5", bnx2x "[0]: rx_bytes: 7"): the name as printed. */
    private record PrefixedCounter(int line, String name, String value) {}

    private static int indent(String raw) {
        int n = 0;
        while (n < raw.length() && Character.isWhitespace(raw.charAt(n))) {
            n++;
        }
        return n;
    }

    private static Long value(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            return null; // beyond 2^63: not a counter a person pasted
        }
    }

    /** The argument after -S / --statistics ("ethtool -S IFACE"). */
    static String iface(Command c) {
        if (c == null) {
            return null;
        }
        String v = c.after("-S") != null ? c.after("-S") : c.after("--statistics");
        return v == null || v.startsWith("-") ? null : v;
    }
}
