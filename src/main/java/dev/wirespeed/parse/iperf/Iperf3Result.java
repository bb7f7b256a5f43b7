package dev.wirespeed.parse.iperf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.units.Rate;
import java.util.List;
import java.util.Map;

/**
 * The facts of one iperf3 {@code -J} document (iperf3's JSON: "start", "intervals", "end").
 * Rates are bit/s, sizes bytes, times seconds; absent values are null.
 *
 * @param version          "iperf 3.12" as in start.version
 * @param role             "client" or "server" (from the connection's local/remote ports and start.connecting_to)
 * @param protocol         "TCP" or "UDP"
 * @param streams          start.test_start.num_streams
 * @param reverse          start.test_start.reverse
 * @param sentBitsPerSecond     end.sum_sent (TCP) or end.sum (UDP, sender's view)
 * @param receivedBitsPerSecond end.sum_received (TCP) or end.sum (UDP receiver figures)
 * @param jitterMillis     UDP jitter from end.sum
 * @param reverseReceivedBitsPerSecond --bidir: the server-to-client direction's received rate
 *                         (end.sum_received_bidir_reverse, or end.sum_bidir_reverse for UDP)
 * @param intervals        per-interval sum, {start, end, bits_per_second, bytes, omitted}, with --bidir
 *                         the reverse direction's rate (sum_bidir_reverse)
 * @param error            the "error" member when the run failed
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("Iperf3Result")
public record Iperf3Result(String version, String role, String protocol, Integer streams, Boolean reverse,
                           String host, Integer port, Double durationSeconds, Double sentBytes,
                           Double sentBitsPerSecond, Double receivedBytes, Double receivedBitsPerSecond,
                           Long retransmits, Double jitterMillis, Long lostPackets, Long packets,
                           Double reverseReceivedBitsPerSecond,
                           Double cpuHostPercent, Double cpuRemotePercent, List<Interval> intervals, String error,
                           Source source) implements ParsedRecord {

    public Iperf3Result {
        intervals = intervals == null ? List.of() : List.copyOf(intervals);
    }

    /** One entry of "intervals": its "sum". */
    public record Interval(double startSeconds, double endSeconds, double bytes, double bitsPerSecond, boolean omitted,
                           Double reverseBitsPerSecond) {}

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("version", version).put("role", role).put("protocol", protocol)
                .put("streams", streams).put("sent", sentBitsPerSecond == null ? null : Rate.format(sentBitsPerSecond))
                .put("received", receivedBitsPerSecond == null ? null : Rate.format(receivedBitsPerSecond))
                .put("retr", retransmits).put("lost/total", lostPackets == null ? null : lostPackets + "/" + packets)
                .put("seconds", durationSeconds == null ? null : UnitWords.trim(durationSeconds)).put("error", error)
                .put("intervals", intervals.isEmpty() ? null : intervals.size())
                .put("last interval", sentBitsPerSecond != null || intervals.isEmpty() ? null
                        : Rate.format(intervals.getLast().bitsPerSecond()))
                .put("reverse", reverseReceivedBitsPerSecond != null ? Rate.format(reverseReceivedBitsPerSecond)
                        : intervals.isEmpty() || intervals.getLast().reverseBitsPerSecond() == null ? null
                        : Rate.format(intervals.getLast().reverseBitsPerSecond())).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. */
    @Override
    public void addFacts(FactSink out) {}
}
