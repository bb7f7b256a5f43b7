package dev.wirespeed.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.results.LatResult.LatStats;
import org.junit.jupiter.api.Test;

class LatencyRecorderTest {
    @Test
    void oneWayIsHalfTheRoundTripInMicroseconds() {
        LatencyRecorder r = new LatencyRecorder();
        for (int i = 1; i <= 10_000; i++) {
            r.record(i * 1_000L); // 1 µs … 10 ms round trips
        }
        LatStats rtt = r.roundTripMicros();
        LatStats oneWay = r.oneWayMicros();
        assertThat(r.count()).isEqualTo(10_000);
        assertThat(rtt.min()).isCloseTo(1, within(0.01));
        assertThat(rtt.max()).isCloseTo(10_000, within(10.0));
        assertThat(rtt.p50()).isCloseTo(5_000, within(5.0));
        assertThat(rtt.p99()).isCloseTo(9_900, within(10.0));
        assertThat(rtt.p999()).isCloseTo(9_990, within(10.0));
        assertThat(rtt.average()).isCloseTo(5_000.5, within(5.0));
        assertThat(oneWay.p50()).isCloseTo(rtt.p50() / 2, within(0.001));
        assertThat(oneWay.max()).isCloseTo(rtt.max() / 2, within(0.001));
        r.reset();
        assertThat(r.count()).isZero();
    }
}
