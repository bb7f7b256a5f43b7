package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.StoredResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The series the report draws: one line per other swept parameter, repetitions averaged, rates in bit/s. */
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
                .filter(c -> c.yLabel().equals("Bandwidth (bit/s)")).findFirst().orElseThrow();
        assertThat(bps.xLabel()).isEqualTo("Streams");
        assertThat(bps.bars()).isFalse();
        assertThat(bps.yRate()).isEqualTo("bit/s");
        assertThat(bps.yLog()).isFalse();
        assertThat(bps.series()).extracting(ChartSpec.Series::name).hasSize(2);
        ChartSpec.Series cubic = bps.series().stream().filter(s -> s.name().contains("cubic")).findFirst()
                .orElseThrow();
        assertThat(cubic.points()).extracting(p -> p[0]).containsExactly(1.0, 2.0, 4.0);
        // the two repetitions at 4 streams are averaged: (20 + 22) / 2 Gbit/s
        assertThat(cubic.points()).extracting(p -> p[1]).containsExactly(9e9, 18e9, 21e9);
        ChartSpec.Series bbr = bps.series().stream().filter(s -> s.name().contains("bbr")).findFirst().orElseThrow();
        assertThat(bbr.points()).extracting(p -> p[0]).containsExactly(1.0, 4.0);
        // each series its own colour
        assertThat(cubic.colour()).isNotEqualTo(bbr.colour()).isNotNegative();
    }
    private static StoredResult lat(long iterations, double avgMicros, String label) {
        Measurement m = new Measurement("wirespeed", "test", "tcp-lat",
                Map.of("protocol", "tcp", "sizeBytes", "64", "iterations", Long.toString(iterations)),
                List.of(Measurement.Metric.of(Measurement.Metrics.LATENCY_AVG_MICROS, avgMicros),
                        Measurement.Metric.of(Measurement.Metrics.LATENCY_P99_MICROS, avgMicros * 3)), null, null, null);
        long id = ++ids;
        return new StoredResult(id, id, "lat", "2026-11-30T10:00:00Z", "wirespeed lat", null, null, List.of(label), null,
                null, m, null, List.of(), ResultStatus.DONE, null);
    }

    @Test
    void iterationsAreASettingInTheCaptionNeverAnAxis() {
        List<StoredResult> rs = List.of(lat(300, 8, "lat"), lat(1000, 9, "lat"), lat(3000, 10, "lat"));
        ReportModel model = ReportBuilder.build("t", "now", "db", List.of(), rs);
        ChartSpec c = model.sections().getFirst().charts().getFirst();
        assertThat(c.bars()).isTrue();
        assertThat(c.xLabel()).doesNotContainIgnoringCase("iteration");
        assertThat(c.caption()).contains("iterations 300, 1000, 3000");
        assertThat(c.categories()).containsExactly("average", "p99");
        // the findings do not average across a parameter; these differ only in a setting, which they say
        assertThat(model.findings()).extracting(ReportModel.Finding::text)
                .anyMatch(t -> t.contains("mean of 3 alike results") && t.contains("differ only in settings (iterations 300–3000)"));
    }

    @Test
    void findingsNeverAverageAcrossASweptParameter() {
        List<StoredResult> rs = new ArrayList<>(List.of(tcp(1, "cubic", 15.41e9), tcp(2, "cubic", 35e9),
                tcp(4, "cubic", 55.84e9)));
        ReportModel model = ReportBuilder.build("t", "now", "db", List.of(), rs);
        List<String> texts = model.findings().stream().map(ReportModel.Finding::text).toList();
        assertThat(texts).noneMatch(t -> t.contains("on average") || t.contains("mean of"))
                .anyMatch(t -> t.contains("swept streams (3 points, not averaged across them): lowest 15.4 Gbit/s at "
                        + "streams=1, highest 55.8 Gbit/s at streams=4"));
    }
}
