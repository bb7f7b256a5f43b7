package dev.wirespeed.iperf3;

/**
 * iperf3 error numbers that travel after SERVER_ERROR (enum in esnet/iperf src/iperf_api.h; the
 * numbers have stayed fixed from 3.0 to 3.19). An iperf3 client prints its own text for the
 * number, and appends strerror(errno) for the numbers marked {@code withErrno}; the descriptions
 * here are ours, for when wirespeed is the client.
 */
public enum Iperf3Error {
    DURATION(5, "test too long for the server", false),
    NUM_STREAMS(6, "too many parallel streams for the server", false),
    BLOCK_SIZE(7, "read/write length (-l) out of the server's range", false),
    BUF_SIZE(8, "socket buffer (-w) too large for the server", false),
    MSS(10, "MSS (-M) out of the server's range", false),
    NO_SENDFILE(11, "zerocopy (sendfile) unavailable on the server", false),
    OMIT(12, "warm-up (-O) out of the server's range", false),
    UNIMPLEMENTED(13, "an option the server does not implement", false),
    BURST(15, "burst count out of range", false),
    NO_SCTP(18, "no SCTP on the server", false),
    UDP_BLOCK_SIZE(20, "UDP datagram length out of range", false),
    BAD_TOS(21, "TOS out of range", false),
    REVERSE_BIDIR(25, "reverse and bidirectional at once", false),
    TOTAL_RATE(27, "total bitrate above the server's limit", false),
    MAX_SERVER_DURATION(37, "test longer than the server allows", false),
    /** IENEWTEST: iperf3 clients print "unable to create a new test" and strerror(errno). */
    NEW_TEST(100, "the server could not create the test", true),
    RECEIVE_PARAMS(114, "the server could not read the test parameters", true),
    RECEIVE_RESULTS(117, "results could not be read", true),
    ACCESS_DENIED(121, "the server is busy with another test", false),
    SET_TOS(125, "the server cannot set TOS", true),
    SET_FLOW_LABEL(127, "the server cannot set the IPv6 flow label", false),
    PROTOCOL(131, "protocol not supported by the server", false),
    AFFINITY(132, "the server cannot set CPU affinity", true),
    SET_CONGESTION(134, "congestion control algorithm (-C) not available on the server", false),
    SET_PACING(140, "the server cannot pace its sockets (--fq-rate)", true),
    AUTH_FAILED(142, "authentication failed", false),
    SET_DONT_FRAGMENT(145, "the server cannot set Don't Fragment", false),
    NO_MESSAGE(144, "no message from the peer in time", false),
    STREAM_ACCEPT(204, "the server could not accept a data connection", true);

    private final int number;
    private final String description;
    private final boolean withErrno;

    Iperf3Error(int number, String description, boolean withErrno) {
        this.number = number;
        this.description = description;
        this.withErrno = withErrno;
    }

    public int number() {
        return number;
    }

    public String description() {
        return description;
    }

    /** "test too long for the server (iperf3 error 5)", or the bare number when unknown. */
    public static String describe(int number, int errno) {
        for (Iperf3Error e : values()) {
            if (e.number == number) {
                String text = e.description + " (iperf3 error " + number;
                return text + (e.withErrno && errno != 0 ? ", errno " + errno + ")" : ")");
            }
        }
        return "iperf3 error " + number + (errno != 0 ? ", errno " + errno : "");
    }

    /** Linux errno values sent beside an error number, so that the client's text says why. */
    public static final class Errno {
        private Errno() {}

        public static final int NONE = 0;
        public static final int ENOENT = 2;
        public static final int ENOMEM = 12;
        public static final int EINVAL = 22;
        public static final int ENOSYS = 38;
        public static final int EMSGSIZE = 90;
        public static final int EPROTONOSUPPORT = 93;
    }
}
