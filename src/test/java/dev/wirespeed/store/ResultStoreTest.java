package dev.wirespeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.measure.Histograms;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultStoreTest {
    @TempDir
    Path dir;

    static Measurement sample(String tool, double bitsPerSecond) {
        return new Measurement(tool, "3.16", Measurement.Tests.TCP_BW, Map.of("streams", "4"),
                List.of(Metric.of("bitsPerSecond", bitsPerSecond), Metric.of("retransmits", 3)),
                List.of(new Measurement.Interval(0, 1, false, List.of(Metric.of("bitsPerSecond", bitsPerSecond)))),
                List.of(new Measurement.Row("sizeBytes", 65536, List.of(Metric.of("bitsPerSecond", 1e9)))), "parsed");
    }

    @Test
    void savesAndReadsBackEverything() throws Exception {
        Path file = dir.resolve("sub/dir/results.db");
        HostSummary host = HostSummary.current(Map.of("eth0", "25 Gbit/s, MTU 9000"));
        try (ResultStore store = ResultStore.open(file)) {
            assertThat(store.schemaVersion()).isEqualTo(Schema.currentVersion());
            List<Long> ids = store.save(RunInfo.of("bw", "wirespeed bw x", host),
                    List.of(new Item(sample("iperf3", 2.5e10), List.of("a", "b", "a"), "iperf3 -c x -J", "iperf3-json", "{}")));
            assertThat(ids).hasSize(1);
            StoredResult r = store.result(ids.getFirst()).orElseThrow();
            assertThat(r.measurement()).isEqualTo(sample("iperf3", 2.5e10));
            assertThat(r.labels()).containsExactly("a", "b");
            assertThat(r.host()).isEqualTo(host);
            assertThat(r.kind()).isEqualTo("bw");
            assertThat(r.commandLine()).isEqualTo("wirespeed bw x");
            assertThat(r.engineCommand()).isEqualTo("iperf3 -c x -J");
            assertThat(store.raw(r.id())).contains("{}");
            assertThat(store.find(new ResultStore.Query(null, null, "b", null, null))).hasSize(1);
            assertThat(store.find(new ResultStore.Query(null, null, "zzz", null, null))).isEmpty();
        }
        // Reopening an up-to-date file changes nothing.
        byte[] before = Files.readAllBytes(file);
        try (ResultStore store = ResultStore.open(file)) {
            assertThat(store.find(ResultStore.Query.all())).hasSize(1);
        }
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void campaignPointsAreAtomicAndReplaceable() throws Exception {
        try (ResultStore store = ResultStore.open(dir.resolve("r.db"))) {
            long run = store.beginRun(new RunInfo("campaign", "wirespeed run p.yaml", null,
                    new RunInfo.Plan("p", "abc", "name: p", 3)));
            store.savePoint(run, "k1", 1, 1, List.of(new Item(sample("fio", 1), List.of(), null, null, null)), null);
            store.savePoint(run, "k2", 2, 1, List.of(), "fio exited with status 1");
            assertThat(store.finishedPoints(run)).containsExactly("k1");
            assertThat(store.unfinishedCampaign("p")).map(ResultStore.Run::id).contains(run);
            store.finishRun(run, RunStatus.DONE);
            assertThat(store.unfinishedCampaign("p")).isEmpty();
            assertThat(store.resultsPerPoint(run)).containsExactly(Map.entry("k1", 1));
        }
    }

    @Test
    void migratesStepByStepAndRefusesNewerSchemas() throws Exception {
        Path file = dir.resolve("m.db");
        try (ResultStore store = ResultStore.open(file)) {
            store.save(RunInfo.of("bw", "x", null), List.of(new Item(sample("wirespeed", 1e9), List.of("old"), null, null, null)));
        }
        List<Schema.Migration> next = new ArrayList<>(Schema.MIGRATIONS);
        next.add(new Schema.Migration(Schema.currentVersion() + 1, "test: a note per result",
                List.of("ALTER TABLE results ADD COLUMN note TEXT")));
        try (ResultStore store = ResultStore.open(file, next)) {
            assertThat(store.schemaVersion()).isEqualTo(Schema.currentVersion() + 1);
            assertThat(store.find(ResultStore.Query.all())).singleElement()
                    .satisfies(r -> assertThat(r.labels()).containsExactly("old"));
        }
        byte[] before = Files.readAllBytes(file);
        assertThatThrownBy(() -> ResultStore.open(file)).isInstanceOf(StoreException.class)
                .hasMessageContaining("schema version " + (Schema.currentVersion() + 1)).hasMessageContaining("upgrade");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void everyWayARunEndsIsKeptWithItsReason() throws Exception {
        try (ResultStore store = ResultStore.open(dir.resolve("s.db"))) {
            Item base = new Item(sample("wirespeed", 9e9), List.of("x"), null, null, null);
            long done = store.save(RunInfo.of("bw", "bw", null), List.of(base)).getFirst();
            long interrupted = store.save(RunInfo.of("bw", "bw", null),
                    List.of(base.withStatus(ResultStatus.INTERRUPTED, "stopped by the user after 2.1 s"))).getFirst();
            long failed = store.save(RunInfo.of("lat", "lat", null),
                    List.of(base.withStatus(ResultStatus.FAILED, "the server went away"))).getFirst();
            long campaign = store.beginRun(new RunInfo("campaign", "run p.yaml", null, new RunInfo.Plan("p", "0", "", 2)));
            store.savePoint(campaign, "s1 a", 0, 1, List.of(base), null);
            long incomplete = store.savePoint(campaign, "s1 b", 1, 1, List.of(base.withStatus(ResultStatus.INCOMPLETE,
                    "campaign stopped while this point ran")), "stopped", ResultStatus.INCOMPLETE).getFirst();
            store.finishRun(campaign, RunStatus.INTERRUPTED);

            assertThat(store.result(done).orElseThrow().status()).isEqualTo(ResultStatus.DONE);
            assertThat(store.result(done).orElseThrow().statusReason()).isNull();
            assertThat(store.result(interrupted).orElseThrow().statusReason()).isEqualTo("stopped by the user after 2.1 s");
            assertThat(store.result(failed).orElseThrow().status()).isEqualTo(ResultStatus.FAILED);
            assertThat(store.result(incomplete).orElseThrow().status()).isEqualTo(ResultStatus.INCOMPLETE);
            // runs take the worst status of their results; only done points count as finished
            assertThat(store.run(store.result(interrupted).orElseThrow().runId()).orElseThrow().status())
                    .isEqualTo("interrupted");
            assertThat(store.run(store.result(failed).orElseThrow().runId()).orElseThrow().status()).isEqualTo("failed");
            assertThat(store.finishedPoints(campaign)).containsExactly("s1 a");
            assertThat(store.resultsPerPoint(campaign)).containsOnlyKeys("s1 a");
        }
    }

    @Test
    void version1DatabasesKeepTheirResultsAsDoneAndGainHistograms() throws Exception {
        Path file = dir.resolve("v1.db");
        try (ResultStore store = ResultStore.open(file, List.of(Schema.MIGRATIONS.getFirst()))) {
            assertThat(store.schemaVersion()).isEqualTo(1);
        }
        // a result as version 1 wrote it (no status column)
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var s = c.createStatement()) {
            s.executeUpdate("INSERT INTO runs(kind, started_at, status, command_line, wirespeed_version) "
                    + "VALUES ('bw', '2026-01-01T00:00:00Z', 'done', 'x', '0.1')");
            s.executeUpdate("INSERT INTO results(run_id, created_at, tool, test) "
                    + "VALUES (1, '2026-01-01T00:00:00Z', 'wirespeed', 'tcp-bw')");
        }
        try (ResultStore store = ResultStore.open(file)) {
            assertThat(store.schemaVersion()).isEqualTo(Schema.currentVersion());
            assertThat(store.find(ResultStore.Query.all())).singleElement()
                    .satisfies(r -> assertThat(r.status()).isEqualTo(ResultStatus.DONE));
            Histogram h = new Histogram(1, 60_000_000_000L, 3);
            for (long v = 1; v <= 1000; v++) {
                h.recordValue(10_000 + v * 10);
            }
            String encoded = Histograms.encode(h);
            Measurement lat = new Measurement("wirespeed", "1", Measurement.Tests.TCP_LAT, Map.of(), List.of(), null,
                    List.of(new Measurement.Row("sizeBytes", 2, List.of(Metric.of("latencyP50Micros", 7.5)), encoded),
                            new Measurement.Row("sizeBytes", 64, List.of(Metric.of("latencyP50Micros", 8)))), "measured");
            long id = store.save(RunInfo.of("lat", "lat", null), List.of(new Item(lat, List.of(), null, null, null))).getFirst();
            List<Measurement.Row> rows = store.result(id).orElseThrow().measurement().rows();
            assertThat(rows.get(0).histogram()).isEqualTo(encoded);
            assertThat(rows.get(1).histogram()).isNull();
            Histogram back = Histograms.decode(rows.get(0).histogram());
            assertThat(back.getTotalCount()).isEqualTo(1000);
            assertThat(back.getValueAtPercentile(50)).isEqualTo(h.getValueAtPercentile(50));
        }
    }

    @Test
    void version2DatabasesGainThePeerFromTheRawJsonOrTheServerParameter() throws Exception {
        Path file = dir.resolve("v2.db");
        try (ResultStore store = ResultStore.open(file, Schema.MIGRATIONS.subList(0, 2))) {
            assertThat(store.schemaVersion()).isEqualTo(2);
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + file); var s = c.createStatement()) {
            s.executeUpdate("INSERT INTO runs(kind, started_at, status, command_line, wirespeed_version) "
                    + "VALUES ('bw', '2026-01-01T00:00:00Z', 'done', 'x', '0.1')");
            // bw --iperf3 as version 2 kept it: the server's software in the raw JSON, the result's tool wirespeed
            s.executeUpdate("INSERT INTO results(run_id, created_at, tool, test, raw_format, raw) VALUES (1, "
                    + "'2026-01-01T00:00:00Z', 'wirespeed', 'tcp-bw', 'wirespeed-bw-json', '{\"server\": {\"address\": "
                    + "\"10.0.0.2\", \"port\": 5201, \"software\": \"iperf3\"}}')");
            s.executeUpdate("INSERT INTO results(run_id, created_at, tool, test, raw_format, raw) VALUES (1, "
                    + "'2026-01-01T00:00:00Z', 'wirespeed', 'tcp-lat', 'wirespeed-lat-json', '{\"server\": {\"address\": "
                    + "\"10.0.0.3\", \"port\": 5301, \"software\": \"wirespeed 0.1.0\"}}')");
            s.executeUpdate("INSERT INTO results(run_id, created_at, tool, test, raw_format, raw) VALUES (1, "
                    + "'2026-01-01T00:00:00Z', 'iperf3', 'tcp-bw', 'text', 'not json')");
            s.executeUpdate("INSERT INTO result_params(result_id, seq, name, value) VALUES (3, 0, 'server', '10.0.0.4')");
            s.executeUpdate("INSERT INTO results(run_id, created_at, tool, test) VALUES (1, '2026-01-01T00:00:00Z', "
                    + "'fio', 'fio')");
        }
        try (ResultStore store = ResultStore.open(file)) {
            assertThat(store.schemaVersion()).isEqualTo(Schema.currentVersion());
            assertThat(store.result(1).orElseThrow().peer()).isEqualTo(new Peer("10.0.0.2", 5201, "iperf3", null, "unknown"));
            assertThat(store.result(2).orElseThrow().peer())
                    .isEqualTo(new Peer("10.0.0.3", 5301, "wirespeed", "0.1.0", "unknown"));
            assertThat(store.result(3).orElseThrow().peer()).isEqualTo(new Peer("10.0.0.4", null, null, null, "unknown"));
            assertThat(store.result(4).orElseThrow().peer()).isNull();
        }
    }

    @Test
    void aPeerIsSavedAndReadBack() throws Exception {
        try (ResultStore store = ResultStore.open(dir.resolve("p.db"))) {
            Measurement m = new Measurement("wirespeed", "1", Measurement.Tests.TCP_BW, Map.of(), List.of(), null, null,
                    "measured");
            Peer peer = Peer.ofSoftware("::1", 5201, "iperf 3.21", Peer.SHARED_NO);
            long id = store.save(RunInfo.of("bw", "bw", null), List.of(new Item(m, List.of(), null, null, null)
                    .withPeer(peer))).getFirst();
            assertThat(store.result(id).orElseThrow().peer()).isEqualTo(new Peer("::1", 5201, "iperf3", "3.21", "no"));
            assertThat(peer.brief()).isEqualTo("[::1]:5201 iperf3 3.21");
            assertThat(Peer.ofSoftware("h", null, "iperf3", null).software()).isEqualTo("iperf3 (version not told)");
        }
    }

    @Test
    void refusesFilesThatAreNotOursAndLeavesThemUntouched() throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "my precious notes\n".repeat(100));
        Path foreign = dir.resolve("other.db");
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + foreign)) {
            c.createStatement().executeUpdate("CREATE TABLE contacts(name TEXT)");
            c.createStatement().executeUpdate("INSERT INTO contacts VALUES ('Ada')");
        }
        for (Path p : List.of(text, foreign)) {
            byte[] before = Files.readAllBytes(p);
            long modified = Files.getLastModifiedTime(p).toMillis();
            assertThatThrownBy(() -> ResultStore.open(p)).isInstanceOf(StoreException.class)
                    .hasMessageContaining(p.toString()).hasMessageContaining("untouched")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
            assertThat(Files.readAllBytes(p)).isEqualTo(before);
            assertThat(Files.getLastModifiedTime(p).toMillis()).isEqualTo(modified);
        }
    }

    @Test
    void anEmptyFileBecomesADatabase() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.db"));
        try (ResultStore store = ResultStore.open(empty)) {
            assertThat(store.schemaVersion()).isEqualTo(Schema.currentVersion());
        }
    }

    @Test
    void defaultPathFollowsXdg() {
        assertThat(StorePaths.defaultDatabase(Map.of("XDG_DATA_HOME", "/data"), "/home/u"))
                .isEqualTo(Path.of("/data/wirespeed/results.db"));
        assertThat(StorePaths.defaultDatabase(Map.of(), "/home/u"))
                .isEqualTo(Path.of("/home/u/.local/share/wirespeed/results.db"));
        assertThat(StorePaths.defaultDatabase(Map.of("WIRESPEED_DB", "/x/r.db", "XDG_DATA_HOME", "/data"), "/home/u"))
                .isEqualTo(Path.of("/x/r.db"));
        assertThat(StorePaths.defaultDatabase(Map.of("XDG_DATA_HOME", "relative"), "/home/u"))
                .isEqualTo(Path.of("/home/u/.local/share/wirespeed/results.db"));
    }
}
