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
 * A row of a perftest bandwidth table. Peak is null when perftest printed 0.00 (it does not measure it there).
 * Iterations are null when the output does not say them (--output=bandwidth prints the average alone).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PerftestBwRow")
public record PerftestBwRow(long sizeBytes, Long iterations, Quantity peak, Quantity average, Quantity messageRate,
                            Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("bytes", sizeBytes).put("iterations", iterations).put("peak", peak)
                .put("average", average).put("msg rate", messageRate).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. */
    @Override
    public void addFacts(FactSink out) {}
}
