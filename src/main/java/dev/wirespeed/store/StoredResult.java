package dev.wirespeed.store;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.results.Measurement;
import java.util.List;

/**
 * A result as read back from the store.
 *
 * @param id            the result's id (what `results show ID` takes)
 * @param runId         the run it belongs to
 * @param kind          the run's kind ("bw", "campaign" …)
 * @param createdAt     when it was saved, ISO-8601 UTC
 * @param commandLine   the wirespeed command line of its run
 * @param pointKey      the campaign point, null outside campaigns
 * @param repetition    1-based repetition of that point, null outside campaigns
 * @param labels        its labels
 * @param host          the host summary of its run (null for explain imports)
 * @param engineCommand the external command that produced it, if any
 * @param measurement   the result itself
 * @param rawFormat     how {@code raw} reads; raw is left out of lists (see {@link ResultStore#raw})
 * @param gridKeys      the parameters its campaign swept (empty outside campaigns)
 * @param status        how its measurement ended (done, interrupted, failed, incomplete)
 * @param statusReason  why it did not end as done, else null
 * @param peer          what it was measured against (server address, port, tool, version, shared),
 *                      null when it has no peer or was saved before schema version 3 without one
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonPropertyOrder({"id", "runId", "kind", "status", "statusReason", "createdAt", "commandLine", "pointKey",
    "repetition", "labels", "host", "peer", "engineCommand", "gridKeys", "measurement", "rawFormat"})
public record StoredResult(long id, long runId, String kind, String createdAt, String commandLine, String pointKey,
                           Integer repetition, List<String> labels, HostSummary host, String engineCommand,
                           Measurement measurement, String rawFormat, List<String> gridKeys, ResultStatus status,
                           String statusReason, Peer peer) {

    public StoredResult {
        status = status == null ? ResultStatus.DONE : status;
    }

    /** A result without a known peer. */
    public StoredResult(long id, long runId, String kind, String createdAt, String commandLine, String pointKey,
                        Integer repetition, List<String> labels, HostSummary host, String engineCommand,
                        Measurement measurement, String rawFormat, List<String> gridKeys, ResultStatus status,
                        String statusReason) {
        this(id, runId, kind, createdAt, commandLine, pointKey, repetition, labels, host, engineCommand, measurement,
                rawFormat, gridKeys, status, statusReason, null);
    }

    /** A copy with another measurement (sweep rows spread into points, for compare). */
    public StoredResult withMeasurement(Measurement m) {
        return new StoredResult(id, runId, kind, createdAt, commandLine, pointKey, repetition, labels, host,
                engineCommand, m, rawFormat, gridKeys, status, statusReason, peer);
    }

    /** The value of a parameter of the measurement, or null. */
    public String param(String name) {
        return measurement.params().get(name);
    }
}
