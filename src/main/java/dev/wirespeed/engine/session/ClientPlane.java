package dev.wirespeed.engine.session;

import dev.wirespeed.engine.sys.LocalEnd;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.Message;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.time.Instant;

/**
 * What one test mode adds to a {@link ClientSession}: its data streams, their threads and counters,
 * and its result. The session calls these in order (open, ready, start, then stopSending, drain,
 * afterResults, finish, result); everything else — handshake, heartbeat, Stop, peer loss, Ctrl-C,
 * timeouts — is the session's. Calls come from the session's thread, never from a data thread.
 *
 * @param <M> the server's end-of-test message of this mode
 * @param <R> the result this mode reports
 */
public interface ClientPlane<M extends Message, R> {
    /** Where the data streams go: the server, the test id they present, -B, and a deadline for each. */
    record Links(InetSocketAddress target, byte[] testId, LocalEnd bind, int connectTimeoutMillis,
                 long deadlineNanos) {
        /**
         * The connect timeout of the next stream: the configured one, cut to what is left before the
         * deadline (rounded up, so that a stream cut short fails after the deadline, not just before).
         */
        public int timeoutMillis() throws IOException {
            long leftMillis = millisLeft(deadlineNanos);
            if (leftMillis <= 0) {
                throw new SocketTimeoutException("no time left to open the data streams");
            }
            return (int) Math.min(connectTimeoutMillis, leftMillis);
        }

        /** Whole milliseconds until the deadline, rounded up; 0 or less once it passed. */
        static long millisLeft(long deadlineNanos) {
            long leftNanos = deadlineNanos - System.nanoTime();
            return leftNanos <= 0 ? 0 : (leftNanos + 999_999) / 1_000_000;
        }
    }

    /** How the test ended, as the session saw it. */
    record Ending<M>(OutcomeStatus status, String problem, Instant startedAt, long startNanos, long endNanos,
                     BwResult.Peer server, M remote) {}

    /** The server's end-of-test message type. */
    Class<M> resultsType();

    /**
     * The control connection is up, before the handshake: a plane may start set-up that needs only
     * it (the counter snapshot before the test) so that it runs beside the handshake.
     */
    default void connected(SocketChannel control) {}

    /** Opens every data stream, after the server accepted the test; throws when one cannot open. */
    void open(Links links) throws IOException;

    /** Streams opened so far (for the message when they do not all open in time). */
    int opened();

    /** Streams the test has. */
    int streams();

    /** The server said Ready: last set-up, and the listener's first report. */
    void ready(BwResult.Peer server, SocketChannel control) throws IOException;

    /**
     * After {@link #ready}, before Start: makes the data threads, which set themselves up and wait
     * for {@link #start} (thread starts outside the test's clock). A plane without threads does
     * nothing; one spawned and never started is ended by {@link #close}.
     */
    default void spawn() {}

    /** Start was sent: the streams start now. */
    void start(long startNanos);

    /** Bytes (or round trips) moved so far: the session watches it for the start and for stalls. */
    long progress();

    /** Silence of the data (no progress) that ends the test, in ns; 0 = none (the control connection watches). */
    default long stallLimitNanos() {
        return 0;
    }

    /** Whether the session stops a test whose data has not moved by the start deadline. */
    default boolean progressStarts() {
        return true;
    }

    /** Called every few ms while the test runs (for a resend); returns a reason to stop, or null. */
    default String tick(long nowNanos) {
        return null;
    }

    /** The silence of the control connection that counts as a lost server. */
    default long silenceLimitMillis() {
        return ClientSession.SILENCE_LIMIT_MILLIS;
    }

    /** True when the test ended on its own (a byte count reached, every size measured). */
    boolean ended();

    /** The first stream failure as one line ("data connection failed: …"), or null. */
    String failure();

    /**
     * A message from the server other than its results, Error or Heartbeat (interval reports);
     * false for one this mode does not expect, which ends the test as a protocol error.
     */
    boolean remote(Message m);

    /** Senders finish their current write and stop (also: wake a blocked exchange). */
    void stopSending();

    /**
     * Waits (up to the deadline) for this side's streams to end after Stop.
     *
     * @param stopNanos when the session stopped the senders
     * @return the end of the measured time (System.nanoTime())
     */
    long drain(long stopNanos, long deadlineNanos);

    /**
     * Whether this side's work in flight must end before the server hears Stop: a connect-request-response
     * transaction that reaches the server after its Stop is refused there (and reset), so a test would count
     * its own last transaction as a failure. Stream planes stop at once: their server must hear Stop to end.
     */
    default boolean drainsBeforeStop() {
        return false;
    }

    /** After the server's results came (or not): receivers may read on, then close. */
    default void afterResults(boolean serverOk, long endNanos) {
    }

    /** Waits for the stream threads to book their CPU time, then releases everything. */
    void finish(boolean serverOk);

    /** The result from both sides' totals; {@code ending.remote()} is null when the server sent none. */
    R result(Ending<M> ending);

    /** Releases the streams on a failure before the test ran; safe to call more than once. */
    void close();
}
