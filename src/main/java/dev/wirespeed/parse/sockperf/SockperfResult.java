package dev.wirespeed.parse.sockperf;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A sockperf client summary. Latency mode (ping-pong, under-load) reports half the round trip
 * unless --full-rtt was given (sockperf's "Latency is"); throughput mode reports messages/s and
 * "BandWidth is 0.658 MBps (5.263 Mbps)".
 *
 * @param percentiles percentile (as printed, "99.000") → microseconds
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("SockperfResult")
public record SockperfResult(String mode, String version, String protocol, Quantity averageLatency,
                             Quantity stdDev, Quantity min, Quantity max, Map<String, Quantity> percentiles,
                             Quantity messageRate, Quantity bandwidth, Long dropped, Long duplicated,
                             Long outOfOrder, Double validSeconds, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("mode", mode).put("protocol", protocol).put("avg", averageLatency)
                .put("p50", percentiles.get("50.000")).put("p99", percentiles.get("99.000"))
                .put("p99.9", percentiles.get("99.900")).put("max", max).put("msg rate", messageRate)
                .put("bandwidth", bandwidth).put("dropped", dropped).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
