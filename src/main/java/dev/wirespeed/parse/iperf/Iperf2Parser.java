package dev.wirespeed.parse.iperf;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.RunFailure;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.results.Measurement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * iperf 2 (2.0.5 … 2.2.x), client and server, TCP and UDP, -P with [SUM] lines, and -e (enhanced)
 * columns: "Write/Err Rtry Cwnd/RTT(var) NetPwr" for TCP, "Jitter Lost/Total" for UDP; "[ *1]" rows
 * (2.1+: the stream the client receives under --full-duplex or -R) and -y C (CSV) rows.
 * A line from 0 to the end of the test is its summary. Intervals print one (2.0.5) or four
 * (2.0.14+) decimals; iperf3 prints two, which is how a mislabelled paste is told apart.
 */
public final class Iperf2Parser extends BaseParser {
    /**
     * iperf 2's separator line ("-----…", 60 dashes) glued to the line after it when a paste lost the line break
     * ("---------------------------------------------------------Server listening on TCP port 5001"), as a blog
     * printed it (src/test/resources/parse/iperf/iperf2-dashes-glued-to-head-*).
     */
    private static final String GLUED_RULE = "(?:-{20,})?";
    private static final Pattern SERVER = Pattern.compile(GLUED_RULE + "Server listening on (TCP|UDP) port (\\d+).*");
    private static final Pattern CLIENT = Pattern.compile(GLUED_RULE + "Client connecting to ([^,\\s]+), (TCP|UDP) port (\\d+).*");
    private static final Pattern WINDOW = Pattern.compile("(?:TCP window|UDP buffer) size:\\s*([\\d.]+)\\s*([KMG]?Byte)s?.*");
    private static final Pattern OTHER_HEAD = Pattern.compile(
            "(Write|Read) buffer size:.*|TOS set to.*|(?:Sending|Receiving) \\d+ byte datagrams.*|WARNING:.*|Enabled .*"
                    + "|WARN: .*|Joining multicast .*|Server set to .*|\\[ CT\\] .*"
                    // -M that the system refused (Settings.cpp): "WARNING: attempt to set TCP maximum segment size …"
                    + "|Setting the MSS may not be implemented on this OS\\."
                    // -B and -T (Settings.cpp): before the window, "Binding to local address X", "Setting multicast TTL to 32"
                    + "|Binding to local address .*|Setting multicast TTL to \\d+.*");
    /**
     * -v (Settings.cpp): "iperf version 2.1.8 (12 August 2022) pthreads", "iperf version 2.0.9 (1 June 2016) win32
     * threads"; 1.7's "iperf version 1.7.0 (13 Mar 2003) pthreads". iperf3 prints "iperf 3.12".
     */
    private static final Pattern VERSION = Pattern.compile("iperf version ([12]\\.\\d+(?:\\.\\d+)?\\S*)(?:\\s.*)?");
    /**
     * -m (ReportDefault.c / Reporter): the segment size, after the run with the MTU it implies and iperf's guess
     * of the link, "[  3] MSS size 1448 bytes (MTU 1500 bytes, ethernet)", "(MTU 576 bytes, minimum)", "(MTU 1028
     * bytes, unknown interface)" (2.0.x); in 2.1's head before the connect, "MSS size 536 bytes".
     */
    private static final Pattern MSS = Pattern.compile(
            "(?:\\[\\s*(?:\\d+|SUM)\\]\\s+)?MSS size ((\\d+) bytes(?: \\(MTU (\\d+) bytes(?:, [^)]*)?\\))?)\\s*");
    /** -m on a server: "[  4] Read lengths occurring in more than 5% of reads:", "[  4]   952 bytes read   219 times (16.2%)". */
    private static final Pattern READ_LENGTHS = Pattern.compile(
            "(?:\\[\\s*\\d+\\]\\s+)?(?:Read lengths occurring in more than .*|\\d+ bytes read\\s+\\d+ times \\(.*\\))\\s*");
    private static final Pattern CONNECTED = Pattern.compile(GLUED_RULE + "\\[\\s*(\\d+)\\]\\s+local \\S+ port (\\d+) connected with .*");
    private static final Pattern CONNECTED_ANY = Pattern.compile(GLUED_RULE + "\\[\\s*\\d+\\]\\s+local .* connected with .*");
    /** -d/-r (dual test): the client also listens; a stream on its own listening port is the peer's, the reverse direction. */
    static final String REVERSE = "reverse";
    /** "[  1] Sent 539 datagrams"; with -P the sum's "[SUM-2] Sent 1078 datagrams" (2.1+: the count of streams). */
    /**
     * A client whose datagrams or connection met no server (iperf 2 Client.cpp): "read failed:
     * Connection refused" once per try to read the server's report, "[  3] WARNING: did not receive
     * ack of last datagram after 10 tries.", TCP's "connect failed: Connection refused".
     */
    private static final Pattern FAILED = Pattern.compile(
            "(?:\\[\\s*(?:\\d+|SUM)\\]\\s+)?(?:tcp |udp )?((?:read|write|connect) failed: .+?)\\.?");
    private static final Pattern NO_ACK = Pattern.compile(
            "(?:\\[\\s*(?:\\d+|SUM)\\]\\s+)?WARNING: (did not receive ack of last datagram)(?: after \\d+ tries)?\\.?");
    private static final Pattern SENT = Pattern.compile("\\[\\s*(?:\\d+|SUM(?:-\\d+)?)\\]\\s+(Sent \\d+ datagrams|Server Report:|WARNING:.*)");
    /** -e TCP "Write/Err Rtry Cwnd/RTT": not UDP's "Write/Err PPS" ("0/0  91 pps"). */
    private static final Pattern ENHANCED_TCP = Pattern.compile("(\\d+)/(\\d+)\\s+(\\d+)(?:\\s+(?!pps\\b).*)?");
    /**
     * The -e TCP row's last columns (Reporter): the sender's congestion window and smoothed RTT, "1215K/31 us"
     * (2.0.9 "Cwnd/RTT") or with its variance "2493K/46(55) us" (2.1 "Cwnd/RTT(var)"), then NetPwr when printed.
     */
    private static final Pattern CWND_RTT = Pattern.compile("\\d+/\\d+\\s+\\d+\\s+(\\S+/\\S+\\s+us)(?:\\s+(\\d+(?:\\.\\d+)?))?\\s*");
    /** The head's name for that column, kept as printed. */
    private static final Pattern CWND_HEAD = Pattern.compile("Cwnd/RTT\\S*");
    /** A stream's "[  3] local 131.243.24.11 port 48084 connected with 198.128.151.25 port 5001 …" line, after "local". */
    private static final Pattern LOCAL = Pattern.compile(GLUED_RULE + "\\[\\s*\\d+\\]\\s+local (.* connected with .*)");
    /**
     * -y C (CSV, iperf2's Reporter): time stamp, local address and port, remote address and port,
     * transfer id (-1 for the sum over -P streams), interval "start-end", bytes, bits/s; UDP adds
     * jitter (ms), lost, total, loss %, out-of-order.
     */
    /**
     * The client's connect times over its streams after the last row with -P (iperf 2.1 Reporter.c): "[ CT] final
     * connect times (min/avg/max/stdev) = 0.026/0.085/0.131/53.694 ms (tot/err) = 3/0"; kept as printed.
     */
    private static final Pattern CONNECT_TIMES = Pattern.compile(
            GLUED_RULE + "\\[\\s*CT\\]\\s+final connect times \\(min/avg/max/stdev\\)\\s*=\\s*(.+? ms)(?:\\s+\\(tot/err\\)\\s*=\\s*(\\d+/\\d+))?\\s*");
    /** A stream's connect time in -e's connected line, "(ct=0.13 ms)". */
    private static final Pattern CT = Pattern.compile("\\(ct=(\\d+(?:\\.\\d+)?\\s*ms)\\)");
    private static final Pattern CSV = Pattern.compile(
            "\\d{14}(?:\\.\\d+)?,[^,]*,\\d+,[^,]*,\\d+,(-?\\d+),(\\d+(?:\\.\\d+)?)-(\\d+(?:\\.\\d+)?),(\\d+),(\\d+)"
                    + "(?:,(\\d+(?:\\.\\d+)?),(-?\\d+),(\\d+),[^,]*(?:,.*)?)?");

    public Iperf2Parser() {
        super("iperf2", "iperf");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(SERVER, i) || in.matches(CLIENT, i) || in.matches(CSV, i) || in.matches(VERSION, i)) {
            return true;
        }
        // -P: streams may connect and print before the "Client connecting to" header
        if (in.matches(CONNECTED_ANY, i)) {
            return true;
        }
        if (in.matches(IperfLines.ID_HEAD, i) || in.matches(IperfLines.ROW, i)) {
            int d = IperfLines.decimals(in, in.matches(IperfLines.ROW, i) ? i : i + 1);
            return d >= 0 && d != 2;
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        IperfRun run = new IperfRun("iperf2");
        List<IperfRun> runs = new ArrayList<>();
        runs.add(run);
        boolean serverReport = false;
        Integer listening = null;
        Set<String> reverse = new HashSet<>();
        String cwndName = "Cwnd/RTT";
        char previous = ' '; // the line before: a connect line 'c', a table head 'h', a row 'r' (a wrapped rest may follow)
        int i = from;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                previous = ' '; // a wrapped rest follows its line at once
                continue;
            }
            char was = previous;
            previous = ' ';
            Matcher m;
            if (was != ' ' && IperfWrapped.rest(in, i, was)) {
                b.use(i);
                previous = was;
                if (was == 'r' && !run.rows.isEmpty()) {
                    printCwnd(b, run.rows.getLast(), i, cwndName, CWND_RTT_REST.matcher(in.get(i).strip()));
                }
            } else if ((m = in.match(SERVER, i)) != null) {
                if (!run.rows.isEmpty() && "client".equals(run.role)) {
                    // a server's banner after a client's results: the other end's output pasted below (-d/-r print theirs first)
                    run = new IperfRun("iperf2");
                    runs.add(run);
                    serverReport = false;
                    reverse.clear();
                }
                listening = UnitWords.integer(m.group(2));
                run.protocolSaid = true;
                run.role = "server";
                run.protocol = m.group(1);
                run.port = UnitWords.integer(m.group(2));
                run.header = in.source(i);
                b.use(i);
            } else if ((m = in.match(CLIENT, i)) != null) {
                if (!run.rows.isEmpty()) {
                    run = new IperfRun("iperf2");
                    runs.add(run);
                    serverReport = false;
                }
                run.role = "client";
                run.protocolSaid = true;
                run.host = m.group(1);
                run.protocol = m.group(2);
                run.port = UnitWords.integer(m.group(3));
                run.header = in.source(i);
                b.use(i);
            } else if ((m = in.match(VERSION, i)) != null) {
                if (!run.rows.isEmpty()) { // "iperf -v" after a run
                    run = new IperfRun("iperf2");
                    runs.add(run);
                    serverReport = false;
                }
                run.version = m.group(1);
                run.header = run.header == null ? in.source(i) : run.header;
                b.use(i).printed(i, "iperf version", in.get(i).strip().substring("iperf version ".length()));
            } else if ((m = in.match(MSS, i)) != null) {
                run.mssBytes = UnitWords.integer(m.group(2));
                run.mtuBytes = m.group(3) == null ? null : UnitWords.integer(m.group(3));
                run.mssPrinted = m.group(1);
                run.mssLine = i;
                run.header = run.header == null ? in.source(i) : run.header;
                b.use(i);
            } else if (in.matches(READ_LENGTHS, i)) {
                b.use(i);
            } else if ((m = in.match(WINDOW, i)) != null) {
                // raw: the value as printed after "size:", with iperf's "(default)" or "(WARNING: requested …)" note
                run.window = Quantity.bytes(UnitWords.iperfBytes(UnitWords.number(m.group(1)), m.group(2)),
                        in.get(i).substring(m.start(1)).strip());
                b.use(i);
            } else if ((m = in.match(CONNECTED, i)) != null) {
                previous = 'c';
                run.reverse |= in.get(i).contains("(reverse)");
                if ("client".equals(run.role) && listening != null && listening.equals(UnitWords.integer(m.group(2)))) {
                    reverse.add(m.group(1));
                }
                b.use(i);
                Matcher local = LOCAL.matcher(in.get(i));
                if (local.matches()) { // the two ends as printed: a user looks for an address
                    b.printed(i, "local", local.group(1).strip());
                }
                Matcher ct = CT.matcher(in.get(i));
                if (ct.find()) {
                    b.printed(i, "ct", ct.group(1));
                }
            } else if ((m = in.match(CONNECT_TIMES, i)) != null) {
                b.use(i);
                run.connectTimesLine = i;
                run.connectTimes = m.group(1);
                run.connectTotErr = m.group(2);
            } else if ((m = in.match(FAILED, i)) != null || (m = in.match(NO_ACK, i)) != null) {
                run.failures.merge(m.group(1), 1, Integer::sum);
                run.failureAt = run.failureAt == null ? in.source(i) : run.failureAt;
                b.use(i);
            } else if (in.matches(OTHER_HEAD, i) || in.matches(CONNECTED_ANY, i) || in.matches(IperfLines.ID_HEAD, i)) {
                b.use(i);
                Matcher head = CWND_HEAD.matcher(in.get(i));
                if (in.matches(IperfLines.ID_HEAD, i) && head.find()) {
                    cwndName = head.group();
                }
                previous = in.matches(IperfLines.ID_HEAD, i) ? 'h' : in.matches(CONNECTED_ANY, i) ? 'c' : ' ';
            } else if ((m = in.match(SENT, i)) != null) {
                serverReport |= m.group(1).startsWith("Server Report");
                b.use(i);
            } else if ((m = in.match(IperfLines.ROW, i)) != null) {
                b.use(i);
                boolean back = m.group("star") != null || reverse.contains(m.group("id"));
                IperfInterval r = row(m, in, i, serverReport ? "receiver" : back ? REVERSE : null);
                if (startsAnotherRun(run, r)) {
                    // the next run's total, its head cut away (a loop's "| tail -1", totals pasted one after another)
                    IperfRun next = new IperfRun("iperf2");
                    next.role = run.role;
                    next.protocol = run.protocol;
                    next.host = run.host;
                    next.port = run.port;
                    run = next;
                    runs.add(run);
                }
                run.rows.add(r);
                previous = 'r';
                printCwnd(b, r, i, cwndName, CWND_RTT.matcher(m.group("rest").strip()));
            } else if ((m = in.match(CSV, i)) != null) {
                b.use(i);
                run.rows.add(csvRow(m, in, i));
                if (m.group(6) != null) {
                    run.protocol = "UDP"; // only a UDP server report prints jitter, lost and total after bits/s
                }
            } else {
                break;
            }
        }
        for (IperfRun r : runs) {
            IperfHeader h = null;
            if (r.header != null) {
                String protocol = r.protocolSaid || !r.rows.isEmpty() ? r.protocol : null; // a version line alone says none
                h = new IperfHeader("iperf2", r.version, r.role, protocol, r.host, r.port, r.window, r.mssBytes,
                        r.mtuBytes, null, r.header);
                b.add(h);
                if (r.mssLine >= 0) {
                    b.printed(h, r.mssLine, "MSS size", r.mssPrinted);
                }
            }
            if (r.connectTimesLine >= 0) {
                printConnectTimes(b, h, r);
            }
            markSummaries(r);
            r.rows.forEach(b::add);
            Measurement m = r.toMeasurement();
            b.measurement(m);
            if (!r.failures.isEmpty()) {
                List<String> said = new ArrayList<>();
                r.failures.forEach((what, n) -> said.add("\"" + what + "\"" + (n > 1 ? " ×" + n : "")));
                b.add(new RunFailure("iperf2", RunFailure.NO_SERVER, String.join(", ", said), r.protocol, r.port,
                        m == null ? null : runs(b) - 1, r.failureAt));
            }
        }
        return b.done(i);
    }

    /** The run's "[ CT] final connect times" in its header (in the last row's when none was pasted). */
    private static void printConnectTimes(ParseBuilder b, IperfHeader h, IperfRun r) {
        b.printed(h, r.connectTimesLine, "final connect times (min/avg/max/stdev)", r.connectTimes);
        if (r.connectTotErr != null) {
            b.printed(h, r.connectTimesLine, "tot/err", r.connectTotErr);
        }
    }

    /** The sender's Cwnd/RTT and NetPwr at the start of a row's wrapped rest: "263K/1906 us  61616  8.947/…". */
    private static final Pattern CWND_RTT_REST = Pattern.compile("(\\S+/\\S+\\s+us)(?:\\s+(\\d+(?:\\.\\d+)?))?(?:\\s.*)?");

    /** The sender's Cwnd/RTT (under the head's name for it) and NetPwr, kept as printed in row r when m matches. */
    private static void printCwnd(ParseBuilder b, IperfInterval r, int i, String cwndName, Matcher m) {
        if (m.matches()) {
            b.printed(r, i, cwndName, m.group(1).replaceAll("\\s+", " "));
            if (m.group(2) != null) {
                b.printed(r, i, "NetPwr", m.group(2));
            }
        }
    }

    private static int runs(ParseBuilder b) {
        return b.measurementCount();
    }

    private static IperfInterval row(Matcher m, Lines in, int i, String role) {
        String rest = m.group("rest").strip();
        Long retr = null;
        Quantity jitter = null;
        Long lost = null;
        Long total = null;
        Matcher e = ENHANCED_TCP.matcher(rest);
        Matcher u = IperfLines.UDP_LOSS.matcher(rest);
        if (u.matches()) {
            jitter = Quantity.micros(UnitWords.number(u.group(1)) * 1000, u.group(1) + " ms");
            lost = Long.parseLong(u.group(3));
            total = Long.parseLong(u.group(4));
        } else if (e.matches()) {
            retr = Long.parseLong(e.group(3));
        }
        return new IperfInterval(m.group("id"), UnitWords.number(m.group("start")), UnitWords.number(m.group("end")),
                IperfLines.transfer(m), IperfLines.rate(m), retr, jitter, lost, total, role, false, null,
                u.matches() ? IperfLines.loss(u) : null, in.source(i));
    }

    private static IperfInterval csvRow(Matcher m, Lines in, int i) {
        String id = m.group(1).equals("-1") ? "SUM" : m.group(1);
        Quantity jitter = m.group(6) == null ? null : Quantity.micros(UnitWords.number(m.group(6)) * 1000, m.group(6) + " ms");
        Long lost = m.group(7) == null ? null : Long.parseLong(m.group(7));
        Long total = m.group(8) == null ? null : Long.parseLong(m.group(8));
        return new IperfInterval(id, UnitWords.number(m.group(2)), UnitWords.number(m.group(3)),
                Quantity.bytes(Double.parseDouble(m.group(4)), m.group(4)),
                Quantity.bitsPerSecond(Double.parseDouble(m.group(5)), m.group(5)), null, jitter, lost, total, null, false,
                in.source(i));
    }

    /**
     * Row r runs from 0 for a stream whose last row in the run ran from 0 too, and is not that row printed again:
     * a new run's total. With -i equal to -t iperf 2 prints the interval report and then the total, the same
     * transfer ending a little later ("0.0000-2.0000 sec 1.61 GBytes", "0.0000-2.0181 sec 1.61 GBytes", 2.1.8 here).
     */
    private static boolean startsAnotherRun(IperfRun run, IperfInterval r) {
        if (r.startSeconds() != 0) {
            return false;
        }
        IperfInterval last = null;
        for (IperfInterval o : run.rows) {
            if (o.stream().equals(r.stream()) && Objects.equals(o.role(), r.role())) {
                last = o;
            }
        }
        if (last == null || last.startSeconds() != 0 || last.transfer() == null || r.transfer() == null) {
            return false;
        }
        double a = last.transfer().value();
        double z = r.transfer().value();
        boolean reprinted = r.endSeconds() >= last.endSeconds() && Math.abs(a - z) <= 0.02 * Math.max(a, z);
        return !reprinted;
    }

    /** Lines from 0 to (about) the last end are the test's totals. */
    private static void markSummaries(IperfRun run) {
        double maxEnd = run.rows.stream().mapToDouble(IperfInterval::endSeconds).max().orElse(0);
        for (int k = 0; k < run.rows.size(); k++) {
            IperfInterval r = run.rows.get(k);
            boolean total = r.startSeconds() == 0 && r.endSeconds() >= maxEnd - 0.5
                    && (r.endSeconds() > 1.5 || isLastOfStream(run.rows, k)) && !totalFollows(run.rows, k);
            if (total) {
                run.rows.set(k, r.withSummary(true));
            }
        }
    }

    /** A later line of the same stream from 0: with -i equal to -t the first is the interval report, the later the total. */
    private static boolean totalFollows(List<IperfInterval> rows, int k) {
        for (int j = k + 1; j < rows.size(); j++) {
            IperfInterval o = rows.get(j);
            if (o.stream().equals(rows.get(k).stream()) && Objects.equals(o.role(), rows.get(k).role()) && o.startSeconds() == 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean isLastOfStream(List<IperfInterval> rows, int k) {
        for (int j = k + 1; j < rows.size(); j++) {
            if (rows.get(j).stream().equals(rows.get(k).stream())) {
                return false;
            }
        }
        return true;
    }
}
