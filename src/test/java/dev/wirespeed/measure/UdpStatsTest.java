package dev.wirespeed.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UdpStatsTest {
    /**
     * RFC 3550 A.8: D(i-1,i) = (R_i − R_(i-1)) − (S_i − S_(i-1)); J += (|D| − J) / 16, starting at 0
     * with the second packet. Sender times 0, 1000, 2000, 3000, 4000 µs; arrivals 100, 1150, 2080,
     * 3200, 4100 µs, so transits 100, 150, 80, 200, 100 and |D| = 50, 70, 120, 100.
     */
    @Test
    void jitterFollowsRfc3550() {
        long[] sent = {0, 1000, 2000, 3000, 4000};
        long[] arrived = {100, 1150, 2080, 3200, 4100};
        UdpStats stats = new UdpStats();
        for (int i = 0; i < sent.length; i++) {
            stats.record(i + 1, sent[i], arrived[i], 100);
        }
        double j = 0;
        j += (50 - j) / 16;   // 3.125
        j += (70 - j) / 16;   // 7.3046875
        j += (120 - j) / 16;  // 14.34814453125
        j += (100 - j) / 16;  // 19.701385498046875
        assertThat(j).isEqualTo(19.701385498046875);
        assertThat(stats.snapshot().jitterMicros()).isEqualTo(j);
    }

    @Test
    void constantTransitHasNoJitterWhateverTheClockOffset() {
        UdpStats stats = new UdpStats();
        for (int i = 0; i < 100; i++) {
            stats.record(i + 1, 1_000L * i, 7_777_777L + 1_000L * i, 100);
        }
        assertThat(stats.snapshot().jitterMicros()).isZero();
    }

    @Test
    void gapsAreLostAndLateArrivalsAreOutOfOrder() {
        UdpStats stats = new UdpStats();
        for (long counter : new long[] {1, 2, 4, 3, 5, 9}) {
            stats.record(counter, 0, 0, 10);
        }
        UdpStats.Snapshot s = stats.snapshot();
        assertThat(s.packets()).isEqualTo(6);
        assertThat(s.bytes()).isEqualTo(60);
        assertThat(s.outOfOrder()).isEqualTo(1);
        assertThat(s.lost()).isEqualTo(3); // 3 was late, not lost; 6, 7, 8 never came
        assertThat(s.total()).isEqualTo(9);
    }

    @Test
    void intervalCountsAreDifferencesAndJitterIsCurrent() {
        UdpStats stats = new UdpStats();
        stats.record(1, 0, 10, 10);
        stats.record(2, 100, 130, 10);
        UdpStats.Snapshot first = stats.snapshot();
        stats.record(5, 200, 210, 10);
        UdpStats.Snapshot delta = stats.snapshot().minus(first);
        assertThat(delta.packets()).isEqualTo(1);
        assertThat(delta.lost()).isEqualTo(2);
        assertThat(delta.jitterMicros()).isEqualTo(stats.snapshot().jitterMicros());
    }
}
