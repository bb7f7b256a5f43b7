package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.TestSpec;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The clock half of a client's wait for the end, at chosen instants (no real time passes). */
class TestClockTest {
    private static final long T0 = 1_000_000_000L;

    @Test
    void aTimedTestEndsAfterItsWarmUpAndDurationAndCtrlCEndsItEarlier() {
        TestSpec spec = TestSpec.tcpBandwidth().durationMillis(2000).omitMillis(1000).build();
        AtomicBoolean interrupted = new AtomicBoolean();
        TestClock clock = TestClock.of(spec, T0, interrupted::get);
        long end = T0 + TimeUnit.SECONDS.toNanos(3);
        assertThat(clock.endNanos()).isEqualTo(end);
        assertThat(clock.due(end - 1)).isNull();
        assertThat(clock.due(end)).isEqualTo(OutcomeStatus.OK);
        interrupted.set(true);
        assertThat(clock.due(end - 1)).isEqualTo(OutcomeStatus.INTERRUPTED);
        assertThat(clock.due(end)).as("the time was up first").isEqualTo(OutcomeStatus.OK);
    }

    @Test
    void aByteBoundedTestHasNoEndByTheClock() {
        TestSpec spec = TestSpec.tcpBandwidth().durationMillis(0).bytes(1 << 20).build();
        TestClock clock = TestClock.of(spec, T0, () -> false);
        assertThat(clock.endNanos()).isEqualTo(Long.MAX_VALUE);
        assertThat(clock.due(Long.MAX_VALUE - 1)).isNull();
    }
}
