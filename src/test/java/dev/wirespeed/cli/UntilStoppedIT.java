package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.wire.TestSpec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** bw -t 0 (iperf3's "run until stopped") over loopback: SIGTERM ends it with the result; a server's limit bounds it. */
class UntilStoppedIT {
    @TempDir
    Path dir;

    @Test
    void sigtermEndsItWithTheResultPrintedAndStoredAsInterrupted() throws Exception {
        Path db = dir.resolve("r.db");
        Path log = dir.resolve("bw.log");
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "dev.wirespeed.cli.Main", "bw", "--loopback", "-t", "0", "-P", "1", "--db", db.toString()));
        Process bw = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            ResultStatusIT.awaitLine(bw, log, "1.00-2.00");
            Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(bw.pid())).start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(bw.waitFor(60, TimeUnit.SECONDS)).as("bw ends within a minute of SIGTERM").isTrue();
        } finally {
            bw.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(bw.exitValue()).as(out).isEqualTo(143);
        assertThat(out).contains("until stopped").contains("stopped by the user").contains("(status interrupted)")
                .containsPattern("receiver .*bit/s");
        try (ResultStore store = ResultStore.open(db)) {
            StoredResult r = store.result(1).orElseThrow();
            assertThat(r.status()).isEqualTo(ResultStatus.INTERRUPTED);
            assertThat(r.measurement().metric("bitsPerSecond").orElseThrow().value()).isPositive();
            assertThat(r.measurement().metric("seconds").orElseThrow().value()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void theServersLimitEndsIt() throws Exception {
        // a server that allows 1 s per test: -t 0 runs until that limit, says so, and the result is done
        Server server = new Server(new ServerConfig("127.0.0.1", 0, false, new TestSpec.Limits(8, 1000), 10_000,
                line -> { }));
        server.serveInBackground();
        try {
            Cli.Run r = Cli.run("bw", "127.0.0.1:" + server.port(), "-t", "0", "-P", "1", "-J", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.err()).contains("-t 0 ran until the server's limit of 1 s");
            JsonNode result = Json.MAPPER.readTree(r.out());
            assertThat(result.get("params").get("durationSeconds").asDouble()).isZero();
            assertThat(result.get("outcome").get("status").asString()).isEqualTo("ok");
            assertThat(result.get("directions").get(0).get("receiverSummary").get("seconds").asDouble())
                    .isBetween(0.9, 5.0);
        } finally {
            server.close();
        }
    }

    @Test
    void notWithUdpOrSweeps() {
        // --iperf3 takes -t 0 since flags29: Iperf3UntilStoppedIT runs it against the real iperf3
        for (String[] args : new String[][] {{"--udp"}, {"-a"}}) {
            List<String> line = new ArrayList<>(List.of("bw", "127.0.0.1", "-t", "0", "--no-save"));
            line.addAll(List.of(args));
            Cli.Run r = Cli.run(line.toArray(new String[0]));
            assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).contains("-t 0 (until stopped)");
        }
    }
}
