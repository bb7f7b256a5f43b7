package dev.wirespeed.iperf3;

import dev.wirespeed.iperf3.Iperf3Error.Errno;
import dev.wirespeed.wire.Message;
import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.NetworkChannel;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.node.ObjectNode;

/**
 * The data side of {@link Iperf3ServerTest} — TCP connections or UDP sockets — while the test
 * speaks iperf3 on the control connection. Methods run on the test's thread in this order; the
 * streams arrive from the server's connection or UDP threads and count down the test's
 * {@link Arrivals}.
 */
interface ServerSide {
    /** All streams are there: socket options, then the data side. Refusals are Iperf3Refusal. */
    void prepare() throws IOException;

    /** TEST_START went out: data flows; returns the start as a System.nanoTime() value. */
    long start();

    /**
     * The test ended at {@code testEndNanos}: with {@code clientEnded} (a TEST_END) the last data
     * in flight is still read; then every stream closes, as iperf3's server closes them.
     */
    Measured end(long testEndNanos, boolean clientEnded);

    /** Closes every stream now (abort, refusal, end). */
    void close();

    /** The streams a test waits for, counted down as they arrive (from other threads). */
    final class Arrivals {
        private final int expected;
        private final CountDownLatch latch;
        private final Runnable onArrival;

        Arrivals(int expected) {
            this(expected, () -> { });
        }

        /** @param onArrival told of each stream as it arrives (admission: one expected connection less) */
        Arrivals(int expected, Runnable onArrival) {
            this.expected = expected;
            this.latch = new CountDownLatch(expected);
            this.onArrival = onArrival;
        }

        void arrived() {
            latch.countDown();
            onArrival.run();
        }

        /** Waits until every stream arrived; false at the timeout. */
        boolean await(long millis) throws InterruptedException {
            return latch.await(millis, TimeUnit.MILLISECONDS);
        }

        /** Streams that arrived so far (for the refusal's message). */
        int count() {
            return (int) (expected - latch.getCount());
        }
    }

    /**
     * What a side measured, after {@link #end}: its totals (TCP or UDP, the other null), the
     * results JSON for the client, and its log line for a given wall time and problem.
     */
    record Measured(Message.Results tcp, Message.UdpResults udp, ObjectNode json, SummaryLine line) {}

    @FunctionalInterface
    interface SummaryLine {
        String of(long wallNanos, String problem);
    }

    /** -S: the client's TOS on every stream, refused as iperf3's server refuses it (IESETTOS). */
    static void applyTos(List<? extends NetworkChannel> channels, int tos) throws Iperf3Refusal {
        if (tos <= 0) {
            return;
        }
        for (NetworkChannel ch : channels) {
            try {
                ch.setOption(StandardSocketOptions.IP_TOS, tos);
            } catch (IOException | UnsupportedOperationException e) {
                throw new Iperf3Refusal(Iperf3Error.SET_TOS, Errno.EINVAL, "cannot set TOS " + tos);
            }
        }
    }
}
