package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Frames at a frame rate ({@code bw HOST --isochronous FPS:MEAN,STDEV}, iperf2's option): the
 * client sends whole frames of log-normally distributed size at a fixed frame clock over UDP, the
 * server judges each frame whole, incomplete, lost or late. Schema:
 * docs/json/isochronous.schema.json (id {@value #SCHEMA}); change both together.
 *
 * @param clocks       how the clocks agree, when frame latency was measured (--trip-times); null otherwise
 * @param latencyNote  why frame latency is absent (it needs the clocks to agree); null when measured
 * @param udpBandwidth the datagrams as {@code bw --udp --json} prints them
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "server", "params", "frames", "clocks", "latencyNote", "timeline",
    "udpBandwidth", "outcome"})
public record IsochronousResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer server,
                                Params params, Frames frames, TripTimesResult.Clocks clocks, String latencyNote,
                                List<Interval> timeline, UdpResult udpBandwidth, BwResult.Outcome outcome) {
    public static final String SCHEMA = "wirespeed.isochronous/1";

    /**
     * @param framesPerSecond    the frame clock
     * @param meanBitsPerSecond  the frames' mean size as a rate (a frame's mean is this / fps)
     * @param stdevBitsPerSecond their standard deviation as a rate (log-normal)
     * @param datagramBytes      each datagram's length (-l); a frame is whole datagrams
     */
    public record Params(int framesPerSecond, long meanBitsPerSecond, long stdevBitsPerSecond, int datagramBytes,
                         int streams, double durationSeconds) {}

    /**
     * The test's frames, after the warm-up on the receiving side.
     *
     * @param sent             frames the client sent whole (whole test)
     * @param slips            frame ticks the client missed (still busy or asleep when the next was due):
     *                         frames never sent (iperf2's "slips")
     * @param complete         frames all of whose datagrams arrived
     * @param incomplete       frames some of whose datagrams were lost
     * @param lost             frames none of whose datagrams arrived
     * @param late             complete frames that took more than one frame period, first datagram sent
     *                         to last received: with --trip-times by the agreed clocks, otherwise beyond
     *                         the fastest frame so far (the clocks' offset cancels)
     * @param lossPercent      (incomplete + lost) of all frames the server knew of
     * @param latePercent      late of the complete frames
     * @param jitterMicros     RFC 3550 interarrival jitter of whole frames against their send times
     * @param latency          first datagram sent to last received, µs; only when the clocks agree (--trip-times)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Frames(long sent, long slips, long complete, long incomplete, long lost, long late,
                         double lossPercent, double latePercent, double jitterMicros, TripTimesResult.Figures latency) {}

    /**
     * One interval as the server counted it.
     *
     * @param bitsPerSecond the server's received rate in the interval
     * @param latencyP50Micros frame latency, only when the clocks agree
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Interval(double startSeconds, double endSeconds, boolean omitted, Double bitsPerSecond,
                           long complete, long incomplete, long lost, long late, double jitterMicros,
                           Double latencyP50Micros, Double latencyP99Micros) {}
}
