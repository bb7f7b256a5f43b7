package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.wire.ClockState;
import java.util.List;

/**
 * One-way latency of a bandwidth test ({@code bw HOST --trip-times}, iperf2's option): the client
 * stamps every TCP write or UDP datagram with its wall clock (CLOCK_REALTIME), the server subtracts
 * it from its own at the read, and the figures are given only when the two clocks are known to
 * agree ({@link Clocks}). Schema: docs/json/trip-times.schema.json (id {@value #SCHEMA}); change
 * both together.
 *
 * <p>Latencies are microseconds (HdrHistogram, 3 significant digits). Time 0 is the test's start.
 *
 * @param oneWay          TCP: from each write's start to the read that brought its first bytes;
 *                        UDP: from each datagram's send to its arrival
 * @param writeToRead     TCP only: from each write's start to the read that completed it (iperf2's
 *                        "burst latency", write() to read()); null for UDP
 * @param inProgressBytes Little's law as iperf2's "inP": the received rate times the mean one-way
 *                        latency, the bytes between the client's writes and the server's reads
 * @param bandwidth       the TCP test as {@code bw --json} prints it (null for UDP)
 * @param udpBandwidth    the UDP test as {@code bw --udp --json} prints it (null for TCP)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "server", "params", "clocks", "oneWay", "writeToRead",
    "inProgressBytes", "timeline", "bandwidth", "udpBandwidth", "outcome"})
public record TripTimesResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer server,
                              Params params, Clocks clocks, Figures oneWay, Figures writeToRead,
                              Double inProgressBytes, List<Interval> timeline, BwResult bandwidth,
                              UdpResult udpBandwidth, BwResult.Outcome outcome) {
    public static final String SCHEMA = "wirespeed.trip-times/1";

    /** "tcp" or "udp": the test the stamps rode on. */
    public String protocol() {
        return params.protocol();
    }

    /**
     * @param protocol    "tcp" or "udp"
     * @param streams     -P
     * @param bufferBytes TCP: each write's length (-l), each stamped once; UDP: each datagram's
     */
    public record Params(String protocol, int streams, int bufferBytes, double durationSeconds) {}

    /**
     * How we know the two clocks agree.
     *
     * @param agreement          "one-kernel": client and server ran in one kernel (equal boot ids:
     *                           loopback, a network namespace of the same host), so they read one
     *                           CLOCK_REALTIME and the figures carry no clock error;
     *                           "synchronised": two kernels, each disciplined (adjtimex: no STA_UNSYNC)
     * @param errorBoundMicros   "synchronised": the sum of both kernels' maxerror, the bound each
     *                           kernel keeps on its clock's error; 0 for one kernel
     * @param estimatedErrorMicros "synchronised": the sum of both kernels' esterror; 0 for one kernel
     * @param text               the sentence the text output prints
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Clocks(String agreement, long errorBoundMicros, long estimatedErrorMicros, ClockState client,
                         ClockState server, String text) {
        public static final String ONE_KERNEL = "one-kernel";
        public static final String SYNCHRONISED = "synchronised";
    }

    /**
     * One latency distribution, microseconds.
     *
     * @param count     writes or datagrams measured (after the warm-up)
     * @param belowZero of those, how many read before they were stamped by the two clocks (possible
     *                  only within the clocks' error; recorded as 0)
     */
    public record Figures(long count, long belowZero, double minMicros, double meanMicros, double p50Micros,
                          double p99Micros, double p999Micros, double maxMicros, double stddevMicros) {}

    /**
     * One interval of the test.
     *
     * @param bitsPerSecond     the server's received rate in the interval (all streams)
     * @param oneWay            null when nothing was measured in it
     * @param writeToRead       TCP only
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Interval(double startSeconds, double endSeconds, boolean omitted, Double bitsPerSecond,
                           Figures oneWay, Figures writeToRead) {}
}
