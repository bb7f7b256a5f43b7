package dev.wirespeed.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.UdpStats;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a batched UDP path (several datagrams per call: UDP_SEGMENT, UDP_GRO, mmsg) relies on, without
 * sockets: the pacing says how many datagrams are due, each datagram of a batch gets its own sequence
 * number, and a receiver that finds several datagrams in one buffer counts each, so loss and
 * reordering stay exact.
 */
class UdpBatchAccountingTest {
    static final int LENGTH = 100;

    static UdpStream stream(boolean sending, StopFlag stop) {
        return new UdpStream(null, new StreamCounter(0, sending), UdpHeader.WIRESPEED, LENGTH, 0, stop,
                new CpuAccumulator(), null, List.of());
    }

    @Test
    void pacingLetsGoTheDatagramsThatFellDue() {
        double nanosPerBit = 1.0; // 1 Gbit/s: a 100-byte datagram every 800 ns
        assertThat(UdpStream.dueCount(0, nanosPerBit, 0, 800, 64)).as("the first is due at the start").isEqualTo(1);
        assertThat(UdpStream.dueCount(799, nanosPerBit, 0, 800, 64)).isEqualTo(1);
        assertThat(UdpStream.dueCount(800, nanosPerBit, 0, 800, 64)).isEqualTo(2);
        assertThat(UdpStream.dueCount(8_000, nanosPerBit, 800, 800, 64)).as("ten due, one sent").isEqualTo(10);
        assertThat(UdpStream.dueCount(1_000_000, nanosPerBit, 0, 800, 64)).as("capped at the batch").isEqualTo(64);
        assertThat(UdpStream.dueCount(8_000, nanosPerBit, 8_000, 800, 64)).as("caller waited: at least one")
                .isEqualTo(1);
    }

    @Test
    void anUnpacedSenderMayFillWholeBatchesUntilStopped() {
        StopFlag stop = new StopFlag();
        UdpStream sender = stream(true, stop);
        assertThat(sender.due(16)).isEqualTo(16);
        stop.set();
        assertThat(sender.due(16)).isZero();
    }

    @Test
    void everyDatagramOfABatchIsNumberedAndCountedAlone() {
        UdpStream sender = stream(true, new StopFlag());
        ByteBuffer batch = ByteBuffer.allocateDirect(8 * LENGTH);
        int due = sender.due(8);
        for (int k = 0; k < due; k++) {
            sender.stamp(batch, k * LENGTH, k);
        }
        sender.sent(due);
        assertThat(sender.counter().bytes()).isEqualTo(8L * LENGTH);
        assertThat(sender.packetsSent()).isEqualTo(8);

        // datagram 3 is lost and 6 overtaken by 7; the receiver finds the rest in one buffer
        UdpStream receiver = stream(false, new StopFlag());
        for (int k : new int[] {0, 1, 3, 4, 6, 5, 7}) {
            receiver.received(batch, k * LENGTH, LENGTH, 1_000 + k);
        }
        UdpStats.Snapshot s = receiver.stats().snapshot();
        assertThat(s.packets()).isEqualTo(7);
        assertThat(s.bytes()).isEqualTo(7L * LENGTH);
        assertThat(s.lost()).isEqualTo(1);
        assertThat(s.outOfOrder()).isEqualTo(1);
        assertThat(receiver.counter().bytes()).isEqualTo(7L * LENGTH);

        // the next batch continues the numbering
        ByteBuffer next = ByteBuffer.allocateDirect(LENGTH);
        sender.due(1);
        sender.stamp(next, 0, 0);
        assertThat(UdpHeader.WIRESPEED.counter(next, 0)).isEqualTo(9);
    }

    @Test
    void runtsAndHellosInABatchAreNotCounted() {
        UdpStream receiver = stream(false, new StopFlag());
        ByteBuffer buffer = ByteBuffer.allocateDirect(2 * LENGTH);
        receiver.received(buffer, 0, UdpHeader.WIRESPEED.bytes() - 1, 1);
        assertThat(receiver.stats().snapshot().packets()).isZero();
        assertThat(receiver.lastArrivalNanos()).isZero();
    }
}
