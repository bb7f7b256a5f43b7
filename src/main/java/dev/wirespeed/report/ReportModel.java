package dev.wirespeed.report;

import com.fasterxml.jackson.annotation.JsonValue;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.StoredResult;
import java.util.List;

/**
 * What `results report` shows, built from stored results only: the findings of the runs first,
 * then sections of charts (each with the table of its numbers), the hosts the results ran on, and
 * every result in one table.
 *
 * @param leftOut a note on results not shown (not done), or null
 */
public record ReportModel(String title, String generatedAt, String database, List<String> selections,
                          List<HostSummary> hosts, List<Finding> findings, List<Section> sections,
                          List<StoredResult> results, String leftOut) {

    /** A group of charts about one kind of result ("fio grid", "tcp-bw", "rdma-send-lat sweep"). */
    public record Section(String title, String note, List<ChartSpec> charts) {}

    /**
     * One line of the report's opening: a verdict of check, a doctor finding, or a figure worth a
     * look (loss, retransmits, the spread of repetitions).
     */
    public record Finding(Level level, String text) {}

    /** How a finding is shown; the text is the HTML class (and, above info, the line's prefix). */
    public enum Level {
        OK("ok"),
        INFO("info"),
        WARNING("warning"),
        ERROR("error");

        private final String text;

        Level(String text) {
            this.text = text;
        }

        @JsonValue
        public String text() {
            return text;
        }

        /** Shown with its level in front ("warning: …"); ok and info lines are not. */
        public boolean prefixed() {
            return this == WARNING || this == ERROR;
        }
    }
}
