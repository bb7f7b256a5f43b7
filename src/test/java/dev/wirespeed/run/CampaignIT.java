package dev.wirespeed.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.io.Programs;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Campaigns with real tools on this machine: fio on a temp file, and a loopback sweep of five engines. */
class CampaignIT {
    @TempDir
    Path dir;

    static void assumeTools(String... tools) {
        for (String t : tools) {
            assumeTrue(Programs.find(t).isPresent(), "SKIPPED: " + t + " not installed (see ./test)");
        }
    }

    @Test
    void fioGridOnATempFileLandsInTheStoreAndCompares() throws Exception {
        assumeTools("fio");
        Path db = dir.resolve("r.db");
        Path plan = dir.resolve("fio.yaml");
        // psync and buffered I/O: a temp file may sit on tmpfs, which has no O_DIRECT and no libaio queue.
        Files.writeString(plan, """
                name: fio-tmp
                repetitions: 1
                defaults: {rw: randread, runtime: 1, size: 8M, ioengine: psync, direct: 0}
                grid: {bs: [4k, 64k], iodepth: [1, 2]}
                series:
                  - engine: fio
                    label: a
                    params: {filename: %s}
                  - engine: fio
                    label: b
                    params: {filename: %s}
                    grid: {bs: [4k], iodepth: [1, 2]}
                """.formatted(dir.resolve("a.dat"), dir.resolve("b.dat")));
        Cli.Run run = Cli.run("run", plan.toString(), "--db", db.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("[6/6] 100 %").contains("ETA");
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> a = store.find(new ResultStore.Query(null, null, "a", null, null));
            List<StoredResult> b = store.find(new ResultStore.Query(null, null, "b", null, null));
            assertThat(a).hasSize(4);
            assertThat(b).hasSize(2);
            for (StoredResult r : a) {
                Measurement m = r.measurement();
                assertThat(m.tool()).isEqualTo("fio");
                assertThat(m.toolVersion()).startsWith("fio-");
                assertThat(m.metric("iops").orElseThrow().value()).isBetween(10.0, 1e8);
                assertThat(m.metric("bitsPerSecond").orElseThrow().value()).isPositive();
                assertThat(r.gridKeys()).containsExactly("bs", "iodepth");
                assertThat(r.engineCommand()).startsWith("fio --name=wirespeed").contains("--bs=" + m.params().get("bs"));
                assertThat(store.raw(r.id()).orElseThrow()).contains("\"jobs\"");
            }
            assertThat(a.stream().map(r -> r.param("bs") + "/" + r.param("iodepth")).toList())
                    .containsExactly("4k/1", "4k/2", "64k/1", "64k/2");
        }
        Cli.Run compare = Cli.run("results", "compare", "a", "b", "--db", db.toString());
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("compare fio iops (KIOPS): A = a, B = b, per bs × iodepth")
                .containsPattern("4k\\s+1\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+")
                .containsPattern("64k\\s+2\\s+[\\d.]+\\s+-\\s+-");
        Path html = dir.resolve("r.html");
        Cli.Run report = Cli.run("results", "report", "a", "b", "--db", db.toString(), "-o", html.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(html)).contains("fio grid by block size × I/O depth").contains("<svg");
    }

    @Test
    void eachPointKeepsTheExactCommandItRanAndItsPeer() throws Exception {
        assumeTools("iperf3");
        Path db = dir.resolve("c.db");
        Path plan = dir.resolve("lengths.yaml");
        Files.writeString(plan, """
                name: lengths
                defaults: {duration: 1}
                series:
                  - engine: wirespeed-bw
                    label: wirespeed
                    grid: {length: [8K, 1M]}
                  - engine: iperf3
                    label: iperf3
                    grid: {length: [8K]}
                """);
        Cli.Run run = Cli.run("run", plan.toString(), "--db", db.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> all = store.find(ResultStore.Query.all());
            assertThat(all).hasSize(3);
            assertThat(all.get(0).engineCommand()).isEqualTo("wirespeed bw --loopback -P 1 -t 1 -l 8K");
            assertThat(all.get(1).engineCommand()).isEqualTo("wirespeed bw --loopback -P 1 -t 1 -l 1M");
            // the in-process server served this point alone
            assertThat(all.get(0).peer().tool()).isEqualTo("wirespeed");
            assertThat(all.get(0).peer().host()).isEqualTo("127.0.0.1");
            assertThat(all.get(0).peer().port()).isPositive();
            assertThat(all.get(0).peer().shared()).isEqualTo("no");
            // iperf3 -s -1 started for the point: the same program as the client, one test, then it exits
            StoredResult iperf3 = all.get(2);
            assertThat(iperf3.engineCommand()).startsWith("iperf3 -c 127.0.0.1 -p ").contains(" -l 8K");
            assertThat(iperf3.peer().tool()).isEqualTo("iperf3");
            assertThat(iperf3.peer().toolVersion()).isEqualTo(iperf3.measurement().toolVersion()).isNotNull();
            assertThat(iperf3.peer().port()).isEqualTo(Integer.valueOf(iperf3.engineCommand().split(" ")[4]));
            assertThat(iperf3.peer().shared()).isEqualTo("no");
        }
        Cli.Run list = Cli.run("results", "list", "--db", db.toString());
        assertThat(list.out()).containsPattern("127\\.0\\.0\\.1:\\d+ iperf3 3\\.\\d+");
    }

    @Test
    void loopbackSweepOfFiveEnginesLandsWithPlausibleValues() throws Exception {
        assumeTools("iperf3", "iperf", "qperf", "sockperf");
        Path db = dir.resolve("r.db");
        Path plan = dir.resolve("loop.yaml");
        // retries: the loopback bw test shares two busy cores with the build; a rare failed point is retried.
        Files.writeString(plan, """
                name: loop
                retries: 2
                defaults: {duration: 1}
                series:
                  - engine: wirespeed-bw
                    label: wirespeed
                    params: {duration: 2}
                    grid: {streams: [1, 2]}
                  - engine: wirespeed-lat
                    label: wirespeed-lat
                    params: {duration: 0.5}
                    grid: {size: [64, 4096]}
                  - engine: iperf3
                    label: iperf3
                    grid: {streams: [1, 2]}
                  - engine: iperf2
                    label: iperf2
                    grid: {streams: [1, 2]}
                  - engine: qperf
                    label: qperf
                    grid: {test: [tcp_bw, tcp_lat]}
                  - engine: sockperf
                    label: sockperf
                    grid: {tcp: [false, true]}
                """);
        Cli.Run run = Cli.run("run", plan.toString(), "--db", db.toString(), "--label", "it");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> all = store.find(ResultStore.Query.all());
            Map<String, Long> perTool = all.stream().collect(Collectors.groupingBy(r -> r.measurement().tool(),
                    Collectors.counting()));
            assertThat(perTool).containsExactlyInAnyOrderEntriesOf(Map.of("wirespeed", 4L, "iperf3", 2L, "iperf2", 2L,
                    "qperf", 2L, "sockperf", 2L));
            for (StoredResult r : all) {
                Measurement m = r.measurement();
                assertThat(r.labels()).contains("it").anyMatch(l -> l.startsWith(m.tool()));
                if (m.test().endsWith("-bw")) {
                    // loopback TCP on any machine that runs these tests: 100 Mbit/s … 1 Tbit/s
                    assertThat(m.metric("bitsPerSecond").orElseThrow().value()).as(m.toString()).isBetween(1e8, 1e12);
                } else {
                    assertThat(m.metric("latencyAvgMicros").orElseThrow().value()).as(m.toString()).isBetween(0.5, 10_000.0);
                }
            }
            assertThat(all.stream().filter(r -> r.measurement().tool().equals("iperf3")).map(r -> r.param("streams")))
                    .containsExactly("1", "2");
            assertThat(all.stream().filter(r -> r.labels().contains("wirespeed-lat")).map(r -> r.param("size")))
                    .containsExactly("64", "4096");
            assertThat(all.stream().filter(r -> r.measurement().tool().equals("sockperf")).map(r -> r.measurement().test()))
                    .containsExactly("udp-lat", "tcp-lat");
        }
        Cli.Run compare = Cli.run("results", "compare", "wirespeed", "iperf3", "--db", db.toString());
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("per streams").containsPattern("\\n\\s+2\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+");
        Path html = dir.resolve("r.html");
        Cli.Run report = Cli.run("results", "report", "--db", db.toString(), "-o", html.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        String page = Files.readString(html);
        assertThat(page).contains("tcp-bw by streams").contains("bandwidth over time").contains("udp-lat");
    }
}
