package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.wire.Direction;
import java.util.List;

/**
 * The result of a UDP bandwidth test ({@code bw --udp --json}).
 * Schema: docs/json/udp.schema.json (id {@value #SCHEMA}); change both together.
 *
 * <p>Units: bytes, seconds since the test's start, bit/s (decimal), jitter in microseconds.
 * Loss: {@code total = packets + lostPackets} is what the sender had sent up to the highest
 * datagram counter that arrived; datagrams still in flight at the end count as neither.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "client", "server", "params", "directions", "cpu", "dataPath",
        "serverSharedWithTests", "counters", "serverOutput", "outcome"})
public record UdpResult(
        String schema,
        BwResult.Tool tool,
        String startedAt,
        BwResult.Peer client,
        BwResult.Peer server,
        UdpParams params,
        List<UdpDirection> directions,
        BwResult.Cpu cpu,
        BwResult.Outcome outcome,
        CounterReport counters,
        UdpDataPath dataPath,
        Integer serverSharedWithTests,
        ServerOutput serverOutput) {

    /** Without the server's own report of the test (not asked for: --get-server-output). */
    public UdpResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client, BwResult.Peer server,
                     UdpParams params, List<UdpDirection> directions, BwResult.Cpu cpu, BwResult.Outcome outcome,
                     CounterReport counters, UdpDataPath dataPath, Integer serverSharedWithTests) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, outcome, counters, dataPath,
                serverSharedWithTests, null);
    }

    /** This result with the server's own report of the test (--get-server-output; null: none came). */
    public UdpResult withServerOutput(ServerOutput output) {
        return new UdpResult(schema, tool, startedAt, client, server, params, directions, cpu, outcome, counters,
                dataPath, serverSharedWithTests, output);
    }

    /**
     * Without the server's word on sharing (iperf3 servers, servers before it, older results).
     *
     * <p>{@code serverSharedWithTests}: as {@link BwResult#serverSharedWithTests()}, the most other
     * tests the server ran at one moment beside this one (0: alone; null: the server did not say).
     */
    public UdpResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client, BwResult.Peer server,
                     UdpParams params, List<UdpDirection> directions, BwResult.Cpu cpu, BwResult.Outcome outcome,
                     CounterReport counters, UdpDataPath dataPath) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, outcome, counters, dataPath, null);
    }

    /** This result with what the counters of the test did (issue 26: its own sockets' drops, its path). */
    public UdpResult withCounters(CounterReport c) {
        return new UdpResult(schema, tool, startedAt, client, server, params, directions, cpu, outcome, c, dataPath,
                serverSharedWithTests, serverOutput);
    }

    /** This result with the server's word on the tests it ran beside this one (null: none given). */
    public UdpResult withServerSharedWithTests(Integer others) {
        return new UdpResult(schema, tool, startedAt, client, server, params, directions, cpu, outcome, counters,
                dataPath, others, serverOutput);
    }

    public static final String SCHEMA = "wirespeed.udp-bw/1";

    /** Without the calls each side used (iperf3 peers' results, results stored before they existed). */
    public UdpResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client, BwResult.Peer server,
                     UdpParams params, List<UdpDirection> directions, BwResult.Cpu cpu, BwResult.Outcome outcome) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, outcome, null, null);
    }

    /** Without counters (iperf3 peers, results read back from before issue 26). */
    public UdpResult(String schema, BwResult.Tool tool, String startedAt, BwResult.Peer client, BwResult.Peer server,
                     UdpParams params, List<UdpDirection> directions, BwResult.Cpu cpu, BwResult.Outcome outcome,
                     UdpDataPath dataPath) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, outcome, null, dataPath);
    }

    /**
     * The calls that moved each side's datagrams ("sendmmsg UDP_SEGMENT", "recvmmsg UDP_GRO",
     * "sendmmsg", "recvmmsg", "DatagramChannel") and why a better one did not run; null for a side
     * that did not report it (an iperf3 peer).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UdpDataPath(BwResult.DataPathSide client, BwResult.DataPathSide server) {}

    /**
     * @param targetBitsPerSecond per sending stream (-b); 0 = as fast as the sender can
     * @param datagramBytes       UDP payload of each datagram (-l)
     * @param tos                 the TOS byte both sides set on every data socket (-S, --dscp); absent when not set
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UdpParams(String direction, int streams, double durationSeconds, double omitSeconds,
                            double intervalSeconds, long targetBitsPerSecond, int datagramBytes, Long windowBytes,
                            Integer tos) {
        public UdpParams(String direction, int streams, double durationSeconds, double omitSeconds,
                         double intervalSeconds, long targetBitsPerSecond, int datagramBytes, Long windowBytes) {
            this(direction, streams, durationSeconds, omitSeconds, intervalSeconds, targetBitsPerSecond, datagramBytes,
                    windowBytes, null);
        }
    }

    /**
     * One direction of data; intervals and the receiver summary are measured where the data arrived.
     *
     * @param pacing whether -b held in this direction; null at -b 0 or without the sender's figures
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UdpDirection(String direction, String sender, String receiver, List<UdpInterval> intervals,
                               List<UdpStreamTotal> streams, UdpSenderSummary senderSummary,
                               UdpReceiverSummary receiverSummary, Pacing pacing) {
        public UdpDirection(String direction, String sender, String receiver, List<UdpInterval> intervals,
                            List<UdpStreamTotal> streams, UdpSenderSummary senderSummary,
                            UdpReceiverSummary receiverSummary) {
            this(direction, sender, receiver, intervals, streams, senderSummary, receiverSummary, null);
        }
    }

    /**
     * Whether the target rate (-b, times the streams) held in one direction, within
     * {@link #TOLERANCE_PERCENT}: {@code held}; {@code path-limited} when the target is above what
     * the path carried — the sender could not send that fast ({@code limitedBy} "sender": its
     * socket, NIC queue or CPU took no more; a budget-paced sender only falls behind when its calls
     * cannot keep up) or the sender held it and the path or the receiver lost the rest
     * ({@code limitedBy} "path", the loss above the tolerance); {@code missed} when the sender went
     * over the target (a pacing fault of ours).
     *
     * @param sentPercentOfTarget      the sender's rate as a percentage of the target
     * @param deliveredPercentOfTarget the part of it the receiver got (sent × (1 − loss)); null without the receiver's figures
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Pacing(String verdict, long targetBitsPerSecond, double sentPercentOfTarget,
                         Double deliveredPercentOfTarget, String limitedBy) {
        public static final double TOLERANCE_PERCENT = 2.0;

        /** The verdict for {@code targetBitsPerSecond} over all streams of a direction; null at -b 0 or without a sender. */
        public static Pacing of(long targetBitsPerSecond, UdpSenderSummary sent, UdpReceiverSummary received) {
            if (targetBitsPerSecond <= 0 || sent == null || sent.seconds() <= 0) {
                return null;
            }
            double sentPercent = round2(100.0 * sent.bitsPerSecond() / targetBitsPerSecond);
            Double delivered = received == null ? null
                    : round2(sentPercent * (1 - received.lossPercent() / 100.0));
            if (sentPercent > 100 + TOLERANCE_PERCENT) {
                return new Pacing("missed", targetBitsPerSecond, sentPercent, delivered, null);
            }
            if (sentPercent < 100 - TOLERANCE_PERCENT) {
                return new Pacing("path-limited", targetBitsPerSecond, sentPercent, delivered, "sender");
            }
            if (delivered != null && delivered < 100 - TOLERANCE_PERCENT) {
                return new Pacing("path-limited", targetBitsPerSecond, sentPercent, delivered, "path");
            }
            return new Pacing("held", targetBitsPerSecond, sentPercent, delivered, null);
        }

        private static double round2(double v) {
            return Math.round(v * 100) / 100.0;
        }
    }

    /** @param streams per stream, then {@code sum} over them; jitter of the sum is the mean of the streams' */
    public record UdpInterval(Direction direction, double startSeconds, double endSeconds, boolean omitted,
                              List<UdpCounts> streams, UdpCounts sum) {}

    /** Receiver-side counts over one span. {@code stream} is null on a sum. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UdpCounts(Integer stream, long bytes, double bitsPerSecond, long packets, long lostPackets,
                            long totalPackets, double lossPercent, long outOfOrderPackets, double jitterMicros) {}

    public record UdpSenderSummary(long packets, long bytes, double seconds, double bitsPerSecond,
                                   double packetsPerSecond) {}

    /**
     * @param packetsPerSecond datagrams received per second of {@code seconds}
     * @param socketDrops      datagrams the receiving sockets' full queues dropped over the whole test
     *                         (SO_RXQ_OVFL / SO_MEMINFO, warm-up included): the share of the loss this
     *                         host caused; null where the sockets could not say
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UdpReceiverSummary(long packets, long bytes, double seconds, double bitsPerSecond,
                                     long lostPackets, long totalPackets, double lossPercent, long outOfOrderPackets,
                                     double jitterMicros, Double packetsPerSecond, Long socketDrops) {
        public UdpReceiverSummary(long packets, long bytes, double seconds, double bitsPerSecond, long lostPackets,
                                  long totalPackets, double lossPercent, long outOfOrderPackets, double jitterMicros) {
            this(packets, bytes, seconds, bitsPerSecond, lostPackets, totalPackets, lossPercent, outOfOrderPackets,
                    jitterMicros, null, null);
        }
    }

    /**
     * Whole-test figures of one stream, warm-up included.
     *
     * @param receivedTos with -S/--dscp: the TOS / traffic class the server's kernel saw on the stream's
     *                    first datagram (its hello, sent from the marked socket); absent when unread
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record UdpStreamTotal(int stream, Long sentPackets, Long receivedPackets, Long lostPackets,
                                 Double jitterMicros, Integer receivedTos) {
        public UdpStreamTotal(int stream, Long sentPackets, Long receivedPackets, Long lostPackets, Double jitterMicros) {
            this(stream, sentPackets, receivedPackets, lostPackets, jitterMicros, null);
        }
    }
}
