package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.CrrResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.LoadedLatencyResult;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Golden;
import dev.wirespeed.testing.JsonSchemas;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 point 7 for the two new kinds: latency under load (bw --latency) and connection rate
 * (lat --connect). Fixtures are real outputs: src/test/resources/golden/loaded-latency-tbf.json (a
 * 20 Mbit/s tbf with a 1 MB queue between two namespaces) and crr-loopback.json (loopback, -P 2).
 * Each passes its schema, renders to its golden text, converts to the store's model, and draws
 * its chart in the report.
 */
class LoadAndConnectKindsTest {
    static final Path LOADED = Path.of("src/test/resources/golden/loaded-latency-tbf.json");
    static final Path CRR = Path.of("src/test/resources/golden/crr-loopback.json");

    static LoadedLatencyResult loaded() throws IOException {
        return Json.MAPPER.readValue(Files.readString(LOADED), LoadedLatencyResult.class);
    }

    static CrrResult crr() throws IOException {
        return Json.MAPPER.readValue(Files.readString(CRR), CrrResult.class);
    }

    @Test
    void fixturesPassTheirSchemas() throws IOException {
        assertThat(JsonSchemas.errors("loaded-latency.schema.json", Files.readString(LOADED))).isEmpty();
        assertThat(JsonSchemas.errors("crr.schema.json", Files.readString(CRR))).isEmpty();
        // and what we print from the model is what we read
        assertThat(JsonSchemas.errors("loaded-latency.schema.json", Json.pretty(loaded()))).isEmpty();
        assertThat(JsonSchemas.errors("crr.schema.json", Json.pretty(crr()))).isEmpty();
    }

    @Test
    void loadedLatencyText() throws IOException {
        LoadedLatencyResult r = loaded();
        Golden.assertMatches("loaded-latency-tbf.txt", Golden.render(out -> {
            LoadedLatencyText text = new LoadedLatencyText(out, RateUnit.ADAPTIVE);
            text.pinging(r.params());
            text.summary(r);
        }));
    }

    @Test
    void connectionRateText() throws IOException {
        CrrResult r = crr();
        Golden.assertMatches("crr-loopback.txt", Golden.render(out -> {
            CrrText text = new CrrText(out);
            text.header(r.server(), r.params());
            text.summary(r);
        }));
    }

    @Test
    void theVerdictReadsTheMedian() {
        assertThat(LoadedLatencyText.verdict(41_000, 160)).startsWith("a queue builds");
        assertThat(LoadedLatencyText.verdict(2_000, 160)).isEqualTo("some queueing");
        assertThat(LoadedLatencyText.verdict(30, 160)).isEqualTo("little queueing");
    }

    @Test
    void storeModelsCarryTheHeadlineFiguresAndTheTimeline() throws IOException {
        LoadedLatencyResult r = loaded();
        Measurement m = Measurements.of(r);
        assertThat(m.test()).isEqualTo(Measurement.Tests.LOADED_TCP_LAT);
        assertThat(m.metric(Metrics.ADDED_RTT_P99_MICROS).orElseThrow().value()).isEqualTo(r.addedMicros().p99());
        assertThat(m.metric(Metrics.IDLE_RTT_P50_MICROS).orElseThrow().unit()).isEqualTo("us");
        assertThat(m.intervals()).hasSize(r.timeline().intervals().size());
        assertThat(m.intervals().getFirst().metrics()).extracting(Measurement.Metric::name)
                .doesNotContain(Metrics.BITS_PER_SECOND).contains(Metrics.RTT_P99_MICROS);
        assertThat(m.intervals().getLast().metrics()).extracting(Measurement.Metric::name)
                .contains(Metrics.BITS_PER_SECOND, Metrics.RTT_P50_MICROS);

        Measurement c = Measurements.of(crr());
        assertThat(c.test()).isEqualTo(Measurement.Tests.TCP_CRR);
        assertThat(c.metric(Metrics.TRANSACTIONS_PER_SECOND).orElseThrow().value())
                .isEqualTo(crr().transactionsPerSecond());
        assertThat(c.metric(Metrics.CONNECT_P99_MICROS)).isPresent();
        assertThat(c.metric(Metrics.FAILURES).orElseThrow().value()).isZero();
    }

    @Test
    void theReportDrawsBandwidthAndLatencyOnOneTimeAxis() throws IOException {
        StoredResult l = stored(1, "bw", Measurements.of(loaded()));
        StoredResult c = stored(2, "lat", Measurements.of(crr()));
        ReportModel model = ReportBuilder.build("t", "2026-12-05T00:00:00Z", "db", List.of(), List.of(l, c), null,
                Map.of());
        ChartSpec chart = model.sections().stream().filter(s -> s.title().equals("latency under load"))
                .flatMap(s -> s.charts().stream()).findFirst().orElseThrow();
        assertThat(chart.x()).isEqualTo(ChartSpec.XAxis.TIME);
        assertThat(chart.series()).extracting(ChartSpec.Series::name).containsExactly("bandwidth", "RTT p50", "RTT p99");
        assertThat(chart.secondary().label()).isEqualTo("Round trip (ms)");
        assertThat(chart.onSecondary(0)).isFalse();
        assertThat(chart.onSecondary(2)).isTrue();
        // the load's rows have a rate; every row has round trips, idle ones first
        assertThat(chart.series().get(0).points()).hasSize((int) loaded().timeline().intervals().stream()
                .filter(i -> i.bitsPerSecond() != null).count());
        assertThat(chart.series().get(2).points().getFirst()[0])
                .isLessThan(chart.series().get(0).points().getFirst()[0]);
        // the recorded run's idle p99 caught a stall of the shared host; its median shows the queue
        assertThat(chart.caption()).contains("bufferbloat: -0.590 ms at p99, +27.150 ms at p50");
        String svg = Charts.svg(chart);
        assertThat(svg).contains("Round trip (ms)").contains("Bandwidth (bit/s)");
        assertThat(model.sections()).anySatisfy(s -> assertThat(s.charts()).anySatisfy(
                x -> assertThat(x.title()).startsWith("tcp-crr")));
        StringWriter html = new StringWriter();
        HtmlReport.write(model, new PrintWriter(html));
        assertThat(html.toString()).contains("latency under load").contains("RTT p99");
    }

    private static StoredResult stored(long id, String kind, Measurement m) {
        return new StoredResult(id, id, kind, "2026-12-05T00:00:00Z", "wirespeed " + kind, null, null, List.of("lab"),
                null, null, m, null, List.of(), ResultStatus.DONE, null);
    }
}
