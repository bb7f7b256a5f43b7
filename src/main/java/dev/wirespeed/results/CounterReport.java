package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.host.Counters;
import java.util.List;

/**
 * What the counters of the test's path did during a test (issue 18): each side's interface, its
 * nonzero deltas (after − before, by subject: the interface, its RDMA ports, the host's TCP/IP), and
 * the notes the counter rules draw from them — the cause and the fix of each drop, error, pause or
 * retransmit that moved.
 *
 * @param clientInterface the client's interface of the path, null when not found
 * @param client          the client's nonzero deltas; empty when nothing moved, null when not read
 * @param serverInterface the server's interface (the subject of its netdev deltas), null when unknown
 * @param server          the server's nonzero deltas; null when the server did not send them (an older
 *                        server, iperf3, or the snapshots were off)
 * @param notes           the counter findings, worst first; the first names the likely cause of a shortfall
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"clientInterface", "client", "serverInterface", "server", "notes"})
public record CounterReport(String clientInterface, List<Counters> client, String serverInterface, List<Counters> server,
                            List<Note> notes) {

    /**
     * @param side     "client" or "server"
     * @param rule     the counter rule's id ("counter-rx-buffer")
     * @param severity info, warn or error
     * @param subject  "enp65s0f0np0", "mlx5_0 port 1", "tcp/ip"
     * @param message  the counters with their deltas and the cause, one sentence
     * @param fix      what to do, with a command where there is one
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Note(String side, String rule, String severity, String subject, String message, String fix) {}

    /** Only the counters that matter (errors, drops, pauses, retransmits) with the notes: for a bounded frame (mesh). */
    public CounterReport mattering() {
        return new CounterReport(clientInterface, mattering(client), serverInterface, mattering(server), notes);
    }

    private static List<Counters> mattering(List<Counters> side) {
        if (side == null) {
            return null;
        }
        List<Counters> out = new java.util.ArrayList<>();
        for (Counters c : side) {
            java.util.Map<String, dev.wirespeed.host.Observed<Long>> kept = new java.util.LinkedHashMap<>();
            for (String name : dev.wirespeed.diagnose.CounterFindings.mattering(c, v -> v != 0).keySet()) {
                kept.put(name, c.values().get(name));
            }
            c.observed("TcpOutSegs").ifPresent(o -> kept.put("TcpOutSegs", o));
            if (!kept.isEmpty()) {
                out.add(new Counters(c.scope(), c.subject(), kept));
            }
        }
        return out;
    }

    /** The note a verdict names: the worst (first), or null. */
    public Note headline() {
        return notes == null || notes.isEmpty() ? null : notes.getFirst();
    }
}
