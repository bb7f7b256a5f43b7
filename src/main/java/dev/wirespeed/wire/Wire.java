package dev.wirespeed.wire;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Constants of wirespeed's own control protocol (version 1).
 *
 * <p>Every connection to a wirespeed server starts with a 6-byte preamble: the magic {@code "WSPD"},
 * one byte of protocol version, one byte of connection kind ({@link #KIND_CONTROL} or
 * {@link #KIND_DATA}). An iperf3 client starts with a 37-byte cookie of printable characters and a
 * NUL, so the first four bytes tell the two apart ({@link #classify(byte[])}).
 *
 * <p>Control messages are frames: a 4-byte big-endian unsigned length, then that many bytes of
 * UTF-8 JSON (one {@link Message}). Lengths above {@link #MAX_FRAME_BYTES} end the connection.
 */
public final class Wire {
    private Wire() {}

    public static final byte[] MAGIC = "WSPD".getBytes(StandardCharsets.US_ASCII);
    public static final int PROTOCOL_VERSION = 1;
    public static final byte KIND_CONTROL = 'C';
    public static final byte KIND_DATA = 'D';
    /** A coordinator's session with a cluster agent (`wirespeed agent`); see dev.wirespeed.cluster. */
    public static final byte KIND_AGENT = 'A';
    /** A client's request to start a perftest server for `bw --rdma` / `lat --rdma`; see dev.wirespeed.rdma. */
    public static final byte KIND_PERFTEST = 'R';
    /**
     * One transaction of a running tcp-crr test (connection rate): test id and stream index as a
     * data connection, then the request; the server answers, reads the client's FIN and closes.
     * Each is an ordinary connection to the server's port, admitted like any other (issue 29).
     */
    public static final byte KIND_TRANSACTION = 'X';
    public static final int PREAMBLE_BYTES = 6;

    /** Results of a 128-stream test are under 32 KiB; anything far above is hostile or broken. */
    public static final int MAX_FRAME_BYTES = 256 * 1024;

    /** Test ids are 16 random bytes, sent raw on data connections and as hex in JSON. */
    public static final int TEST_ID_BYTES = 16;

    /** Data preamble: the 6-byte preamble, the test id, then a 2-byte big-endian stream index. */
    public static final int DATA_PREAMBLE_BYTES = PREAMBLE_BYTES + TEST_ID_BYTES + 2;

    /** Default port: iperf3 has 5201 and iperf2 5001; 5301 is ours. */
    public static final int DEFAULT_PORT = 5301;

    /** What the first byte of a connection says about the peer. */
    public enum Opening { WIRESPEED, IPERF3, UNKNOWN }

    /**
     * What the first four bytes of a connection say. iperf3 cookies are 36 printable characters
     * and a NUL: from {@code a-z2-7} since iperf3 3.2, but before that (3.0, 3.1, still the common
     * Windows build) they start with the client's host name, which may well start with 'W'.
     */
    public static Opening classify(byte[] head) {
        if (Arrays.equals(head, MAGIC)) {
            return Opening.WIRESPEED;
        }
        if (head.length == 0) {
            return Opening.UNKNOWN;
        }
        for (byte b : head) {
            if (b < 0x21 || b > 0x7e) {
                return Opening.UNKNOWN;
            }
        }
        return Opening.IPERF3;
    }

    public static Opening classify(int firstByte) {
        if (firstByte == MAGIC[0]) {
            return Opening.WIRESPEED;
        }
        if ((firstByte >= 'a' && firstByte <= 'z') || (firstByte >= '2' && firstByte <= '7')) {
            return Opening.IPERF3;
        }
        return Opening.UNKNOWN;
    }
}
