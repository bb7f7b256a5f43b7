package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.LatResult.LatRow;
import dev.wirespeed.results.LatResult.LatStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/** `lat` says when a tail percentile rests on fewer than 1,000 round trips above it. */
class LatTailNoteTest {
    private static LatRow row(int size, long iterations) {
        LatStats s = new LatStats(5, 90, 7, 8, 1, 20, 90, 90);
        return new LatRow(size, iterations, null, s, s, 1e5);
    }

    @Test
    void threeHundredRoundTripsMakeEveryTailColumnRoughAndTwoOfThemTheMaximum() {
        assertThat(LatText.tailNote(List.of(row(64, 300)))).isEqualTo("tail: 99%, 99.9% and 99.99% rest on fewer than "
                + "1,000 samples above them (3, 0.3 and 0.03 of 300 round trips): rough figures; 99.9% and 99.99% are "
                + "just the maximum; -n 10000000 makes 99.99% firm");
    }

    @Test
    void theDefaultCountLeavesTheTwoHighestRough() {
        assertThat(LatText.tailNote(List.of(row(64, 100_000)))).isEqualTo("tail: 99.9% and 99.99% rest on fewer than "
                + "1,000 samples above them (100 and 10 of 100000 round trips): rough figures; -n 10000000 makes 99.99% firm");
    }

    @Test
    void enoughRoundTripsSayNothingAndASweepCountsItsSmallestSize() {
        assertThat(LatText.tailNote(List.of(row(64, 10_000_000)))).isNull();
        assertThat(LatText.tailNote(List.of(row(2, 50_000_000), row(8, 200_000)))).isEqualTo("tail: 99.9% and 99.99% rest "
                + "on fewer than 1,000 samples above them (200 and 20 of 200000 round trips, in the size with fewest): "
                + "rough figures; -n 10000000 makes 99.99% firm");
    }
}
