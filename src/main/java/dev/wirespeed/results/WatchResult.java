package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * {@code wirespeed watch}: the counters of a netdev or RDMA port that moved, interval by interval.
 * Schema: docs/json/watch.schema.json (id {@value #SCHEMA}); change both together.
 *
 * <p>Units: seconds since the first reading, bit/s (decimal), packets/s; counter deltas in the
 * counter's own unit (an RDMA port's data counters are converted to bytes before the rate).
 *
 * @param host            the host name, or the --root tree read
 * @param subjects        what was watched: netdev names and RDMA ports as "DEV/PORT"
 * @param intervals       one per interval, in order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "host", "intervalSeconds", "subjects", "intervals", "outcome"})
public record WatchResult(String schema, BwResult.Tool tool, String startedAt, String host, double intervalSeconds,
                          List<String> subjects, List<Interval> intervals, BwResult.Outcome outcome) {
    public static final String SCHEMA = "wirespeed.watch/1";

    /** @param subjects the subjects that moved in this interval (traffic or a counter that matters) */
    public record Interval(double startSeconds, double endSeconds, List<SubjectInterval> subjects) {}

    /**
     * One subject in one interval. Rates are null where the subject has no such counter.
     *
     * @param scope   "netdev" or "rdma-port" (as doctor's counters)
     * @param subject "eth0", "mlx5_0/1"
     * @param counters the counters that moved which doctor reads as a signal (drops, discards, pauses,
     *                 CRC and symbol errors, out_of_buffer, port_xmit_wait …), by name
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record SubjectInterval(String scope, String subject, Double rxBitsPerSecond, Double txBitsPerSecond,
                                  Double rxPacketsPerSecond, Double txPacketsPerSecond, List<Moved> counters) {}

    /**
     * @param delta     what the counter moved in the interval
     * @param perSecond delta / the interval's seconds
     * @param severity  doctor's severity of the finding this counter raises ("info", "warn", "error")
     * @param rule      doctor's rule id ("counter-rx-buffer")
     * @param cause     doctor's words for what it means
     */
    public record Moved(String name, long delta, double perSecond, String severity, String rule, String cause) {}
}
