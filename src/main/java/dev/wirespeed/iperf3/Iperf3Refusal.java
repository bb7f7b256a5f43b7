package dev.wirespeed.iperf3;

import dev.wirespeed.wire.ProtocolException;

/**
 * A test the server will not run, with what to tell an iperf3 client: SERVER_ERROR, the iperf3
 * error number and an errno. The message is ours, for the server's log.
 */
final class Iperf3Refusal extends ProtocolException {
    private final Iperf3Error error;
    private final int errno;

    Iperf3Refusal(Iperf3Error error, int errno, String message) {
        super(message);
        this.error = error;
        this.errno = errno;
    }

    Iperf3Refusal(Iperf3Error error, String message) {
        this(error, Iperf3Error.Errno.NONE, message);
    }

    Iperf3Error error() {
        return error;
    }

    int errno() {
        return errno;
    }
}
