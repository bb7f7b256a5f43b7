package dev.wirespeed.parse.sockperf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A sockperf client summary. Latency mode (ping-pong, under-load) reports half the round trip
 * unless --full-rtt was given (sockperf's "Latency is"); throughput mode reports messages/s and
 * "BandWidth is 0.658 MBps (5.263 Mbps)".
 *
 * @param roundTrip    true when sockperf printed round-trip times (--full-rtt, "Round trip is"),
 *                     false for "Latency is" (half the round trip), null when no summary line
 * @param percentiles  percentile (as printed, "99.000") → microseconds
 * @param observations "Total N observations" behind the percentiles
 * @param sentMessages ping-pong: sent in the valid duration; throughput: "Total of N messages sent"
 * @param runSeconds   "[Total Run] RunTime" (ping-pong) or the throughput test's time
 * @param mode         the test as typed ("ping-pong", "pp", "tp", "server"), else as the output shows it: "throughput",
 *                     "ping-pong", or "server" for a server's "[SERVER] listen on:" (a record of its address alone)
 * @param error        what sockperf printed after "ERROR:" when the run stopped there ("_seqN > m_maxSequenceNo
 *                     (errno=0 Success)"), else null
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("SockperfResult")
public record SockperfResult(String mode, String version, String protocol, String address, Integer port,
                             Boolean roundTrip, Quantity averageLatency, Quantity stdDev, Quantity min, Quantity max,
                             Map<String, Quantity> percentiles, Long observations, Quantity messageRate,
                             Quantity packetRate, Quantity bandwidth, Long sentMessages, Long receivedMessages,
                             Long dropped, Long duplicated, Long outOfOrder, Double runSeconds, Double validSeconds,
                             String error, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("mode", mode).put("protocol", protocol).put("avg", averageLatency)
                .put("p50", percentiles.get("50.000")).put("p99", percentiles.get("99.000"))
                .put("p99.9", percentiles.get("99.900")).put("max", max).put("msg rate", messageRate)
                .put("bandwidth", bandwidth).put("sent", sentMessages).put("received", receivedMessages)
                .put("dropped", dropped).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. */
    @Override
    public void addFacts(FactSink out) {}
}
