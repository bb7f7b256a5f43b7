package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.measure.Histograms;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.Item;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.RunInfo;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.testing.PrometheusText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `results list/show/compare/export` on sweeps, repetitions, mixed kinds and histograms. */
class ResultsViewsTest {
    @TempDir
    Path dir;
    Path db;
    String encoded;

    @BeforeEach
    void fill() throws Exception {
        db = dir.resolve("v.db");
        Histogram h = new Histogram(1, 60_000_000_000L, 3);
        for (long v = 1; v <= 10_000; v++) {
            h.recordValue(20_000 + v % 997 * 13);
        }
        h.recordValue(5_000_000);
        encoded = Histograms.encode(h);
        List<Item> items = new ArrayList<>();
        // 1: a bw sweep (2 B … 1 MiB), no summary figure of its own
        List<Measurement.Row> bwRows = new ArrayList<>();
        for (int size : List.of(2, 16, 128, 1024, 8192, 131072, 1 << 20)) {
            bwRows.add(new Measurement.Row("sizeBytes", size, List.of(Metric.of("peakBitsPerSecond", size * 1e4 + 0.125),
                    Metric.of("bitsPerSecond", size * 9e3))));
        }
        items.add(item(new Measurement("wirespeed", "1", "tcp-bw", Map.of("streams", "1"), List.of(), null, bwRows,
                "measured"), "sweep"));
        // 2: a lat sweep, CPU as its only summary figure (what the list used to show)
        List<Measurement.Row> latRows = new ArrayList<>();
        for (int size : List.of(2, 64, 65536)) {
            latRows.add(new Measurement.Row("sizeBytes", size, List.of(Metric.of("latencyP50Micros", 10 + size / 1000.0),
                    Metric.of("latencyAvgMicros", 11 + size / 1000.0)), size < 1000 ? encoded : null));
        }
        items.add(item(new Measurement("wirespeed", "1", "tcp-lat", Map.of(), List.of(Metric.of("cpuClientPercent", 40)),
                null, latRows, "measured"), "sweep"));
        // 3-5: label a, 6-8: label b — bandwidth repeated; a and b overlap at 4 streams, not at 1
        double[][] values = {{9.0e9, 9.4e9, 9.2e9}, {9.3e9, 9.5e9, 9.1e9}};
        for (int side = 0; side < 2; side++) {
            for (double v : values[side]) {
                items.add(item(new Measurement("iperf3", "3.16", "tcp-bw", Map.of("streams", "4"),
                        List.of(Metric.of("bitsPerSecond", v)), null, null, "parsed"), side == 0 ? "a" : "b"));
            }
        }
        items.add(item(new Measurement("iperf3", "3.16", "tcp-bw", Map.of("streams", "1"),
                List.of(Metric.of("bitsPerSecond", 2e9)), null, null, "parsed"), "a"));
        items.add(item(new Measurement("iperf3", "3.16", "tcp-bw", Map.of("streams", "1"),
                List.of(Metric.of("bitsPerSecond", 4e9)), null, null, "parsed"), "b"));
        // 11: a latency result under label a: a mixed kind
        items.add(item(new Measurement("wirespeed", "1", "tcp-lat", Map.of("sizeBytes", "64"),
                List.of(Metric.of("latencyAvgMicros", 12.5)), null,
                List.of(new Measurement.Row("sizeBytes", 64, List.of(Metric.of("latencyAvgMicros", 12.5)), encoded)),
                "measured"), "a"));
        // 12: an interrupted bw under label b
        items.add(item(new Measurement("iperf3", "3.16", "tcp-bw", Map.of("streams", "4"),
                List.of(Metric.of("bitsPerSecond", 1e9)), null, null, "parsed"), "b")
                .withStatus(ResultStatus.INTERRUPTED, "stopped by the user after 0.4 s"));
        try (ResultStore store = ResultStore.open(db)) {
            store.save(RunInfo.of("bw", "wirespeed bw", HostSummary.current(Map.of())), items);
        }
    }

    private static Item item(Measurement m, String label) {
        return new Item(m, List.of(label), null, null, null);
    }

    private Cli.Run run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--db", db.toString()));
        return Cli.run(all.toArray(String[]::new));
    }

    @Test
    void listHeadlinesSweepsByTheirKeyFigureAndShowsStatus() {
        Cli.Run list = run("results", "list");
        assertThat(list.out()).containsPattern("\\n\\s*1 .*tcp-bw sweep .*peak 10\\.5 Gbit/s \\(7 sizes\\)")
                .containsPattern("\\n\\s*2 .*tcp-lat sweep .*p50 10\\.00 us at 2 B \\(3 sizes\\)")
                .containsPattern("\\n\\s*12 .* interrupted .*1\\.00 Gbit/s")
                .contains("STATUS");
        Cli.Run show = run("results", "show", "1");
        assertThat(show.out()).contains("sweep, 7 rows by message size:").contains("peak Gbit/s")
                .containsPattern("\\n\\s+1 M\\s+10\\.49\\s+9\\.44\\n");
        assertThat(run("results", "show", "12").out()).contains("status:   interrupted (stopped by the user after 0.4 s)");
    }

    @Test
    void csvCarriesEverySweepRowInPlainDecimalsWithUnits() {
        Cli.Run csv = run("results", "export", "--csv", "1", "3");
        List<String> lines = csv.out().lines().toList();
        assertThat(lines.getFirst()).startsWith("id,created_at,run_id,kind,status,tool,tool_version,test,labels,repetition,"
                + "peer_host,peer_port,peer_tool,peer_tool_version,peer_shared,row_key,row_value,param.streams,").contains("peakBitsPerSecond [bit/s]", "bitsPerSecond [bit/s]");
        assertThat(lines).hasSize(1 + 7 + 1);
        assertThat(lines.get(7)).contains(",sizeBytes,1048576,1,10485760000.125,9437184000");
        assertThat(csv.out()).doesNotContainPattern("\\d[eE][-+]?\\d");
        assertThat(lines.getLast()).contains(",done,iperf3,").contains(",a,,,,,,,,,4,,9000000000");
        assertThat(JsonSchemas.errors("results.schema.json", run("results", "export", "--json").out())).isEmpty();
    }

    @Test
    void compareRefusesMixedKindsAndTellsNoiseFromDifference() {
        Cli.Run mixed = run("results", "compare", "a", "b");
        assertThat(mixed.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(mixed.err()).contains("cannot compare different kinds of results in one table")
                .contains("a has tcp-bw and tcp-lat").contains("--test");
        Cli.Run cmp = run("results", "compare", "a", "b", "--test", "bw");
        assertThat(cmp.exitCode()).as(cmp.err()).isZero();
        assertThat(cmp.out()).containsPattern("\\n\\s+1\\s+2\\.00\\s+4\\.00\\s+0\\.50\\s*\\n")
                .containsPattern("\\n\\s+4\\s+9\\.20 \\(3, 9\\.00–9\\.40\\)\\s+9\\.30 \\(3, 9\\.10–9\\.50\\)\\s+0\\.99\\s+within noise")
                .contains("1 result not done");
        Cli.Run json = run("results", "compare", "a", "b", "--test", "bw", "--json");
        assertThat(JsonSchemas.errors("compare.schema.json", json.out())).isEmpty();
        assertThat(json.out()).contains("\"verdict\" : \"within noise\"").contains("\"minA\" : 9.0E9");
        Cli.Run partial = run("results", "compare", "a", "b", "--test", "bw", "--include-partial", "--json");
        assertThat(partial.out()).contains("\"countB\" : 4");
        Cli.Run late = run("results", "compare", "a", "b", "--test", "bw", "--since", "2999-01-01");
        assertThat(late.exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(run("results", "compare", "a", "b", "--since", "yesterday").exitCode()).isEqualTo(ExitCode.USAGE);
        // sweeps compare size by size
        Cli.Run sweeps = run("results", "compare", "1", "1");
        assertThat(sweeps.out()).contains("tcp-bw sweep").containsPattern("\\n\\s+1048576\\s+9\\.44\\s+9\\.44\\s+1\\.00");
    }

    @Test
    void histogramPrintsHdrHistogramsPercentileDistribution() {
        Cli.Run h = run("results", "show", "11", "--histogram");
        assertThat(h.exitCode()).as(h.err()).isZero();
        List<String> lines = h.out().lines().toList();
        assertThat(lines.getFirst().trim()).matches("Value\\s+Percentile\\s+TotalCount\\s+1/\\(1-Percentile\\)");
        assertThat(h.out()).contains("#[Mean    =").contains("#[Max     =").contains("Total count    =        10001]");
        // values in microseconds: the maximum 5 ms reads about 5000
        assertThat(h.out()).containsPattern("#\\[Max     =\\s+500\\d\\.\\d+");
        Cli.Run sweep = run("results", "show", "2", "--histogram");
        assertThat(sweep.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(sweep.err()).contains("choose one with --size (2, 64)");
        assertThat(run("results", "show", "2", "--histogram", "--size", "2").out()).startsWith(lines.getFirst());
        assertThat(run("results", "show", "3", "--histogram").err()).contains("has no histogram kept");
    }

    @Test
    void openMetricsExportParsesAndKeepsTheLatestPerLabelSet() throws Exception {
        Cli.Run om = run("results", "export", "--format", "openmetrics");
        assertThat(om.exitCode()).as(om.err()).isZero();
        assertThat(PrometheusText.errors(om.out(), true)).isEmpty();
        assertThat(om.out()).endsWith("# EOF\n")
                .contains("# HELP wirespeed_bandwidth_bits_per_second ")
                .containsPattern("wirespeed_bandwidth_bits_per_second\\{direction=\"[^\"]*\",host=\"[^\"]+\",label=\"a\",peer=\"\","
                        + "port=\"\",protocol=\"tcp\",test=\"tcp-bw\",tool=\"\"} 2\\.0E9")
                .containsPattern("wirespeed_latency_seconds\\{direction=\"\",host=\"[^\"]+\",label=\"a\",peer=\"\",port=\"\","
                        + "protocol=\"tcp\",stat=\"average\",test=\"tcp-lat\",tool=\"\"} 1\\.25E-5")
                // the interrupted result is not the link's figure
                .doesNotContain(" 1.0E9");
        Cli.Run prom = run("results", "export", "--format", "prometheus");
        assertThat(PrometheusText.errors(prom.out(), false)).isEmpty();
        assertThat(PrometheusText.promtool(prom.out())).isEmpty();
        assertThat(run("results", "export", "--format", "xml").exitCode()).isEqualTo(ExitCode.USAGE);
    }
}
