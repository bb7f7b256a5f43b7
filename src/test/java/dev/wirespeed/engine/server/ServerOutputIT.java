package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Issue 29: {@code bw --get-server-output} against a wirespeed server on loopback prints the
 * server's own line for the test (the one its log shows) after the summary, as iperf3 does, and
 * --json carries it as serverOutput; without the option the server sends none.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServerOutputIT {
    @Test
    void tcpTextShowsTheServersOwnLineForTheTest() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (Server server = server(log)) {
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1", "-P", "1",
                    "--get-server-output", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            String serverLine = awaitTestLine(log);
            assertThat(serverLine).contains("upload 1 stream").contains("received");
            assertThat(r.out()).contains("\nServer output:\n" + serverLine + "\n");
            Cli.Run plain = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1", "-P", "1",
                    "--no-save");
            assertThat(plain.exitCode()).as(plain.err()).isZero();
            assertThat(plain.out()).as("not asked for").doesNotContain("Server output");
        }
    }

    @Test
    void tcpAndUdpJsonCarryTheServersLines() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (Server server = server(log)) {
            String port = Integer.toString(server.port());
            Cli.Run tcp = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "-R", "--get-server-output", "--json",
                    "--no-save");
            assertThat(tcp.exitCode()).as(tcp.err()).isZero();
            assertThat(JsonSchemas.errors("bw.schema.json", tcp.out())).isEmpty();
            JsonNode lines = Json.MAPPER.readTree(tcp.out()).path("serverOutput").path("lines");
            assertThat(lines.size()).isEqualTo(1);
            assertThat(lines.get(0).asString()).isEqualTo(awaitTestLine(log)).contains("download").contains("sent");
            log.clear();
            Cli.Run udp = Cli.run("bw", "127.0.0.1", "-p", port, "--udp", "-b", "20M", "-t", "1",
                    "--get-server-output", "--json", "--no-save");
            assertThat(udp.exitCode()).as(udp.err()).isZero();
            assertThat(JsonSchemas.errors("udp.schema.json", udp.out())).isEmpty();
            JsonNode udpLines = Json.MAPPER.readTree(udp.out()).path("serverOutput").path("lines");
            assertThat(udpLines.size()).isEqualTo(1);
            assertThat(udpLines.get(0).asString()).isEqualTo(awaitTestLine(log)).contains("udp-bw upload");
            Cli.Run udpText = Cli.run("bw", "127.0.0.1", "-p", port, "--udp", "-b", "20M", "-t", "1",
                    "--get-server-output", "--no-save");
            assertThat(udpText.exitCode()).as(udpText.err()).isZero();
            assertThat(udpText.out()).containsPattern("\nServer output:\n\\S+ udp-bw upload 1 stream");
            Cli.Run stream = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--json-stream", "--get-server-output",
                    "--no-save");
            assertThat(stream.exitCode()).as(stream.err()).isZero();
            List<String> events = stream.out().lines().toList();
            // as iperf3 3.17+: its own event just before "end", the lines each ending in a line feed
            assertThat(events.get(events.size() - 2)).startsWith("{\"event\":\"server_output_text\",\"data\":\"")
                    .contains("upload").endsWith("\\n\"}");
            assertThat(events.getLast()).startsWith("{\"event\":\"end\"");
            Cli.Run iperf3Shape = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--get-server-output", "-J",
                    "--json-format", "iperf3", "--no-save");
            assertThat(iperf3Shape.exitCode()).as(iperf3Shape.err()).isZero();
            assertThat(Json.MAPPER.readTree(iperf3Shape.out()).path("server_output_text").asString())
                    .as("where iperf3's client puts it").contains("upload").endsWith("\n");
            Cli.Run none = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--json", "--no-save");
            assertThat(Json.MAPPER.readTree(none.out()).has("serverOutput")).as("not asked for").isFalse();
        }
    }

    @Test
    void notWithASweepOrRdma() {
        Cli.Run r = Cli.run("bw", "--loopback", "-a", "--get-server-output");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--get-server-output").contains("not with -a");
    }

    private static Server server(List<String> log) throws Exception {
        Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 30_000,
                log::add));
        server.serveInBackground();
        return server;
    }

    /** The server's log line of the test (it is written after the lingering close: bounded wait). */
    private static String awaitTestLine(List<String> log) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            synchronized (log) {
                for (String line : log) {
                    if (line.startsWith("127.0.0.1:")) {
                        return line;
                    }
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no test line in the server's log: " + log);
    }
}
