package dev.wirespeed.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EtaTest {
    @Test
    void eachEngineIsCountedAtItsOwnPace() {
        Eta eta = new Eta();
        for (int i = 0; i < 4; i++) {
            eta.planned("fio");
            eta.planned("iperf3");
        }
        assertThat(eta.secondsLeft()).isNaN();
        eta.finished("fio", 60);
        // 3 fio points at 60 s, and iperf3 (not run yet) at the pace of all points: 4 × 60 s
        assertThat(eta.secondsLeft()).isEqualTo(3 * 60 + 4 * 60);
        eta.finished("iperf3", 10);
        // 3 fio at 60 s + 3 iperf3 at 10 s; a single average (35 s) would say 210 s
        assertThat(eta.secondsLeft()).isEqualTo(3 * 60 + 3 * 10);
    }
}
