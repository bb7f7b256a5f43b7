package dev.wirespeed.diagnose;

import dev.wirespeed.host.Counters;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Observed;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.CounterReport;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.results.UdpResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The counters of one test, each attributed to what owns it (issue 26). A verdict or fix may name
 * only what belongs to the test:
 * <ul>
 *   <li>its own sockets — TCP: its sending sockets' retransmits (TCP_INFO); UDP: its sockets' drops
 *       (sk_drops, /proc/net/udp);</li>
 *   <li>its path — the interface of each side and the RDMA ports behind it.</li>
 * </ul>
 * The host's protocol counters (/proc/net/snmp, netstat) are counted by every process of the host:
 * they are shown as context, marked host-wide, and never become the verdict; only the test's own
 * counters can confirm what they suggest (a socket retransmit note, not TcpRetransSegs). Counters of
 * another protocol than the test's are left out entirely: a UDP ping-pong sends no TCP segment, and
 * a TCP test owns no UDP socket.
 */
public final class TestCounters {
    private TestCounters() {}

    /**
     * One side of the test.
     *
     * @param iface   the interface of its path, null when unknown
     * @param deltas  its nonzero counter deltas (path and host), null when not read
     * @param sockets its sockets of the test, null when not read
     */
    public record Side(String iface, List<Counters> deltas, CounterReport.Sockets sockets) {}

    /** The report of a test of {@code protocol} with its notes; null when neither side has anything. */
    public static CounterReport report(Protocol protocol, Side client, Side server) {
        Side c = client == null ? new Side(null, null, null) : client;
        Side s = server == null ? new Side(null, null, null) : server;
        return noted(CounterReport.measured(protocol, c.iface(), c.deltas(), c.sockets(), s.iface(), s.deltas(),
                s.sockets()));
    }

    /**
     * The report with the notes drawn from its counters (issue 27: the engine measures, the result's
     * consumer judges, before it renders, saves or sends the result); null stays null.
     */
    public static CounterReport noted(CounterReport r) {
        if (r == null) {
            return null;
        }
        List<Ranked> ranked = new ArrayList<>();
        notes("client", r.client(), r.clientSockets(), ranked);
        notes("server", r.server(), r.serverSockets(), ranked);
        // the test's and the path's notes first, worst first (Severity: INFO < WARN < ERROR); among
        // equals, drops and errors before retransmits (the cause before its effect); host-wide last
        ranked.sort(Comparator.comparing((Ranked x) -> x.note().isHostWide())
                .thenComparing(x -> x.severity(), Comparator.reverseOrder())
                .thenComparing(x -> x.note().rule().equals(CounterSignal.TCP_RETRANSMITS.ruleId)));
        return r.withNotes(ranked.stream().map(Ranked::note).toList());
    }

    /** A bandwidth result with its counters' notes. */
    public static BwResult noted(BwResult r) {
        return r.counters() == null ? r : r.withCounters(noted(r.counters()));
    }

    /** A UDP result with its counters' notes. */
    public static UdpResult noted(UdpResult r) {
        return r.counters() == null ? r : r.withCounters(noted(r.counters()));
    }

    /** A latency result with its counters' notes. */
    public static LatResult noted(LatResult r) {
        return r.counters() == null ? r : r.withCounters(noted(r.counters()));
    }

    private record Ranked(Severity severity, CounterReport.Note note) {}

    private static void notes(String side, List<Counters> deltas, CounterReport.Sockets sockets, List<Ranked> out) {
        Finding own = sockets == null ? null : ofSockets(side, sockets);
        if (own != null) {
            out.add(new Ranked(own.severity(), note(side, own, false, fixText(own))));
        }
        if (deltas == null) {
            return;
        }
        List<Counters> path = deltas.stream().filter(d -> d.scope() != Counters.Scope.HOST).toList();
        List<Counters> host = deltas.stream().filter(d -> d.scope() == Counters.Scope.HOST).toList();
        for (Finding f : CounterFindings.duringTest(path, side, Map.of())) {
            out.add(new Ranked(f.severity(), note(side, f, false, fixText(f))));
        }
        for (Finding f : CounterFindings.duringTest(host, side, Map.of())) {
            // context: the fix of a host-wide note is how to find whose counts they are
            out.add(new Ranked(f.severity(), note(side, f, true, whose(f.rule()))));
        }
    }

    private static CounterReport.Note note(String side, Finding f, boolean hostWide, String fix) {
        return new CounterReport.Note(side, f.rule(), f.severity().label(), f.subject(), f.message(), fix,
                hostWide ? Boolean.TRUE : null);
    }

    private static String fixText(Finding f) {
        return f.fix() == null ? null : f.fix().action() + (f.fix().command() == null ? "" : ": " + f.fix().command());
    }

    /** For a host-wide note: where the per-socket counts are, so the user can tell whose they are. */
    private static String whose(String rule) {
        if (rule.equals(CounterSignal.TCP_RETRANSMITS.ruleId)) {
            return "to see which connections retransmit: ss -ti (retrans: per socket)";
        }
        if (rule.equals(CounterSignal.UDP_DROPS.ruleId)) {
            return "to see which sockets drop: ss -uamp (d in skmem: per socket)";
        }
        return "to see which sockets: ss -tamp (d in skmem: drops per socket)";
    }

    /** The note on the test's own sockets: TCP retransmits above the background share, or UDP drops. */
    static Finding ofSockets(String side, CounterReport.Sockets s) {
        String subject = side + " sockets";
        String which = s.sockets() == 1 ? "the test's " + s.protocol().toUpperCase(Locale.ROOT) + " socket"
                : "the test's " + s.sockets() + " " + s.protocol().toUpperCase(Locale.ROOT) + " sockets";
        if (s.retransmits() != null && s.retransmits() > 0) {
            Long sent = s.segmentsSent();
            double ratio = sent != null && sent > 0 ? (double) s.retransmits() / sent : Double.NaN;
            if (!(ratio >= CounterFindings.RETRANSMIT_SHARE)) {
                return null; // background (or no count of segments to judge it by)
            }
            CounterSignal sig = CounterSignal.TCP_RETRANSMITS;
            String message = String.format(Locale.ROOT, "%s: %s retransmitted %s segments (%.2f %% of about %s sent)"
                    + " during the test: %s", subject, which, CounterFindings.human(s.retransmits()), ratio * 100,
                    CounterFindings.human(sent), sig.cause);
            return new Finding(sig.ruleId, sig.severity, subject, message,
                    List.of(new Evidence("TCP_INFO tcpi_total_retrans of " + which, Long.toString(s.retransmits()))),
                    null, Fix.action(sig.fixAction));
        }
        if (s.drops() != null && s.drops() > 0) {
            CounterSignal sig = CounterSignal.UDP_DROPS;
            String message = String.format(Locale.ROOT, "%s: %s dropped %s datagrams during the test: %s, the receiver"
                    + " did not read fast enough for its buffer", subject, which, CounterFindings.human(s.drops()),
                    s.sockets() == 1 ? "its receive queue was full" : "their receive queues were full");
            return new Finding(sig.ruleId, Severity.WARN, subject, message,
                    List.of(new Evidence("drops of " + which + " in /proc/net/udp", Long.toString(s.drops()))),
                    null, Fix.command(sig.fixAction, sig.fixCommand));
        }
        return null;
    }

    /** Only the counters that matter (errors, drops, pauses, retransmits), with the notes: for a bounded frame (mesh). */
    public static CounterReport mattering(CounterReport r) {
        return r == null ? null : r.withDeltas(mattering(r.client()), mattering(r.server()));
    }

    private static List<Counters> mattering(List<Counters> side) {
        if (side == null) {
            return null;
        }
        List<Counters> out = new ArrayList<>();
        for (Counters c : side) {
            Map<String, Observed<Long>> kept = new LinkedHashMap<>();
            for (String name : CounterFindings.mattering(c, v -> v != 0).keySet()) {
                kept.put(name, c.values().get(name));
            }
            c.observed("TcpOutSegs").ifPresent(o -> kept.put("TcpOutSegs", o));
            if (!kept.isEmpty()) {
                out.add(new Counters(c.scope(), c.subject(), kept));
            }
        }
        return out;
    }
}
