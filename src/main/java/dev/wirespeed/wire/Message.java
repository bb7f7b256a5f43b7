package dev.wirespeed.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * Control messages. The JSON carries a {@code "type"} field naming the record.
 *
 * <pre>
 * client                         server
 *   preamble(C) + Hello   ──►
 *                         ◄──    Welcome | Error
 *   TestRequest           ──►
 *                         ◄──    TestAccepted | Error
 *   data connections: preamble(D) + test id + stream index
 *                         ◄──    Ready (all data connections arrived)
 *   Start                 ──►
 *                         ◄──    Interval … (receiver-side bytes, every -i; Heartbeat when -i 0)
 *   Heartbeat …           ──►
 *   Stop                  ──►    (server's senders stop and half-close)
 *                         ◄──    Results (after every stream of the server reached its end)
 * </pre>
 *
 * <p>tcp-lat uses one data connection and ends with {@code Results} holding only the server's CPU.
 * UDP modes open no data connections: each client datagram socket sends the data preamble as a
 * datagram to the server's port until the server's socket for it echoes the preamble back
 * (see {@code UdpSetup}); udp-bw reports with {@link UdpInterval} and {@link UdpResults}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Message.Hello.class, name = "hello"),
    @JsonSubTypes.Type(value = Message.Welcome.class, name = "welcome"),
    @JsonSubTypes.Type(value = Message.TestRequest.class, name = "test-request"),
    @JsonSubTypes.Type(value = Message.TestAccepted.class, name = "test-accepted"),
    @JsonSubTypes.Type(value = Message.Ready.class, name = "ready"),
    @JsonSubTypes.Type(value = Message.Start.class, name = "start"),
    @JsonSubTypes.Type(value = Message.Interval.class, name = "interval"),
    @JsonSubTypes.Type(value = Message.Heartbeat.class, name = "heartbeat"),
    @JsonSubTypes.Type(value = Message.Stop.class, name = "stop"),
    @JsonSubTypes.Type(value = Message.Results.class, name = "results"),
    @JsonSubTypes.Type(value = Message.Error.class, name = "error"),
    @JsonSubTypes.Type(value = Message.UdpInterval.class, name = "udp-interval"),
    @JsonSubTypes.Type(value = Message.UdpResults.class, name = "udp-results"),
    @JsonSubTypes.Type(value = Message.TripTimes.class, name = "trip-times"),
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public sealed interface Message {

    record Hello(int protocolVersion, String software) implements Message {}

    /** @param cores logical CPUs of the server, so the client can explain a CPU-bound result */
    record Welcome(int protocolVersion, String software, String host, int cores, String os,
                   int maxStreams, long maxDurationMillis) implements Message {}

    /**
     * @param serverOutput the client asks for the server's own lines about the test in its results
     *                     ({@code --get-server-output}, as iperf3's get_server_output); null = not
     *                     asked (older clients); older servers skip it and send none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TestRequest(TestSpec spec, Boolean serverOutput, ClockState clock) implements Message {
        public TestRequest(TestSpec spec) {
            this(spec, null, null);
        }

        public TestRequest(TestSpec spec, Boolean serverOutput) {
            this(spec, serverOutput, null);
        }
    }

    /**
     * @param testId hex of the id each data connection must present
     * @param clock  the server's clock, when the spec asked for tripTimes (a server before it sends none,
     *               and the client refuses to report one-way figures); null otherwise
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TestAccepted(String testId, ClockState clock) implements Message {
        public TestAccepted(String testId) {
            this(testId, null);
        }
    }

    record Ready() implements Message {}

    record Start() implements Message {}

    /**
     * Bytes each receiving stream of the sender of this message got in one interval; or, with
     * {@code tcp}, the server's sending streams and their TCP_INFO at the interval's end (-R, --bidir:
     * for the client's Retr/Cwnd columns; a client before them finds no upload stream in it and skips it).
     * Times are nanoseconds since that side's start.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Interval(long startNanos, long endNanos, boolean omitted, boolean last,
                    int[] streams, long[] bytes, TcpStats[] tcp) implements Message {
        public Interval(long startNanos, long endNanos, boolean omitted, boolean last, int[] streams, long[] bytes) {
            this(startNanos, endNanos, omitted, last, streams, bytes, null);
        }

        /** The same interval with the sending sockets' TCP_INFO, in the order of {@code streams}. */
        public Interval withTcp(TcpStats[] stats) {
            return new Interval(startNanos, endNanos, omitted, last, streams, bytes, stats);
        }
    }

    record Heartbeat() implements Message {}

    record Stop() implements Message {}

    /**
     * One side's totals at the end of the test.
     *
     * @param dataPath       the calls that moved this side's bytes; null from servers before it existed
     * @param counterDeltas  what moved on this side's path during the test (its interface, RDMA ports
     *                       and host counters, nonzero deltas only); absent from older peers, which
     *                       also ignore it (unknown fields are skipped)
     * @param udpSocketDrops the drops of this side's UDP sockets of the test (udp-lat); absent in TCP
     *                       tests and from servers before issue 26
     * @param sharedWithTests a server's word: the most other tests it ran at one moment while this one
     *                        held its reservation (0: the server was this test's alone); absent from
     *                        clients and from servers before issue 29
     * @param serverOutput    a server's own lines about the test, when the TestRequest asked for them
     *                        (at most {@link #MAX_SERVER_OUTPUT_LINES}, each sanitized and cut); absent otherwise
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Results(List<StreamTotal> streams, CpuTime cpu, Long retransmitsHostWide, DataPathUsed dataPath,
                   List<CounterDelta> counterDeltas, UdpSocketDrops udpSocketDrops, Integer sharedWithTests,
                   List<String> serverOutput)
            implements Message {
        public Results(List<StreamTotal> streams, CpuTime cpu, Long retransmitsHostWide) {
            this(streams, cpu, retransmitsHostWide, null, null, null, null, null);
        }

        public Results(List<StreamTotal> streams, CpuTime cpu, Long retransmitsHostWide, DataPathUsed dataPath) {
            this(streams, cpu, retransmitsHostWide, dataPath, null, null, null, null);
        }

        public Results(List<StreamTotal> streams, CpuTime cpu, Long retransmitsHostWide, DataPathUsed dataPath,
                       List<CounterDelta> counterDeltas, UdpSocketDrops udpSocketDrops) {
            this(streams, cpu, retransmitsHostWide, dataPath, counterDeltas, udpSocketDrops, null, null);
        }

        public Results(List<StreamTotal> streams, CpuTime cpu, Long retransmitsHostWide, DataPathUsed dataPath,
                       List<CounterDelta> counterDeltas, UdpSocketDrops udpSocketDrops, Integer sharedWithTests) {
            this(streams, cpu, retransmitsHostWide, dataPath, counterDeltas, udpSocketDrops, sharedWithTests, null);
        }

        public Results withCounterDeltas(List<CounterDelta> deltas) {
            return new Results(streams, cpu, retransmitsHostWide, dataPath, deltas, udpSocketDrops, sharedWithTests,
                    serverOutput);
        }

        public Results withSharedWithTests(Integer others) {
            return new Results(streams, cpu, retransmitsHostWide, dataPath, counterDeltas, udpSocketDrops, others,
                    serverOutput);
        }

        public Results withServerOutput(List<String> lines) {
            return new Results(streams, cpu, retransmitsHostWide, dataPath, counterDeltas, udpSocketDrops,
                    sharedWithTests, lines);
        }

        public Results withUdpSocketDrops(UdpSocketDrops drops) {
            return new Results(streams, cpu, retransmitsHostWide, dataPath, counterDeltas, drops, sharedWithTests,
                    serverOutput);
        }
    }

    /**
     * A tripTimes test's one-way figures, from the server's receivers: one per interval (beside
     * {@link Interval} or {@link UdpInterval}, same times) and, with {@code total}, one for the whole
     * measured part just before {@link Results} or {@link UdpResults}. Only a client that asked for
     * tripTimes receives it.
     *
     * @param oneWay      TCP: from each write's start on the client to the read that brought its first
     *                    bytes; UDP: from each datagram's send to its arrival
     * @param writeToRead TCP only: from each write's start to the read that completed it (iperf2's
     *                    write-to-read "burst latency"); null for UDP
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TripTimes(long startNanos, long endNanos, boolean omitted, boolean total, TripFigures oneWay,
                     TripFigures writeToRead) implements Message {}

    /**
     * One latency distribution in nanoseconds, from an HdrHistogram (3 significant digits). A value
     * below zero (the receiver's clock behind the sender's, within the clocks' error) counts in
     * {@code count} and {@code belowZero} and is recorded as 0.
     */
    record TripFigures(long count, long belowZero, long minNanos, double meanNanos, long p50Nanos, long p99Nanos,
                       long p999Nanos, long maxNanos, double stddevNanos) {}

    /** The most lines of a server's own report a Results or UdpResults carries (--get-server-output). */
    int MAX_SERVER_OUTPUT_LINES = 64;
    /** A longer line of a server's own report is cut, with a marker saying how much. */
    int MAX_SERVER_OUTPUT_LINE_CHARS = 1000;

    record Error(String message) implements Message {}

    /**
     * @param index          stream index, 0-based, as in the data preamble
     * @param sent           whether this side sent on the stream (false = received)
     * @param bytes          all bytes moved, warm-up included
     * @param measuredBytes  bytes after the warm-up
     * @param measuredNanos  time from the end of the warm-up to the stream's end
     * @param tcp            kernel's TCP_INFO for the socket at the end, when readable
     * @param receivedTos    server only, with -S/--dscp: the TOS / traffic class its kernel saw on the
     *                       client's segments (NativeSockets.receivedTos); absent from older peers
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record StreamTotal(int index, boolean sent, long bytes, long measuredBytes, long measuredNanos,
                       TcpStats tcp, Integer receivedTos) {
        public StreamTotal(int index, boolean sent, long bytes, long measuredBytes, long measuredNanos, TcpStats tcp) {
            this(index, sent, bytes, measuredBytes, measuredNanos, tcp, null);
        }
    }

    /**
     * From TCP_INFO (Linux): per-socket retransmits, smoothed RTT, congestion window; and
     * {@code congestion}, the algorithm the socket ran (getsockopt TCP_CONGESTION: the system's
     * default unless -C set one), null from peers before it and where unreadable.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record TcpStats(long retransmits, long rttMicros, long rttVarMicros, long sndCwndSegments,
                    long sndMssBytes, String congestion) {
        public TcpStats(long retransmits, long rttMicros, long rttVarMicros, long sndCwndSegments, long sndMssBytes) {
            this(retransmits, rttMicros, rttVarMicros, sndCwndSegments, sndMssBytes, null);
        }
    }

    /**
     * The system calls that moved one side's bytes: {@code send} and {@code receive} name them
     * ("write", "sendfile", "read", "recv MSG_TRUNC", "SocketChannel"; null when the side did not
     * send or receive), {@code fallbacks} say why an asked-for mechanism did not run.
     */
    record DataPathUsed(String send, String receive, List<String> fallbacks) {}

    /** CPU time spent by one side's data threads during the test. */
    record CpuTime(long userNanos, long systemNanos, long wallNanos) {
        public double userPercent() {
            return wallNanos <= 0 ? 0 : 100.0 * userNanos / wallNanos;
        }

        public double systemPercent() {
            return wallNanos <= 0 ? 0 : 100.0 * systemNanos / wallNanos;
        }
    }

    /** Receiver-side counts of the UDP streams the sender of this message received, in one interval. */
    record UdpInterval(long startNanos, long endNanos, boolean omitted, boolean last, int[] streams,
                       List<UdpCounts> counts) implements Message {}

    /**
     * One side's UDP totals at the end of a udp-bw test.
     *
     * @param counterDeltas  what moved on this side's path (as {@link Results}); absent from older peers
     * @param udpSocketDrops the drops of this side's UDP sockets of the test; absent from older peers
     * @param dataPath       the calls that moved this side's datagrams; absent from older peers and iperf3
     * @param sharedWithTests a server's word, as in {@link Results}: the most other tests it ran at one
     *                        moment beside this one; absent from clients and from servers before it
     * @param serverOutput    a server's own lines about the test, as in {@link Results}
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record UdpResults(List<UdpTotal> streams, CpuTime cpu, List<CounterDelta> counterDeltas,
                      UdpSocketDrops udpSocketDrops, DataPathUsed dataPath, Integer sharedWithTests,
                      List<String> serverOutput)
            implements Message {
        public UdpResults(List<UdpTotal> streams, CpuTime cpu) {
            this(streams, cpu, null, null, null, null, null);
        }

        public UdpResults(List<UdpTotal> streams, CpuTime cpu, DataPathUsed dataPath) {
            this(streams, cpu, null, null, dataPath, null, null);
        }

        public UdpResults(List<UdpTotal> streams, CpuTime cpu, List<CounterDelta> counterDeltas,
                          UdpSocketDrops udpSocketDrops, DataPathUsed dataPath) {
            this(streams, cpu, counterDeltas, udpSocketDrops, dataPath, null, null);
        }

        public UdpResults withCounters(List<CounterDelta> deltas, UdpSocketDrops drops) {
            return new UdpResults(streams, cpu, deltas, drops, dataPath, sharedWithTests, serverOutput);
        }

        public UdpResults withSharedWithTests(Integer others) {
            return new UdpResults(streams, cpu, counterDeltas, udpSocketDrops, dataPath, others, serverOutput);
        }

        public UdpResults withServerOutput(List<String> lines) {
            return new UdpResults(streams, cpu, counterDeltas, udpSocketDrops, dataPath, sharedWithTests, lines);
        }

        /** Each stream's total with the TOS its hello arrived with, by stream index ({@code byIndex}, null: unread). */
        public UdpResults withReceivedTos(List<Integer> byIndex) {
            List<UdpTotal> marked = new ArrayList<>();
            for (UdpTotal t : streams) {
                marked.add(t.index() >= 0 && t.index() < byIndex.size() ? t.withReceivedTos(byIndex.get(t.index())) : t);
            }
            return new UdpResults(List.copyOf(marked), cpu, counterDeltas, udpSocketDrops, dataPath, sharedWithTests,
                    serverOutput);
        }
    }

    /**
     * Datagram counts of one stream over some span, as the receiver saw them (RFC 3550 A.8 jitter;
     * loss and reordering from the datagrams' counters). On a sending side only packets and bytes are set.
     *
     * @param jitterMicros the running jitter estimate at the end of the span, microseconds
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record UdpCounts(long packets, long bytes, long lost, long outOfOrder, double jitterMicros, FrameCounts frames) {
        public UdpCounts(long packets, long bytes, long lost, long outOfOrder, double jitterMicros) {
            this(packets, bytes, lost, outOfOrder, jitterMicros, null);
        }
    }

    /**
     * The frames of one stream of an isochronous test ({@link TestSpec#isochronous()}) over the same
     * span as the {@link UdpCounts} that carry them; absent in other tests and from older peers.
     * A sender fills {@code sent} and {@code slips}; a receiver the rest.
     *
     * @param sent         frames the sender sent whole
     * @param slips        frame ticks the sender missed: it was still busy (or asleep) when the next
     *                     frame was due, so that frame was never sent (iperf2's "slips")
     * @param complete     frames every datagram of which arrived
     * @param incomplete   frames some but not all of whose datagrams arrived
     * @param lost         frames none of whose datagrams arrived (gaps in the frame ids)
     * @param late         complete frames that took more than one frame period from their first
     *                     datagram's send to their last one's arrival: by the wall clocks with tripTimes,
     *                     else beyond the fastest frame so far (the clocks' offset cancels in the difference)
     * @param jitterMicros RFC 3550 A.8 interarrival jitter of the complete frames' last datagrams
     *                     against their frames' send times
     * @param latency      frame latency, first datagram sent to last received, when the header carries
     *                     the wall clock (tripTimes: the clocks were found to agree); null otherwise
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record FrameCounts(long sent, long slips, long complete, long incomplete, long lost, long late,
                       double jitterMicros, TripFigures latency) {}

    /**
     * @param all      counts over the whole test, warm-up included
     * @param measured counts after the warm-up
     * @param measuredNanos time from the end of the warm-up to the stream's end
     * @param socketDrops datagrams a receiving socket's full queue dropped (whole test); null when unknown or sent
     * @param receivedTos server only, with -S/--dscp: the TOS / traffic class the stream's hello arrived with
     *                    (HelloTos); absent when not asked or unread, and from older servers
     */
    record UdpTotal(int index, boolean sent, UdpCounts all, UdpCounts measured, long measuredNanos, Long socketDrops,
                    @JsonInclude(JsonInclude.Include.NON_NULL) Integer receivedTos) {
        public UdpTotal(int index, boolean sent, UdpCounts all, UdpCounts measured, long measuredNanos) {
            this(index, sent, all, measured, measuredNanos, null, null);
        }

        public UdpTotal(int index, boolean sent, UdpCounts all, UdpCounts measured, long measuredNanos,
                        Long socketDrops) {
            this(index, sent, all, measured, measuredNanos, socketDrops, null);
        }

        public UdpTotal withReceivedTos(Integer tos) {
            return new UdpTotal(index, sent, all, measured, measuredNanos, socketDrops, tos);
        }
    }
}
