package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * One socket of {@code ss} (iproute2): its row and, with {@code -i}, {@code -m}, {@code -e}, {@code -o} or
 * {@code -p}, the lines below it. Every "name:value" of those lines ("rtt:0.331/0.032", "cwnd:10",
 * "retrans:0/1", "skmem:(r0,rb369280,…)", "users:((…))", "timer:(…)") and ss's "send 352.9Mbps",
 * "pacing_rate …", "delivery_rate …" are kept as printed, under ss's own names, in the record's "printed".
 *
 * @param netid             "tcp", "udp", "u_str" … when ss printed the Netid column, else null
 * @param state             as printed: "ESTAB", "LISTEN", "SYN-SENT" …; null when a state filter left the column out
 * @param recvQ             Recv-Q: bytes not yet read by the application (a listener: connections waiting in its
 *                          accept queue)
 * @param sendQ             Send-Q: bytes not yet acknowledged by the peer (a listener: its backlog)
 * @param local             "Local Address:Port" as printed
 * @param peer              "Peer Address:Port" as printed
 * @param congestionControl the congestion control -i names ("cubic", "bbr"), or null
 * @param flags             the bare words of -i's line other than that ("ts", "sack", "ecn", "app_limited")
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("SocketInfo")
public record SocketInfo(String netid, String state, Long recvQ, Long sendQ, String local, String peer,
                         String congestionControl, List<String> flags, Source source) implements LogInput {
    public SocketInfo {
        flags = flags == null ? List.of() : List.copyOf(flags);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("state", state).put("recv-q", recvQ).put("send-q", sendQ).put("local", local)
                .put("peer", peer).put("cc", congestionControl).map();
    }

    /** Nothing: one socket's state, no fact of the host's interfaces or counters (listen-queue-full reads it). */
    @Override
    public void addFacts(FactSink out) {
    }
}
