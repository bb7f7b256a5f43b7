package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.NfsTransport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A mountstats "xprt:" line's counters since the transport was made (net/sunrpc xprtsock.c xs_tcp_print_stats /
 * xs_udp_print_stats, xprtrdma/transport.c xprt_rdma_print_stats): after the address fields, sends, recvs, bad_xids,
 * req_u and bklog_u (udp leaves out the three connection fields before sends). Findings:
 * <ul>
 *   <li>bad_xids above 0.1 % of the replies: replies that matched no waiting request — a reply to a request the
 *       client had already sent again and had answered, or one that came after the client gave up on it;</li>
 *   <li>a backlog: bklog_u / sends is the mean number of requests waiting for a transport slot at each send (nfs-utils'
 *       mountstats prints it as "average backlog queue length"); 1 or more means requests queue in the client;</li>
 *   <li>for rdma, bad_reply_count (the 20th number: after the ten common ones read_chunk, write_chunk, reply_chunk,
 *       total_rdma_request, total_rdma_reply, pullup_copy, fixup_copy, hardway_register, failed_marshal) above 0: the
 *       client received replies whose RPC-over-RDMA header it could not use.</li>
 * </ul>
 * The counts are since the transport was made, so a line cannot tell whether the problem is still going on.
 */
final class NfsTransportRule implements LogRule {
    static final String ID = "nfs-transport";
    /** bad_xids share of the replies above which the transport is named. */
    static final double BAD_XID_SHARE = 0.001;
    /** Sends below which a mean backlog is not judged. */
    static final long MIN_SENDS = 100;
    private static final int RDMA_BAD_REPLY = 19;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "mountstats xprt: replies matching no request, requests queued for a transport slot, RDMA bad replies";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (MountstatsEntries e : MountstatsEntries.of(log)) {
            for (NfsTransport t : e.transports()) {
                List<String> saw = new ArrayList<>();
                List<String> fix = new ArrayList<>();
                boolean udp = t.transport().startsWith("udp");
                boolean rdma = t.transport().startsWith("rdma");
                if (t.badXids() != null && t.receives() != null && t.receives() > 0
                        && t.badXids() > BAD_XID_SHARE * t.receives()) {
                    saw.add(String.format(Locale.ROOT, "%d of %d replies matched no waiting request (bad_xids, %.2f %%):"
                            + " answers to requests the client had already sent again, or that came after it gave up",
                            t.badXids(), t.receives(), 100.0 * t.badXids() / t.receives()));
                    fix.add(udp ? "over UDP a lost datagram is only resent after timeo: mount with proto=tcp (umount and"
                            + " mount), and look for drops on the path"
                            : rdma ? "over RDMA a request is resent after the connection was lost and made again: look"
                            + " for the port's errors and the kernel's rpcrdma lines about reconnects"
                            : "over TCP the client resends only after timeo or a reconnect: the server stalled or the"
                            + " connection broke (connect count " + t.connectCount() + "); look at the server's load and"
                            + " at drops on the path");
                }
                Long backlog = at(t, udp ? 6 : 9);
                if (t.sends() != null && t.sends() >= MIN_SENDS && backlog != null && backlog >= t.sends()) {
                    saw.add(String.format(Locale.ROOT, "on average %.1f requests waited for a transport slot at each"
                            + " send (bklog_u %d over %d sends): requests queue in the client before the server sees"
                            + " them", (double) backlog / t.sends(), backlog, t.sends()));
                    fix.add(rdma ? "the slots are the credits the server grants and sunrpc.rdma_slot_table_entries"
                            : udp ? "sunrpc.udp_slot_table_entries bounds the slots; over TCP more are possible"
                            : (e.moreConnections().isEmpty() ? "" : e.moreConnections() + ", or ")
                            + "sunrpc.tcp_max_slot_table_entries; the server may cap the slots too (NFSv4.1 session slots)");
                }
                Long badReplies = rdma && t.counters().size() > RDMA_BAD_REPLY ? t.counters().get(RDMA_BAD_REPLY) : null;
                if (badReplies != null && badReplies > 0) {
                    saw.add(badReplies + " RPC-over-RDMA replies the client could not use (bad_reply_count)");
                    fix.add("the client's and server's RPC-over-RDMA versions (kernel, or the vendor's NFS/RDMA stack) and"
                            + " the kernel log's rpcrdma lines");
                }
                if (saw.isEmpty()) {
                    continue;
                }
                out.add(new Finding(ID, Severity.WARN, e.label(), e.label() + " over " + t.transport() + ": "
                        + String.join("; ", saw) + " (counts since the transport was made: the line cannot tell whether"
                        + " it still happens)", List.of(new Evidence("mountstats, line " + t.source().line(),
                        t.source().text().strip())), null, Fix.action(String.join("; ", fix))));
            }
        }
        return out;
    }

    private static Long at(NfsTransport t, int i) {
        return i < t.counters().size() ? t.counters().get(i) : null;
    }
}
