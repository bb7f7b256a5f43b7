package dev.wirespeed.parse.iperf;

import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurement.Tests;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The report lines of one iperf2/iperf3 test, turned into the common {@link Measurement}: the
 * summary from the SUM line (or the one stream's, or the streams added up), the receiver's view
 * when both sides are printed, retransmits from the sender, UDP loss and jitter from the receiver.
 */
final class IperfRun {
    final String tool;
    String version;
    String role;
    String protocol = "TCP";
    /** The protocol was printed or given (a command, a UDP column, -V's "Starting Test"), not only iperf's default. */
    boolean protocolSaid;
    String host;
    Integer port;
    boolean reverse;
    Quantity window;
    Source header;
    String error;
    final List<IperfInterval> rows = new ArrayList<>();
    /**
     * iperf3 interval rows read before the run said its protocol whose last column was one count ("0.00-1.00 sec
     * 640 KBytes 5.24 Mbits/sec 20"): a TCP sender's retransmits without a Cwnd, or a UDP sender's "Total Datagrams"
     * when the column head was not pasted; {@link #countsAsDatagrams} settles it once the run's summary said UDP.
     */
    final Set<IperfInterval> bareCounts = Collections.newSetFromMap(new IdentityHashMap<>());
    /** iperf3 3.0–3.1's "datagrams received out-of-order" lines of this run. */
    final List<IperfOutOfOrder> outOfOrder = new ArrayList<>();
    /** iperf 2's failure lines of this run, each with how often it was printed ("read failed: Connection refused" ×100). */
    final Map<String, Integer> failures = new LinkedHashMap<>();
    Source failureAt;
    /** iperf 2's -m line: "MSS size 1448 bytes (MTU 1500 bytes, ethernet)", its index in the piece, -1 when none. */
    Integer mssBytes;
    Integer mtuBytes;
    String mssPrinted;
    int mssLine = -1;
    /** The "[ CT] final connect times" line's index, its min/avg/max/stdev and (tot/err) as printed; -1/null when not printed. */
    int connectTimesLine = -1;
    String connectTimes;
    String connectTotErr;
    /** iperf3 --debug's send_results/get_results members (path, value as printed) and the first such line's index. */
    final List<Map.Entry<String, String>> debugResults = new ArrayList<>();
    int debugResultsLine = -1;

    IperfRun(String tool) {
        this.tool = tool;
    }

    /**
     * One measurement, or with iperf3 --bidir two: the client's sending direction ("TX-C", or
     * "RX-S" on the server) and the reverse one, each from its own sender/receiver totals.
     */
    List<Measurement> toMeasurements() {
        if (rows.stream().allMatch(r -> r.direction() == null)) {
            Measurement m = toMeasurement();
            return m == null ? List.of() : List.of(m);
        }
        List<Measurement> out = new ArrayList<>();
        for (boolean back : new boolean[] {false, true}) {
            IperfRun part = new IperfRun(tool);
            part.version = version;
            part.role = role;
            part.protocol = protocol;
            part.host = host;
            part.port = port;
            part.window = window;
            part.header = header;
            part.reverse = back;
            rows.stream().filter(r -> r.direction() != null && isReverse(r.direction()) == back).forEach(part.rows::add);
            Measurement m = part.toMeasurement();
            if (m != null) {
                out.add(m);
            }
        }
        return out;
    }

    /** The server sending to the client: "RX-C" on the client, "TX-S" on the server. */
    private static boolean isReverse(String direction) {
        return direction.equals("RX-C") || direction.equals("TX-S");
    }

    Measurement toMeasurement() {
        List<IperfInterval> summaries = rows.stream().filter(IperfInterval::summary).toList();
        if (summaries.isEmpty()) {
            return null;
        }
        Set<String> streams = new LinkedHashSet<>();
        rows.stream().filter(r -> !r.isSum() && !Iperf2Parser.REVERSE.equals(r.role())).forEach(r -> streams.add(r.stream()));
        IperfInterval rx = pick(summaries, "receiver");
        IperfInterval tx = pick(summaries, "sender");
        IperfInterval main = rx != null ? rx : tx != null ? tx : pick(summaries, null);
        List<Metric> summary = new ArrayList<>();
        if (main != null) {
            summary.add(Metric.of(Metrics.BITS_PER_SECOND, main.rate().value()));
            summary.add(Metric.of(Metrics.BYTES, main.transfer().value()));
            summary.add(Metric.of(Metrics.SECONDS, main.endSeconds() - main.startSeconds()));
        } else {
            double bps = 0;
            double bytes = 0;
            double seconds = 0;
            for (IperfInterval s : summaries) {
                bps += s.rate().value();
                bytes += s.transfer().value();
                seconds = Math.max(seconds, s.endSeconds() - s.startSeconds());
            }
            summary.add(Metric.of(Metrics.BITS_PER_SECOND, bps));
            summary.add(Metric.of(Metrics.BYTES, bytes));
            summary.add(Metric.of(Metrics.SECONDS, seconds));
        }
        Long retr = retransmits(summaries, tx);
        if (retr != null) {
            summary.add(Metric.of(Metrics.RETRANSMITS, retr));
        }
        IperfInterval loss = rx != null && rx.lostPackets() != null ? rx : main != null && main.lostPackets() != null ? main : null;
        if (loss != null) {
            summary.add(Metric.of(Metrics.LOST_PACKETS, loss.lostPackets()));
            summary.add(Metric.of(Metrics.TOTAL_PACKETS, loss.totalPackets()));
            if (loss.totalPackets() > 0) {
                summary.add(Metric.of(Metrics.LOSS_PERCENT, 100.0 * loss.lostPackets() / loss.totalPackets()));
            }
            if (loss.jitter() != null) {
                summary.add(Metric.of(Metrics.JITTER_MICROS, loss.jitter().value()));
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        if (role != null) {
            params.put("role", role);
        }
        params.put("streams", Integer.toString(Math.max(1, streams.size())));
        if (reverse) {
            params.put("direction", "reverse");
        }
        if (host != null) {
            params.put("server", host);
        }
        if (port != null) {
            params.put("port", port.toString());
        }
        boolean multi = streams.size() > 1;
        List<Measurement.Interval> intervals = rows.stream()
                .filter(r -> !r.summary() && r.isSum() == multi && r.role() == null)
                .map(r -> new Measurement.Interval(r.startSeconds(), r.endSeconds(), false,
                        List.of(Metric.of(Metrics.BITS_PER_SECOND, r.rate().value()),
                                Metric.of(Metrics.BYTES, r.transfer().value()))))
                .toList();
        return new Measurement(tool, version, protocol.equals("UDP") ? Tests.UDP_BW : Tests.TCP_BW, params, summary,
                intervals, List.of(), "parsed");
    }

    /** The SUM line with this role, or the only stream's line. */
    private static IperfInterval pick(List<IperfInterval> summaries, String role) {
        List<IperfInterval> withRole = summaries.stream()
                .filter(s -> role == null ? s.role() == null : role.equals(s.role())).toList();
        for (IperfInterval s : withRole) {
            if (s.isSum()) {
                return s;
            }
        }
        return withRole.size() == 1 ? withRole.getFirst() : null;
    }

    private static Long retransmits(List<IperfInterval> summaries, IperfInterval tx) {
        if (tx != null && tx.retransmits() != null) {
            return tx.retransmits();
        }
        long sum = 0;
        boolean any = false;
        for (IperfInterval s : summaries) {
            if (!s.isSum() && s.retransmits() != null && !"receiver".equals(s.role())) {
                sum += s.retransmits();
                any = true;
            }
        }
        return any ? sum : null;
    }

    /** In a UDP run, the rows kept in {@link #bareCounts} hold "Total Datagrams", not retransmits. */
    void countsAsDatagrams() {
        if (!"UDP".equals(protocol) || bareCounts.isEmpty()) {
            return;
        }
        rows.replaceAll(r -> !bareCounts.contains(r) ? r : new IperfInterval(r.stream(), r.startSeconds(), r.endSeconds(),
                r.transfer(), r.rate(), null, r.jitter(), r.lostPackets(), r.retransmits(), r.role(), r.summary(),
                r.direction(), r.loss(), r.source()));
        bareCounts.clear();
    }
}
