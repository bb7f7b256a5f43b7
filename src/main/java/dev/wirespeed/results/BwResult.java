package dev.wirespeed.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.wire.Direction;
import java.util.List;

/**
 * The result of one bandwidth test, as printed by {@code bw --json} and rendered as text.
 * Schema: docs/json/bw.schema.json (id {@value #SCHEMA}); change both together.
 *
 * <p>Units: bytes are bytes, seconds are seconds since the test's start, rates are bit/s (decimal).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "tool", "startedAt", "client", "server", "params", "directions", "cpu", "dataPath",
        "placement", "mptcp", "serverSharedWithTests", "counters", "serverOutput", "outcome"})
public record BwResult(
        String schema,
        Tool tool,
        String startedAt,
        Peer client,
        Peer server,
        BwParams params,
        List<DirectionResult> directions,
        Cpu cpu,
        DataPath dataPath,
        Outcome outcome,
        CounterReport counters,
        Placement placement,
        Integer serverSharedWithTests,
        ServerOutput serverOutput,
        Mptcp mptcp) {

    /** Without -m/--mptcp's record (not asked for, or an older result). */
    public BwResult(String schema, Tool tool, String startedAt, Peer client, Peer server, BwParams params,
                    List<DirectionResult> directions, Cpu cpu, DataPath dataPath, Outcome outcome,
                    CounterReport counters, Placement placement, Integer serverSharedWithTests,
                    ServerOutput serverOutput) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome, counters, placement,
                serverSharedWithTests, serverOutput, null);
    }

    /** This result with what -m/--mptcp got (null: not asked for). */
    public BwResult withMptcp(Mptcp m) {
        return new BwResult(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome,
                counters, placement, serverSharedWithTests, serverOutput, m);
    }

    /**
     * -m/--mptcp: how many of the client's data connections ran MPTCP (TCP_IS_MPTCP after connect);
     * the others fell back to plain TCP, which the kernel does silently when the server or a
     * middlebox does not take MP_CAPABLE (RFC 8684 section 3.7).
     */
    public record Mptcp(int dataConnections, int mptcpConnections) {
        /** The one line the text output prints. */
        public String line() {
            if (mptcpConnections == dataConnections) {
                return "MPTCP: yes (" + mptcpConnections + " of " + dataConnections + " data connections)";
            }
            if (mptcpConnections == 0) {
                return "MPTCP asked, the path fell back to TCP (0 of " + dataConnections
                        + " data connections are MPTCP: is the server's listener MPTCP, e.g. server --mptcp?)";
            }
            return "MPTCP: partly (" + mptcpConnections + " of " + dataConnections
                    + " data connections; the others fell back to TCP)";
        }
    }

    /** Without the server's own report of the test (not asked for: --get-server-output). */
    public BwResult(String schema, Tool tool, String startedAt, Peer client, Peer server, BwParams params,
                    List<DirectionResult> directions, Cpu cpu, DataPath dataPath, Outcome outcome,
                    CounterReport counters, Placement placement, Integer serverSharedWithTests) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome, counters, placement,
                serverSharedWithTests, null);
    }

    /** This result with the server's own report of the test (--get-server-output; null: none came). */
    public BwResult withServerOutput(ServerOutput output) {
        return new BwResult(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome,
                counters, placement, serverSharedWithTests, output, mptcp);
    }

    /**
     * Without the server's word on sharing (iperf3 servers, servers before issue 29, older results).
     *
     * <p>{@code serverSharedWithTests}: the most other tests the server ran at one moment beside this
     * one (0: it was this test's alone; null: unknown). The rate measured is this test's share.
     */
    public BwResult(String schema, Tool tool, String startedAt, Peer client, Peer server, BwParams params,
                    List<DirectionResult> directions, Cpu cpu, DataPath dataPath, Outcome outcome,
                    CounterReport counters, Placement placement) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome, counters, placement,
                null);
    }

    /** Without a NUMA placement (one node, -A given, one stream, iperf3 mode, older results). */
    public BwResult(String schema, Tool tool, String startedAt, Peer client, Peer server, BwParams params,
                    List<DirectionResult> directions, Cpu cpu, DataPath dataPath, Outcome outcome,
                    CounterReport counters) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome, counters, null);
    }

    /** Without counter deltas (iperf3 peers, results read back from before they existed). */
    public BwResult(String schema, Tool tool, String startedAt, Peer client, Peer server, BwParams params,
                    List<DirectionResult> directions, Cpu cpu, DataPath dataPath, Outcome outcome) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome, null);
    }

    /**
     * This result with other directions, every other field kept (a copy by the positional constructor
     * once dropped the data path, placement, server output and MPTCP record of every result it touched).
     */
    public BwResult withDirections(List<DirectionResult> d) {
        return new BwResult(schema, tool, startedAt, client, server, params, d, cpu, dataPath, outcome, counters,
                placement, serverSharedWithTests, serverOutput, mptcp);
    }

    /** This result with the counter deltas of its path. */
    public BwResult withCounters(CounterReport c) {
        return new BwResult(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome, c,
                placement, serverSharedWithTests, serverOutput, mptcp);
    }

    /** This result with the server's word on the tests it ran beside this one (null: none given). */
    public BwResult withServerSharedWithTests(Integer others) {
        return new BwResult(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome,
                counters, placement, others, serverOutput, mptcp);
    }

    /** This result with another outcome (a test whose figures are refused or moved nothing fails). */
    public BwResult withOutcome(Outcome o) {
        return new BwResult(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, o, counters,
                placement, serverSharedWithTests, serverOutput, mptcp);
    }

    /** This result with where the client placed its stream threads (null: nowhere in particular). */
    public BwResult withPlacement(Placement p) {
        return new BwResult(schema, tool, startedAt, client, server, params, directions, cpu, dataPath, outcome,
                counters, p, serverSharedWithTests, serverOutput, mptcp);
    }

    /** A result without a data-path record (iperf3 peers, older servers). */
    public BwResult(String schema, Tool tool, String startedAt, Peer client, Peer server, BwParams params,
                    List<DirectionResult> directions, Cpu cpu, Outcome outcome) {
        this(schema, tool, startedAt, client, server, params, directions, cpu, null, outcome);
    }

    public static final String SCHEMA = "wirespeed.bw/1";

    public record Tool(String name, String version) {}

    /** One end of the test; {@code address} and {@code port} as the client dialled them. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Peer(String host, String address, Integer port, String software, Integer cores, String os) {}

    /**
     * @param streamsChosenBy "option" when -P was given, otherwise the rule that chose the count
     * @param durationSeconds measured time asked for (-t), null in a -n test
     * @param bytes           bytes per direction (-n), null in a timed test
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record BwParams(String protocol, String direction, int streams, String streamsChosenBy,
                           Double durationSeconds, Long bytes, double omitSeconds, double intervalSeconds,
                           long bufferBytes, Long windowBytes, String congestion, Integer mssBytes,
                           boolean noDelay, Integer tos) {
        public BwParams(String protocol, String direction, int streams, String streamsChosenBy, Double durationSeconds,
                        Long bytes, double omitSeconds, double intervalSeconds, long bufferBytes, Long windowBytes,
                        String congestion, Integer mssBytes, boolean noDelay) {
            this(protocol, direction, streams, streamsChosenBy, durationSeconds, bytes, omitSeconds, intervalSeconds,
                    bufferBytes, windowBytes, congestion, mssBytes, noDelay, null);
        }
    }

    /**
     * One direction of data. {@code intervals} are measured where the data arrived (the receiver),
     * the honest count; the sender's view is in {@code sender}.
     *
     * @param congestion the TCP congestion control the sending sockets ran, read back from the kernel
     *                   at the end (TCP_CONGESTION), distinct names joined by "+"; null where the sender
     *                   did not say (older peers, iperf3 servers, other systems)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DirectionResult(String direction, String sender, String receiver,
                                  List<IntervalReport> intervals, List<StreamResult> streams,
                                  Summary senderSummary, Summary receiverSummary, String congestion) {
        public DirectionResult(String direction, String sender, String receiver, List<IntervalReport> intervals,
                               List<StreamResult> streams, Summary senderSummary, Summary receiverSummary) {
            this(direction, sender, receiver, intervals, streams, senderSummary, receiverSummary, null);
        }

        public DirectionResult withCongestion(String algorithm) {
            return new DirectionResult(direction, sender, receiver, intervals, streams, senderSummary, receiverSummary,
                    algorithm);
        }
    }

    /**
     * @param omitted     true for warm-up intervals (-O), which the summary excludes
     * @param retransmits TCP: the sum of the streams' retransmits in this interval, when the sender's TCP_INFO was read
     * @param cwndBytes   TCP: the sum of the streams' congestion windows at the interval's end
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record IntervalReport(Direction direction, double startSeconds, double endSeconds, boolean omitted,
                                 List<StreamBytes> streams, long bytes, double bitsPerSecond, Long retransmits,
                                 Long cwndBytes) {
        public IntervalReport(Direction direction, double startSeconds, double endSeconds, boolean omitted,
                              List<StreamBytes> streams, long bytes, double bitsPerSecond) {
            this(direction, startSeconds, endSeconds, omitted, streams, bytes, bitsPerSecond, null, null);
        }
    }

    /**
     * One stream in one interval; the TCP figures are the sending socket's TCP_INFO (Linux) at the
     * interval's end, absent where unread (UDP, iperf3 peers, older servers for -R).
     * @param retransmits  tcpi_total_retrans since the previous interval
     * @param cwndBytes    tcpi_snd_cwnd × tcpi_snd_mss
     * @param rttMicros    tcpi_rtt, smoothed
     * @param rttVarMicros tcpi_rttvar
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StreamBytes(int stream, long bytes, double bitsPerSecond, Long retransmits, Long cwndBytes,
                              Long rttMicros, Long rttVarMicros) {
        public StreamBytes(int stream, long bytes, double bitsPerSecond) {
            this(stream, bytes, bitsPerSecond, null, null, null, null);
        }
    }

    /**
     * Totals after the warm-up. {@code retransmits} only on the sender's summary.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Summary(long bytes, double seconds, double bitsPerSecond, Retransmits retransmits) {}

    /**
     * @param sockets  sum of TCP_INFO tcpi_total_retrans over this test's sending sockets (Linux)
     * @param hostWide delta of RetransSegs in the sender's /proc/net/snmp: every TCP connection of
     *                 that host during the test, not only this one (Linux)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Retransmits(Long sockets, Long hostWide) {}

    /**
     * Whole-test figures of one stream (warm-up included in the byte counts).
     * @param receivedTos with -S/--dscp: the TOS the server's kernel saw on this stream's client segments
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record StreamResult(int stream, Long sentBytes, Long receivedBytes, Long retransmits,
                               Long rttMicros, Long cwndSegments, Integer receivedTos) {
        public StreamResult(int stream, Long sentBytes, Long receivedBytes, Long retransmits, Long rttMicros,
                            Long cwndSegments) {
            this(stream, sentBytes, receivedBytes, retransmits, rttMicros, cwndSegments, null);
        }

        /** This stream with the sender's retransmits as its peer reported them. */
        public StreamResult withRetransmits(Long r) {
            return new StreamResult(stream, sentBytes, receivedBytes, r, rttMicros, cwndSegments, receivedTos);
        }
    }

    /** CPU of each side's data threads, in percent of one core (200 = two cores busy). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Cpu(CpuSide client, CpuSide server) {}

    /**
     * @param secondsPerGigabyte CPU seconds (user + system) of this side's data threads per 10^9
     *                           bytes it sent and received: the cost per byte, comparable across
     *                           rates and tools; null when nothing moved
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CpuSide(double userPercent, double systemPercent, double totalPercent, Double secondsPerGigabyte) {
        public CpuSide(double userPercent, double systemPercent, double totalPercent) {
            this(userPercent, systemPercent, totalPercent, null);
        }
    }

    /**
     * Which system calls moved the bytes. {@code zeroCopy} and {@code skipRxCopy} are what was
     * asked (-Z, --skip-rx-copy); each side says what ran, and why where that differs.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DataPath(boolean zeroCopy, boolean skipRxCopy, DataPathSide client, DataPathSide server) {}

    /**
     * @param send      "write", "sendfile" or "SocketChannel"; null when this side sent nothing
     * @param receive   "read", "recv MSG_TRUNC" or "SocketChannel"; null when it received nothing
     * @param fallbacks one line per asked-for mechanism that did not run, with the reason
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record DataPathSide(String send, String receive, List<String> fallbacks) {}

    /**
     * Where the client ran its stream threads without -A, on a host with several NUMA nodes: the
     * node of the NIC that carries the test. Absent when nothing was placed.
     *
     * @param numaNode the NIC's NUMA node
     * @param cpus     that node's CPUs, the set each stream thread may run on, as in sysfs ("8-15")
     * @param nic      the NIC as users know it: its RDMA device when it has one, else the netdev
     */
    public record Placement(int numaNode, String cpus, String nic) {
        /** The one line the text output prints. */
        public String line() {
            return "streams placed on NUMA node " + numaNode + " (CPUs " + cpus + "), the node of " + nic;
        }
    }

    /** How the test ended, and why when not {@link OutcomeStatus#OK}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Outcome(OutcomeStatus status, String message) {
        public static final Outcome OK = new Outcome(OutcomeStatus.OK, null);

        public boolean ok() {
            return status == OutcomeStatus.OK;
        }
    }
}
