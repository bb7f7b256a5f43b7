package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.engine.server.Loopback;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** iperf3's habits on bw and lat over loopback (127.0.0.1): each option observed in what it changes. */
class Iperf3HabitsIT {
    @TempDir
    Path dir;

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void hostPortBlockCountAndFamily() throws Exception {
        try (Server server = Loopback.server(0)) {
            // -4 turns localhost into its IPv4 address; the port comes from HOST:PORT; -k 4 -l 64K = 256 KiB
            Cli.Run r = Cli.run("bw", "localhost:" + server.port(), "-4", "-k", "4", "-l", "64K", "-P", "1", "-J",
                    "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode result = Json.MAPPER.readTree(r.out());
            assertThat(result.get("server").get("address").asString()).isEqualTo("127.0.0.1");
            assertThat(result.get("server").get("port").asInt()).isEqualTo(server.port());
            assertThat(result.get("params").get("bytes").asLong()).isEqualTo(4 * 65536);
            assertThat(result.get("directions").get(0).get("senderSummary").get("bytes").asLong()).isEqualTo(4 * 65536);
        }
    }

    @Test
    void iperf3CommandLineWithWirespeedInFront() throws Exception {
        // iperf3 -s -p PORT -1 / iperf3 -c H -p PORT -P 4 -t 1 -R -J, with only "iperf3" changed
        int port = freePort();
        Cli.Running server = Cli.start("-s", "-p", String.valueOf(port), "-1");
        try {
            Cli.Run r = null;
            for (int attempt = 0; attempt < 50; attempt++) {
                r = Cli.run("-c", "127.0.0.1", "-p", String.valueOf(port), "-P", "4", "-t", "1", "-R", "-J", "--no-save");
                if (r.exitCode() == 0 || !r.err().contains("refused")) {
                    break;
                }
                Thread.sleep(100); // the server is still binding its port
            }
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode result = Json.MAPPER.readTree(r.out());
            assertThat(result.get("params").get("streams").asInt()).isEqualTo(4);
            assertThat(result.get("params").get("direction").asString()).isEqualTo("download");
            assertThat(result.get("directions").get(0).get("receiverSummary").get("bytes").asLong()).isPositive();
            assertThat(server.await(10_000).exitCode()).isZero();
        } finally {
            server.exit().cancel(true);
        }
    }

    @Test
    void latTakesHostPort() throws Exception {
        try (Server server = Loopback.server(0)) {
            Cli.Run r = Cli.run("lat", "127.0.0.1:" + server.port(), "-n", "50", "-J", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(Json.MAPPER.readTree(r.out()).get("server").get("port").asInt()).isEqualTo(server.port());
        }
    }

    @Test
    void logfileTimestampsTitleAndUnit() throws Exception {
        Path log = dir.resolve("bw.log");
        Files.writeString(log, "earlier run\n");
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "0.5", "-i", "0.2", "-P", "1", "-f", "K", "--logfile",
                log.toString(), "--forceflush", "--timestamps=%Y ", "-T", "run1", "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("Connected");
        List<String> lines = Files.readAllLines(log);
        assertThat(lines.getFirst()).isEqualTo("earlier run");
        assertThat(lines.subList(1, lines.size())).isNotEmpty().allMatch(l -> l.matches("\\d{4} run1:  .*"));
        assertThat(lines).anyMatch(l -> l.contains("Connected to 127.0.0.1"))
                .anyMatch(l -> l.matches(".*sender .* \\d+\\.\\d\\d KiB/s.*"));
    }

    @Test
    void timestampsWithoutFormatLeavesTheNextArgumentToBeHost() throws Exception {
        try (Server server = Loopback.server(0)) {
            Cli.Run r = Cli.run("bw", "--timestamps", "127.0.0.1:" + server.port(), "-t", "0.3", "-P", "1", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            // "%c ": e.g. "Wed Dec  2 02:10:13 2026 Connected to …"
            assertThat(r.out().lines().filter(l -> !l.startsWith("saved:")))
                    .isNotEmpty().allMatch(l -> l.matches("[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9]\\d \\d\\d:\\d\\d:\\d\\d \\d{4} .*"));
        }
    }

    @Test
    void jsonStreamIsOneEventPerLine() throws Exception {
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "0.5", "-i", "0.2", "-P", "1", "--json-stream", "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().strip().lines().toList();
        List<String> events = lines.stream().map(l -> Json.MAPPER.readTree(l).get("event").asString()).toList();
        assertThat(events.getFirst()).isEqualTo("start");
        assertThat(events.getLast()).isEqualTo("end");
        assertThat(events.subList(1, events.size() - 1)).isNotEmpty().containsOnly("interval");
        JsonNode end = Json.MAPPER.readTree(lines.getLast()).get("data");
        assertThat(end.get("outcome").get("status").asString()).isEqualTo("ok");
        assertThat(Json.MAPPER.readTree(lines.get(1)).get("data").get("bitsPerSecond").asDouble()).isPositive();
    }

    @Test
    void clientPortIsBoundForTheDataConnections() throws Exception {
        int cport = freePort();
        Cli.Run ok = Cli.run("bw", "--loopback", "-t", "0.3", "-P", "2", "--cport", Integer.toString(cport), "-J",
                "--no-save");
        assertThat(ok.exitCode()).as(ok.err()).isZero();
        // stream 2 binds cport + 1, as iperf3: with that port taken the test fails on data connection 2
        try (ServerSocket taken = new ServerSocket()) {
            taken.setReuseAddress(true); // over the first run's TIME_WAIT
            taken.bind(new InetSocketAddress(cport + 1));
            Cli.Run r = Cli.run("bw", "--loopback", "-t", "0.3", "-P", "2", "--cport", Integer.toString(cport),
                    "--no-save");
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.err()).contains("data connection 2");
        }
    }

    @Test
    void udpTextTakesUnitLogfileTimestampsAndTitle() throws Exception {
        Path log = dir.resolve("udp.log");
        Cli.Run r = Cli.run("bw", "--loopback", "--udp", "-b", "5M", "-t", "0.6", "-i", "0.2", "-f", "k", "--logfile",
                log.toString(), "--timestamps=%Y ", "-T", "u1", "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("UDP");
        List<String> lines = Files.readAllLines(log);
        assertThat(lines).isNotEmpty().allMatch(l -> l.matches("\\d{4} u1:  .*"));
        // measured rates in kbit/s (-f k); the header's target rate keeps its own unit
        assertThat(lines).anyMatch(l -> l.matches(".* receiver .* \\d+\\.\\d\\d kbit/s .*"))
                .anyMatch(l -> l.contains("Mbit/s per stream"));
    }

    @Test
    void udpJsonStreamIsOneEventPerLine() throws Exception {
        Cli.Run r = Cli.run("bw", "--loopback", "--udp", "-b", "5M", "-t", "0.6", "-i", "0.2", "--json-stream",
                "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> events = r.out().strip().lines().map(l -> Json.MAPPER.readTree(l).get("event").asString())
                .toList();
        assertThat(events.getFirst()).isEqualTo("start");
        assertThat(events.getLast()).isEqualTo("end");
        assertThat(events.subList(1, events.size() - 1)).isNotEmpty().containsOnly("interval");
    }

    @Test
    void sweepColumnsFollowTheUnitAndLinesTheTitle() throws Exception {
        // 0.3 s a size: at 0.1 s a loaded 2-core host can end a size before its first byte, and a size
        // that moved nothing twice fails the sweep (issue 32: 0 B is never a rate)
        Cli.Run r = Cli.run("bw", "--loopback", "-a", "-t", "0.3", "-P", "1", "-f", "m", "-T", "s1", "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        List<String> lines = r.out().lines().filter(l -> !l.startsWith("saved:")).toList();
        assertThat(lines).isNotEmpty().allMatch(l -> l.startsWith("s1:  "));
        assertThat(lines).anyMatch(l -> l.contains("BW peak[Mb/sec]"));
        Cli.Run stream = Cli.run("bw", "--loopback", "-a", "-t", "0.3", "-P", "1", "--json-stream", "--no-save");
        assertThat(stream.exitCode()).as(stream.err()).isZero();
        List<JsonNode> events = stream.out().strip().lines().map(Json.MAPPER::readTree).toList();
        assertThat(events.getFirst().get("event").asString()).isEqualTo("start");
        assertThat(events.getLast().get("event").asString()).isEqualTo("end");
        // one interval event per size of the sweep, each a row of the --json result
        assertThat(events.subList(1, events.size() - 1)).extracting(e -> e.get("event").asString())
                .containsOnly("interval").hasSize(events.getLast().get("data").get("rows").size());
    }

    @Test
    void latTakesFamilyLogfileTitleTimestampsAndJsonStream() throws Exception {
        try (Server server = Loopback.server(0)) {
            Path log = dir.resolve("lat.log");
            Cli.Run text = Cli.run("lat", "localhost:" + server.port(), "-4", "-n", "50", "--logfile", log.toString(),
                    "--forceflush", "--timestamps=%Y ", "-T", "l1", "--no-save");
            assertThat(text.exitCode()).as(text.err()).isZero();
            List<String> lines = Files.readAllLines(log);
            assertThat(lines).isNotEmpty().allMatch(l -> l.matches("\\d{4} l1:  .*"));
            // -4 turned localhost into 127.0.0.1
            assertThat(lines).anyMatch(l -> l.contains("127.0.0.1"));

            Cli.Run stream = Cli.run("lat", "127.0.0.1:" + server.port(), "-n", "50", "--json-stream", "--no-save");
            assertThat(stream.exitCode()).as(stream.err()).isZero();
            List<JsonNode> events = stream.out().strip().lines().map(Json.MAPPER::readTree).toList();
            assertThat(events).extracting(e -> e.get("event").asString()).containsExactly("start", "interval", "end");
            assertThat(events.getLast().get("data").get("server").get("port").asInt()).isEqualTo(server.port());
        }
    }

    @Test
    void familyFlagsPickTheAddressOrSayThereIsNone() throws Exception {
        Cli.Run noV6 = Cli.run("lat", "127.0.0.1", "-6", "-n", "10", "--no-save");
        assertThat(noV6.exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(noV6.err()).contains("has no IPv6 address");
        Cli.Run noV4 = Cli.run("bw", "::1", "-4", "-t", "0.3", "--no-save");
        assertThat(noV4.exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(noV4.err()).contains("has no IPv4 address");

        Server server;
        try {
            server = new Server(new ServerConfig("::1", 0, false,
                    TestSpec.Limits.DEFAULT, 10_000, line -> { }));
        } catch (IOException e) {
            Assumptions.abort("no IPv6 loopback (::1) on this host: " + e.getMessage());
            return;
        }
        try (server) {
            server.serveInBackground();
            for (String command : List.of("lat", "bw")) {
                Cli.Run r = Cli.run(command, "[::1]:" + server.port(), "-6", "-J", "--no-save",
                        command.equals("lat") ? "-n" : "-t", command.equals("lat") ? "50" : "0.3");
                assertThat(r.exitCode()).as(command + ": " + r.err()).isZero();
                assertThat(Json.MAPPER.readTree(r.out()).get("server").get("address").asString()).as(command)
                        .contains(":");
            }
        }
    }
}
