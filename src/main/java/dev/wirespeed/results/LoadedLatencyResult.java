package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Latency under load ({@code bw HOST --latency}): a ping-pong on its own connection measured idle
 * for a few seconds, then beside a bandwidth test; the latency the load added is the bufferbloat
 * (Flent's RRUL question). Schema: docs/json/loaded-latency.schema.json (id {@value #SCHEMA});
 * change both together.
 *
 * <p>Latencies here are round trips (as ping and Flent report them), microseconds. Time 0 of the
 * timeline is the first ping; the load ran from {@code loadStartSeconds} to {@code loadEndSeconds}.
 *
 * @param idle       round trips whose ping left before the load started
 * @param loaded     round trips whose ping left while the load ran
 * @param addedMicros loaded minus idle, per percentile: what the load's queues added
 * @param bandwidth  the bandwidth test as {@code bw --json} prints it
 * @param timeline   bandwidth and latency per interval on one time axis
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "server", "params", "idle", "loaded", "addedMicros", "timeline",
    "bandwidth", "outcome"})
public record LoadedLatencyResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer server,
                                  Params params, Phase idle, Phase loaded, Added addedMicros, Timeline timeline,
                                  BwResult bandwidth, BwResult.Outcome outcome) {
    public static final String SCHEMA = "wirespeed.loaded-latency/1";

    /**
     * @param protocol           of the pings: "tcp" (TCP_NODELAY) or "udp"
     * @param sizeBytes          of each ping and its echo
     * @param pingIntervalMillis a ping leaves at most this often (a slow echo delays the next)
     * @param idleSeconds        the pings measured alone before the load started
     */
    public record Params(String protocol, int sizeBytes, double pingIntervalMillis, double idleSeconds) {}

    /**
     * Round trips of one phase, microseconds (HdrHistogram, 3 significant digits).
     *
     * @param lostPackets UDP: pings without echo (resent, not measured); null for TCP
     * @param rttHistogram every round trip of the phase in nanoseconds, encoded as {@code LatResult}'s
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Phase(long roundTrips, Long lostPackets, double p50Micros, double p99Micros, double p999Micros,
                        double maxMicros, String rttHistogram) {}

    /** Loaded minus idle, microseconds (negative when the load happened to make the path faster). */
    public record Added(double p50, double p99, double p999) {}

    /**
     * @param loadStartSeconds when the bandwidth test's data started, seconds after the first ping
     * @param loadEndSeconds   when it ended
     * @param intervals        one row per interval of the bandwidth test's length, aligned so that
     *                         the load's intervals are rows; rows before the load carry no rate
     */
    public record Timeline(double loadStartSeconds, double loadEndSeconds, List<Interval> intervals) {}

    /**
     * @param bitsPerSecond  the load's rate in this interval (all directions summed, receiver's count),
     *                       null outside the load
     * @param roundTrips     pings that left in this interval and came back
     * @param rttP50Micros   null when no ping came back
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Interval(double startSeconds, double endSeconds, Double bitsPerSecond, long roundTrips,
                           Double rttP50Micros, Double rttP99Micros, Double rttMaxMicros) {}
}
