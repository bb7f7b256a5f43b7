package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.wire.Message;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The TCP receiver of a trip-times test follows the writes through the byte stream whatever the
 * reads' split: a stamp split across reads, several writes in one read, a write's end in a later
 * read. Each case's latencies are known from the stamps and the read times fed in.
 */
class TripIoReaderTest {
    static final int WRITE = 100;

    /** {@code writes} writes of {@link #WRITE} bytes, write k sent at 1_000_000 + k * 10 ns. */
    static MemorySegment stream(int writes) {
        MemorySegment all = Arena.ofAuto().allocate((long) writes * WRITE);
        for (int k = 0; k < writes; k++) {
            TripIo.stamp(all.asSlice((long) k * WRITE), 1_000_000 + k * 10L, WRITE);
        }
        return all;
    }

    /** Feeds {@code stream} in reads of {@code split} bytes, read i at 2_000_000 + i ns. */
    static TripLog feed(MemorySegment stream, int split) {
        TripLog log = new TripLog(true);
        TripIo.Reader reader = new TripIo.Reader(log.recorder());
        MemorySegment buffer = Arena.ofAuto().allocate(split);
        int i = 0;
        for (long at = 0; at < stream.byteSize(); at += split, i++) {
            int n = (int) Math.min(split, stream.byteSize() - at);
            MemorySegment.copy(stream, at, buffer, 0, n);
            reader.read(buffer, n, 2_000_000 + i);
        }
        assertThat(reader.lost()).isFalse();
        return log;
    }

    @Test
    void oneReadPerWriteMeasuresEachOnce() {
        Message.TripTimes t = feed(stream(5), WRITE).interval(0, 1, false);
        assertThat(t.oneWay().count()).isEqualTo(5);
        assertThat(t.writeToRead().count()).isEqualTo(5);
        // write k read by read k: 2_000_000 + k - (1_000_000 + 10 k) = 1_000_000 - 9 k
        assertThat(t.oneWay().maxNanos()).isBetween(999_000L, 1_001_000L);
        assertThat(t.oneWay().minNanos()).isBetween(999_000L, 1_000_000L);
    }

    @Test
    void aStampSplitAcrossReadsIsMeasuredWhenItsLastByteArrives() {
        // reads of 7 bytes: the 16-byte stamp of write 0 completes in read 2, the write in read 14
        TripLog log = feed(stream(1), 7);
        Message.TripTimes t = log.interval(0, 1, false);
        assertThat(t.oneWay().count()).isEqualTo(1);
        assertThat(t.oneWay().minNanos()).isEqualTo(oneWayOf(2_000_002 - 1_000_000));
        assertThat(t.writeToRead().minNanos()).isEqualTo(oneWayOf(2_000_014 - 1_000_000));
    }

    @Test
    void severalWritesInOneReadAreEachMeasured() {
        Message.TripTimes t = feed(stream(10), 350).interval(0, 1, false);
        assertThat(t.oneWay().count()).isEqualTo(10);
        assertThat(t.writeToRead().count()).isEqualTo(10);
    }

    @Test
    void aStreamWithoutStampsStopsTheMeasuringNotTheTest() {
        TripLog log = new TripLog(true);
        TripIo.Reader reader = new TripIo.Reader(log.recorder());
        MemorySegment junk = Arena.ofAuto().allocate(64);
        junk.fill((byte) 7);
        reader.read(junk, 64, 5);
        assertThat(reader.lost()).isTrue();
        assertThat(log.interval(0, 1, false).oneWay().count()).isZero();
    }

    @Test
    void aReadBeforeTheStampCountsBelowZeroAsZero() {
        TripLog log = new TripLog(true);
        TripIo.Reader reader = new TripIo.Reader(log.recorder());
        MemorySegment one = stream(1);
        reader.read(one, WRITE, 999_000); // read 1 us before the write's stamp
        Message.TripTimes t = log.interval(0, 1, false);
        assertThat(t.oneWay().belowZero()).isEqualTo(1);
        assertThat(t.oneWay().maxNanos()).isZero();
        assertThat(log.total(0, 1).oneWay().belowZero()).isEqualTo(1);
    }

    @Test
    void theWarmUpStaysOutOfTheTotal() {
        TripLog log = new TripLog(true);
        TripIo.Reader reader = new TripIo.Reader(log.recorder());
        MemorySegment s = stream(3);
        reader.read(s.asSlice(0, WRITE), WRITE, 2_000_000);
        assertThat(log.interval(0, 1, true).oneWay().count()).isEqualTo(1);
        reader.read(s.asSlice(WRITE, 2 * WRITE), 2 * WRITE, 2_000_000);
        assertThat(log.interval(1, 2, false).oneWay().count()).isEqualTo(2);
        assertThat(log.total(1, 2).oneWay().count()).isEqualTo(2);
    }

    /** What a 3-significant-digit histogram keeps of {@code nanos} as its minimum. */
    static long oneWayOf(long nanos) {
        Histogram h = TripLog.histogram();
        h.recordValue(nanos);
        return h.getMinValue();
    }
}
