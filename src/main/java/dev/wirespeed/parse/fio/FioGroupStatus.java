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
 * One direction of fio's "Run status group N (all jobs):" summary (stat.c, show_group_stats): the group's
 * aggregate bandwidth, the slowest and fastest job's, the bytes moved and the shortest and longest job's run
 * time. fio 3 prints "READ: bw=41.3MiB/s (43.3MB/s), 41.3MiB/s-41.3MiB/s (…), io=82.5MiB (86.5MB),
 * run=2001-2001msec"; fio 2 "READ: io=301308KB, aggrb=5021KB/s, minb=…, maxb=…, mint=60001msec, maxt=…"
 * (KB 1024-based). Each field is kept in "printed" under fio's own name too.
 *
 * @param group      the group number fio printed, null when the paste began below its head
 * @param direction  read, write, trim, or mixed (unified_rw_reporting)
 * @param bandwidth  the group's aggregate, decimal bit/s
 * @param io         bytes moved by the group's jobs
 * @param runtimeMin the shortest job's run time, microseconds (fio prints msec)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("FioGroupStatus")
public record FioGroupStatus(Integer group, String direction, Quantity bandwidth, Quantity bandwidthMin, Quantity bandwidthMax,
                             Quantity io, Quantity runtimeMin, Quantity runtimeMax, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("group", group).put("dir", direction).put("bw", bandwidth).put("bw min", bandwidthMin)
                .put("bw max", bandwidthMax).put("io", io).put("run max", runtimeMax).map();
    }

    /** A benchmark figure of one run, not a host fact. */
    @Override
    public void addFacts(FactSink out) {}
}
