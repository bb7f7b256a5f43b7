package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The result of a ping-pong latency test ({@code lat --json}), one row per message size.
 * Schema: docs/json/lat.schema.json (id {@value #SCHEMA}); change both together.
 *
 * <p>Every row carries the round trip as measured (RTT) and the one-way latency, which is RTT / 2
 * by definition (as perftest and sockperf report it): nobody's clocks are compared.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "client", "server", "params", "ioPath", "rows", "cpu",
    "serverSharedWithTests", "counters", "fallbacks", "outcome"})
public record LatResult(
        String schema,
        BwResult.Tool tool,
        String startedAt,
        BwResult.Peer client,
        BwResult.Peer server,
        LatParams params,
        List<LatRow> rows,
        BwResult.Cpu cpu,
        BwResult.Outcome outcome,
        IoPath ioPath,
        CounterReport counters,
        Fallbacks fallbacks,
        Integer serverSharedWithTests) {

    /**
     * Without the server's word on sharing (servers before it, older results).
     *
     * <p>{@code serverSharedWithTests}: as {@link BwResult#serverSharedWithTests()}, the most other
     * tests the server ran at one moment beside this one (0: alone; null: the server did not say).
     * Another test's traffic queues beside the pings, so the latency is not this path's alone.
     */
    public LatResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client, BwResult.Peer server,
                     LatParams params, List<LatRow> rows, BwResult.Cpu cpu, BwResult.Outcome outcome, IoPath ioPath,
                     CounterReport counters, Fallbacks fallbacks) {
        this(schema, tool, startedAt, client, server, params, rows, cpu, outcome, ioPath, counters, fallbacks, null);
    }

    /** This result with the server's word on the tests it ran beside this one (null: none given). */
    public LatResult withServerSharedWithTests(Integer others) {
        return new LatResult(schema, tool, startedAt, client, server, params, rows, cpu, outcome, ioPath, counters,
                fallbacks, others);
    }

    /** This result with {@code c} as its counters (the same counters with their notes). */
    public LatResult withCounters(CounterReport c) {
        return new LatResult(schema, tool, startedAt, client, server, params, rows, cpu, outcome, ioPath, c, fallbacks,
                serverSharedWithTests);
    }

    /** Without counter deltas. */
    public LatResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client, BwResult.Peer server,
                     LatParams params, List<LatRow> rows, BwResult.Cpu cpu, BwResult.Outcome outcome, IoPath ioPath) {
        this(schema, tool, startedAt, client, server, params, rows, cpu, outcome, ioPath, null, null);
    }

    public static final String SCHEMA = "wirespeed.lat/1";

    /** A result that does not say how the client reached its socket (results stored before ioPath). */
    public LatResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client, BwResult.Peer server,
                     LatParams params, List<LatRow> rows, BwResult.Cpu cpu, BwResult.Outcome outcome) {
        this(schema, tool, startedAt, client, server, params, rows, cpu, outcome, null, null, null);
    }

    /**
     * Why an asked-for placement (-A) did not happen, one line each per side; null when every
     * asked-for pinning ran (a side that was not asked to pin has nothing to say).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Fallbacks(List<String> client, List<String> server) {}

    /**
     * @param protocol          "tcp" (TCP_NODELAY on both sides) or "udp"
     * @param sizesBytes        the sizes asked for, in order (one unless {@code sweep})
     * @param iterations        measured round trips per size (-n), null in a timed test
     * @param secondsPerSize    measured time per size (-t), null in a counted test
     * @param warmupIterations  round trips per size before measuring, excluded from every figure
     * @param busyPoll          both sides spin on non-blocking sockets instead of sleeping in read
     * @param clientCpu         -A: the CPU the client's ping-pong thread was asked to run on; null = the kernel's choice
     * @param serverCpu         -A ,SERVER_CPU: the CPU the server's echo thread was asked to run on
     * @param bindAddress       -B: the local address the client's connections came from
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LatParams(String protocol, boolean sweep, List<Integer> sizesBytes, Long iterations,
                            Double secondsPerSize, long warmupIterations, boolean busyPoll, Integer clientCpu,
                            Integer serverCpu, String bindAddress) {
        public LatParams(String protocol, boolean sweep, List<Integer> sizesBytes, Long iterations,
                         Double secondsPerSize, long warmupIterations, boolean busyPoll) {
            this(protocol, sweep, sizesBytes, iterations, secondsPerSize, warmupIterations, busyPoll, null, null, null);
        }
    }

    /**
     * One message size.
     *
     * @param iterations        round trips measured (warm-up excluded, lost ones excluded)
     * @param lostPackets       UDP: pings whose echo did not come back in time (resent, not measured)
     * @param roundTripsPerSecond measured round trips divided by the time they took
     * @param rttHistogram      every measured round trip in nanoseconds: an HdrHistogram,
     *                          compressed and base64-encoded as in HdrHistogram's log format
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record LatRow(int sizeBytes, long iterations, Long lostPackets, LatStats oneWayMicros,
                         LatStats roundTripMicros, double roundTripsPerSecond, String rttHistogram) {
        public LatRow(int sizeBytes, long iterations, Long lostPackets, LatStats oneWayMicros, LatStats roundTripMicros,
                      double roundTripsPerSecond) {
            this(sizeBytes, iterations, lostPackets, oneWayMicros, roundTripMicros, roundTripsPerSecond, null);
        }
    }

    /**
     * Distribution of one size, microseconds. {@code p50} is perftest's t_typical. Recorded in an
     * HdrHistogram at 3 significant digits, so every figure is within 0.1 % of the exact value.
     */
    public record LatStats(double min, double max, double p50, double average, double stdev, double p99,
                           double p999, double p9999) {}
}
