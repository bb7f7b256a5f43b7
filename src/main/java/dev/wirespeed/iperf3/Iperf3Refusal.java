package dev.wirespeed.iperf3;

import dev.wirespeed.wire.ProtocolException;

/**
 * A test the server will not run, with what to tell an iperf3 client: SERVER_ERROR, the iperf3
 * error number and an errno. The message is ours, for the server's log.
 */
final class Iperf3Refusal extends ProtocolException {
    private final Iperf3Error error;
    private final int errno;
    private final boolean logged;

    Iperf3Refusal(Iperf3Error error, int errno, String message, boolean logged) {
        super(message);
        this.error = error;
        this.errno = errno;
        this.logged = logged;
    }

    Iperf3Refusal(Iperf3Error error, int errno, String message) {
        this(error, errno, message, false);
    }

    Iperf3Refusal(Iperf3Error error, String message, boolean logged) {
        this(error, Iperf3Error.Errno.NONE, message, logged);
    }

    Iperf3Refusal(Iperf3Error error, String message) {
        this(error, message, false);
    }

    /** True when the refusal was logged where it was made (rate-limited), not by the test. */
    boolean logged() {
        return logged;
    }

    Iperf3Error error() {
        return error;
    }

    int errno() {
        return errno;
    }
}
