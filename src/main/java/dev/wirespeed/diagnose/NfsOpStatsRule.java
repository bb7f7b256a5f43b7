package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.NfsOpStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * mountstats per-op rows (net/sunrpc/stats.c rpc_print_iostats): operations, transmissions, major timeouts, then
 * cumulative queue, RTT and execute milliseconds. Findings, one per mount:
 * <ul>
 *   <li>requests sent again (transmissions above operations by 1 % and at least 10) or any major timeout ("server
 *       not responding"): the replies did not come within timeo; the advice is the transport's;</li>
 *   <li>mean execute time at least twice the mean round trip and 10 ms above it, over 100 operations: the requests spent
 *       that time in the client (waiting for a slot, or for a retransmission's timer), not at the server;</li>
 *   <li>a mean round trip of 100 ms or more over 100 operations: the round trip is the network's delay plus the
 *       server's work, which mountstats does not split, so the finding names both and how to tell them apart.</li>
 * </ul>
 * The counts are since the mount was made (age:); one snapshot cannot tell when it happened.
 */
final class NfsOpStatsRule implements LogRule {
    static final String ID = "nfs-op-latency";
    static final double RETRANSMIT_SHARE = 0.01;
    static final long MIN_RETRANSMITS = 10;
    static final long MIN_OPS = 100;
    static final double SLOW_RTT_MILLIS = 100;
    static final double CLIENT_WAIT_MILLIS = 10;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "mountstats per-op: requests retransmitted or timed out, time spent in the client, slow round trips";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MountstatsEntries e : MountstatsEntries.of(log)) {
            List<String> resent = new ArrayList<>();
            List<String> waited = new ArrayList<>();
            List<String> slow = new ArrayList<>();
            List<Evidence> evidence = new ArrayList<>();
            for (NfsOpStats o : e.ops()) {
                long again = o.transmissions() - o.operations();
                boolean noted = false;
                if (o.majorTimeouts() > 0 || again >= MIN_RETRANSMITS && again > RETRANSMIT_SHARE * o.operations()) {
                    resent.add(String.format(Locale.ROOT, "%s %d of %d sent again%s", o.operation(), Math.max(again, 0),
                            o.operations(), o.majorTimeouts() > 0 ? ", " + o.majorTimeouts() + " major timeouts" : ""));
                    noted = true;
                }
                if (o.operations() >= MIN_OPS) {
                    double rtt = (double) o.rttMillis() / o.operations();
                    double exec = (double) o.executeMillis() / o.operations();
                    if (exec >= 2 * rtt && exec - rtt >= CLIENT_WAIT_MILLIS) {
                        waited.add(String.format(Locale.ROOT, "%s execute %.1f ms against RTT %.1f ms (queue %.1f ms)",
                                o.operation(), exec, rtt, (double) o.queueMillis() / o.operations()));
                        noted = true;
                    }
                    if (rtt >= SLOW_RTT_MILLIS) {
                        slow.add(String.format(Locale.ROOT, "%s RTT %.1f ms", o.operation(), rtt));
                        noted = true;
                    }
                }
                if (noted) {
                    evidence.add(new Evidence("mountstats, line " + o.source().line(), o.source().text().strip()));
                }
            }
            if (evidence.isEmpty()) {
                continue;
            }
            List<String> saw = new ArrayList<>();
            List<String> fix = new ArrayList<>();
            if (!resent.isEmpty()) {
                saw.add("requests sent again: " + String.join(", ", resent));
                fix.add(resend(e.transport()));
            }
            if (!waited.isEmpty()) {
                saw.add("time spent in the client, not at the server: " + String.join(", ", waited));
                String tcp = e.transport() == null || e.transport().startsWith("tcp") ? e.moreConnections() : "";
                fix.add("the transport's backlog (xprt: bklog_u over sends) and its slots"
                        + (tcp.isEmpty() ? "" : ": over TCP " + tcp) + (resent.isEmpty() ? "" : ", and the resends above"));
            }
            if (!slow.isEmpty()) {
                saw.add("slow round trips: " + String.join(", ", slow) + " (the network's delay plus the server's work:"
                        + " mountstats does not split them)");
                fix.add("ping the server for the network's part; on the server, its disk (iostat -x) and nfsd threads"
                        + " for the rest");
            }
            out.add(new Finding(ID, Severity.WARN, e.label(), e.label() + (e.transport() == null ? "" : " over "
                    + e.transport()) + ": " + String.join("; ", saw) + " (counts since the mount was made: a snapshot"
                    + " cannot tell when)", evidence, null, Fix.action(String.join("; ", fix))));
        }
        return out;
    }

    /** Why a request is sent again depends on the transport the rows ran over. */
    static String resend(String transport) {
        String tcp = "over TCP the client resends only after timeo (60 s by default) or a reconnect: the server stalled"
                + " or the connection broke; look at the server's load and at drops on the path (ss -ti to port 2049)";
        String udp = "over UDP each lost datagram is resent after timeo: mount with proto=tcp (umount and mount)";
        String rdma = "over RDMA a request is resent after the connection was lost and made again: the port's errors"
                + " and the kernel's rpcrdma lines";
        if (transport == null) {
            return "by transport: " + tcp + "; " + udp + "; " + rdma;
        }
        return transport.startsWith("udp") ? udp : transport.startsWith("rdma") ? rdma : tcp;
    }
}
