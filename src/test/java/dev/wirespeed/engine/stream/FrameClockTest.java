package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.wire.Isochronous;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The sender's frame clock: sizes, the datagrams a frame takes, slips, and the frame fields on the wire. */
class FrameClockTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void frameSizesFollowTheLogNormalOfTheGivenMeanAndStdev() {
        // 60:20m,5m: a frame is 333,333 bits on average, stdev 83,333
        FrameClock c = new FrameClock(new Isochronous(60, 20_000_000, 5_000_000), 1472, 7);
        int n = 200_000;
        double sum = 0;
        double squares = 0;
        double min = Double.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            double x = c.frameBits();
            sum += x;
            squares += x * x;
            min = Math.min(min, x);
        }
        double mean = sum / n;
        double sd = Math.sqrt(squares / n - mean * mean);
        assertThat(mean).isCloseTo(333_333, within(333_333 * 0.01));
        assertThat(sd).isCloseTo(83_333, within(83_333 * 0.03));
        assertThat(min).isPositive(); // log-normal: never a negative frame
    }

    @Test
    void withoutStdevEveryFrameIsTheMean() {
        FrameClock c = new FrameClock(new Isochronous(60, 20_000_000, 0), 1472, 1);
        assertThat(c.frameBits()).isEqualTo(20_000_000 / 60.0);
        assertThat(c.frameBits()).isEqualTo(20_000_000 / 60.0);
    }

    @Test
    void wholeDatagramsCarryTheMeanOnAverage() {
        // 333,333 bits = 28.3 datagrams of 1472 B: frames of 28 and 29 whose average is the mean
        FrameClock c = new FrameClock(new Isochronous(60, 20_000_000, 0), 1472, 1);
        long datagrams = 0;
        for (int i = 0; i < 600; i++) {
            int n = c.datagrams(c.frameBits());
            assertThat(n).isBetween(28, 29);
            datagrams += n;
        }
        assertThat(datagrams * 1472 * 8.0 / 10).isCloseTo(20_000_000, within(1472 * 8.0));
        // a frame smaller than one datagram still sends one
        FrameClock tiny = new FrameClock(new Isochronous(10, 1_000, 0), 1472, 1);
        assertThat(tiny.datagrams(tiny.frameBits())).isEqualTo(1);
    }

    @Test
    void ticksPassedWhileTheSenderWasLateAreSlipsAndIdsStayConsecutive() {
        FrameClock c = new FrameClock(new Isochronous(10, 1_000_000, 0), 1000, 1); // 100 ms period, 12.5 datagrams a frame
        long origin = 5 * SECOND;
        assertThat(c.nextDueNanos(origin)).isEqualTo(origin);
        c.begin(origin + 1_000, origin, 0);
        c.sent(c.remaining());
        assertThat(c.framesSent()).isEqualTo(1);
        assertThat(c.nextDueNanos(origin)).isEqualTo(origin + SECOND / 10);
        // woke 350 ms after the start: ticks 1 and 2 passed, tick 3's frame goes now
        c.begin(origin + 350_000_000, origin, 0);
        assertThat(c.slips()).isEqualTo(2);
        ByteBuffer b = ByteBuffer.allocate(64);
        c.write(b, 16, 0);
        assertThat(b.getInt(16)).isEqualTo(2); // the second frame sent
        c.sent(c.remaining());
        assertThat(c.nextDueNanos(origin)).isEqualTo(origin + 4 * SECOND / 10);
        assertThat(c.framesSent()).isEqualTo(2);
    }

    @Test
    void aFrameSentInPartsCountsOnceItsLastDatagramLeft() {
        FrameClock c = new FrameClock(new Isochronous(10, 1_000_000, 0), 1000, 1);
        c.begin(0, 0, 0);
        int n = c.remaining();
        c.sent(n - 1);
        assertThat(c.framesSent()).isZero();
        assertThat(c.remaining()).isEqualTo(1);
        c.sent(1);
        assertThat(c.framesSent()).isEqualTo(1);
        assertThat(c.remaining()).isZero();
    }

    @Test
    void theFrameFieldsAreTheSameWrittenOneByOneOrAsABatch() {
        FrameClock c = new FrameClock(new Isochronous(10, 1_000_000, 0), 100, 1);
        c.begin(2_500_000_000L, 0, 1_000_000_000L); // its start: 1.5 s on the header's clock
        c.sent(3);
        int stride = 100;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment data = arena.allocate(stride * 4L);
            c.write(data, stride, 4, 16);
            ByteBuffer batch = data.asByteBuffer();
            for (int k = 0; k < 4; k++) {
                ByteBuffer one = ByteBuffer.allocate(stride);
                c.write(one, 16, k);
                assertThat(batch.slice(k * stride, stride)).isEqualTo(one);
                assertThat(one.getInt(16)).isEqualTo(1);
                assertThat(one.getInt(20)).isEqualTo(3 + k);
                assertThat(one.getInt(24)).isEqualTo(125); // 1 Mbit/s / 10 fps = 12,500 B = 125 datagrams of 100 B
                assertThat(one.getLong(28)).isEqualTo(1_500_000);
            }
        }
    }
}
