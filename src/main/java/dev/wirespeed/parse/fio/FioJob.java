package dev.wirespeed.parse.fio;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One direction (read or write) of one fio job (or group with --group_reporting).
 *
 * @param bandwidth   decimal bit/s (fio prints KiB/s in JSON and MiB/s … in text; converted)
 * @param latencyAvg  total latency (lat) average, microseconds
 * @param clatAvg     completion latency (clat: submission to completion) average, microseconds
 * @param clatP50     completion-latency percentiles, microseconds
 * @param latP50      total-latency percentiles, microseconds: fio reports these instead with
 *                    --lat_percentiles=1 (JSON lat_ns.percentile)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("FioJob")
public record FioJob(String job, String direction, String rw, String blockSize, Integer iodepth, Integer numjobs,
                     String ioengine, Quantity iops, Quantity bandwidth, Quantity latencyAvg, Quantity clatAvg, Quantity clatP50,
                     Quantity clatP99, Quantity clatP999, Quantity latP50, Quantity latP99, Quantity latP999,
                     Quantity runtime, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("job", job).put("dir", direction).put("rw", rw).put("bs", blockSize)
                .put("iodepth", iodepth).put("iops", iops).put("bw", bandwidth).put("lat avg", latencyAvg).put("clat avg", clatAvg)
                .put("clat p99", clatP99).put("lat p99", latP99).map();
    }

    /** A benchmark figure: its numbers reach the host's facts as the block's Measurements. */
    @Override
    public void addFacts(FactSink out) {}
}
