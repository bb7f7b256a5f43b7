package dev.wirespeed.iperf3;

import dev.wirespeed.iperf3.Iperf3Error.Errno;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.ModeBounds;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestMode;
import dev.wirespeed.wire.TestSpec;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The parameter JSON a client sends after PARAM_EXCHANGE (send_parameters/get_parameters in
 * esnet/iperf src/iperf_api.c): written for an iperf3 server, and read — strictly — from an
 * iperf3 client, for TCP and UDP. Every key of iperf3 3.0 to 3.19 is known; anything else, and anything this
 * server cannot honour, is refused with an iperf3 error number the client can print.
 */
final class ParamExchange {
    private ParamExchange() {}

    /**
     * What an iperf3 client asked for, as a wirespeed test and the few extras it carries.
     *
     * @param udpCounters64 UDP datagrams carry a 64-bit packet counter (udp_counters_64bit), else 32-bit
     */
    /** @param mptcp the client opens its data connections as MPTCP (iperf3 -m, 3.19+: "mptcp": true) */
    record Request(TestSpec spec, int tos, boolean getServerOutput, String title, String clientVersion,
                   boolean udpCounters64, boolean mptcp) {}

    static final int MAX_OMIT_SECONDS = 600;
    static final int MAX_TIME_SECONDS = 86_400;
    static final int MAX_BURST = 1000;
    private static final int MAX_STRING_CHARS = 4096;

    /**
     * The parameters of a wirespeed test for an iperf3 server, in the order iperf3 3.12 writes them.
     * UDP tests ask for 64-bit packet counters, as wirespeed's own datagrams carry.
     */
    static ObjectNode request(TestSpec spec, String clientVersion) {
        return request(spec, clientVersion, false);
    }

    /**
     * As {@link #request(TestSpec, String)}; with {@code serverOutput} (--get-server-output) it asks
     * for the server's own report as iperf3's client does: {@code "get_server_output": 1}
     * (iperf_api.c, send_parameters), and the server puts server_output_text or server_output_json
     * in its results.
     */
    static ObjectNode request(TestSpec spec, String clientVersion, boolean serverOutput) {
        return request(spec, clientVersion, serverOutput, false);
    }

    /**
     * As {@link #request(TestSpec, String, boolean)}; with {@code mptcp} (-m) it says so as iperf3 3.19+'s
     * client does ({@code "mptcp": true}, send_parameters): iperf3's server then listens for the data
     * connections with an MPTCP socket (iperf_tcp_listen), which a plain listener would turn into TCP.
     */
    static ObjectNode request(TestSpec spec, String clientVersion, boolean serverOutput, boolean mptcp) {
        boolean udp = spec.testMode() == TestMode.UDP_BW;
        ObjectNode j = Control.MAPPER.createObjectNode();
        j.put(udp ? "udp" : "tcp", true);
        if (mptcp && !udp) {
            j.put("mptcp", true);
        }
        j.put("omit", seconds(spec.omitMillis()));
        j.put("time", spec.bytes() > 0 ? 0 : seconds(spec.durationMillis()));
        j.put("num", spec.bytes());
        j.put("blockcount", 0);
        if (spec.mssBytes() > 0) {
            j.put("MSS", spec.mssBytes());
        }
        if (spec.noDelay()) {
            j.put("nodelay", true);
        }
        j.put("parallel", spec.streams());
        if (spec.direction() == Direction.DOWNLOAD) {
            j.put("reverse", true);
        }
        if (spec.direction() == Direction.BIDIR) {
            j.put("bidirectional", true);
        }
        if (spec.windowBytes() > 0) {
            j.put("window", spec.windowBytes());
        }
        j.put("len", spec.bufferBytes());
        if (udp && spec.rateBitsPerSecond() > 0) {
            j.put("bandwidth", spec.rateBitsPerSecond());
        }
        j.put("pacing_timer", 1000);
        if (spec.serverCpu() != null) {
            j.put("server_affinity", spec.serverCpu());
        }
        if (spec.zeroCopy()) {
            j.put("zerocopy", 1);
        }
        if (spec.skipRxCopy()) {
            j.put("skip_rx_copy", 1);
        }
        if (spec.congestion() != null) {
            j.put("congestion", spec.congestion());
        }
        if (udp) {
            j.put("udp_counters_64bit", 1);
        }
        if (spec.dontFragment()) {
            j.put("dont_fragment", 1); // iperf3 3.14+ (send_parameters); an older server ignores the key
        }
        if (serverOutput) {
            j.put("get_server_output", 1);
        }
        j.put("client_version", clientVersion);
        return j;
    }

    /** Whole seconds, rounded up: iperf3 counts -t and -O in whole seconds. */
    private static long seconds(long millis) {
        return (millis + 999) / 1000;
    }

    /** Reads a client's parameters; Iperf3Refusal names the iperf3 error to answer with. */
    static Request parse(JsonNode j, TestSpec.Limits limits) throws Iperf3Refusal {
        try {
            return new Reader(limits).read(j);
        } catch (Iperf3Refusal r) {
            throw r;
        } catch (ProtocolException e) {
            throw new Iperf3Refusal(Iperf3Error.RECEIVE_PARAMS, Errno.EINVAL, "malformed parameters: " + e.getMessage());
        }
    }

    /** One pass over the keys: types and iperf3's own ranges first, then what this server can do. */
    private static final class Reader {
        private final TestSpec.Limits limits;
        private boolean udp;
        private boolean sctp;
        private boolean mptcp;
        private long omit;
        private long time = Iperf3.DEFAULT_SECONDS;
        private long num;
        private long blocks;
        private long parallel = 1;
        private long len;
        private boolean reverse;
        private boolean bidir;
        private long window;
        private long mss;
        private boolean noDelay;
        private long bandwidth;
        private long fqRate;
        private long tos;
        private long flowLabel;
        private boolean affinity;
        private Integer serverCpu;
        private boolean zerocopy;
        private boolean skipRxCopy;
        private boolean authtoken;
        private boolean serverOutput;
        private boolean bandwidthGiven;
        private boolean counters64;
        private boolean dontFragment;
        private String title;
        private String congestion;
        private String clientVersion;

        Reader(TestSpec.Limits limits) {
            this.limits = limits;
        }

        Request read(JsonNode j) throws ProtocolException {
            for (var entry : j.properties()) {
                key(entry.getKey(), entry.getValue());
            }
            return decide();
        }

        private void key(String key, JsonNode v) throws ProtocolException {
            switch (key) {
                case "tcp" -> JsonValues.flag(v, key);
                case "udp" -> udp = JsonValues.flag(v, key);
                case "sctp" -> sctp = JsonValues.flag(v, key);
                case "mptcp" -> mptcp = JsonValues.flag(v, key);
                case "omit" -> omit = JsonValues.integer(v, key, 0, MAX_OMIT_SECONDS, Iperf3Error.OMIT);
                case "time" -> time = JsonValues.integer(v, key, 0, MAX_TIME_SECONDS, Iperf3Error.DURATION);
                case "num" -> num = JsonValues.integer(v, key, 0, Long.MAX_VALUE / 4, Iperf3Error.RECEIVE_PARAMS);
                case "blockcount" -> blocks = JsonValues.integer(v, key, 0, Integer.MAX_VALUE,
                        Iperf3Error.RECEIVE_PARAMS);
                case "parallel" -> parallel = JsonValues.integer(v, key, 1, limits.maxStreams(),
                        Iperf3Error.NUM_STREAMS);
                case "len" -> len = JsonValues.integer(v, key, 0, TestSpec.MAX_BUFFER_BYTES, Iperf3Error.BLOCK_SIZE);
                case "reverse" -> reverse = JsonValues.flag(v, key);
                case "bidirectional" -> bidir = JsonValues.flag(v, key);
                case "window" -> window = JsonValues.integer(v, key, 0, TestSpec.MAX_WINDOW_BYTES, Iperf3Error.BUF_SIZE);
                case "MSS" -> mss = JsonValues.integer(v, key, 0, 65_535, Iperf3Error.MSS);
                case "nodelay" -> noDelay = JsonValues.flag(v, key);
                case "bandwidth" -> {
                    bandwidth = JsonValues.integer(v, key, 0, Long.MAX_VALUE, Iperf3Error.RECEIVE_PARAMS);
                    bandwidthGiven = true;
                }
                case "fqrate" -> fqRate = JsonValues.integer(v, key, 0, Long.MAX_VALUE, Iperf3Error.RECEIVE_PARAMS);
                case "pacing_timer" -> JsonValues.integer(v, key, 0, Integer.MAX_VALUE, Iperf3Error.RECEIVE_PARAMS);
                case "burst" -> JsonValues.integer(v, key, 0, MAX_BURST, Iperf3Error.BURST);
                case "TOS" -> tos = JsonValues.integer(v, key, 0, 255, Iperf3Error.BAD_TOS);
                case "flowlabel" -> flowLabel = JsonValues.integer(v, key, 0, 0xfffff, Iperf3Error.SET_FLOW_LABEL);
                case "server_affinity" -> {
                    long cpu = JsonValues.integer(v, key);
                    if (cpu >= 0) {
                        serverCpu = (int) Math.min(cpu, Integer.MAX_VALUE);
                        affinity = true;
                    }
                }
                case "title" -> title = JsonValues.string(v, key, MAX_STRING_CHARS);
                case "extra_data", "congestion_used" -> JsonValues.string(v, key, MAX_STRING_CHARS);
                case "client_version" -> clientVersion = JsonValues.string(v, key, 64);
                case "congestion" -> congestion = JsonValues.string(v, key, 64);
                case "authtoken" -> {
                    JsonValues.string(v, key, MAX_STRING_CHARS);
                    authtoken = true;
                }
                case "get_server_output" -> serverOutput = JsonValues.integer(v, key) != 0;
                // per test, as iperf3's server: a sending side uses sendfile, a receiving side MSG_TRUNC
                case "zerocopy" -> zerocopy = JsonValues.integer(v, key) != 0;
                case "skip_rx_copy" -> skipRxCopy = JsonValues.integer(v, key) != 0;
                case "udp_counters_64bit" -> counters64 = JsonValues.integer(v, key) != 0;
                case "dont_fragment" -> dontFragment = JsonValues.integer(v, key) != 0;
                // only how the client itself sends or receives, or the payload's bytes: nothing to do here
                case "repeating_payload", "gso", "gso_dg_size", "gso_bf_size", "gro", "gro_bf_size" ->
                        JsonValues.integer(v, key);
                default -> throw new Iperf3Refusal(Iperf3Error.UNIMPLEMENTED,
                        "unknown parameter '" + printable(key) + "'");
            }
        }

        private Request decide() throws ProtocolException {
            if (sctp) {
                throw new Iperf3Refusal(Iperf3Error.NO_SCTP, "SCTP is not supported");
            }
            if (mptcp && udp) {
                // iperf3 sends it for UDP too and ignores it there (iperf_udp.c opens datagram sockets)
                mptcp = false;
            }
            if (authtoken) {
                throw new Iperf3Refusal(Iperf3Error.AUTH_FAILED, "authentication (--username/--rsa-public-key-path) "
                        + "is not supported; run the client without it");
            }
            if (affinity && (udp || serverCpu >= 1024)) {
                // TCP streams are pinned per test; UDP streams are not (yet)
                throw new Iperf3Refusal(Iperf3Error.AFFINITY, udp ? Errno.ENOSYS : Errno.EINVAL,
                        udp ? "server CPU affinity (-A n,m) is not supported for UDP" : "server CPU " + serverCpu
                                + " is out of range (0..1023)");
            }
            // flowLabel: the client's own connections carry it (iperf_tcp_connect); iperf3's server ignores it too
            if (reverse && bidir) {
                throw new Iperf3Refusal(Iperf3Error.REVERSE_BIDIR, "reverse and bidirectional at once");
            }
            Direction direction = bidir ? Direction.BIDIR : reverse ? Direction.DOWNLOAD : Direction.UPLOAD;
            boolean serverSends = direction.clientReceives();
            if (udp) {
                return udp(direction, serverSends);
            }
            if (serverSends && bandwidth > 0) {
                throw new Iperf3Refusal(Iperf3Error.UNIMPLEMENTED, "a bitrate limit (-b) when the server sends over TCP"
                        + " is not supported");
            }
            if (serverSends && fqRate > 0) {
                throw new Iperf3Refusal(Iperf3Error.SET_PACING, Errno.ENOSYS, "fair-queue pacing (--fq-rate) is not"
                        + " supported");
            }
            if (mss > 0 && mss < 88) {
                throw new Iperf3Refusal(Iperf3Error.MSS, Errno.EINVAL, "'MSS' " + mss + " is out of range (88..65535)");
            }
            if (congestion != null && !congestion.matches("[A-Za-z0-9_-]{1,15}")) {
                throw new Iperf3Refusal(Iperf3Error.SET_CONGESTION, Errno.ENOENT,
                        "congestion '" + printable(congestion) + "' is not an algorithm name");
            }
            int bufferBytes = len == 0 ? Iperf3.DEFAULT_TCP_LEN : (int) len;
            long bytes = num > 0 ? num : Math.multiplyExact(blocks, (long) bufferBytes);
            // time 0 without bytes or blocks: until the client ends it (iperf3 -t 0 sets no timer,
            // iperf_client_api.c); this server still ends it at its --max-duration (awaitTestEnd)
            long maxSeconds = TimeUnit.MILLISECONDS.toSeconds(limits.maxDurationMillis());
            if (bytes == 0 && time + omit > maxSeconds) {
                throw new Iperf3Refusal(Iperf3Error.DURATION, "test of " + (time + omit) + " s is longer than this"
                        + " server allows (" + maxSeconds + " s)");
            }
            TestSpec spec = TestSpec.tcpBandwidth().direction(direction).streams((int) parallel)
                    .durationMillis(bytes > 0 ? 0 : time * 1000).bytes(bytes).omitMillis(omit * 1000)
                    .bufferBytes(bufferBytes).windowBytes((int) window).congestion(congestion).mssBytes((int) mss)
                    .noDelay(noDelay).zeroCopy(zerocopy).skipRxCopy(skipRxCopy).serverCpu(serverCpu).build();
            return request(spec);
        }

        /**
         * A UDP test: iperf3's -b is the rate of each sending stream, 0 or absent = unlimited (its
         * server's default; the client sends 1 Mbit/s unless told otherwise). Congestion control,
         * MSS and no-delay do not apply and are ignored, as iperf3 does.
         */
        private Request udp(Direction direction, boolean serverSends) throws ProtocolException {
            if (num > 0 || blocks > 0) {
                throw new Iperf3Refusal(Iperf3Error.UNIMPLEMENTED, "byte-bounded UDP tests (-n, -k) are not"
                        + " supported; use -t");
            }
            if (serverSends && fqRate > 0) {
                throw new Iperf3Refusal(Iperf3Error.SET_PACING, Errno.ENOSYS, "fair-queue pacing (--fq-rate) is not"
                        + " supported");
            }
            int length = len == 0 ? Iperf3.DEFAULT_UDP_LEN : (int) len;
            if (length < ModeBounds.MIN_UDP_BW_BYTES || length > ModeBounds.MAX_UDP_PAYLOAD_BYTES) {
                throw new Iperf3Refusal(Iperf3Error.UDP_BLOCK_SIZE, Errno.EINVAL, "UDP datagram length " + length
                        + " is out of range (" + ModeBounds.MIN_UDP_BW_BYTES + ".." + ModeBounds.MAX_UDP_PAYLOAD_BYTES
                        + ")");
            }
            if (time == 0) {
                throw new Iperf3Refusal(Iperf3Error.DURATION, "an unbounded test (-t 0) is not allowed; this server"
                        + " allows " + limits.maxDurationMillis() / 1000 + " s");
            }
            long maxSeconds = TimeUnit.MILLISECONDS.toSeconds(limits.maxDurationMillis());
            if (time + omit > maxSeconds) {
                throw new Iperf3Refusal(Iperf3Error.DURATION, "test of " + (time + omit) + " s is longer than this"
                        + " server allows (" + maxSeconds + " s)");
            }
            if (bandwidth > ModeBounds.MAX_RATE_BITS_PER_SECOND) {
                throw new Iperf3Refusal(Iperf3Error.RECEIVE_PARAMS, Errno.EINVAL, "'bandwidth' " + bandwidth
                        + " is above " + ModeBounds.MAX_RATE_BITS_PER_SECOND);
            }
            TestSpec spec = TestSpec.udpBandwidth().direction(direction).streams((int) parallel)
                    .durationMillis(time * 1000).omitMillis(omit * 1000).bufferBytes(length).windowBytes((int) window)
                    .rateBitsPerSecond(bandwidthGiven ? bandwidth : 0).dontFragment(dontFragment).build();
            return request(spec);
        }

        private Request request(TestSpec spec) throws Iperf3Refusal {
            try {
                spec.validate(limits);
            } catch (ProtocolException e) {
                throw new Iperf3Refusal(Iperf3Error.RECEIVE_PARAMS, Errno.EINVAL, e.getMessage());
            }
            return new Request(spec, (int) tos, serverOutput, title == null ? null : printable(title),
                    clientVersion == null ? null : printable(clientVersion), counters64, mptcp);
        }
    }

    /** Text from a peer as it may appear in a log line: printable ASCII, at most 64 characters. */
    static String printable(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length() && b.length() < 64; i++) {
            char c = s.charAt(i);
            b.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return b.toString();
    }
}
