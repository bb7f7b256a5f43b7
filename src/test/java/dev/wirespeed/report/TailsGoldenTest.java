package dev.wirespeed.report;

import dev.wirespeed.diagnose.DoctorReport;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Fix;
import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.HostPaths;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.diagnose.Verdict;
import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.perftest.PerftestOutput;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.Peer;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Golden;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 27, deliver 8: golden files for `results list`/`results show` (ResultsText), the tail of
 * `check` (CheckText) and the text of `bw --rdma` (RdmaText), from fixed models and fixtures.
 */
class TailsGoldenTest {
    private static final HostSummary HOST = new HostSummary("node01", "Linux", "6.8.0-45-generic", "amd64", 32, "25",
            "0.1.0", Map.of("enp65s0f0np0", "100000 Mb/s, MTU 9000, mlx5_core"));

    private static StoredResult stored(long id, Measurement m, ResultStatus status, String reason, Peer peer,
                                       List<String> labels) {
        return new StoredResult(id, 3, "bw", "2026-11-02T09:14:07.512Z", "wirespeed bw node02 -P 4 -t 10 --save",
                null, null, labels, HOST, null, m, "wirespeed-bw-json", List.of(), status, reason, peer);
    }

    private static List<StoredResult> results() throws IOException {
        Measurement tcp = new Measurement("wirespeed", "0.1.0", Measurement.Tests.TCP_BW,
                ordered("streams", "4", "seconds", "10", "direction", "upload"),
                List.of(Metric.of(Metrics.BITS_PER_SECOND, 94.18e9), Metric.of(Metrics.RETRANSMITS, 12)),
                List.of(new Measurement.Interval(0, 1, true, List.of(Metric.of(Metrics.BITS_PER_SECOND, 61.2e9))),
                        new Measurement.Interval(1, 2, false, List.of(Metric.of(Metrics.BITS_PER_SECOND, 94.31e9)))),
                null, "measured");
        Measurement sweep = PerftestOutput.measurement(perftest("ib_send_bw-ndr200-sweep-seed000.txt"), "ib_send_bw");
        Measurement lat = new Measurement("sockperf", "3.10", "udp-lat", Map.of("sizeBytes", "64"),
                List.of(Metric.of(Metrics.LATENCY_P50_MICROS, 2.417), Metric.of(Metrics.LATENCY_P99_MICROS, 3.9)),
                null, null, "parsed");
        return List.of(
                stored(41, tcp, ResultStatus.DONE, null, new Peer("10.0.0.2", 5301, "wirespeed", "0.1.0", "no"),
                        List.of("baseline", "mtu9000")),
                stored(42, sweep, ResultStatus.DONE, null, new Peer("node02", 5301, "wirespeed", null, null), List.of()),
                stored(43, lat, ResultStatus.INTERRUPTED, "stopped by the user", null, List.of()));
    }

    /** Parameters in the order given (Map.of's order changes from one JVM to the next). */
    private static Map<String, String> ordered(String... keyValue) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValue.length; i += 2) {
            m.put(keyValue[i], keyValue[i + 1]);
        }
        return m;
    }

    private static String perftest(String name) throws IOException {
        return Files.readString(Path.of("src/test/resources/parse/perftest", name), StandardCharsets.UTF_8);
    }

    @Test
    void resultsListAndShow() throws IOException {
        List<StoredResult> rs = results();
        Golden.assertMatches("results-list.txt", Golden.render(out -> ResultsText.list(rs, out)));
        Golden.assertMatches("results-show.txt", Golden.render(out -> rs.forEach(r -> ResultsText.show(r, out))));
    }

    @Test
    void checkTail() {
        Facts facts = Fixtures.facts("r86s-004");
        DoctorReport doctor = DoctorReport.of(facts, RuleSet.standard().diagnose(facts, Context.of(facts)));
        DoctorReport healthy = DoctorReport.of(facts, List.of());
        List<HostPaths.HostPath> paths = HostPaths.of(facts);
        Golden.assertMatches("check-tail.txt", Golden.render(out -> {
            CheckText.verdict(out, Verdict.loopback(31.4e9, 4, paths), null, doctor);
            CheckText.verdict(out, Verdict.unknownPath(9.41e9, "no route to 10.9.9.9 names an interface"), null, healthy);
            CheckText.verdict(out, null, "the server went away: connection reset", doctor);
        }));
    }

    @Test
    void rdmaText() throws IOException {
        String bwOutput = perftest("ib_send_bw-roce-report_gbit-seed000.txt");
        Measurement bw = PerftestOutput.measurement(bwOutput, "ib_send_bw");
        String latOutput = perftest("ib_send_lat-D-mlx4.txt");
        Measurement lat = PerftestOutput.measurement(latOutput, "ib_send_lat");
        Finding below = new Finding("bandwidth-below-link", Severity.WARN, "mlx5_0 port 1",
                "ib_send_bw reached 23.13 Gbit/s, 23 % of mlx5_0 port 1's 100 Gbit/s", List.of(), null,
                Fix.command("check the peer's link and PFC", "mlnx_qos -i enp65s0f0np0"));
        Golden.assertMatches("rdma-text.txt", Golden.render(out -> {
            RdmaText.start(out, "ib_send_bw", "node02", 5301, false, List.of("-d", "mlx5_0", "-F", "--report_gbits"));
            RdmaText.result(out, bwOutput, bw, true, List.of(below));
            RdmaText.start(out, "ib_send_bw", "node02", 5301, true, List.of("-p", "18515", "-F"));
            RdmaText.result(out, bwOutput, bw, true, List.of());
            RdmaText.start(out, "ib_send_lat", "node02", 5301, false, List.of("-D", "5"));
            RdmaText.result(out, latOutput, lat, false, List.of());
        }));
    }
}
