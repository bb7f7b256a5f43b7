package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.results.TripTimesResult;
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
 * Issue 29 point 7 for one-way latency (bw --trip-times). Fixtures are real outputs of this host:
 * src/test/resources/golden/trip-times-tcp-loopback.json ({@code bw --loopback --trip-times -t 3 -P 1
 * -J}) and trip-times-udp-loopback.json ({@code bw --loopback --udp -b 100M --trip-times -t 3 -J}).
 * Each passes its schema, renders to its golden text, converts to the store's model, and draws its
 * chart in the report.
 */
class TripTimesKindTest {
    static final Path TCP = Path.of("src/test/resources/golden/trip-times-tcp-loopback.json");
    static final Path UDP = Path.of("src/test/resources/golden/trip-times-udp-loopback.json");

    static TripTimesResult read(Path p) throws IOException {
        return Json.MAPPER.readValue(Files.readString(p), TripTimesResult.class);
    }

    @Test
    void fixturesPassTheSchema() throws IOException {
        for (Path p : List.of(TCP, UDP)) {
            assertThat(JsonSchemas.errors("trip-times.schema.json", Files.readString(p))).as(p.toString()).isEmpty();
            assertThat(JsonSchemas.errors("trip-times.schema.json", Json.pretty(read(p)))).as(p.toString()).isEmpty();
        }
    }

    @Test
    void theSchemaRefusesAResultWithoutItsClocks() throws IOException {
        String without = Files.readString(TCP).replaceFirst("\"clocks\"", "\"clockz\"");
        assertThat(JsonSchemas.errors("trip-times.schema.json", without)).isNotEmpty();
    }

    @Test
    void tcpText() throws IOException {
        TripTimesResult r = read(TCP);
        Golden.assertMatches("trip-times-tcp-loopback.txt", Golden.render(out -> {
            TripTimesText text = new TripTimesText(out, RateUnit.ADAPTIVE);
            text.clocks(r.clocks());
            text.summary(r);
        }));
    }

    @Test
    void udpText() throws IOException {
        TripTimesResult r = read(UDP);
        Golden.assertMatches("trip-times-udp-loopback.txt", Golden.render(out -> {
            TripTimesText text = new TripTimesText(out, RateUnit.ADAPTIVE);
            text.clocks(r.clocks());
            text.summary(r);
        }));
    }

    @Test
    void twoKernelsPrintTheirErrorBoundBesideTheFigures() throws IOException {
        TripTimesResult r = read(UDP);
        TripTimesResult.Clocks two = new TripTimesResult.Clocks(TripTimesResult.Clocks.SYNCHRONISED, 1_540, 80,
                r.clocks().client(), r.clocks().server(), "clocks: two kernels");
        TripTimesResult shifted = new TripTimesResult(r.schema(), r.tool(), r.startedAt(), r.server(), r.params(), two,
                r.oneWay(), r.writeToRead(), r.inProgressBytes(), r.timeline(), r.bandwidth(), r.udpBandwidth(),
                r.outcome());
        String text = Golden.render(out -> new TripTimesText(out, RateUnit.ADAPTIVE).summary(shifted));
        assertThat(text).contains("One-way latency, client to server (ms, each ±1.540 (sum of both clocks' maxerror))");
        assertThat(Golden.render(out -> new TripTimesText(out, RateUnit.ADAPTIVE).summary(r)))
                .contains("One-way latency, client to server (ms)\n");
    }

    @Test
    void storeModelsCarryTheOneWayFiguresAndTheTimeline() throws IOException {
        TripTimesResult t = read(TCP);
        Measurement m = Measurements.of(t);
        assertThat(m.test()).isEqualTo(Measurement.Tests.TCP_TRIP);
        assertThat(m.metric(Metrics.ONE_WAY_P50_MICROS).orElseThrow().value()).isEqualTo(t.oneWay().p50Micros());
        assertThat(m.metric(Metrics.WRITE_TO_READ_P99_MICROS).orElseThrow().value())
                .isEqualTo(t.writeToRead().p99Micros());
        assertThat(m.metric(Metrics.ONE_WAY_P99_MICROS).orElseThrow().unit()).isEqualTo("us");
        assertThat(m.metric(Metrics.CLOCK_ERROR_BOUND_MICROS).orElseThrow().value()).isZero();
        assertThat(m.params()).containsEntry("clocks", "one-kernel").containsEntry("protocol", "tcp");
        assertThat(m.intervals()).hasSize(t.timeline().size());
        assertThat(m.intervals().getFirst().metrics()).extracting(Measurement.Metric::name)
                .contains(Metrics.BITS_PER_SECOND, Metrics.ONE_WAY_P50_MICROS, Metrics.ONE_WAY_P99_MICROS);

        Measurement u = Measurements.of(read(UDP));
        assertThat(u.test()).isEqualTo(Measurement.Tests.UDP_TRIP);
        assertThat(u.metric(Metrics.WRITE_TO_READ_P50_MICROS)).isEmpty();
        assertThat(u.metric(Metrics.BITS_PER_SECOND)).isPresent();
    }

    @Test
    void theReportDrawsRateAndOneWayLatencyOnOneTimeAxis() throws IOException {
        StoredResult t = stored(1, Measurements.of(read(TCP)));
        StoredResult u = stored(2, Measurements.of(read(UDP)));
        ReportModel model = ReportBuilder.build("t", "2026-12-05T00:00:00Z", "db", List.of(), List.of(t, u), null,
                Map.of());
        List<ChartSpec> charts = model.sections().stream().filter(s -> s.title().equals("one-way latency"))
                .flatMap(s -> s.charts().stream()).toList();
        assertThat(charts).hasSize(2);
        ChartSpec chart = charts.getFirst();
        assertThat(chart.x()).isEqualTo(ChartSpec.XAxis.TIME);
        assertThat(chart.series()).extracting(ChartSpec.Series::name)
                .containsExactly("bandwidth", "one-way p50", "one-way p99");
        assertThat(chart.secondary().label()).isEqualTo("One-way latency (ms)");
        assertThat(chart.onSecondary(0)).isFalse();
        assertThat(chart.onSecondary(1)).isTrue();
        assertThat(chart.series().get(1).points()).hasSize(read(TCP).timeline().size());
        assertThat(chart.caption()).contains("one clock").contains("one-kernel");
        assertThat(Charts.svg(chart)).contains("One-way latency (ms)");
        StringWriter html = new StringWriter();
        HtmlReport.write(model, new PrintWriter(html));
        assertThat(html.toString()).contains("one-way latency").contains("one-way p99");
    }

    private static StoredResult stored(long id, Measurement m) {
        return new StoredResult(id, id, "bw", "2026-12-05T00:00:00Z", "wirespeed bw --trip-times", null, null,
                List.of("lab"), null, null, m, null, List.of(), ResultStatus.DONE, null);
    }
}
