package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IntervalSamplerTest {
    private static final long S = 1_000_000_000L;

    private static IntervalSampler sampler(long interval, long omit, long plannedEnd, List<IntervalSampler.Sample> out) {
        return new IntervalSampler(List.of(new StreamCounter(0, false)), interval, omit, plannedEnd, out::add);
    }

    private static List<Long> boundaries(IntervalSampler s) {
        List<Long> b = new ArrayList<>();
        long after = 0;
        for (int i = 0; i < 1000; i++) {
            long next = s.nextBoundary(after);
            if (next < 0) {
                break;
            }
            b.add(next);
            after = next;
        }
        return b;
    }

    @Test
    void tenSecondsEverySecondHasNineBoundariesThenTheFinalSample() {
        assertThat(boundaries(sampler(S, 0, 10 * S, new ArrayList<>())))
                .containsExactly(S, 2 * S, 3 * S, 4 * S, 5 * S, 6 * S, 7 * S, 8 * S, 9 * S);
    }

    @Test
    void warmUpEndIsAlwaysSampledEvenOffTheGrid() {
        assertThat(boundaries(sampler(S, 1_500_000_000L, 4 * S, new ArrayList<>())))
                .containsExactly(S, 1_500_000_000L, 2 * S, 3 * S);
    }

    @Test
    void noIntervalsStillSamplesTheWarmUpEnd() {
        assertThat(boundaries(sampler(0, 2 * S, 5 * S, new ArrayList<>()))).containsExactly(2 * S);
        assertThat(boundaries(sampler(0, 0, 5 * S, new ArrayList<>()))).isEmpty();
    }

    @Test
    void byteBoundedTestsSampleUntilFinished() {
        List<Long> b = boundaries(sampler(S, 0, 0, new ArrayList<>()));
        assertThat(b).hasSize(1000).startsWith(S, 2 * S);
    }

    @Test
    void finishEmitsTheLastIntervalWithEveryRemainingByte() throws Exception {
        List<IntervalSampler.Sample> out = new ArrayList<>();
        StreamCounter c = new StreamCounter(0, false);
        IntervalSampler s = new IntervalSampler(List.of(c), 0, 0, 0, out::add);
        s.start(System.nanoTime());
        c.add(1000);
        s.finish(System.nanoTime());
        assertThat(out).hasSize(1);
        assertThat(out.getFirst().bytes()).containsExactly(1000);
        assertThat(out.getFirst().last()).isTrue();
        assertThat(out.getFirst().omitted()).isFalse();
    }

    @Test
    void aTestThatEndsInsideTheWarmUpMeasuresNothing() {
        List<IntervalSampler.Sample> out = new ArrayList<>();
        StreamCounter c = new StreamCounter(0, false);
        IntervalSampler s = new IntervalSampler(List.of(c), 0, 3600 * S, 0, out::add);
        long t0 = System.nanoTime();
        s.start(t0);
        c.add(500);
        s.finish(t0 + S);
        assertThat(s.bytesAtOmit()).containsExactly(500);
        assertThat(out.getFirst().omitted()).isTrue();
    }
}
