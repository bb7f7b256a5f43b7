package dev.wirespeed.parse.nccl;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * What an nccl-tests run says as a whole.
 *
 * @param test            "all_reduce_perf" when printed ("# Collective test starting: …") or typed, else null
 * @param ranks           ranks listed under "# Using devices" (0 when the list was not pasted)
 * @param hosts           the distinct hosts of those ranks, in order
 * @param rows            sizes read
 * @param peakBusbwGBps   the largest bus bandwidth of any row (out-of-place or in-place), null without rows
 * @param avgBusbwGBps    "# Avg bus bandwidth : X", null when not printed
 * @param outOfBounds     "# Out of bounds values : N OK|FAILED" count, null when not printed
 * @param gpus            each rank's GPU as its "# Rank …" line names it ("NVIDIA GB10", "Tesla V100-SXM2-32GB"),
 *                        in rank order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("NcclSummary")
public record NcclSummary(String test, int ranks, List<String> hosts, int rows, Double peakBusbwGBps,
                          Double avgBusbwGBps, Integer outOfBounds, Source source, List<String> gpus) implements LogInput {
    public NcclSummary {
        hosts = List.copyOf(hosts);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("test", test).put("ranks", ranks == 0 ? null : ranks)
                .put("hosts", hosts.isEmpty() ? null : hosts.size()).put("sizes", rows)
                .put("peak busbw", peakBusbwGBps == null ? null : peakBusbwGBps + " GB/s")
                .put("avg busbw", avgBusbwGBps == null ? null : avgBusbwGBps + " GB/s")
                .put("out of bounds", outOfBounds).map();
    }

    /** A collective's result spans hosts: read by the nccl rule from the log. */
    @Override
    public void addFacts(FactSink out) {}
}
