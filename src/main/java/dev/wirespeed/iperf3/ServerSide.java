package dev.wirespeed.iperf3;

import java.io.IOException;
import tools.jackson.databind.node.ObjectNode;

/**
 * The data side of {@link Iperf3ServerTest} — TCP connections or UDP sockets — while the test
 * speaks iperf3 on the control connection. Methods run on the test's thread in this order, except
 * the arrival of streams, which comes from the server's connection or UDP threads.
 */
interface ServerSide {
    /** Waits until every stream arrived; false at the timeout. */
    boolean awaitStreams(long millis) throws InterruptedException;

    /** Streams that arrived so far (for the refusal's message). */
    int arrived();

    /** All streams are there: socket options, then the data plane. Refusals are Iperf3Refusal. */
    void prepare() throws IOException;

    /** TEST_START went out: data flows; returns the start as a System.nanoTime() value. */
    long start();

    /**
     * The test ended at {@code testEndNanos}: with {@code clientEnded} (a TEST_END) the last data
     * in flight is still read; then every stream closes, as iperf3's server closes them.
     */
    void end(long testEndNanos, boolean clientEnded);

    /** This side's results JSON, after {@link #end}. */
    ObjectNode results();

    /** The log line, after {@link #end}. */
    String summary(long wallNanos, String problem);

    /** What the test kept for {@link Iperf3Service.Served}. */
    Iperf3Service.Served served(String peer, String clientVersion, Iperf3Service.ClientTotals client,
                                String problem);

    /** Closes every stream now (abort, refusal, end). */
    void close();
}
