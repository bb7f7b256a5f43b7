package dev.wirespeed.iperf3;

import dev.wirespeed.engine.stream.DrivenSide;
import dev.wirespeed.results.BwResult;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Instant;
import tools.jackson.databind.node.ObjectNode;

/**
 * The data side of {@link Iperf3Client}'s test — TCP streams or UDP streams — while the client
 * drives iperf3's control connection. Called from one thread, in the order of the methods here.
 *
 * @param <R> the result it assembles ({@code BwResult} or {@code UdpResult})
 */
interface ClientSide<R> {
    /** -m: the data connections open as MPTCP, and the parameters say so (TCP only). */
    default boolean mptcp() {
        return false;
    }

    /** CREATE_STREAMS: opens stream {@code index} (0-based, iperf3's connection order). */
    void open(InetSocketAddress target, byte[] cookie, int index) throws IOException;

    /**
     * TEST_START: everything slow happens here, before the server's clock runs. Returns the data
     * side: its failures, and its senders to stop before TEST_END.
     */
    DrivenSide prepare(BwResult.Peer server);

    /** TEST_RUNNING: data flows; returns the start as a System.nanoTime() value. */
    long start();

    /** All bytes moved so far, to notice a test that stalled (an iperf3 server says nothing while it runs). */
    long bytesMoved();

    /** Whether a byte-bounded test (-n) has moved its bytes. */
    boolean byteCountReached();

    /** How long senders blocked in a write get to finish it before TEST_END goes out anyway. */
    long senderStopNanos();

    /** EXCHANGE_RESULTS arrived: let receivers read what was in flight (not after a loss). */
    void drain();

    /** Fixes this side's totals, once, after the senders stopped at {@code stopNanos} (and {@link #drain}). */
    void settle(long stopNanos);

    /** This side's results JSON, after {@link #settle}. */
    ObjectNode results();

    /** The result, after {@link #settle}; {@code remote} is null when the server sent none. Closes every stream. */
    R result(Instant startedAt, BwResult.Peer server, ResultsExchange remote, BwResult.Outcome outcome);

    /** Closes the streams when the test never started. */
    void close();
}
