package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.IsochronousResult;
import dev.wirespeed.results.Json;
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
 * Issue 29 point 7 for frames at a frame rate (bw --isochronous). Fixtures are real outputs of this
 * host (2 cores shared by several builds, load about 15): src/test/resources/golden/
 * isochronous-loopback.json ({@code bw --loopback --isochronous 30:8m,2m -t 3 -J}) and
 * isochronous-trip-loopback.json ({@code bw --loopback --isochronous 60:20m,5m --trip-times -t 3 -J}).
 * Each passes its schema, renders to its golden text, converts to the store's model, and draws its
 * chart in the report.
 */
class IsochronousKindTest {
    static final Path PLAIN = Path.of("src/test/resources/golden/isochronous-loopback.json");
    static final Path TRIP = Path.of("src/test/resources/golden/isochronous-trip-loopback.json");

    static IsochronousResult read(Path p) throws IOException {
        return Json.MAPPER.readValue(Files.readString(p), IsochronousResult.class);
    }

    @Test
    void fixturesPassTheSchema() throws IOException {
        for (Path p : List.of(PLAIN, TRIP)) {
            assertThat(JsonSchemas.errors("isochronous.schema.json", Files.readString(p))).as(p.toString()).isEmpty();
            assertThat(JsonSchemas.errors("isochronous.schema.json", Json.pretty(read(p)))).as(p.toString()).isEmpty();
        }
    }

    @Test
    void theSchemaRefusesFramesWithoutTheirLateCount() throws IOException {
        String without = Files.readString(PLAIN).replaceFirst("\"late\"", "\"tardy\"");
        assertThat(JsonSchemas.errors("isochronous.schema.json", without)).isNotEmpty();
    }

    @Test
    void plainText() throws IOException {
        IsochronousResult r = read(PLAIN);
        String text = Golden.render(out -> new IsochronousText(out, RateUnit.ADAPTIVE).summary(r));
        Golden.assertMatches("isochronous-loopback.txt", text);
        assertThat(text).contains("frame latency needs clocks known to agree: add --trip-times");
    }

    @Test
    void tripText() throws IOException {
        IsochronousResult r = read(TRIP);
        String text = Golden.render(out -> new IsochronousText(out, RateUnit.ADAPTIVE).summary(r));
        Golden.assertMatches("isochronous-trip-loopback.txt", text);
        assertThat(text).contains("frame latency (first datagram sent to last received, ms)").contains("p99 ms");
    }

    @Test
    void severalStreamsSayTheMeanIsEachStreams() throws IOException {
        IsochronousResult r = read(PLAIN);
        IsochronousResult.Params p = r.params();
        IsochronousResult two = new IsochronousResult(r.schema(), r.tool(), r.startedAt(), r.server(),
                new IsochronousResult.Params(p.framesPerSecond(), p.meanBitsPerSecond(), p.stdevBitsPerSecond(),
                        p.datagramBytes(), 2, p.durationSeconds()), r.frames(), r.clocks(), r.latencyNote(),
                r.timeline(), r.udpBandwidth(), r.outcome());
        assertThat(Golden.render(out -> new IsochronousText(out, RateUnit.ADAPTIVE).summary(two)))
                .contains("mean 8.00 Mbit/s per stream");
        assertThat(Golden.render(out -> new IsochronousText(out, RateUnit.ADAPTIVE).summary(r)))
                .contains("mean 8.00 Mbit/s, stdev").doesNotContain("warm-up's included");
    }

    @Test
    void storeModelsCarryTheFramesAndTheTimeline() throws IOException {
        IsochronousResult t = read(TRIP);
        Measurement m = Measurements.of(t);
        assertThat(m.test()).isEqualTo(Measurement.Tests.UDP_ISOCH);
        assertThat(m.metric(Metrics.FRAMES_COMPLETE).orElseThrow().value()).isEqualTo(t.frames().complete());
        assertThat(m.metric(Metrics.FRAMES_LATE).orElseThrow().value()).isEqualTo(t.frames().late());
        assertThat(m.metric(Metrics.FRAME_SLIPS).orElseThrow().value()).isEqualTo(t.frames().slips());
        assertThat(m.metric(Metrics.FRAME_LATENCY_P99_MICROS).orElseThrow().value())
                .isEqualTo(t.frames().latency().p99Micros());
        assertThat(m.metric(Metrics.FRAME_JITTER_MICROS).orElseThrow().unit()).isEqualTo("us");
        assertThat(m.params()).containsEntry("framesPerSecond", "60").containsEntry("clocks", "one-kernel");
        assertThat(m.intervals()).hasSize(t.timeline().size());
        assertThat(m.intervals().getFirst().metrics()).extracting(Measurement.Metric::name)
                .contains(Metrics.BITS_PER_SECOND, Metrics.FRAMES_COMPLETE, Metrics.FRAMES_LATE,
                        Metrics.FRAME_LATENCY_P50_MICROS);

        Measurement plain = Measurements.of(read(PLAIN));
        assertThat(plain.metric(Metrics.FRAME_LATENCY_P50_MICROS)).isEmpty();
        assertThat(plain.metric(Metrics.BITS_PER_SECOND)).isPresent();
        assertThat(plain.params()).doesNotContainKey("clocks");
    }

    @Test
    void theReportDrawsFramesAndLatencyOnOneTimeAxis() throws IOException {
        StoredResult plain = stored(1, Measurements.of(read(PLAIN)));
        StoredResult trip = stored(2, Measurements.of(read(TRIP)));
        ReportModel model = ReportBuilder.build("t", "2026-12-05T00:00:00Z", "db", List.of(), List.of(plain, trip),
                null, Map.of());
        List<ChartSpec> charts = model.sections().stream().filter(s -> s.title().equals("isochronous frames"))
                .flatMap(s -> s.charts().stream()).toList();
        assertThat(charts).hasSize(2);
        ChartSpec withoutClocks = charts.getFirst();
        assertThat(withoutClocks.x()).isEqualTo(ChartSpec.XAxis.TIME);
        assertThat(withoutClocks.series()).extracting(ChartSpec.Series::name)
                .containsExactly("complete", "damaged or lost", "late");
        assertThat(withoutClocks.secondary()).isNull();
        assertThat(withoutClocks.caption()).contains("30 frames/s").contains("latency needs --trip-times");
        ChartSpec withClocks = charts.get(1);
        assertThat(withClocks.series()).extracting(ChartSpec.Series::name)
                .containsExactly("complete", "damaged or lost", "late", "latency p50", "latency p99");
        assertThat(withClocks.secondary().label()).isEqualTo("Frame latency (ms)");
        assertThat(withClocks.onSecondary(2)).isFalse();
        assertThat(withClocks.onSecondary(3)).isTrue();
        assertThat(withClocks.series().getFirst().points()).hasSize(read(TRIP).timeline().size());
        assertThat(Charts.svg(withClocks)).contains("Frame latency (ms)");
        StringWriter html = new StringWriter();
        HtmlReport.write(model, new PrintWriter(html));
        assertThat(html.toString()).contains("isochronous frames").contains("damaged or lost");
    }

    private static StoredResult stored(long id, Measurement m) {
        return new StoredResult(id, id, "bw", "2026-12-05T00:00:00Z", "wirespeed bw --isochronous", null, null,
                List.of("lab"), null, null, m, null, List.of(), ResultStatus.DONE, null);
    }
}
