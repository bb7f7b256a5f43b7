package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Command;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The host's IP/TCP/UDP counters, under nstat's names (group + /proc/net/snmp or netstat field,
 * "TcpRetransSegs", "TcpExtTCPLostRetransmit"): {@code nstat [-az]} ("#kernel" then
 * "TcpRetransSegs 3006 0.0") and {@code netstat -s} ("Tcp:" then "3006 segments retransmited", or
 * "TCPLostRetransmit: 5164" under "TcpExt:"). netstat's sentences are mapped for the counters the
 * rules read (net-tools statistics.c); other sentences are skipped, "Name: N" lines kept as group + name.
 * {@code cat /proc/net/snmp} and {@code /proc/net/netstat} (a names line and a values line per group) too.
 */
public final class NetstatParser extends BaseParser {
    private static final Pattern NSTAT_HEAD = Pattern.compile("#kernel");
    private static final Pattern NSTAT_ROW = Pattern.compile("([A-Z][A-Za-z0-9]+)\\s+(\\d+)(?:\\s+[\\d.]+)?");
    private static final Pattern GROUP = Pattern.compile("(Ip|Icmp|IcmpMsg|Tcp|Udp|UdpLite|TcpExt|IpExt|MPTcpExt|Ip6|Udp6):");
    private static final Pattern SENTENCE = Pattern.compile("(\\d+) ([a-zA-Z][\\w ./'()-]*?)\\.?");
    private static final Pattern NAMED = Pattern.compile("([A-Za-z][\\w]*): (\\d+)");
    /** netstat's sentences with the number inside: "Quick ack mode was activated 238 times", "Detected reordering 2 times using FACK". */
    private static final Pattern MID_SENTENCE = Pattern.compile("([A-Z][A-Za-z ]*?) (\\d+) (times\\b.*)");
    private static final Map<String, String> MID_SENTENCES = Map.of(
            "TcpExt Quick ack mode was activated times", "TcpExtDelayedACKLost",
            "TcpExt TCP ran low on memory times", "TcpExtTCPMemoryPressures");
    /**
     * /proc/net/snmp and /proc/net/netstat (net/ipv4/proc.c): each group is a line of field names then a line of
     * values, both after "Group:" ("Tcp: RtoAlgorithm RtoMin …" / "Tcp: 1 200 …"); nstat's names are group + field.
     */
    private static final Pattern PROC_NAMES = Pattern.compile("([A-Z][A-Za-z0-9]*): ([A-Za-z][\\w]*(?: [A-Za-z][\\w]*)*)");
    private static final Pattern PROC_VALUES = Pattern.compile("([A-Z][A-Za-z0-9]*): (-?\\d+(?: -?\\d+)*)");
    /** ICMP histogram heads, also translated ("Histograma de entrada ICMP:"), and their "echo replies: 7" lines. */
    private static final Pattern ICMP_HISTOGRAM_HEAD = Pattern.compile("ICMP (?:input|output) histogram:");
    private static final Pattern HISTOGRAM = Pattern.compile("(?:ICMP (?:input|output) histogram:|[\\p{L} ]*\\bICMP\\b[\\p{L} ]*:?|[a-z][\\w ]*: \\d+)");

    private static final Map<String, String> SENTENCES = Map.ofEntries(
            Map.entry("Ip total packets received", "IpInReceives"), Map.entry("Ip forwarded", "IpForwDatagrams"),
            Map.entry("Ip incoming packets discarded", "IpInDiscards"),
            Map.entry("Ip incoming packets delivered", "IpInDelivers"), Map.entry("Ip requests sent out", "IpOutRequests"),
            Map.entry("Ip outgoing packets dropped", "IpOutDiscards"),
            Map.entry("Ip dropped because of missing route", "IpOutNoRoutes"),
            Map.entry("Tcp active connections openings", "TcpActiveOpens"),
            Map.entry("Tcp active connection openings", "TcpActiveOpens"),
            Map.entry("Tcp passive connection openings", "TcpPassiveOpens"),
            Map.entry("Tcp failed connection attempts", "TcpAttemptFails"),
            Map.entry("Tcp connection resets received", "TcpEstabResets"),
            Map.entry("Tcp connections established", "TcpCurrEstab"), Map.entry("Tcp segments received", "TcpInSegs"),
            Map.entry("Tcp segments send out", "TcpOutSegs"), Map.entry("Tcp segments sent out", "TcpOutSegs"),
            Map.entry("Tcp segments retransmited", "TcpRetransSegs"),
            Map.entry("Tcp segments retransmitted", "TcpRetransSegs"),
            Map.entry("Tcp bad segments received", "TcpInErrs"), Map.entry("Tcp resets sent", "TcpOutRsts"),
            Map.entry("Udp packets received", "UdpInDatagrams"),
            Map.entry("Udp packets to unknown port received", "UdpNoPorts"),
            Map.entry("Udp packet receive errors", "UdpInErrors"), Map.entry("Udp packets sent", "UdpOutDatagrams"),
            Map.entry("Udp receive buffer errors", "UdpRcvbufErrors"), Map.entry("Udp send buffer errors", "UdpSndbufErrors"),
            // TcpExt (net-tools statistics.c, Tcpexttab): the drops, overflows and losses a slow transfer shows
            Map.entry("TcpExt packets pruned from receive queue because of socket buffer overrun", "TcpExtPruneCalled"),
            Map.entry("TcpExt packets pruned from receive queue", "TcpExtRcvPruned"),
            Map.entry("TcpExt packets dropped from out-of-order queue because of socket buffer overrun", "TcpExtOfoPruned"),
            Map.entry("TcpExt packets collapsed in receive queue due to low socket buffer", "TcpExtTCPRcvCollapsed"),
            Map.entry("TcpExt times the listen queue of a socket overflowed", "TcpExtListenOverflows"),
            Map.entry("TcpExt SYNs to LISTEN sockets dropped", "TcpExtListenDrops"),
            Map.entry("TcpExt SYNs to LISTEN sockets ignored", "TcpExtListenDrops"),
            Map.entry("TcpExt TCP data loss events", "TcpExtTCPLoss"),
            Map.entry("TcpExt timeouts in loss state", "TcpExtTCPLossFailures"),
            Map.entry("TcpExt timeouts after SACK recovery", "TcpExtTCPSackFailures"),
            Map.entry("TcpExt fast retransmits", "TcpExtTCPFastRetrans"),
            Map.entry("TcpExt forward retransmits", "TcpExtTCPForwardRetrans"),
            Map.entry("TcpExt retransmits in slow start", "TcpExtTCPSlowStartRetrans"),
            Map.entry("TcpExt retransmits lost", "TcpExtTCPLostRetransmit"),
            Map.entry("TcpExt other TCP timeouts", "TcpExtTCPTimeouts"),
            Map.entry("TcpExt SACK retransmits failed", "TcpExtTCPSackRecoveryFail"),
            Map.entry("TcpExt connections reset due to unexpected data", "TcpExtTCPAbortOnData"),
            Map.entry("TcpExt connections reset due to early user close", "TcpExtTCPAbortOnClose"),
            Map.entry("TcpExt connections aborted due to timeout", "TcpExtTCPAbortOnTimeout"),
            Map.entry("TcpExt connections aborted due to memory pressure", "TcpExtTCPAbortOnMemory"),
            Map.entry("TcpExt resets received for embryonic SYN_RECV sockets", "TcpExtEmbryonicRsts"),
            Map.entry("TcpExt packets dropped from prequeue", "TcpExtTCPPrequeueDropped"),
            Map.entry("TcpExt packets rejects in established connections because of timestamp", "TcpExtPAWSEstab"),
            // net-tools 2.10's spelling (statistics.c, "packets rejected in established connections because of timestamp")
            Map.entry("TcpExt packets rejected in established connections because of timestamp", "TcpExtPAWSEstab"),
            Map.entry("TcpExt ICMP packets dropped because they were out-of-window", "TcpExtOutOfWindowIcmps"),
            Map.entry("TcpExt TCP sockets finished time wait in fast timer", "TcpExtTW"),
            Map.entry("TcpExt delayed acks sent", "TcpExtDelayedACKs"),
            Map.entry("TcpExt delayed acks further delayed because of locked socket", "TcpExtDelayedACKLocked"),
            Map.entry("TcpExt packet headers predicted", "TcpExtTCPHPHits"),
            Map.entry("TcpExt acknowledgments not containing data payload received", "TcpExtTCPPureAcks"),
            Map.entry("TcpExt predicted acknowledgments", "TcpExtTCPHPAcks"),
            Map.entry("TcpExt congestion windows recovered without slow start after partial ack", "TcpExtTCPLossUndo"),
            Map.entry("TcpExt congestion windows fully recovered without slow start", "TcpExtTCPFullUndo"),
            Map.entry("TcpExt congestion windows recovered without slow start by DSACK", "TcpExtTCPDSACKUndo"),
            Map.entry("TcpExt congestion windows partially recovered using Hoe heuristic", "TcpExtTCPPartialUndo"));
    /** The groups a sentence of a grep'd netstat -s (its group header filtered out) is looked up in, in order. */
    private static final List<String> GROUPS = List.of("Tcp", "TcpExt", "Udp", "Ip");

    public NetstatParser() {
        super("netstat-s", "netstat", "nstat");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        int next = i + 1;
        while (next < in.size() && next - i <= 2 && in.blank(next)) {
            next++; // a page that double-spaced the output
        }
        return in.matches(NSTAT_HEAD, i) || procPair(in, i) || (in.matches(GROUP, i) && next < in.size()
                && (in.matches(SENTENCE, next) || in.matches(NAMED, next)))
                || (grepped(in) && i == firstOutput(in) && groupless(in, i) != null)
                || (i == firstOutput(in) && typed(in, "netstat")
                        && (in.matches(SENTENCE, i) || in.matches(MID_SENTENCE, i) || groupless(in, i) != null
                        || in.matches(ICMP_HISTOGRAM_HEAD, i)))
                || (i == firstOutput(in) && typed(in, "nstat") && in.matches(NSTAT_ROW, i))
                || handPicked(in, i);
    }

    /**
     * Lines picked out of a netstat -s by hand, pasted with no command and no group header: two known lines in a row,
     * the first one's sentence known in one group only. Udp's sentences are not: net-tools prints UdpLite's counters
     * with the same words ("packets received"), so without its header such a line names no counter.
     */
    private static boolean handPicked(Lines in, int i) {
        Command c = in.command();
        return (c == null || !(c.program().equals("netstat") || c.program().equals("nstat")))
                && unambiguous(in, i) != null && groupless(in, i + 1) != null;
    }

    /** The counter of a group-less line when no other group prints the same words; else null. */
    private static String unambiguous(Lines in, int i) {
        String name = groupless(in, i);
        return name == null || name.startsWith("Udp") ? null : name;
    }

    /**
     * Whether the piece's command is {@code program} with an -s among its options (netstat -s, -st; nstat -az):
     * its output may begin below its first group header, where a reader typed the command again inside the paste
     * (the Splitter cuts there) or a grep or the paste left the header out.
     */
    private static boolean typed(Lines in, String program) {
        Command c = in.command();
        return c != null && c.program().equals(program)
                && (program.equals("nstat") || c.args().stream().anyMatch(a -> a.matches("-[a-zA-Z]*s[a-zA-Z]*")));
    }

    /** Whether lines i and i+1 are a /proc/net/snmp or /proc/net/netstat group: names, then as many values. */
    private static boolean procPair(Lines in, int i) {
        Matcher names = in.match(PROC_NAMES, i);
        Matcher values = names == null ? null : in.match(PROC_VALUES, i + 1);
        return values != null && names.group(1).equals(values.group(1))
                && names.group(2).split(" ").length == values.group(2).split(" ").length;
    }

    /** After "netstat -s | grep …" (or -st, -su): lines without the group header they belong under. */
    private static boolean grepped(Lines in) {
        Command c = in.command();
        return c != null && c.program().equals("netstat") && c.args().stream().anyMatch(a -> a.matches("-[a-zA-Z]*s[a-zA-Z]*"))
                && c.text().contains("grep");
    }

    private static int firstOutput(Lines in) {
        int i = 0;
        while (i < in.size() && in.blank(i)) {
            i++;
        }
        return i;
    }

    /** The counter name of a grep'd line: a sentence known in some group, or a TcpExt "TCPxxx: N" line; else null. */
    private static String groupless(Lines in, int i) {
        Matcher m;
        if ((m = in.match(SENTENCE, i)) != null) {
            for (String g : GROUPS) {
                String name = SENTENCES.get(g + " " + m.group(2).strip());
                if (name != null) {
                    return name;
                }
            }
        } else if ((m = in.match(NAMED, i)) != null && m.group(1).startsWith("TCP")) {
            return "TcpExt" + m.group(1); // only TcpExt has "TCP…" names (net-tools prints unknown ones as "Name: N")
        }
        return null;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        Map<String, Long> values = new LinkedHashMap<>();
        boolean nstat = in.matches(NSTAT_HEAD, from) || (typed(in, "nstat") && in.matches(NSTAT_ROW, from));
        String group = null;
        int i = from;
        if (procPair(in, from)) {
            while (i < in.size() && (in.blank(i) || procPair(in, i))) {
                if (in.blank(i)) {
                    i++;
                    continue;
                }
                Matcher names = in.match(PROC_NAMES, i);
                String[] fields = names.group(2).split(" ");
                String[] numbers = in.match(PROC_VALUES, i + 1).group(2).split(" ");
                for (int k = 0; k < fields.length; k++) {
                    put(values, names.group(1) + fields[k], numbers[k]);
                }
                b.use(i).use(i + 1);
                i += 2;
            }
            b.add(new CounterSample("host", "/proc/net/snmp", values, in.source(from)));
            return b.done(i);
        }
        List<int[]> sentenceLines = new ArrayList<>(); // each sentence's line, kept in "printed" under the sentence as printed
        if (!nstat && !in.matches(GROUP, from) && grepped(in)) {
            for (; i < in.size() && (in.blank(i) || groupless(in, i) != null); i++) {
                if (!in.blank(i)) {
                    Matcher n = in.match(SENTENCE, i);
                    put(values, groupless(in, i), n != null ? n.group(1) : in.match(NAMED, i).group(2));
                    if (n != null) {
                        sentenceLines.add(new int[] {i, 0});
                    }
                    b.use(i);
                }
            }
            return done(b, in, from, i, values, sentenceLines, "netstat -s");
        }
        if (!nstat && !in.matches(GROUP, from) && handPicked(in, from)) {
            for (; i < in.size() && groupless(in, i) != null; i++) {
                Matcher n = in.match(SENTENCE, i);
                String name = unambiguous(in, i);
                if (name != null) {
                    put(values, name, n != null ? n.group(1) : in.match(NAMED, i).group(2));
                }
                if (n != null) {
                    sentenceLines.add(new int[] {i, 0});
                }
                b.use(i);
            }
            return done(b, in, from, i, values, sentenceLines, "netstat -s");
        }
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            Matcher m;
            if (nstat) {
                if (i == from && in.matches(NSTAT_HEAD, i)) {
                    b.use(i);
                    continue;
                }
                if ((m = in.match(NSTAT_ROW, i)) == null) {
                    break;
                }
                put(values, m.group(1), m.group(2));
                b.use(i);
                continue;
            }
            if ((m = in.match(GROUP, i)) != null) {
                group = m.group(1);
                b.use(i);
            } else if (group != null && (m = in.match(NAMED, i)) != null
                    && Character.isUpperCase(m.group(1).charAt(0))) {
                put(values, group + m.group(1), m.group(2));
                b.use(i);
            } else if (group == null && (m = in.match(NAMED, i)) != null && m.group(1).startsWith("TCP")) {
                put(values, "TcpExt" + m.group(1), m.group(2)); // only TcpExt has "TCP…" names
                b.use(i);
            } else if ((m = in.match(SENTENCE, i)) != null) {
                String name = group != null ? SENTENCES.get(group + " " + m.group(2).strip()) : groupless(in, i);
                if (name != null) {
                    put(values, name, m.group(1));
                }
                sentenceLines.add(new int[] {i, 0});
                b.use(i);
            } else if ((m = in.match(MID_SENTENCE, i)) != null
                    && (group != null || i > from || midGroupless(m.group(1) + " " + m.group(3).strip()) != null)) {
                String key = m.group(1) + " " + m.group(3).strip();
                String name = group != null ? MID_SENTENCES.get(group + " " + key) : midGroupless(key);
                if (name != null) {
                    put(values, name, m.group(2));
                }
                sentenceLines.add(new int[] {i, 1});
                b.use(i);
            } else if ((group != null || i > from) && in.matches(HISTOGRAM, i)) {
                continue; // ICMP histograms: skipped, still part of the block
            } else {
                break;
            }
        }
        return done(b, in, from, i, values, sentenceLines, nstat ? "nstat" : "netstat -s");
    }

    /** The block's record, each sentence kept in its printed map; the block ends at {@code end}. */
    private static Parsed done(ParseBuilder b, Lines in, int from, int end, Map<String, Long> values, List<int[]> sentenceLines,
                               String tool) {
        if (!values.isEmpty() || !sentenceLines.isEmpty()) {
            CounterSample sample = new CounterSample("host", tool, values, in.source(from));
            b.add(sample);
            for (int[] line : sentenceLines) {
                Matcher m = in.match(line[1] == 0 ? SENTENCE : MID_SENTENCE, line[0]);
                // the sentence as net-tools printed it, its count cut out ("segments retransmitted", "Quick ack mode was activated times")
                String sentence = line[1] == 0 ? m.group(2).strip() : m.group(1) + " " + m.group(3).strip();
                b.printed(sample, line[0], sentence, line[1] == 0 ? m.group(1) : m.group(2));
            }
        }
        return b.done(end);
    }

    /** The counter of a sentence with its count inside whose group header the paste lost; else null. */
    private static String midGroupless(String key) {
        for (String g : GROUPS) {
            String name = MID_SENTENCES.get(g + " " + key);
            if (name != null) {
                return name;
            }
        }
        return null;
    }

    private static void put(Map<String, Long> values, String name, String number) {
        try {
            values.putIfAbsent(name, Long.parseLong(number));
        } catch (NumberFormatException e) {
            // beyond a 64-bit count: not a kernel counter
        }
    }
}
