package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.wirespeed.engine.sys.NativeUdp;
import dev.wirespeed.measure.CpuAccumulator;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** When a UDP receiver polls its empty queue and when it blocks (docs/PERFORMANCE.md, "UDP -P 1"). */
class UdpReceiveWaitTest {
    static final long T0 = 1_000_000_000L;

    @Test
    void onlyAnUnpacedReceiverWithACoreOfItsOwnPolls() {
        assertThat(UdpReceiveWait.polls(0, true)).isTrue();
        assertThat(UdpReceiveWait.polls(1_000_000, true)).as("-b 1M: the sender has time for the wake-ups").isFalse();
        assertThat(UdpReceiveWait.polls(0, false)).as("more data threads than cores").isFalse();
    }

    @Test
    void aBlockingReceiverNeverPolls() {
        UdpReceiveWait w = new UdpReceiveWait(false);
        assertThat(w.flags()).isZero();
        w.data();
        assertThat(w.flags()).isZero();
    }

    @Test
    void aPollingReceiverBlocksOnceTheQueueStayedEmptyForTheBudgetAndPollsAgainAfterData() {
        UdpReceiveWait w = new UdpReceiveWait(true);
        assertThat(w.flags()).isEqualTo(NativeUdp.MSG_DONTWAIT);
        w.empty(T0);
        w.empty(T0 + UdpReceiveWait.POLL_NANOS - 2);
        assertThat(w.flags()).as("empty for less than the budget").isEqualTo(NativeUdp.MSG_DONTWAIT);
        w.empty(T0 + UdpReceiveWait.POLL_NANOS);
        assertThat(w.flags()).as("empty for the budget: block").isZero();
        w.data();
        assertThat(w.flags()).isEqualTo(NativeUdp.MSG_DONTWAIT);
        // the budget counts from the first empty poll after the data, not from the earlier one
        w.empty(T0 + 10 * UdpReceiveWait.POLL_NANOS);
        w.empty(T0 + 10 * UdpReceiveWait.POLL_NANOS + 1);
        assertThat(w.flags()).isEqualTo(NativeUdp.MSG_DONTWAIT);
    }

    /**
     * A sender that lost its core for a few scheduler time slices (5 ms) must not put its receiver
     * to sleep: the wake-up after it would move the receiver onto the sender's core (a sync
     * wake-up's wake_affine), measured at 8972 B as ~4 k sleeps and as many shared-core
     * switches a second with the 50 µs bound (docs/PERFORMANCE.md, "sleeps that put the receiver on
     * its sender's core").
     */
    @Test
    void aPollingReceiverKeepsPollingWhileItsSenderWaitsForACore() {
        UdpReceiveWait w = new UdpReceiveWait(true);
        w.empty(T0);
        w.empty(T0 + TimeUnit.MILLISECONDS.toNanos(5));
        assertThat(w.flags()).as("empty for 5 ms: still polling").isEqualTo(NativeUdp.MSG_DONTWAIT);
        assertThat(UdpReceiveWait.POLL_NANOS).as("a stopped sender costs the receiver a bounded poll")
                .isLessThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(100));
    }

    @Test
    void theBoundFromTheConstructorIsTheOneUsed() {
        UdpReceiveWait w = new UdpReceiveWait(true, 1_000);
        w.empty(T0);
        w.empty(T0 + 999);
        assertThat(w.flags()).isEqualTo(NativeUdp.MSG_DONTWAIT);
        w.empty(T0 + 1_000);
        assertThat(w.flags()).isZero();
    }

    @Test
    void aClockAtZeroStillStartsTheBudget() {
        UdpReceiveWait w = new UdpReceiveWait(true);
        w.empty(0);
        w.empty(UdpReceiveWait.POLL_NANOS + 1);
        assertThat(w.flags()).isZero();
    }

    /**
     * A GRO receiver on loopback: at -b 0 it polls its empty queue after a datagram (the calls that
     * found nothing are counted); paced, it blocks, so none of its calls finds the queue empty.
     * Either way the datagram is counted once and the loop ends when the side closes the stream.
     */
    @Test
    void anUnpacedGroReceiverPollsItsEmptyQueueAndAPacedOneBlocks() throws Exception {
        assumeThat(NativeUdp.available()).as("direct UDP calls").isTrue();
        assertThat(receiveOne(0)).as("-b 0: calls that found the queue empty").isPositive();
        assertThat(receiveOne(1_000_000)).as("-b 1M: blocking calls never find it empty").isZero();
    }

    /** Receives one datagram on a GRO socket at {@code rate}; the empty polls of its loop. */
    private static long receiveOne(long rateBitsPerSecond) throws Exception {
        try (DatagramChannel rx = DatagramChannel.open(); DatagramChannel tx = DatagramChannel.open()) {
            rx.bind(new InetSocketAddress("127.0.0.1", 0));
            tx.bind(new InetSocketAddress("127.0.0.1", 0));
            rx.connect(tx.getLocalAddress());
            tx.connect(rx.getLocalAddress());
            int length = 100;
            UdpStream stream = new UdpStream(rx, new StreamCounter(0, false), UdpHeader.WIRESPEED, length,
                    rateBitsPerSecond, new StopFlag(), new CpuAccumulator(), null, List.of(GsoIo.INSTANCE), () -> 0L);
            Thread t = Thread.ofPlatform().daemon(true).start(stream);
            try {
                ByteBuffer datagram = ByteBuffer.allocate(length);
                UdpHeader.WIRESPEED.writeClock(datagram, 0, UdpHeader.clock(0, 1), 1);
                assertThat(waitFor(() -> stream.lastReceiveWait() != null)).as("the receive loop started").isTrue();
                tx.write(datagram);
                assertThat(waitFor(() -> stream.stats().snapshot().packets() == 1)).as("the datagram counted").isTrue();
                if (rateBitsPerSecond == 0) {
                    assertThat(waitFor(() -> stream.lastReceiveWait().emptyPolls() > 0)).as("polled").isTrue();
                }
            } finally {
                stream.closeQuietly();
                t.join(TimeUnit.SECONDS.toMillis(5));
            }
            assertThat(t.isAlive()).as("the loop ended on close").isFalse();
            assertThat(stream.counter().failure()).isNull();
            assertThat(stream.callUsed()).isEqualTo("recvmmsg UDP_GRO");
            assertThat(stream.stats().snapshot().packets()).isEqualTo(1);
            return stream.lastReceiveWait().emptyPolls();
        }
    }

    /** Waits (5 s at most) until {@code condition} holds. */
    private static boolean waitFor(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }
}
