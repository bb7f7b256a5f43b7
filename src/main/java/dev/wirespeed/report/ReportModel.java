package dev.wirespeed.report;

import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.StoredResult;
import java.util.List;

/**
 * What `results report` shows, built from stored results only: sections of charts (each with the
 * table of its numbers), the hosts the results ran on, and every result in one table.
 */
public record ReportModel(String title, String generatedAt, String database, List<String> selections,
                          List<HostSummary> hosts, List<Section> sections, List<StoredResult> results) {

    /** A group of charts about one kind of result ("fio grid", "tcp-bw", "rdma-send-lat sweep"). */
    public record Section(String title, String note, List<ChartSpec> charts) {}
}
