package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.measure.KernelClock;
import dev.wirespeed.wire.Message;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The receiver's judgement of frames from their datagrams' frame fields. */
class FrameLogTest {
    private static final long PERIOD = 100_000_000L; // 10 frames/s
    private static final long MS = 1_000_000L;

    /** Frame fields at index 0: id, index, count, start (µs on the sender's clock). */
    private static ByteBuffer fields(long id, int index, int count, long startMicros) {
        ByteBuffer b = ByteBuffer.allocate(20);
        b.putInt(0, (int) id);
        b.putInt(4, index);
        b.putInt(8, count);
        b.putLong(12, startMicros);
        return b;
    }

    /** Frame {@code id} sent at id × 100 ms, its datagrams arriving {@code transitMillis} later, 1 ms apart. */
    private static void frame(FrameLog log, long id, int count, long transitMillis, int... missing) {
        long start = id * PERIOD;
        outer:
        for (int k = 0; k < count; k++) {
            for (int m : missing) {
                if (m == k) {
                    continue outer;
                }
            }
            log.datagram(fields(id, k, count, start / 1000), 0, start + transitMillis * MS + k * MS);
        }
    }

    @Test
    void framesAreCompleteIncompleteOrLost() {
        FrameLog log = new FrameLog(PERIOD, false);
        frame(log, 1, 3, 5);
        frame(log, 2, 3, 5, 1); // its middle datagram lost
        frame(log, 4, 3, 5); // frame 3 never came
        frame(log, 5, 3, 5);
        Message.FrameCounts c = log.total();
        assertThat(c.complete()).isEqualTo(3);
        assertThat(c.incomplete()).isEqualTo(1);
        assertThat(c.lost()).isEqualTo(1);
        assertThat(c.late()).isZero();
        assertThat(c.jitterMicros()).isZero(); // every frame took the same time
        assertThat(c.latency()).isNull(); // no common clock
    }

    @Test
    void aFrameSlowerThanTheFastestByMoreThanAPeriodIsLate() {
        FrameLog log = new FrameLog(PERIOD, false);
        frame(log, 1, 2, 5);
        frame(log, 2, 2, 50); // 45 ms slower: not late
        frame(log, 3, 2, 200); // 195 ms slower: late
        frame(log, 4, 2, 6);
        Message.FrameCounts c = log.total();
        assertThat(c.complete()).isEqualTo(4);
        assertThat(c.late()).isEqualTo(1);
        assertThat(c.jitterMicros()).isPositive();
    }

    @Test
    void theClocksOffsetDoesNotMakeFramesLate() {
        // the receiver's clock an hour ahead of the sender's: every transit is an hour, none is late
        FrameLog log = new FrameLog(PERIOD, false);
        long hour = 3_600_000L;
        for (int id = 1; id <= 5; id++) {
            frame(log, id, 2, hour);
        }
        assertThat(log.total().late()).isZero();
        assertThat(log.total().complete()).isEqualTo(5);
    }

    @Test
    void stragglersAndDuplicatesOfAJudgedFrameAreIgnored() {
        FrameLog log = new FrameLog(PERIOD, false);
        frame(log, 1, 2, 5);
        frame(log, 2, 2, 5, 1);
        frame(log, 3, 2, 5);
        // frame 2's missing datagram, after frame 3: too late to complete it
        log.datagram(fields(2, 1, 2, 2 * PERIOD / 1000), 0, 3 * PERIOD + 20 * MS);
        // a duplicate of frame 3's first
        log.datagram(fields(3, 0, 2, 3 * PERIOD / 1000), 0, 3 * PERIOD + 21 * MS);
        Message.FrameCounts c = log.total();
        assertThat(c.complete()).isEqualTo(2);
        assertThat(c.incomplete()).isEqualTo(1);
        assertThat(c.lost()).isZero();
    }

    @Test
    void theFrameInProgressAtTheEndIsNotCounted() {
        FrameLog log = new FrameLog(PERIOD, false);
        frame(log, 1, 3, 5);
        frame(log, 2, 3, 5, 2); // the sender stopped before its last datagram
        assertThat(log.total().complete()).isEqualTo(1);
        assertThat(log.total().incomplete()).isZero();
    }

    @Test
    void intervalsCountTheirOwnFramesAndTheTotalStartsAfterTheWarmUp() {
        FrameLog log = new FrameLog(PERIOD, false);
        frame(log, 1, 2, 5);
        frame(log, 2, 2, 5);
        Message.FrameCounts warmUp = log.interval(true);
        assertThat(warmUp.complete()).isEqualTo(2);
        frame(log, 3, 2, 5);
        frame(log, 4, 2, 5, 0);
        frame(log, 5, 2, 5);
        Message.FrameCounts second = log.interval(false);
        assertThat(second.complete()).isEqualTo(2);
        assertThat(second.incomplete()).isEqualTo(1);
        frame(log, 6, 2, 5);
        frame(log, 7, 2, 5);
        Message.FrameCounts total = log.total();
        assertThat(total.complete()).isEqualTo(4); // 3, 5, 6 and 7 (7 judged when its last datagram came)
        assertThat(total.incomplete()).isEqualTo(1);
    }

    @Test
    void withTheWallClockEachFramesLatencyIsMeasured() {
        FrameLog log = new FrameLog(PERIOD, true);
        // the header's clock is the wall clock: a frame sent now (wall) arriving now (nanoTime) took ~0
        long offset = KernelClock.realtimeOffsetNanos();
        long arrival = System.nanoTime();
        long sentWallMicros = (arrival + offset) / 1000 - 3_000; // sent 3 ms before it arrived
        log.datagram(fields(1, 0, 1, sentWallMicros), 0, arrival);
        Message.FrameCounts c = log.total();
        assertThat(c.latency()).isNotNull();
        assertThat(c.latency().count()).isEqualTo(1);
        assertThat(c.latency().p50Nanos()).isBetween(2_900_000L, 3_100_000L);
    }

    @Test
    void withTheWallClockAFrameIsLateWhenItsLatencyExceedsAPeriod() {
        FrameLog log = new FrameLog(PERIOD, true);
        long offset = KernelClock.realtimeOffsetNanos();
        long arrival = System.nanoTime();
        // the first frame took 150 ms: late though no faster frame came before it
        log.datagram(fields(1, 0, 1, (arrival + offset) / 1000 - 150_000), 0, arrival);
        log.datagram(fields(2, 0, 1, (arrival + offset) / 1000 - 2_000 + 100_000), 0, arrival + PERIOD);
        Message.FrameCounts c = log.total();
        assertThat(c.complete()).isEqualTo(2);
        assertThat(c.late()).isEqualTo(1);
    }
}
