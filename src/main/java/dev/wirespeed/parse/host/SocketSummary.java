package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * {@code ss -s} (iproute2): the host's socket totals. Every figure is also kept as printed under ss's words: the TCP
 * line's "estab", "closed", "orphaned", "synrecv", "timewait" ("1/0" on older ss), "ports", and each transport
 * row's cells ("TCP Total", "TCP IP", "TCP IPv6").
 *
 * @param total  "Total:" — every socket the kernel reported
 * @param kernel older ss's "(kernel N)" beside it, else null
 * @param tcp    the TCP line's first figure: TCP sockets in any state
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("SocketSummary")
public record SocketSummary(Long total, Long kernel, Long tcp, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("sockets", total).put("tcp", tcp).map();
    }

    /** Nothing: counts of sockets in each state are no fault of the host's interfaces. */
    @Override
    public void addFacts(FactSink out) {
    }
}
