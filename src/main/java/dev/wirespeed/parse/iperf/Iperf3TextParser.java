package dev.wirespeed.parse.iperf;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Command;
import dev.wirespeed.parse.JsonBlock;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.UnitWords;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * iperf3 text output, client and server, TCP and UDP: interval lines, then the totals marked
 * "sender"/"receiver". A server prints one test after another ("Server listening on 5201 (test #2)");
 * each becomes its own measurement.
 */
public final class Iperf3TextParser extends BaseParser {
    private static final Pattern CONNECTING = Pattern.compile("Connecting to host ([^,\\s]+), port (\\d+)");
    private static final Pattern LISTENING = Pattern.compile("Server listening on (\\d+).*");
    private static final Pattern ACCEPTED = Pattern.compile("Accepted connection from .*");
    private static final Pattern REVERSE = Pattern.compile("Reverse mode, remote host .* is sending");
    /**
     * iperf3's fatal error (iperf_errexit): "iperf3: error - unable to connect to server: Connection refused"; also at
     * the end of a logger's line that opens with a date and time (ISO 8601 or syslog's "Jul 22 01:31:10"), behind its
     * words ("2022-07-22T01:31:10.735 ERROR {netson} [iperf3_bandwidth] iperf3: error - …",
     * src/test/resources/parse/iperf/iperf3-error-lines-in-netson-log-prefix-*). A column prefix without a stamp
     * (docker compose's "iperf_server    | ") is the splitter's to strip (RepeatedPrefix).
     */
    private static final Pattern ERROR = Pattern.compile(
            "(?:(?:\\d{4}-\\d\\d-\\d\\d[T ]|[A-Z][a-z]{2} [ \\d]\\d )\\d\\d:\\d\\d:\\d\\d.*\\s)?iperf3: error - (.+)");
    private static final Pattern VERSION = Pattern.compile("iperf (3\\.\\d+(?:\\.\\d+)?).*");
    private static final Pattern OTHER = Pattern.compile(
            "\\[\\s*\\d+\\]\\s+local .* connected to .*|iperf Done\\.|iperf3: .*|Starting Test: .*|Test Complete\\..*"
                    + "|CPU Utilization: .*|Time: .*|Cookie: .*|TCP MSS: .*|Linux .*|Control connection MSS.*"
                    + "|Target Bitrate(?: is|:) .*|Server output:|Bidirectional mode.*|Connecting to host .*|Darwin .*|FreeBSD .*"
                    + "|(?:snd|rcv)_tcp_congestion .*"
                    // --debug (3.1+): the control messages as JSON, the socket's buffer and TCP_INFO
                    + "|(?:send|get)_parameters:|send_results|get_results|SO_(?:SND|RCV)BUF is \\d+|tcpi_\\w+ .*"
                    // --debug of 3.x servers (iperf_api.c, iperf_tcp.c): the buffer it got, the congestion control,
                    // each write ("sent 131072 bytes of 131072, pending 0, total 131072"), each interval's length
                    + "|(?:SND|RCV)BUF is \\d+, expecting \\d+|Congestion algorithm is \\S+"
                    // -b with --debug (iperf_api.c, 3.x): the pacing the client set on its socket
                    + "|Setting application pacing to \\d+"
                    // (a UDP writer prints no "pending"; its client's --debug announces the UDP connect, iperf_udp.c 3.12)
                    + "|sent \\d+ bytes of \\d+,(?: pending \\d+,)? total \\d+|interval_len [\\d.]+ bytes_transferred \\d+"
                    + "|Sending Connect message to Socket \\d+|Connect received for Socket \\d+, sz=\\d+, .*"
                    + "|interval forces keep|ignoring short interval with no data"
                    + "|[{}\\[\\]]+,?|\"\\w+\":\\s*.*"
                    // the closing quote of -J's server_output_text after its decoded lines (Iperf3ServerOutputText)
                    + "|\"");
    /** The congestion window after a TCP sender's retransmits: "114    949 KBytes". */
    private static final Pattern CWND = Pattern.compile("\\d+\\s+(\\d+(?:\\.\\d+)?\\s+[KMG]?Bytes)\\b.*");
    /** A stream's "[  5] local 10.0.0.2 port 5201 connected to 10.0.0.1 port 52290" line. */
    private static final Pattern CONNECTED = Pattern.compile("\\[\\s*\\d+\\]\\s+local (.* connected to .*)");
    /** A "local … connected to" line a mail or a narrow terminal broke before the peer's address. */
    private static final Pattern CONNECTED_CUT = Pattern.compile("\\[\\s*\\d+\\]\\s+local .* connected to");
    private static final Pattern PEER_PORT = Pattern.compile("\\S+ port \\d+");
    /** iperf_connect/iperf_on_connect: "[  5] local 10.0.0.2 port 34052 connected to 10.0.0.1 port 5201". */
    private static final Pattern LOCAL = Pattern.compile("\\[\\s*\\d+\\]\\s+local (\\S+ port \\d+ connected to \\S+ port \\d+)\\s*");
    /** -V's header runs over two lines ("Bytes-in-" / "Flight", "Flow-" / "Ctrl"): the second holds words only. */
    private static final Pattern HEAD_WORDS = Pattern.compile("[A-Za-z-]+(?:\\s+[A-Za-z-]+)*");
    /** A total's role broken onto a line of its own (a mail client wrapping the padded line). */
    private static final Pattern ROLE_ALONE = Pattern.compile("sender|receiver");
    /** A UDP sender's count after its summary (iperf3 3.0–3.1 report_datagrams): "[  4] Sent 1511665 datagrams". */
    private static final Pattern SENT = Pattern.compile("\\[\\s*(?:\\d+|SUM)\\]\\s+Sent (\\d+ datagrams)\\s*");
    /** iperf3 3.0–3.1 report_(sum_)outoforder: "[SUM]  0.0-60.0 sec  39595 datagrams received out-of-order". */
    private static final Pattern OUT_OF_ORDER = Pattern.compile(
            "\\[\\s*(\\d+|SUM)\\]\\s+(\\d+(?:\\.\\d+)?)\\s*-\\s*(\\d+(?:\\.\\d+)?)\\s+sec\\s+((\\d+) datagrams received out-of-order)\\s*");
    private static final Pattern RETR_CWND = Pattern.compile("(\\d+)(?:\\s+.*)?");
    /** --debug: the control message that opens a JSON block of the test's parameters (iperf_api.c send/get_parameters). */
    private static final Pattern PARAMETERS = Pattern.compile("(?:send|get)_parameters:");
    /** One member of that block, cJSON_Print's tab-separated form: {@code "bidirectional":\ttrue,}. */
    private static final Pattern JSON_PAIR = Pattern.compile("\"(\\w+)\":\\s*\"?(.*?)\"?,?");
    /**
     * --debug: the results exchange (iperf_api.c send_results/get_results), each followed by its JSON document
     * (cJSON_Print, tab-indented) in the middle of the text run: the client's own figures and the server's.
     */
    private static final Pattern RESULTS = Pattern.compile("(send_results|get_results)");
    /** --debug (iperf_tcp.c): "SNDBUF is 16384, expecting 0", "Congestion algorithm is cubic". */
    private static final Pattern DEBUG_SETTING = Pattern.compile("((?:SND|RCV)BUF) is (\\d+, expecting \\d+)|(Congestion algorithm) is (\\S+)");

    public Iperf3TextParser() {
        super("iperf3", "iperf3");
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        if (in.matches(CONNECTING, i) || in.matches(LISTENING, i) || in.matches(VERSION, i) || in.matches(ERROR, i)
                || in.matches(ACCEPTED, i) || in.matches(PARAMETERS, i)) { // a --debug client opens with send_parameters
            return true;
        }
        if (in.matches(LOCAL, i)) {
            // a paste that opens at the stream's connect line (no "Connecting to host"): the table head follows
            int next = i + 1;
            while (next < in.size() && in.blank(next)) {
                next++;
            }
            return in.matches(IperfLines.ID_HEAD, next) && IperfLines.decimals(in, next + 1) == 2;
        }
        if (in.matches(IperfLines.ID_HEAD, i) || in.matches(IperfLines.ROW, i)) {
            return IperfLines.decimals(in, in.matches(IperfLines.ROW, i) ? i : i + 1) == 2;
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        List<IperfRun> runs = new ArrayList<>();
        IperfRun run = newRun(in);
        runs.add(run);
        int i = from;
        boolean afterHead = false;
        boolean parameters = false; // inside --debug's parameters JSON, whose members are kept under their own names
        boolean serverOutput = false; // --get-server-output: the server's view of the same test follows the client's
        int k;
        for (; i < in.size(); i++) {
            if (in.blank(i) || in.decoration(i)) {
                continue;
            }
            boolean head = afterHead;
            afterHead = false;
            Matcher m;
            if (head && in.matches(HEAD_WORDS, i)) {
                b.use(i);
            } else if (in.matches(ROLE_ALONE, i) && !run.rows.isEmpty() && run.rows.getLast().role() == null) {
                run.rows.set(run.rows.size() - 1, run.rows.getLast().withRole(in.get(i).strip()));
                b.use(i);
            } else if ((m = in.match(LOCAL, i)) != null) {
                b.use(i).printed(i, "local", m.group(1)); // the addresses and ports as printed
            } else if (in.matches(CONNECTED_CUT, i)) {
                b.use(i);
                if (i + 1 < in.size() && in.matches(PEER_PORT, i + 1)) {
                    b.use(++i);
                }
            } else if ((m = in.match(CONNECTING, i)) != null) {
                if (!run.rows.isEmpty()) {
                    run = newRun(in);
                    runs.add(run);
                }
                run.role = "client";
                run.host = m.group(1);
                run.port = UnitWords.integer(m.group(2));
                run.header = in.source(i);
                b.use(i);
            } else if ((m = in.match(LISTENING, i)) != null) {
                if (!run.rows.isEmpty()) {
                    run = newRun(in);
                    runs.add(run);
                }
                run.role = "server";
                run.port = UnitWords.integer(m.group(1));
                run.header = in.source(i);
                b.use(i);
            } else if ((m = in.match(VERSION, i)) != null) {
                run.version = m.group(1);
                b.use(i).printed(i, "iperf", in.get(i).substring("iperf ".length()).strip());
            } else if ((m = in.match(RESULTS, i)) != null && (k = results(in, i, run, m.group(1))) > i + 1) {
                for (; i < k - 1; i++) {
                    b.use(i);
                }
                b.use(i);
            } else if ((m = in.match(ERROR, i)) != null) {
                if (run.error != null) { // iperf3 exits at its error: a second one is another run's
                    run = newRun(in);
                    runs.add(run);
                }
                run.error = m.group(1).strip();
                if (run.header == null) {
                    run.header = in.source(i);
                }
                if (run.host == null && in.command() != null && in.command().after("-c") != null) {
                    run.role = "client";
                    run.host = in.command().after("-c");
                }
                b.use(i);
            } else if (in.matches(REVERSE, i)) {
                run.reverse = true;
                b.use(i);
            } else if (in.matches(ACCEPTED, i) || in.matches(OTHER, i) || in.matches(IperfLines.ID_HEAD, i)) {
                if (in.matches(ACCEPTED, i)) {
                    b.printed(i, "Accepted connection from", in.get(i).substring("Accepted connection from ".length()).strip());
                    if (run.role == null) { // only a server accepts: its paste (or -J's server_output_text) opens here
                        run.role = "server";
                        run.header = in.source(i);
                    }
                }
                parameters = in.matches(PARAMETERS, i) || parameters && !in.get(i).strip().startsWith("}");
                Matcher pair = JSON_PAIR.matcher(in.get(i).strip());
                if (parameters && pair.matches()) {
                    b.printed(i, pair.group(1), pair.group(2));
                }
                Matcher setting = DEBUG_SETTING.matcher(in.get(i).strip());
                if (setting.matches()) {
                    b.printed(i, setting.group(1) != null ? setting.group(1) : setting.group(3),
                            setting.group(2) != null ? setting.group(2) : setting.group(4));
                }
                Matcher local = CONNECTED.matcher(in.get(i));
                if (local.matches()) { // the stream's two ends as printed: a user looks for an address
                    b.printed(i, "local", local.group(1).strip());
                }
                afterHead = in.matches(IperfLines.ID_HEAD, i);
                String line = in.get(i);
                serverOutput |= line.strip().equals("Server output:");
                // "Total Datagrams": a UDP sender's interval head (3.1+); -V's "Starting Test: protocol: UDP, …"
                if (line.contains("Jitter") || line.contains("Total Datagrams") || line.startsWith("Starting Test: protocol: UDP")) {
                    run.protocol = "UDP";
                }
                run.protocolSaid |= line.startsWith("Starting Test: protocol: ") || "UDP".equals(run.protocol);
                b.use(i);
            } else if ((m = in.match(SENT, i)) != null && !run.rows.isEmpty()) {
                b.use(i).printed(run.rows.getLast(), i, "Sent", m.group(1));
            } else if ((m = in.match(OUT_OF_ORDER, i)) != null) {
                IperfOutOfOrder o = new IperfOutOfOrder(m.group(1), UnitWords.number(m.group(2)), UnitWords.number(m.group(3)),
                        Long.parseLong(m.group(5)), in.source(i));
                run.outOfOrder.add(o);
                b.use(i).printed(o, i, "out-of-order", m.group(4));
            } else if ((m = in.match(IperfLines.ROW, i)) != null) {
                b.use(i);
                IperfInterval r = row(m, in, i, run);
                if (!serverOutput && repeatsTotal(run, r)) {
                    // a run prints each stream's sender and receiver total once: the same again is the next run's,
                    // its head cut away (a loop's "| grep -E 'sender|receiver'", summaries pasted one after another)
                    IperfRun next = newRun(in);
                    next.version = run.version;
                    next.protocol = run.protocol;
                    run = next;
                    runs.add(run);
                }
                run.rows.add(r);
                Matcher cwnd = CWND.matcher(m.group("rest").strip());
                if (cwnd.matches()) {
                    b.printed(r, i, "Cwnd", cwnd.group(1));
                } else if (r.retransmits() != null && r.role() == null) {
                    run.bareCounts.add(r);
                }
            } else {
                break;
            }
        }
        for (IperfRun r : runs) {
            r.countsAsDatagrams();
            if (r.header != null) {
                // a run of only an error line names no protocol unless its command does (-u; none is TCP)
                String protocol = r.rows.isEmpty() && !r.protocolSaid ? null : r.protocol;
                IperfHeader h = new IperfHeader("iperf3", r.version, r.role, protocol, r.host, r.port, null, null, null,
                        r.error, r.header);
                b.add(h);
                r.debugResults.forEach(leaf -> b.printed(h, r.debugResultsLine, leaf.getKey(), leaf.getValue()));
            }
            r.rows.forEach(b::add);
            r.outOfOrder.forEach(b::add);
            r.toMeasurements().forEach(b::measurement);
        }
        return b.done(i);
    }

    /**
     * The JSON document after --debug's "send_results"/"get_results" line i, its members kept in the run under iperf3's
     * names after the message's ("get_results.cpu_util_total", "get_results.streams[0].retransmits") as the -J reading
     * keeps them; the index after the document, or i when no whole document follows (a cut paste: its lines stay
     * for the other readings).
     */
    private static int results(Lines in, int i, IperfRun run, String message) {
        if (i + 1 >= in.size() || !in.get(i + 1).strip().startsWith("{")) {
            return i;
        }
        JsonBlock doc = JsonBlock.read(in, i + 1);
        if (doc.node() == null || !doc.node().isObject()) {
            return i;
        }
        List<Map.Entry<String, String>> leaves = Iperf3JsonLeaves.ofText(doc.text(), message);
        run.debugResults.addAll(leaves);
        for (Map.Entry<String, String> leaf : leaves) {
            Matcher cpu = CPU_UTIL.matcher(leaf.getKey());
            if (cpu.matches()) {
                run.debugResults.add(Map.entry(cpu.group(2), leaf.getValue()));
                run.debugResults.add(Map.entry("end.cpu_utilization_percent." + (cpu.group(1).equals("send_results")
                        ? "host_" : "remote_") + cpu.group(3), leaf.getValue()));
            }
        }
        run.debugResultsLine = run.debugResultsLine < 0 ? i : run.debugResultsLine;
        return doc.end();
    }

    /**
     * A results message's CPU figures ("send_results.cpu_util_total"): kept also under their own name
     * ("cpu_util_total") and where -J prints them (iperf_api.c): the figures this end sends are its own,
     * "end.cpu_utilization_percent.host_total", those it gets are the peer's, "remote_total"; a client sends first,
     * a server gets first, the naming is the same.
     */
    private static final Pattern CPU_UTIL = Pattern.compile("(send_results|get_results)\\.(cpu_util_(total|user|system))");

    /** Row r is a total ("sender"/"receiver") of a stream and direction the run already has a total of, in that role. */
    private static boolean repeatsTotal(IperfRun run, IperfInterval r) {
        return r.role() != null && run.rows.stream().anyMatch(o -> r.role().equals(o.role()) && r.stream().equals(o.stream())
                && Objects.equals(r.direction(), o.direction()));
    }

    private static IperfRun newRun(Lines in) {
        IperfRun r = new IperfRun("iperf3");
        Command c = in.command();
        r.protocolSaid = c != null;
        if (c != null && c.has("-u", "--udp")) {
            r.protocol = "UDP";
        }
        if (c != null && c.has("-R", "--reverse")) {
            r.reverse = true;
        }
        return r;
    }

    private static IperfInterval row(Matcher m, Lines in, int i, IperfRun run) {
        String rest = m.group("rest").strip();
        String role = null;
        if (rest.endsWith("sender") || rest.endsWith("receiver")) {
            role = rest.endsWith("sender") ? "sender" : "receiver";
            rest = rest.substring(0, rest.length() - role.length()).strip();
        }
        boolean omitted = rest.contains("(omitted)");
        Long retr = null;
        Quantity jitter = null;
        Long lost = null;
        Long total = null;
        Quantity loss = null;
        Matcher u = IperfLines.UDP_LOSS.matcher(rest);
        if (u.matches()) {
            run.protocol = "UDP";
            jitter = Quantity.micros(UnitWords.number(u.group(1)) * 1000, u.group(1) + " ms");
            lost = Long.parseLong(u.group(3));
            total = Long.parseLong(u.group(4));
            loss = IperfLines.loss(u);
        } else if ("UDP".equals(run.protocol) && !omitted && rest.matches("\\d+")) {
            total = Long.parseLong(rest); // the sender's "Total Datagrams" column
        } else if (!omitted && "TCP".equals(run.protocol)) {
            Matcher r = RETR_CWND.matcher(rest);
            if (r.matches() && !rest.isEmpty() && r.group(1).length() < 12) {
                retr = Long.parseLong(r.group(1));
            }
        }
        return new IperfInterval(m.group("id"), UnitWords.number(m.group("start")), UnitWords.number(m.group("end")),
                IperfLines.transfer(m), IperfLines.rate(m), retr, jitter, lost, total, role, role != null, m.group("dir"),
                loss, in.source(i));
    }
}
