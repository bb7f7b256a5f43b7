package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * A kernel log (dmesg, journalctl -k, syslog) read to its end with no line about a network or RDMA
 * device in it: recognized, and nothing to say (issue 26). A log with events gives their records
 * instead.
 *
 * @param lines   the log's non-blank lines
 * @param devices the devices its lines name, as printed ("ice 0000:65:00.0"), each once, in order; each
 *                line's message is in the record's "printed" under its device
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("KernelLogRead")
public record KernelLogRead(int lines, List<String> devices, Source source) implements ParsedRecord {
    public KernelLogRead {
        devices = List.copyOf(devices);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("kernel log", "no network or RDMA events").put("lines", lines).map();
    }

    /** A kernel log with nothing about a network or RDMA device: no fact to give. */
    @Override
    public void addFacts(FactSink out) {}
}
