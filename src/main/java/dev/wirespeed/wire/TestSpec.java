package dev.wirespeed.wire;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the client asks the server to run. Every field a peer can choose is bounded by
 * {@link #validate(Limits)} before anything is allocated for it.
 *
 * @param mode            a {@link TestMode} label as the peer sent it ("tcp-bw", "udp-bw", "tcp-lat",
 *                        "udp-lat"); kept as text so that an unknown mode is refused by {@link #validate}
 *                        with its name, and read through {@link #testMode()}
 * @param direction       who sends
 * @param streams         data connections per direction
 * @param durationMillis  length of the measured part; 0 when {@code bytes} bounds the test, or with
 *                        {@code bytes} 0 too, a tcp-bw test that runs until the client stops it (-t 0)
 * @param bytes           bytes to send per direction (-n); 0 when the test is timed
 * @param omitMillis      warm-up before the measured part, excluded from the summary (-O)
 * @param intervalMillis  interval report period; 0 = no interval reports (-i 0)
 * @param bufferBytes     length of each read/write (-l)
 * @param windowBytes     SO_SNDBUF/SO_RCVBUF; 0 = the kernel's default and autotuning (-w)
 * @param congestion      TCP congestion control algorithm (-C), null = system default
 * @param mssBytes        TCP maximum segment size (-M), 0 = default
 * @param noDelay         TCP_NODELAY (-N)
 * @param sizesBytes      latency modes: the message sizes, in the order the client runs them (null otherwise)
 * @param busyPoll        latency modes: both sides spin on non-blocking sockets instead of blocking
 * @param rateBitsPerSecond udp-bw: target rate of each sending stream; 0 = as fast as possible
 * @param zeroCopy        tcp-bw: senders use sendfile(2), no copy (-Z); absent from the wire JSON when false
 * @param skipRxCopy      tcp-bw: receivers discard with MSG_TRUNC, no copy (--skip-rx-copy); absent when false
 * @param serverCpu       tcp-bw: the CPU the server pins its data threads to, tcp-lat/udp-lat: its echo thread (-A CPU,SERVER_CPU); null = none
 * @param pacingBitsPerSecond tcp-bw: SO_MAX_PACING_RATE of every data socket, per stream (--fq-rate); 0 = none, absent from the wire JSON
 * @param tos             the IP TOS byte / IPv6 traffic class both sides set on every data socket (-S, --dscp); null = the kernel's (0)
 * @param dontFragment    udp-bw: both sides' data sockets refuse to fragment (IP_MTU_DISCOVER / IPV6_MTU_DISCOVER =
 *                        PMTUDISC_DO, --dont-fragment): a datagram above the path MTU fails to send; absent from the wire JSON when false
 * @param tripTimes       tcp-bw, udp-bw uploads: the client stamps each write (TCP) or datagram (UDP) with its
 *                        CLOCK_REALTIME and the server reports one-way latency ({@code bw --trip-times}, iperf2's
 *                        option); absent from the wire JSON when false, so older servers never see it
 * @param isochronous     udp-bw uploads: the client sends frames at a frame rate instead of a steady -b, and the
 *                        server counts whole, incomplete, lost and late frames ({@code bw --isochronous}, iperf2's
 *                        option); null = off, absent from the wire JSON
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TestSpec(
        String mode,
        Direction direction,
        int streams,
        long durationMillis,
        long bytes,
        long omitMillis,
        long intervalMillis,
        int bufferBytes,
        int windowBytes,
        String congestion,
        int mssBytes,
        boolean noDelay,
        List<Integer> sizesBytes,
        boolean busyPoll,
        long rateBitsPerSecond,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean zeroCopy,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean skipRxCopy,
        Integer serverCpu,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) long pacingBitsPerSecond,
        Integer tos,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean dontFragment,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean tripTimes,
        Isochronous isochronous) {

    /** Highest --fq-rate: 1 Tbit/s per stream. */
    public static final long MAX_PACING_BITS_PER_SECOND = 1_000_000_000_000L;

    /** The labels of {@link TestMode}, for tests and javadoc. */
    public static final String MODE_TCP_BW = "tcp-bw";
    public static final String MODE_UDP_BW = "udp-bw";
    public static final String MODE_TCP_LAT = "tcp-lat";
    public static final String MODE_UDP_LAT = "udp-lat";

    /**
     * Length of each write of a TCP bandwidth test unless -l says otherwise: 1 MiB, eight times
     * iperf2's and iperf3's 128 KiB. A single stream is bound by the sender's core (its copy plus, on
     * loopback, the receive path's softirq), and fewer, larger calls leave more of that core to the
     * bytes: on the project's bench 1 MiB writes moved 25–45 % more than 128 KiB ones at -P 1, for
     * iperf3 (-l 1M) as for wirespeed (docs/PERFORMANCE.md, "Write size"). The iperf3 protocol keeps
     * iperf3's own default, {@code Iperf3.DEFAULT_TCP_LEN}.
     */
    public static final int DEFAULT_TCP_BUFFER_BYTES = 1 << 20;
    public static final int MAX_BUFFER_BYTES = 16 << 20;
    public static final int MAX_WINDOW_BYTES = 512 << 20;
    public static final long MAX_OMIT_MILLIS = 600_000;

    /**
     * A TCP bandwidth test ({@value #MODE_TCP_BW}), uploading over one stream with writes of
     * {@link #DEFAULT_TCP_BUFFER_BYTES} until the other fields are set.
     */
    public static Builder tcpBandwidth() {
        return new Builder(TestMode.TCP_BW.label()).bufferBytes(DEFAULT_TCP_BUFFER_BYTES);
    }

    /** A UDP bandwidth test ({@value #MODE_UDP_BW}). */
    public static Builder udpBandwidth() {
        return new Builder(TestMode.UDP_BW.label());
    }

    /** A ping-pong latency test over TCP ({@value #MODE_TCP_LAT}) or UDP ({@value #MODE_UDP_LAT}). */
    public static Builder latency(boolean udp) {
        return new Builder((udp ? TestMode.UDP_LAT : TestMode.TCP_LAT).label());
    }

    /** A connection-rate test ({@code lat --connect}, netperf TCP_CRR). */
    public static Builder connectionRate() {
        return new Builder(TestMode.TCP_CRR.label());
    }

    /** A builder of any mode, as a peer may name it (validated by {@link #validate(Limits)}, not here). */
    public static Builder builder(String mode) {
        return new Builder(mode);
    }

    public static Builder builder(TestMode mode) {
        return new Builder(mode.label());
    }

    /** A builder holding every field of this spec: change some, {@code build()} a copy that keeps the rest. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    public TestSpec withStreams(int streams) {
        return toBuilder().streams(streams).build();
    }

    public TestSpec withDirection(Direction direction) {
        return toBuilder().direction(direction).build();
    }

    public TestSpec withDurationMillis(long durationMillis) {
        return toBuilder().durationMillis(durationMillis).build();
    }

    public TestSpec withBufferBytes(int bufferBytes) {
        return toBuilder().bufferBytes(bufferBytes).build();
    }

    public TestSpec withIntervalMillis(long intervalMillis) {
        return toBuilder().intervalMillis(intervalMillis).build();
    }

    /**
     * Builds a {@link TestSpec} by field name, so that no caller depends on the order of the record's
     * components. Unset fields: upload, one stream, everything else 0 / null / false (the protocol's
     * "default" for each).
     */
    public static final class Builder {
        private String mode;
        private Direction direction = Direction.UPLOAD;
        private int streams = 1;
        private long durationMillis;
        private long bytes;
        private long omitMillis;
        private long intervalMillis;
        private int bufferBytes;
        private int windowBytes;
        private String congestion;
        private int mssBytes;
        private boolean noDelay;
        private List<Integer> sizesBytes;
        private boolean busyPoll;
        private long rateBitsPerSecond;
        private boolean zeroCopy;
        private boolean skipRxCopy;
        private Integer serverCpu;
        private Integer tos;
        private long pacingBitsPerSecond;
        private boolean dontFragment;
        private boolean tripTimes;
        private Isochronous isochronous;

        private Builder(String mode) {
            this.mode = mode;
        }

        private Builder(TestSpec s) {
            mode = s.mode;
            direction = s.direction;
            streams = s.streams;
            durationMillis = s.durationMillis;
            bytes = s.bytes;
            omitMillis = s.omitMillis;
            intervalMillis = s.intervalMillis;
            bufferBytes = s.bufferBytes;
            windowBytes = s.windowBytes;
            congestion = s.congestion;
            mssBytes = s.mssBytes;
            noDelay = s.noDelay;
            sizesBytes = s.sizesBytes;
            busyPoll = s.busyPoll;
            rateBitsPerSecond = s.rateBitsPerSecond;
            zeroCopy = s.zeroCopy;
            skipRxCopy = s.skipRxCopy;
            serverCpu = s.serverCpu;
            tos = s.tos;
            pacingBitsPerSecond = s.pacingBitsPerSecond;
            dontFragment = s.dontFragment;
            tripTimes = s.tripTimes;
            isochronous = s.isochronous;
        }

        public Builder mode(String mode) {
            this.mode = mode;
            return this;
        }

        public Builder direction(Direction direction) {
            this.direction = direction;
            return this;
        }

        public Builder streams(int streams) {
            this.streams = streams;
            return this;
        }

        public Builder durationMillis(long durationMillis) {
            this.durationMillis = durationMillis;
            return this;
        }

        public Builder bytes(long bytes) {
            this.bytes = bytes;
            return this;
        }

        public Builder omitMillis(long omitMillis) {
            this.omitMillis = omitMillis;
            return this;
        }

        public Builder intervalMillis(long intervalMillis) {
            this.intervalMillis = intervalMillis;
            return this;
        }

        public Builder bufferBytes(int bufferBytes) {
            this.bufferBytes = bufferBytes;
            return this;
        }

        public Builder windowBytes(int windowBytes) {
            this.windowBytes = windowBytes;
            return this;
        }

        public Builder congestion(String congestion) {
            this.congestion = congestion;
            return this;
        }

        public Builder mssBytes(int mssBytes) {
            this.mssBytes = mssBytes;
            return this;
        }

        public Builder noDelay(boolean noDelay) {
            this.noDelay = noDelay;
            return this;
        }

        public Builder sizesBytes(List<Integer> sizesBytes) {
            this.sizesBytes = sizesBytes == null ? null : List.copyOf(sizesBytes);
            return this;
        }

        public Builder busyPoll(boolean busyPoll) {
            this.busyPoll = busyPoll;
            return this;
        }

        public Builder rateBitsPerSecond(long rateBitsPerSecond) {
            this.rateBitsPerSecond = rateBitsPerSecond;
            return this;
        }

        public Builder zeroCopy(boolean zeroCopy) {
            this.zeroCopy = zeroCopy;
            return this;
        }

        public Builder skipRxCopy(boolean skipRxCopy) {
            this.skipRxCopy = skipRxCopy;
            return this;
        }

        public Builder serverCpu(Integer serverCpu) {
            this.serverCpu = serverCpu;
            return this;
        }

        public Builder pacingBitsPerSecond(long pacingBitsPerSecond) {
            this.pacingBitsPerSecond = pacingBitsPerSecond;
            return this;
        }

        public Builder tos(Integer tos) {
            this.tos = tos;
            return this;
        }

        public Builder dontFragment(boolean dontFragment) {
            this.dontFragment = dontFragment;
            return this;
        }

        public Builder tripTimes(boolean tripTimes) {
            this.tripTimes = tripTimes;
            return this;
        }

        public Builder isochronous(Isochronous isochronous) {
            this.isochronous = isochronous;
            return this;
        }

        public TestSpec build() {
            return new TestSpec(mode, direction, streams, durationMillis, bytes, omitMillis, intervalMillis,
                    bufferBytes, windowBytes, congestion, mssBytes, noDelay, sizesBytes, busyPoll, rateBitsPerSecond,
                    zeroCopy, skipRxCopy, serverCpu, pacingBitsPerSecond, tos, dontFragment, tripTimes,
                    isochronous);
        }
    }

    /** Server-side bounds (set with `server --max-streams/--max-duration`). */
    public record Limits(int maxStreams, long maxDurationMillis) {
        public static final Limits DEFAULT = new Limits(128, 3_600_000);
    }

    /** Total data connections for this test (tcp-crr: none; each transaction opens its own). */
    public int connections() {
        return TestMode.TCP_CRR.label().equals(mode) ? 0 : direction.connections(streams);
    }

    /**
     * When a timed test's last interval ends, in ns from its start (warm-up included): intervals
     * are scheduled up to here and the last one ends with the data. 0 for a test bounded by bytes.
     */
    @JsonIgnore
    public long plannedEndNanos() {
        return durationMillis > 0 ? TimeUnit.MILLISECONDS.toNanos(omitMillis + durationMillis) : 0;
    }

    /**
     * Whether the test asks for a data path of its own (zeroCopy, skipRxCopy; docs/ARCHITECTURE.md
     * "How to add a data path": a new path's field joins here), which trip times' stamped writes exclude.
     */
    @JsonIgnore
    public boolean dataPathAsked() {
        return zeroCopy || skipRxCopy;
    }

    /** A tcp-bw test bounded by neither time nor bytes: it runs until the client stops it (-t 0, as iperf3). */
    @JsonIgnore
    public boolean untilStopped() {
        return MODE_TCP_BW.equals(mode) && durationMillis == 0 && bytes == 0;
    }

    /** The mode; throws IllegalStateException for a mode {@link #validate} would refuse. */
    @JsonIgnore
    public TestMode testMode() {
        return TestMode.of(mode).orElseThrow(() -> new IllegalStateException("unsupported test mode '" + mode + "'"));
    }

    /** Whether the data travels in UDP datagrams (udp-bw, udp-lat) rather than on TCP connections. */
    @JsonIgnore
    public boolean udp() {
        return TestMode.of(mode).map(TestMode::udp).orElse(false);
    }

    /** Whether this is a ping-pong latency test (tcp-lat, udp-lat). */
    @JsonIgnore
    public boolean latency() {
        return TestMode.of(mode).map(TestMode::latency).orElse(false);
    }

    /** Throws ProtocolException naming the first field out of range. */
    public void validate(Limits limits) throws ProtocolException {
        TestMode m = TestMode.of(mode).orElseThrow(() -> new ProtocolException("unsupported test mode '" + mode + "'"));
        switch (m) {
            case TCP_LAT, UDP_LAT -> ModeBounds.validateLatency(this, limits);
            case UDP_BW -> ModeBounds.validateUdpBandwidth(this, limits);
            case TCP_BW -> validateTcpBandwidth(limits);
            case TCP_CRR -> ModeBounds.validateConnectionRate(this, limits);
        }
        if (dontFragment && m != TestMode.UDP_BW) {
            throw new ProtocolException("dontFragment applies to udp-bw only");
        }
        if (tripTimes) {
            // the client stamps its uploads; the server's receivers read the stamps (docs/PROTOCOL.md "Trip times")
            if (!(MODE_TCP_BW.equals(mode) || MODE_UDP_BW.equals(mode)) || direction != Direction.UPLOAD) {
                throw new ProtocolException("tripTimes needs an upload tcp-bw or udp-bw test");
            }
            if (dataPathAsked()) {
                throw new ProtocolException("tripTimes stamps every write: not with zeroCopy or skipRxCopy");
            }
            check(bufferBytes >= TRIP_STAMP_BYTES, "bufferBytes", bufferBytes, "at least " + TRIP_STAMP_BYTES
                    + " with tripTimes");
        }
        if (isochronous != null) {
            // the client paces frames, the server reads the frame fields of its uploads (docs/PROTOCOL.md "Isochronous frames")
            if (!MODE_UDP_BW.equals(mode) || direction != Direction.UPLOAD) {
                throw new ProtocolException("isochronous needs an upload udp-bw test");
            }
            isochronous.validate(ModeBounds.MAX_RATE_BITS_PER_SECOND);
            check(bufferBytes >= ISOCHRONOUS_MIN_BYTES, "bufferBytes", bufferBytes, "at least "
                    + ISOCHRONOUS_MIN_BYTES + " with isochronous");
        }
    }

    /** The shortest datagram of an isochronous test: wirespeed's UDP header (16 bytes) and the frame fields. */
    public static final int ISOCHRONOUS_MIN_BYTES = 16 + Isochronous.FRAME_FIELDS_BYTES;

    private void validateTcpBandwidth(Limits limits) throws ProtocolException {
        if (direction == null) {
            throw new ProtocolException("direction missing");
        }
        check(streams >= 1 && streams <= limits.maxStreams(), "streams", streams, "1.." + limits.maxStreams());
        check(durationMillis >= 0 && durationMillis <= limits.maxDurationMillis(), "durationMillis", durationMillis,
                "0.." + limits.maxDurationMillis());
        check(bytes >= 0, "bytes", bytes, ">= 0");
        // both 0: until the client stops (-t 0); the server still ends it at its limit (readUntilStop)
        check(!(durationMillis > 0 && bytes > 0), "durationMillis/bytes", durationMillis, "at most one of the two > 0");
        check(omitMillis >= 0 && omitMillis <= MAX_OMIT_MILLIS, "omitMillis", omitMillis, "0.." + MAX_OMIT_MILLIS);
        check(intervalMillis == 0 || (intervalMillis >= 100 && intervalMillis <= 3_600_000), "intervalMillis",
                intervalMillis, "0 or 100..3600000");
        check(bufferBytes >= 1 && bufferBytes <= MAX_BUFFER_BYTES, "bufferBytes", bufferBytes, "1.." + MAX_BUFFER_BYTES);
        check(windowBytes >= 0 && windowBytes <= MAX_WINDOW_BYTES, "windowBytes", windowBytes, "0.." + MAX_WINDOW_BYTES);
        check(mssBytes == 0 || (mssBytes >= 88 && mssBytes <= 65535), "mssBytes", mssBytes, "0 or 88..65535");
        if (congestion != null && !congestion.matches("[A-Za-z0-9_-]{1,15}")) {
            throw new ProtocolException("congestion '" + congestion + "' is not an algorithm name");
        }
        if (serverCpu != null) {
            check(serverCpu >= 0 && serverCpu < 1024, "serverCpu", serverCpu, "0..1023");
        }
        if (tos != null) {
            check(tos >= 0 && tos <= 255, "tos", tos, "0..255");
        }
        check(pacingBitsPerSecond >= 0 && pacingBitsPerSecond <= MAX_PACING_BITS_PER_SECOND, "pacingBitsPerSecond",
                pacingBitsPerSecond, "0.." + MAX_PACING_BITS_PER_SECOND);
    }

    /** The bytes at the start of every TCP write of a tripTimes test: its send time, length and a marker. */
    public static final int TRIP_STAMP_BYTES = 16;

    static void check(boolean ok, String field, long value, String range) throws ProtocolException {
        if (!ok) {
            throw new ProtocolException(field + " " + value + " is out of range (" + range + ")");
        }
    }
}
