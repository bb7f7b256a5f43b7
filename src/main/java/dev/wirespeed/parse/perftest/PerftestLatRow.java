package dev.wirespeed.parse.perftest;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A row of a perftest latency table (microseconds); older perftest prints no percentiles. In
 * duration mode (-D) perftest keeps no per-iteration samples and prints only t_avg and the
 * transactions per second ("tps average"), so the other latencies are null there. Size and iterations
 * are null when the output does not say them (a pasted table with those columns cut, --output=latency).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PerftestLatRow")
public record PerftestLatRow(Long sizeBytes, Long iterations, Quantity min, Quantity max, Quantity typical,
                             Quantity average, Quantity stdev, Quantity p99, Quantity p999, Quantity transactionsPerSecond,
                             Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("bytes", sizeBytes).put("iterations", iterations).put("min", min)
                .put("typical", typical).put("avg", average).put("99%", p99).put("99.9%", p999).put("max", max)
                .put("tps", transactionsPerSecond).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. */
    @Override
    public void addFacts(FactSink out) {}
}
