package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.testing.Netns;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Issue 29, "Done when", first bullet: a newcomer's iperf3 command lines with only "iperf3" changed
 * to "wirespeed", against `wirespeed -s` on 127.0.0.1 (a free port, given with -p as they would).
 * Each line's effect is checked, not just its exit code.
 */
@Timeout(300)
class NewcomerIperf3CommandsIT {
    static int port;
    static Process server;
    static Path serverLog;

    @TempDir
    Path dir;

    @BeforeAll
    static void iperf3DashS() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        // iperf3 -s -B 127.0.0.1 -p PORT, in its own process as a user runs it
        serverLog = Files.createTempFile("wirespeed-dash-s", ".log");
        server = new ProcessBuilder(Netns.wirespeed("-s", "-B", "127.0.0.1", "-p", Integer.toString(port)))
                .redirectErrorStream(true).redirectOutput(serverLog.toFile()).start();
        assertThat(Netns.awaitText(serverLog, "listening on", server, 60_000)).as("wirespeed -s listens: %s",
                read(serverLog)).isTrue();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
        if (serverLog != null) {
            Files.deleteIfExists(serverLog);
        }
    }

    private static String portArg() {
        return Integer.toString(port);
    }

    @Test
    void fourStreamsReverseJson() throws Exception {
        // iperf3 -c H -P 4 -t 2 -R -J
        Cli.Run r = Cli.run("-c", "127.0.0.1", "-p", portArg(), "-P", "4", "-t", "2", "-R", "-J", "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(JsonSchemas.errors("bw.schema.json", r.out())).isEmpty();
        JsonNode result = Json.MAPPER.readTree(r.out());
        assertThat(result.get("params").get("streams").asInt()).isEqualTo(4);
        assertThat(result.get("params").get("direction").asString()).isEqualTo("download");
        JsonNode down = result.get("directions").get(0);
        assertThat(down.get("sender").asString()).isEqualTo("server");
        assertThat(down.get("streams")).hasSize(4);
        assertThat(down.get("receiverSummary").get("bytes").asLong()).isPositive();
        assertThat(down.get("receiverSummary").get("seconds").asDouble()).isBetween(1.5, 4.0);
    }

    @Test
    void tosByte() {
        // iperf3 -c H -S 0x88 -t 1
        Cli.Run r = Cli.run("-c", "127.0.0.1", "-p", portArg(), "-S", "0x88", "-t", "1", "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("TOS 0x88 (DSCP 34 AF41)")
                .containsPattern("TOS received by the server: 0x88 \\(DSCP 34 AF41\\) on \\d+ of \\d+ streams?");
    }

    @Test
    void untilStoppedThenCtrlC() throws Exception {
        // iperf3 -c H -t 0, Ctrl-C after about 2 s: its own process, so the signal is a real SIGINT
        Path log = dir.resolve("t0.log");
        Process c = new ProcessBuilder(Netns.wirespeed("-c", "127.0.0.1", "-p", portArg(), "-t", "0", "-P", "1",
                "--no-save")).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (!read(log).contains("1.00-2.00") && c.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(read(log)).as("an interval at 2 s").contains("1.00-2.00");
            new ProcessBuilder("kill", "-INT", Long.toString(c.pid())).start().waitFor(10, TimeUnit.SECONDS);
            assertThat(c.waitFor(60, TimeUnit.SECONDS)).as("ends after Ctrl-C").isTrue();
        } finally {
            c.destroyForcibly();
        }
        String out = read(log);
        assertThat(c.exitValue()).as(out).isEqualTo(ExitCode.INTERRUPTED);
        assertThat(out).contains("until stopped").contains("stopped by the user")
                .containsPattern("receiver +\\S+ \\S*B +\\S+ [kMG]?bit/s");
    }

    private static String read(Path log) throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }
}
