package dev.wirespeed.parse;

import static dev.wirespeed.parse.BenchParsersTest.metric;
import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Several iperf runs in one paste, each its own result (issue 31): runs under their own labels or headings
 * were read so already; totals pasted one after another with nothing between (a loop reduced by grep or tail)
 * were summed as if they were one run's parallel streams ("12.0 Gbit/s" for runs of 1, 2 and 3 Gbit/s).
 */
class IperfRunsPastedTest {
    private static List<Measurement> measurements(String path) {
        return Fixture.blocks(path).stream().flatMap(b -> b.measurements().stream()).toList();
    }

    @Test
    void iperf3TotalsOfALoopAreOneRunEach() {
        List<Measurement> runs = measurements("iperf/iperf3-3.12-loop-grep-sender-receiver-three-runs-loopback.txt");
        assertThat(runs).extracting(m -> metric(m, Metrics.BITS_PER_SECOND)).containsExactly(998e6, 1.99e9, 3.00e9);
        assertThat(runs).allSatisfy(m -> assertThat(m.params()).containsEntry("streams", "1"));
    }

    @Test
    void iperf2TotalsOfALoopAreOneRunEach() {
        List<Measurement> runs = measurements("iperf/iperf2-2.1.8-loop-tail-1-three-runs-loopback.txt");
        assertThat(runs).extracting(m -> metric(m, Metrics.BITS_PER_SECOND)).containsExactly(33.0e9, 11.5e9, 22.8e9);
    }

    /**
     * With -i equal to -t iperf 2 prints the interval from 0 and then the total from 0: one run, not two, and its
     * result the total's (main took both lines for totals of one stream and added them: 30.3 Gbit/s).
     */
    @Test
    void iperf2IntervalThenTotalOfOneRunStayOneRun() {
        List<Measurement> runs = measurements("iperf/iperf2-2.1.8-client-i-equals-t-interval-then-total-loopback.txt");
        assertThat(runs).hasSize(1);
        assertThat(metric(runs.getFirst(), Metrics.BITS_PER_SECOND)).isEqualTo(15.1e9);
    }
}
