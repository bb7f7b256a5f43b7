package dev.wirespeed.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The perftest engine, run against a STAND-IN (src/test/resources/perftest-standin): no RDMA device
 * here, so a script linked as ib_send_bw, ib_write_bw, ib_send_lat replays perftest output recorded
 * on real hardware (seeds 000, 001, 002). What is tested is everything around perftest: server
 * start and readiness, the options passed, parsing with explain's parser, and storing.
 */
class PerftestStandInIT {
    @TempDir
    Path dir;

    @Test
    void perftestPointsRunAgainstTheStandInAndStoreTheRecordedSweeps() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path source = Path.of("src/test/resources/perftest-standin");
        try (var files = Files.list(source)) {
            for (Path f : files.toList()) {
                Files.copy(f, bin.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path standIn = bin.resolve("perftest-standin");
        standIn.toFile().setExecutable(true);
        for (String prog : List.of("ib_send_bw", "ib_write_bw", "ib_send_lat", "ib_read_bw")) {
            Files.createSymbolicLink(bin.resolve(prog), standIn);
        }
        Path db = dir.resolve("r.db");
        Path plan = dir.resolve("rdma.yaml");
        Files.writeString(plan, """
                name: rdma-standin
                defaults: {device: mlx5_0, ib_port: 1, host: 127.0.0.1, server: start}
                series:
                  - engine: perftest
                    label: bw
                    params: {test: ib_send_bw, all: true, binary: %1$s/ib_send_bw}
                  - engine: perftest
                    label: bw
                    params: {test: ib_write_bw, size: 65536, gid_index: 3, binary: %1$s/ib_write_bw}
                  - engine: perftest
                    label: lat
                    params: {test: ib_send_lat, all: true, connection: UD, binary: %1$s/ib_send_lat}
                  - engine: perftest
                    label: nothing-recorded
                    params: {test: ib_read_bw, all: true, binary: %1$s/ib_read_bw}
                """.formatted(bin));
        Cli.Run run = Cli.run("run", plan.toString(), "--db", db.toString());
        // The ib_read_bw point fails (the stand-in has no recording of it): recorded as failed, exit 1.
        assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
        assertThat(run.out()).contains("FAILED: " + bin + "/ib_read_bw exited with status 1: perftest stand-in: "
                + "no recorded output of ib_read_bw -a");
        assertThat(run.err()).contains("1 of 4 points failed");
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> all = store.find(ResultStore.Query.all());
            assertThat(all).hasSize(3);
            StoredResult send = all.get(0);
            Measurement m = send.measurement();
            assertThat(m.tool()).isEqualTo("perftest");
            assertThat(m.toolVersion()).isEqualTo("stand-in");
            assertThat(m.test()).isEqualTo("rdma-send-bw");
            assertThat(m.rows()).hasSize(23);
            assertThat(m.rows().getLast().keyValue()).isEqualTo(8_388_608);
            assertThat(m.metric("bitsPerSecond").orElseThrow().value()).isEqualTo(196.69e9);
            assertThat(send.engineCommand()).isEqualTo(bin + "/ib_send_bw -d mlx5_0 -i 1 -a -p "
                    + send.engineCommand().replaceAll(".* -p (\\d+) .*", "$1") + " -F --report_gbit 127.0.0.1");
            assertThat(m.params()).containsEntry("device", "mlx5_0").containsEntry("test", "ib_send_bw");

            Measurement write = all.get(1).measurement();
            assertThat(write.test()).isEqualTo("rdma-write-bw");
            // seed 002: 16826.73 MB/sec average; perftest's MB is 2^20 bytes
            assertThat(write.metric("bitsPerSecond").orElseThrow().value()).isCloseTo(16826.73 * 1048576 * 8,
                    Assertions.within(1.0));
            assertThat(all.get(1).engineCommand()).contains("-x 3").contains("-s 65536");

            Measurement lat = all.get(2).measurement();
            assertThat(lat.test()).isEqualTo("rdma-send-lat");
            assertThat(lat.rows()).hasSize(12);
            assertThat(all.get(2).engineCommand()).contains("-c UD -a");
        }
        Path html = dir.resolve("rdma.html");
        Cli.Run report = Cli.run("results", "report", "--db", db.toString(), "-o", html.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        assertThat(Files.readString(html)).contains("rdma-send-bw sweep").contains("bandwidth vs message size")
                .contains("latency percentiles vs message size");
    }
}
