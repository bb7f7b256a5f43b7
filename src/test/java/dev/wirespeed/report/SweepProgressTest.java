package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SweepProgressTest {
    @Test
    void estimatesUpFrontThenAtThePaceOfTheSizesDone() {
        SweepProgress timed = new SweepProgress(23, 1.0, 0);
        assertThat(timed.estimate()).isEqualTo("sweep of 23 sizes: about 0:23 of measuring (1 s per size), plus "
                + "connecting and warm-up per size");
        // two sizes took 3 s: 21 left at 1.5 s each
        timed.step(1_500_000_000L);
        assertThat(timed.step(3_000_000_000L)).isEqualTo("[2/23, 0:32 left]");
        SweepProgress counted = new SweepProgress(1, null, 0);
        assertThat(counted.estimate()).contains("sweep of 1 size:").contains("after the first");
        assertThat(counted.step(5_000_000_000L)).isEqualTo("[1/1, 0:00 left]");
    }
}
