package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.sys.NativeUdp;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.UdpStats;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
                new CpuAccumulator(), null, List.of(), () -> 0L);
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

    /**
     * A UDP_GRO read: several datagrams back to back, split by the cmsg's segment size, the last one
     * shorter; a gap and an overtaken datagram inside the batch are counted as with single reads.
     */
    @Test
    void aGroReadIsSplitBySegmentSizeAndEachDatagramCounted() {
        ByteBuffer gro = ByteBuffer.allocateDirect(5 * LENGTH);
        long[] counters = {1, 2, 4, 3, 6}; // 5 lost; 3 overtaken by 4
        for (int k = 0; k < counters.length; k++) {
            UdpHeader.WIRESPEED.write(gro, k * LENGTH, 0, counters[k]);
        }
        UdpStream receiver = stream(false, new StopFlag());
        int length = 4 * LENGTH + 40; // the last datagram of a GRO batch may be shorter than the segment size
        receiver.receivedSegments(gro, length, LENGTH, 1_000);
        UdpStats.Snapshot s = receiver.stats().snapshot();
        assertThat(s.packets()).isEqualTo(5);
        assertThat(s.bytes()).isEqualTo(length);
        assertThat(s.lost()).isEqualTo(1);
        assertThat(s.outOfOrder()).isEqualTo(1);

        // no UDP_GRO cmsg (segment size unknown, -1): the read is one datagram
        UdpStream single = stream(false, new StopFlag());
        single.receivedSegments(gro, LENGTH, -1, 1_000);
        assertThat(single.stats().snapshot().packets()).isEqualTo(1);
    }

    /** Several GRO reads of one recvmmsg, each at its own offset of the buffer: every datagram counted once. */
    @Test
    void groReadsAtTheirOffsetsAreCountedEach() {
        int slot = 8 * LENGTH;
        ByteBuffer reads = ByteBuffer.allocateDirect(2 * slot);
        long[][] counters = {{1, 2, 3}, {4, 6}}; // 5 lost between the reads' datagrams
        for (int r = 0; r < counters.length; r++) {
            for (int k = 0; k < counters[r].length; k++) {
                UdpHeader.WIRESPEED.write(reads, r * slot + k * LENGTH, 0, counters[r][k]);
            }
        }
        UdpStream receiver = stream(false, new StopFlag());
        receiver.receivedSegments(reads, 0, 3 * LENGTH, LENGTH, 1_000);
        receiver.receivedSegments(reads, slot, 2 * LENGTH, LENGTH, 1_000);
        UdpStats.Snapshot s = receiver.stats().snapshot();
        assertThat(s.packets()).isEqualTo(5);
        assertThat(s.lost()).isEqualTo(1);
        assertThat(s.outOfOrder()).isZero();
    }

    /**
     * A GRO read that is one unbroken run (consecutive counters, one timestamp) is counted at once;
     * every count and the jitter must equal counting each datagram alone, whatever came before (a
     * gap, a first read) and after (an overtaken datagram, a run with a hole, a shorter last one).
     */
    @Test
    void aRunIsCountedAtOnceExactlyAsOneByOne() {
        int slot = 64 * LENGTH;
        ByteBuffer reads = ByteBuffer.allocateDirect(4 * slot);
        // read 0: 1..5 at 100 µs; read 1: 9..12 at 250 µs (6-8 lost), last 40 B short of a segment;
        // read 2: 7 (overtaken, alone); read 3: 13, 14, 16 at 300 µs (a hole: not a run)
        long[][] counters = {{1, 2, 3, 4, 5}, {9, 10, 11, 12}, {7}, {13, 14, 16}};
        long[] clocks = {100, 250, 90, 300};
        int[] lengths = {5 * LENGTH, 4 * LENGTH - 40, LENGTH, 3 * LENGTH};
        for (int r = 0; r < counters.length; r++) {
            for (int k = 0; k < counters[r].length; k++) {
                UdpHeader.WIRESPEED.write(reads, r * slot + k * LENGTH, clocks[r], counters[r][k]);
            }
        }
        long[] arrivals = {1_000_000, 1_180_000, 1_190_000, 1_260_000};
        UdpStream batched = stream(false, new StopFlag());
        UdpStream single = stream(false, new StopFlag());
        for (int r = 0; r < counters.length; r++) {
            batched.receivedSegments(reads, r * slot, lengths[r], LENGTH, arrivals[r]);
            for (int at = 0; at < lengths[r]; at += LENGTH) {
                single.received(reads, r * slot + at, Math.min(LENGTH, lengths[r] - at), arrivals[r]);
            }
        }
        UdpStats.Snapshot b = batched.stats().snapshot();
        UdpStats.Snapshot one = single.stats().snapshot();
        assertThat(batched.runs()).as("reads 0 and 1 are runs; 2 is one datagram, 3 has a hole").isEqualTo(2);
        assertThat(b).isEqualTo(one);
        assertThat(b.packets()).isEqualTo(13);
        assertThat(b.lost()).as("6 and 8 (7 came late), 15").isEqualTo(3);
        assertThat(b.outOfOrder()).isEqualTo(1);
        assertThat(b.jitterMicros()).isPositive();
        assertThat(batched.counter().bytes()).isEqualTo(single.counter().bytes());
    }

    /** What one sendmmsg carries: full GSO messages, the last one holding what is left; the iovec lengths say so. */
    @Test
    void dueDatagramsAreSplitIntoGsoMessagesOfOneCall() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment iovs = arena.allocate(4L * NativeUdp.IOVEC_BYTES, 8);
            assertThat(GsoIo.lengths(iovs, 15, 7, 8972)).as("7 + 7 + 1").isEqualTo(3);
            assertThat(iovs.get(ValueLayout.JAVA_LONG, 8)).isEqualTo(7L * 8972);
            assertThat(iovs.get(ValueLayout.JAVA_LONG, NativeUdp.IOVEC_BYTES + 8)).isEqualTo(7L * 8972);
            assertThat(iovs.get(ValueLayout.JAVA_LONG, 2L * NativeUdp.IOVEC_BYTES + 8)).isEqualTo(8972L);
            assertThat(GsoIo.lengths(iovs, 28, 7, 8972)).as("four full messages").isEqualTo(4);
            assertThat(GsoIo.lengths(iovs, 1, 44, 1472)).as("one paced datagram").isEqualTo(1);
            assertThat(iovs.get(ValueLayout.JAVA_LONG, 8)).isEqualTo(1472L);
        }
    }

    /**
     * The one way every batched path builds its vector: message k's header names iovec k (which the
     * caller keeps, so a GSO sender can set lengths per call and re-point after stepping down to 64
     * segments) and control area k; a vector without control areas names none.
     */
    @Test
    void messageKOfAVectorUsesIovecKAndControlAreaK() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(4L * 1000, 4096);
            MemorySegment control = arena.allocate(4L * 24, 8);
            MemorySegment iovs = MmsgIo.iovecs(arena, data, 1000, 4);
            MemorySegment vec = MmsgIo.vector(arena, iovs, 4, control, 24);
            for (int k = 0; k < 4; k++) {
                long m = (long) k * NativeUdp.MMSGHDR_BYTES;
                long iov = (long) k * NativeUdp.IOVEC_BYTES;
                assertThat(vec.get(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_IOV)).isEqualTo(iovs.address() + iov);
                assertThat(vec.get(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_IOVLEN)).isEqualTo(1L);
                assertThat(vec.get(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_CONTROL)).isEqualTo(control.address() + k * 24L);
                assertThat(vec.get(ValueLayout.JAVA_LONG, m + NativeUdp.MSG_CONTROLLEN)).isEqualTo(24L);
                assertThat(iovs.get(ValueLayout.JAVA_LONG, iov)).as("slot %d", k).isEqualTo(data.address() + k * 1000L);
                assertThat(iovs.get(ValueLayout.JAVA_LONG, iov + 8)).isEqualTo(1000L);
            }
            MmsgIo.point(iovs, data, 500, 4);
            assertThat(iovs.get(ValueLayout.JAVA_LONG, 3L * NativeUdp.IOVEC_BYTES)).as("re-pointed")
                    .isEqualTo(data.address() + 1500);
            MemorySegment plain = MmsgIo.vector(arena, iovs, 4, null, 0);
            assertThat(plain.get(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROL)).isZero();
            assertThat(plain.get(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROLLEN)).isZero();
        }
    }

    @Test
    void gsoBatchesStayWithinOneUdpPayloadAndTheSegmentLimit() {
        assertThat(NativeUdp.gsoSegments(1472)).isEqualTo(44); // 64,768 bytes
        assertThat(NativeUdp.gsoSegments(8972)).isEqualTo(7);  // 62,804 bytes
        assertThat(NativeUdp.gsoSegments(64)).isEqualTo(64);   // the segment limit, 4 KiB
        assertThat(NativeUdp.gsoSegments(64, NativeUdp.UDP_MAX_SEGMENTS_NEW)).isEqualTo(128); // newer kernels
        assertThat(NativeUdp.gsoSegments(1472, NativeUdp.UDP_MAX_SEGMENTS_NEW)).isEqualTo(44);
        assertThat(NativeUdp.gsoSegments(65_507)).isEqualTo(1);
        assertThat(MmsgIo.batch(1472)).isEqualTo(64);
        assertThat(MmsgIo.batch(65_536)).isEqualTo(4);
    }

    /** The control messages of a recvmsg as the kernel lays them out: UDP_GRO's int, then SO_RXQ_OVFL's u32. */
    @Test
    void controlMessagesAreFoundByLevelAndType() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment c = arena.allocate(48, 8);
            c.set(ValueLayout.JAVA_LONG, 0, 20);
            c.set(ValueLayout.JAVA_INT, 8, NativeUdp.SOL_UDP);
            c.set(ValueLayout.JAVA_INT, 12, NativeUdp.UDP_GRO);
            c.set(ValueLayout.JAVA_INT, 16, 1472);
            c.set(ValueLayout.JAVA_LONG, 24, 20);
            c.set(ValueLayout.JAVA_INT, 32, NativeUdp.SOL_SOCKET);
            c.set(ValueLayout.JAVA_INT, 36, NativeUdp.SO_RXQ_OVFL);
            c.set(ValueLayout.JAVA_INT, 40, 7);
            assertThat(NativeUdp.cmsgInt(c, 48, NativeUdp.SOL_UDP, NativeUdp.UDP_GRO)).isEqualTo(1472);
            assertThat(NativeUdp.cmsgInt(c, 48, NativeUdp.SOL_SOCKET, NativeUdp.SO_RXQ_OVFL)).isEqualTo(7);
            assertThat(NativeUdp.cmsgInt(c, 24, NativeUdp.SOL_SOCKET, NativeUdp.SO_RXQ_OVFL))
                    .as("beyond msg_controllen").isEqualTo(-1);
            c.set(ValueLayout.JAVA_LONG, 0, 3); // garbled length: stop, never loop
            assertThat(NativeUdp.cmsgInt(c, 48, NativeUdp.SOL_UDP, NativeUdp.UDP_GRO)).isEqualTo(-1);
        }
    }

    /** The batched senders' stamping writes what the per-datagram ByteBuffer stores write, both counter widths. */
    @Test
    void aBatchIsStampedAsEachDatagramAlone() {
        for (UdpHeader header : new UdpHeader[] {UdpHeader.WIRESPEED, new UdpHeader(false)}) {
            int stride = 37; // odd: unaligned stores
            int count = 5;
            long clock = UdpHeader.clock(0x8123_4567, 654_321);
            long first = 0x01_0203_0405_06feL;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment batch = arena.allocate((long) stride * count);
                header.writeBatch(batch, stride, count, clock, first);
                ByteBuffer expected = ByteBuffer.allocate(stride * count);
                for (int k = 0; k < count; k++) {
                    header.writeClock(expected, k * stride, clock, first + k);
                }
                ByteBuffer got = batch.asByteBuffer();
                for (int k = 0; k < count; k++) {
                    for (int i = 0; i < header.bytes(); i++) {
                        assertThat(got.get(k * stride + i)).as("%s datagram %d byte %d", header, k, i)
                                .isEqualTo(expected.get(k * stride + i));
                    }
                    assertThat(header.counter(got, k * stride)).isEqualTo(header.counter64() ? first + k
                            : (first + k) & 0xffff_ffffL);
                    assertThat(UdpHeader.sentMicros(got, k * stride)).isEqualTo(0x8123_4567L * 1_000_000 + 654_321);
                }
            }
        }
    }

    @Test
    void theHeadersClockIsWrittenAsOneStoreWithIperf3sLayout() {
        ByteBuffer one = ByteBuffer.allocate(16);
        ByteBuffer other = ByteBuffer.allocate(16);
        UdpHeader.WIRESPEED.writeClock(one, 0, UdpHeader.clock(3, 999_999), 7);
        // iperf3's layout: big-endian uint32 seconds, uint32 microseconds, then the counter
        other.putInt(0, 3).putInt(4, 999_999).putLong(8, 7);
        assertThat(one.array()).isEqualTo(other.array());
        assertThat(UdpHeader.sentMicros(one, 0)).isEqualTo(3_999_999);
        ByteBuffer high = ByteBuffer.allocate(12);
        new UdpHeader(false).writeClock(high, 0, UdpHeader.clock(0x9000_0000, 5), 0xffff_fffeL);
        assertThat(UdpHeader.sentMicros(high, 0)).as("seconds above 2^31 stay unsigned")
                .isEqualTo(0x9000_0000L * 1_000_000 + 5);
        assertThat(new UdpHeader(false).counter(high, 0)).isEqualTo(0xffff_fffeL);
    }
}
