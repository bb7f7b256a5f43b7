package dev.wirespeed.parse.fio;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * fio's disk utilisation of one block device during the run (JSON "disk_util", text "Disk stats
 * (read/write)"), read by fio from /sys/block/DEV/stat: I/Os completed and the share of the run
 * the device was busy. A device near 100 % busy is the limit, not the network in front of it.
 *
 * @param utilPercent io_ticks over the run time, percent
 * @param aggrUtilPercent for a dm or md device (whose own util fio often prints as 0), its member disks' average
 *                        utilisation (text "aggrutil="), percent; null for a plain disk
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("FioDiskUtil")
public record FioDiskUtil(String device, Long readIos, Long writeIos, Long inQueueMillis, Double utilPercent,
                          Double aggrUtilPercent, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", device).put("read ios", readIos).put("write ios", writeIos)
                .put("util %", utilPercent).put("aggr util %", aggrUtilPercent).map();
    }

    /** A disk's busy share belongs to one fio run, not to the host's network facts. */
    @Override
    public void addFacts(FactSink out) {}
}
