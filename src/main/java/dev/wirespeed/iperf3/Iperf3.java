package dev.wirespeed.iperf3;

/**
 * Constants of iperf3's control protocol, as esnet/iperf defines them (src/iperf_api.h, iperf.h)
 * and as iperf3 3.12 was seen to send them on loopback. Facts: docs/iperf3.md.
 */
public final class Iperf3 {
    private Iperf3() {}

    public static final int DEFAULT_PORT = 5201;

    /** 36 characters and a NUL, first on the control connection and on every TCP data connection. */
    public static final int COOKIE_BYTES = 37;

    // State bytes (one signed byte each on the control connection).
    public static final int TEST_START = 1;
    public static final int TEST_RUNNING = 2;
    public static final int TEST_END = 4;
    public static final int PARAM_EXCHANGE = 9;
    public static final int CREATE_STREAMS = 10;
    public static final int SERVER_TERMINATE = 11;
    public static final int CLIENT_TERMINATE = 12;
    public static final int EXCHANGE_RESULTS = 13;
    public static final int DISPLAY_RESULTS = 14;
    public static final int IPERF_DONE = 16;
    public static final int ACCESS_DENIED = -1;
    /** Followed by two big-endian int32: iperf3's error number, then the errno behind it. */
    public static final int SERVER_ERROR = -2;

    /** iperf3 bounds its parameter JSON to 8 KiB since 3.18 (MAX_PARAMS_JSON_STRING). */
    public static final int MAX_PARAMS_BYTES = 8 * 1024;
    /** ResultsExchange of 128 streams are about 20 KiB; anything far above is hostile or broken. */
    public static final int MAX_RESULTS_BYTES = 256 * 1024;

    /** iperf3's default read/write length for TCP (DEFAULT_TCP_BLKSIZE). */
    public static final int DEFAULT_TCP_LEN = 128 * 1024;
    /** iperf3's default datagram length when the control connection's MSS is unknown (DEFAULT_UDP_BLKSIZE). */
    public static final int DEFAULT_UDP_LEN = 1460;
    /** iperf3's default test length when a client sends no "time" (DURATION). */
    public static final int DEFAULT_SECONDS = 10;

    /**
     * iperf3 numbers its streams in connection order 1, 3, 4, 5 …: id 2 is skipped
     * (iperf_add_stream), and both sides must agree because results are matched by id.
     */
    public static int streamId(int index) {
        return index == 0 ? 1 : index + 2;
    }

    /** The connection index of a stream id, or -1 for an id iperf3 never gives. */
    public static int streamIndex(long id) {
        if (id == 1) {
            return 0;
        }
        return id >= 3 && id <= Integer.MAX_VALUE ? (int) id - 2 : -1;
    }

    public static String stateName(int state) {
        return switch (state) {
            case TEST_START -> "TEST_START";
            case TEST_RUNNING -> "TEST_RUNNING";
            case TEST_END -> "TEST_END";
            case PARAM_EXCHANGE -> "PARAM_EXCHANGE";
            case CREATE_STREAMS -> "CREATE_STREAMS";
            case SERVER_TERMINATE -> "SERVER_TERMINATE";
            case CLIENT_TERMINATE -> "CLIENT_TERMINATE";
            case EXCHANGE_RESULTS -> "EXCHANGE_RESULTS";
            case DISPLAY_RESULTS -> "DISPLAY_RESULTS";
            case IPERF_DONE -> "IPERF_DONE";
            case ACCESS_DENIED -> "ACCESS_DENIED";
            case SERVER_ERROR -> "SERVER_ERROR";
            default -> "unknown state " + state;
        };
    }
}
