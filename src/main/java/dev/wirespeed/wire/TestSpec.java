package dev.wirespeed.wire;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What the client asks the server to run. Every field a peer can choose is bounded by
 * {@link #validate(Limits)} before anything is allocated for it.
 *
 * @param mode            "tcp-bw", "udp-bw", "tcp-lat" or "udp-lat"
 * @param direction       who sends
 * @param streams         data connections per direction
 * @param durationMillis  length of the measured part; 0 when {@code bytes} bounds the test
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
        long rateBitsPerSecond) {

    public static final String MODE_TCP_BW = "tcp-bw";
    public static final String MODE_UDP_BW = "udp-bw";
    public static final String MODE_TCP_LAT = "tcp-lat";
    public static final String MODE_UDP_LAT = "udp-lat";

    public static final int MAX_BUFFER_BYTES = 16 << 20;
    public static final int MAX_WINDOW_BYTES = 512 << 20;
    public static final long MAX_OMIT_MILLIS = 600_000;

    /** A TCP bandwidth test (the fields of protocol version 1's first release). */
    public TestSpec(String mode, Direction direction, int streams, long durationMillis, long bytes, long omitMillis,
                    long intervalMillis, int bufferBytes, int windowBytes, String congestion, int mssBytes,
                    boolean noDelay) {
        this(mode, direction, streams, durationMillis, bytes, omitMillis, intervalMillis, bufferBytes, windowBytes,
                congestion, mssBytes, noDelay, null, false, 0);
    }

    /** Server-side bounds (set with `server --max-streams/--max-duration`). */
    public record Limits(int maxStreams, long maxDurationMillis) {
        public static final Limits DEFAULT = new Limits(128, 3_600_000);
    }

    /** Total data connections for this test. */
    public int connections() {
        return direction.connections(streams);
    }

    /** Whether the data travels in UDP datagrams (udp-bw, udp-lat) rather than on TCP connections. */
    @JsonIgnore
    public boolean udp() {
        return MODE_UDP_BW.equals(mode) || MODE_UDP_LAT.equals(mode);
    }

    /** Whether this is a ping-pong latency test (tcp-lat, udp-lat). */
    @JsonIgnore
    public boolean latency() {
        return MODE_TCP_LAT.equals(mode) || MODE_UDP_LAT.equals(mode);
    }

    /** Throws ProtocolException naming the first field out of range. */
    public void validate(Limits limits) throws ProtocolException {
        if (latency()) {
            ModeBounds.validateLatency(this, limits);
            return;
        }
        if (MODE_UDP_BW.equals(mode)) {
            ModeBounds.validateUdpBandwidth(this, limits);
            return;
        }
        if (!MODE_TCP_BW.equals(mode)) {
            throw new ProtocolException("unsupported test mode '" + mode + "'");
        }
        if (direction == null) {
            throw new ProtocolException("direction missing");
        }
        check(streams >= 1 && streams <= limits.maxStreams(), "streams", streams, "1.." + limits.maxStreams());
        check(durationMillis >= 0 && durationMillis <= limits.maxDurationMillis(), "durationMillis", durationMillis,
                "0.." + limits.maxDurationMillis());
        check(bytes >= 0, "bytes", bytes, ">= 0");
        check((durationMillis > 0) != (bytes > 0), "durationMillis/bytes", durationMillis, "exactly one of the two > 0");
        check(omitMillis >= 0 && omitMillis <= MAX_OMIT_MILLIS, "omitMillis", omitMillis, "0.." + MAX_OMIT_MILLIS);
        check(intervalMillis == 0 || (intervalMillis >= 100 && intervalMillis <= 3_600_000), "intervalMillis",
                intervalMillis, "0 or 100..3600000");
        check(bufferBytes >= 1 && bufferBytes <= MAX_BUFFER_BYTES, "bufferBytes", bufferBytes, "1.." + MAX_BUFFER_BYTES);
        check(windowBytes >= 0 && windowBytes <= MAX_WINDOW_BYTES, "windowBytes", windowBytes, "0.." + MAX_WINDOW_BYTES);
        check(mssBytes == 0 || (mssBytes >= 88 && mssBytes <= 65535), "mssBytes", mssBytes, "0 or 88..65535");
        if (congestion != null && !congestion.matches("[A-Za-z0-9_-]{1,15}")) {
            throw new ProtocolException("congestion '" + congestion + "' is not an algorithm name");
        }
    }

    static void check(boolean ok, String field, long value, String range) throws ProtocolException {
        if (!ok) {
            throw new ProtocolException(field + " " + value + " is out of range (" + range + ")");
        }
    }
}
