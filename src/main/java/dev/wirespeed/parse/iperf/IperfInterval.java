package dev.wirespeed.parse.iperf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.Map;

/**
 * One report line of iperf2/iperf3: a stream ("5") or the sum ("SUM") over an interval.
 *
 * @param role        iperf3's "sender"/"receiver" on summary lines; iperf2's "receiver" (server report)
 *                    and "reverse" (with -d/-r, the stream the peer sends back); else null
 * @param retransmits iperf3 "Retr" or iperf2 -e "Rtry"
 * @param jitter      UDP jitter (microseconds)
 * @param summary     true for a line over the whole test (iperf3 sender/receiver lines; iperf2
 *                    lines from 0 to the end)
 * @param direction   iperf3 --bidir's "TX-C" (the client sends) or "RX-C" (the client receives),
 *                    "TX-S"/"RX-S" on the server; null without --bidir
 * @param loss        UDP: the share of datagrams lost in %, raw the "Lost/Total Datagrams" cell as printed
 *                    ("0/0 (0%)", "585/6479 (9.03%)")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IperfInterval")
public record IperfInterval(String stream, double startSeconds, double endSeconds, Quantity transfer, Quantity rate,
                            Long retransmits, Quantity jitter, Long lostPackets, Long totalPackets, String role,
                            boolean summary, String direction, Quantity loss, Source source) implements LogInput {
    public IperfInterval(String stream, double startSeconds, double endSeconds, Quantity transfer, Quantity rate,
                         Long retransmits, Quantity jitter, Long lostPackets, Long totalPackets, String role,
                         boolean summary, Source source) {
        this(stream, startSeconds, endSeconds, transfer, rate, retransmits, jitter, lostPackets, totalPackets, role,
                summary, null, null, source);
    }

    /** The same line marked as the test's total (or not). */
    IperfInterval withSummary(boolean total) {
        return new IperfInterval(stream, startSeconds, endSeconds, transfer, rate, retransmits, jitter, lostPackets,
                totalPackets, role, total, direction, loss, source);
    }

    /** The same line with the role a wrapped paste put on the next line: a "sender"/"receiver" total. */
    IperfInterval withRole(String role) {
        return new IperfInterval(stream, startSeconds, endSeconds, transfer, rate, retransmits, jitter, lostPackets,
                totalPackets, role, true, direction, loss, source);
    }

    public boolean isSum() {
        return "SUM".equals(stream);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("stream", stream)
                .put("interval", UnitWords.trim(startSeconds) + "-" + UnitWords.trim(endSeconds) + " s")
                .put("transfer", transfer).put("rate", rate).put("retr", retransmits).put("jitter", jitter)
                .put("lost/total", lostPackets == null ? null : lostPackets + "/" + totalPackets)
                .put("role", role != null ? role : summary ? "total" : null).put("dir", direction).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. The log rules compare its streams. */
    @Override
    public void addFacts(FactSink out) {}
}
