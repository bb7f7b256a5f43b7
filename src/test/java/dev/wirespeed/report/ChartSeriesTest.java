package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.StoredResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The series the report draws: one line per other swept parameter, repetitions averaged, y in the chart's unit. */
class ChartSeriesTest {
    private static long ids;

    static StoredResult tcp(int streams, String congestion, double bitsPerSecond) {
        Measurement m = new Measurement("wirespeed", "test", "tcp-bw",
                Map.of("streams", Integer.toString(streams), "congestion", congestion),
                List.of(Measurement.Metric.of(Measurement.Metrics.BITS_PER_SECOND, bitsPerSecond)), null, null, null);
        long id = ++ids;
        return new StoredResult(id, 1, "run", "2026-11-30T10:00:00Z", "wirespeed run plan.yaml", "p" + id, 1,
                List.of(), null, null, m, null, List.of("streams", "congestion"), ResultStatus.DONE, null);
    }

    @Test
    void aStreamsGridBecomesOneLinePerCongestionAlgorithm() {
        List<StoredResult> rs = new ArrayList<>(List.of(
                tcp(1, "cubic", 9e9), tcp(2, "cubic", 18e9), tcp(4, "cubic", 20e9), tcp(4, "cubic", 22e9),
                tcp(1, "bbr", 8e9), tcp(4, "bbr", 19e9)));
        ReportModel model = ReportBuilder.build("t", "now", "db", List.of("run:1"), rs);
        ChartSpec bps = model.sections().getFirst().charts().stream()
                .filter(c -> c.yLabel().contains("Gbit/s")).findFirst().orElseThrow();
        assertThat(bps.xLabel()).isEqualTo("Streams");
        assertThat(bps.bars()).isFalse();
        assertThat(bps.series()).extracting(ChartSpec.Series::name).hasSize(2);
        ChartSpec.Series cubic = bps.series().stream().filter(s -> s.name().contains("cubic")).findFirst()
                .orElseThrow();
        assertThat(cubic.points()).extracting(p -> p[0]).containsExactly(1.0, 2.0, 4.0);
        // the two repetitions at 4 streams are averaged: (20 + 22) / 2 Gbit/s
        assertThat(cubic.points()).extracting(p -> p[1]).containsExactly(9.0, 18.0, 21.0);
        ChartSpec.Series bbr = bps.series().stream().filter(s -> s.name().contains("bbr")).findFirst().orElseThrow();
        assertThat(bbr.points()).extracting(p -> p[0]).containsExactly(1.0, 4.0);
    }
}
