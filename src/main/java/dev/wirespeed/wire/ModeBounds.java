package dev.wirespeed.wire;

import static dev.wirespeed.wire.TestSpec.check;

import java.util.List;

/**
 * Bounds of the latency and UDP test modes: what a client may ask of a server, checked before
 * anything is allocated. The TCP bandwidth bounds stay in {@link TestSpec#validate}.
 */
public final class ModeBounds {
    private ModeBounds() {}

    /** Smallest ping-pong message: one byte says "ping" or "next size", one byte carries a sequence. */
    public static final int MIN_LAT_BYTES = 2;
    /** Largest TCP ping-pong message, the top of perftest's -a sweep (8 MiB). */
    public static final int MAX_TCP_LAT_BYTES = 8 << 20;
    /** Largest UDP payload over IPv4: 65535 − 20 (IP header) − 8 (UDP header). */
    public static final int MAX_UDP_PAYLOAD_BYTES = 65_507;
    /** A UDP bandwidth datagram starts with a 16-byte header (seconds, microseconds, 64-bit counter). */
    public static final int MIN_UDP_BW_BYTES = 16;
    /** More sizes than the 23 of a 2 B … 8 MiB sweep, fewer than anything hostile. */
    public static final int MAX_SIZES = 64;
    /** Highest target rate of one UDP stream: 1 Tbit/s. */
    public static final long MAX_RATE_BITS_PER_SECOND = 1_000_000_000_000L;

    /** Largest message of a latency test in this protocol. */
    public static int maxLatencyBytes(boolean udp) {
        return udp ? MAX_UDP_PAYLOAD_BYTES : MAX_TCP_LAT_BYTES;
    }

    static void validateLatency(TestSpec s, TestSpec.Limits limits) throws ProtocolException {
        if (s.direction() != Direction.UPLOAD) {
            throw new ProtocolException("direction of a latency test must be upload");
        }
        check(s.streams() == 1, "streams", s.streams(), "1");
        check(s.bytes() == 0, "bytes", s.bytes(), "0");
        check(s.durationMillis() >= 0 && s.durationMillis() <= limits.maxDurationMillis(), "durationMillis",
                s.durationMillis(), "0.." + limits.maxDurationMillis());
        check(s.windowBytes() >= 0 && s.windowBytes() <= TestSpec.MAX_WINDOW_BYTES, "windowBytes", s.windowBytes(),
                "0.." + TestSpec.MAX_WINDOW_BYTES);
        List<Integer> sizes = s.sizesBytes();
        if (sizes == null || sizes.isEmpty()) {
            throw new ProtocolException("sizesBytes missing");
        }
        check(sizes.size() <= MAX_SIZES, "sizesBytes count", sizes.size(), "1.." + MAX_SIZES);
        int max = maxLatencyBytes(s.udp());
        for (Integer size : sizes) {
            if (size == null) {
                throw new ProtocolException("sizesBytes holds a null");
            }
            check(size >= MIN_LAT_BYTES && size <= max, "sizesBytes", size, MIN_LAT_BYTES + ".." + max);
        }
        noTcpOptions(s);
    }

    /**
     * Concurrent transactions of one tcp-crr test: each holds a descriptor on the server and counts
     * as a pending handshake of its address until it closes, so fewer than half of
     * {@code ServerLimits.DEFAULT.maxPendingPerSource} (64), leaving room for the test's control.
     */
    public static final int MAX_CRR_STREAMS = 32;
    /** Largest request and response of a transaction (netperf's default is 1 byte each). */
    public static final int MAX_CRR_BYTES = 64 * 1024;

    static void validateConnectionRate(TestSpec s, TestSpec.Limits limits) throws ProtocolException {
        if (s.direction() != Direction.UPLOAD) {
            throw new ProtocolException("direction of a connection-rate test must be upload");
        }
        int maxStreams = Math.min(MAX_CRR_STREAMS, limits.maxStreams());
        check(s.streams() >= 1 && s.streams() <= maxStreams, "streams", s.streams(), "1.." + maxStreams);
        check(s.durationMillis() >= 1 && s.durationMillis() <= limits.maxDurationMillis(), "durationMillis",
                s.durationMillis(), "1.." + limits.maxDurationMillis());
        check(s.bytes() == 0, "bytes", s.bytes(), "0");
        check(s.bufferBytes() >= 1 && s.bufferBytes() <= MAX_CRR_BYTES, "bufferBytes", s.bufferBytes(),
                "1.." + MAX_CRR_BYTES);
        noTcpOptions(s);
    }

    static void validateUdpBandwidth(TestSpec s, TestSpec.Limits limits) throws ProtocolException {
        if (s.direction() == null) {
            throw new ProtocolException("direction missing");
        }
        check(s.streams() >= 1 && s.streams() <= limits.maxStreams(), "streams", s.streams(),
                "1.." + limits.maxStreams());
        check(s.durationMillis() >= 1 && s.durationMillis() <= limits.maxDurationMillis(), "durationMillis",
                s.durationMillis(), "1.." + limits.maxDurationMillis());
        check(s.bytes() == 0, "bytes", s.bytes(), "0");
        check(s.omitMillis() >= 0 && s.omitMillis() <= TestSpec.MAX_OMIT_MILLIS, "omitMillis", s.omitMillis(),
                "0.." + TestSpec.MAX_OMIT_MILLIS);
        check(s.intervalMillis() == 0 || (s.intervalMillis() >= 100 && s.intervalMillis() <= 3_600_000),
                "intervalMillis", s.intervalMillis(), "0 or 100..3600000");
        check(s.bufferBytes() >= MIN_UDP_BW_BYTES && s.bufferBytes() <= MAX_UDP_PAYLOAD_BYTES, "bufferBytes",
                s.bufferBytes(), MIN_UDP_BW_BYTES + ".." + MAX_UDP_PAYLOAD_BYTES);
        check(s.windowBytes() >= 0 && s.windowBytes() <= TestSpec.MAX_WINDOW_BYTES, "windowBytes", s.windowBytes(),
                "0.." + TestSpec.MAX_WINDOW_BYTES);
        check(s.rateBitsPerSecond() >= 0 && s.rateBitsPerSecond() <= MAX_RATE_BITS_PER_SECOND, "rateBitsPerSecond",
                s.rateBitsPerSecond(), "0.." + MAX_RATE_BITS_PER_SECOND);
        noTcpOptions(s);
    }

    private static void noTcpOptions(TestSpec s) throws ProtocolException {
        if (s.congestion() != null) {
            throw new ProtocolException("congestion applies to tcp-bw only");
        }
        check(s.mssBytes() == 0, "mssBytes", s.mssBytes(), "0");
    }
}
