package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.wire.TestSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * -S/--dscp over loopback: the server's kernel reports the TOS (IPv4) or traffic class (IPv6) of the
 * client's segments on every data connection, and the server logs it.
 */
class TosIT {
    private record Run(JsonNode result, List<String> serverLog, Cli.Run cli) {}

    private static Run bw(String bind, String host, String... options) throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        Server server = new Server(new ServerConfig(bind, 0, false, TestSpec.Limits.DEFAULT, 10_000, log::add));
        server.serveInBackground();
        try {
            List<String> line = new ArrayList<>(List.of("bw", host + ":" + server.port(), "-t", "0.5",
                    "-J", "--no-save"));
            line.addAll(List.of(options));
            Cli.Run r = Cli.run(line.toArray(new String[0]));
            assertThat(r.exitCode()).as(r.err()).isZero();
            for (int i = 0; i < 50 && log.stream().noneMatch(l -> l.contains("TOS received")); i++) {
                Thread.sleep(20); // the server logs the test after answering its results
            }
            return new Run(Json.MAPPER.readTree(r.out()), log, r);
        } finally {
            server.close();
        }
    }

    private static List<Integer> receivedTos(JsonNode result) {
        List<Integer> all = new ArrayList<>();
        for (JsonNode d : result.get("directions")) {
            for (JsonNode s : d.get("streams")) {
                all.add(s.has("receivedTos") ? s.get("receivedTos").asInt() : null);
            }
        }
        return all;
    }

    @Test
    void ipv4TosSeenByTheServerOnEveryStreamBothWays() throws Exception {
        Run up = bw("127.0.0.1", "127.0.0.1", "-S", "0x88", "-P", "2");
        assertThat(up.result().get("params").get("tos").asInt()).isEqualTo(0x88);
        assertThat(receivedTos(up.result())).containsExactly(0x88, 0x88);
        assertThat(up.serverLog()).anyMatch(l -> l.contains("TOS received 0x88 (DSCP 34 AF41)"));

        Run down = bw("127.0.0.1", "127.0.0.1", "--dscp", "EF", "-R", "-P", "1");
        assertThat(receivedTos(down.result())).containsExactly(0xb8);
    }

    @Test
    void textSaysWhatTheServerReceived() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                log::add));
        server.serveInBackground();
        try {
            Cli.Run r = Cli.run("bw", "127.0.0.1:" + server.port(), "-t", "0.5", "-P", "3", "--dscp", "cs3",
                    "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).contains("TOS 0x60 (DSCP 24 CS3)")
                    .contains("TOS received by the server: 0x60 (DSCP 24 CS3) on 3 of 3 streams");
        } finally {
            server.close();
        }
    }

    @Test
    void ipv6TrafficClassSeenByTheServer() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of(
                "/proc/net/if_inet6")), "no IPv6 on this host");
        Run up = bw("::1", "[::1]", "-S", "0x88", "-P", "2");
        // the data segments may carry ECT(0) (0x8a) where ECN was negotiated: the DSCP is the marking
        assertThat(receivedTos(up.result())).hasSize(2).allMatch(t -> t != null && t >> 2 == 34);
    }

    /**
     * UDP (flags29): every data socket of both sides is marked before its hello, and the server reads
     * the TOS each stream's hello arrived with (HelloTos: IP_RECVTOS, a peek on the listener).
     */
    @Test
    void udpTosSeenByTheServerOnEveryStreamBothWays() throws Exception {
        Run up = bw("127.0.0.1", "127.0.0.1", "--udp", "-S", "0x88", "-P", "2");
        assertThat(JsonSchemas.errors("udp.schema.json", up.cli().out())).isEmpty();
        assertThat(up.result().get("params").get("tos").asInt()).isEqualTo(0x88);
        assertThat(receivedTos(up.result())).containsExactly(0x88, 0x88);
        assertThat(up.serverLog()).anyMatch(l -> l.contains("udp-bw") && l.contains("TOS received 0x88 (DSCP 34 AF41)"));

        Run down = bw("127.0.0.1", "127.0.0.1", "--udp", "--dscp", "EF", "-R", "-P", "1");
        assertThat(receivedTos(down.result())).containsExactly(0xb8);

        Run plain = bw("127.0.0.1", "127.0.0.1", "--udp", "-P", "1");
        assertThat(plain.result().get("params").has("tos")).isFalse();
        assertThat(receivedTos(plain.result())).containsOnlyNulls();
    }

    @Test
    void udpTextSaysWhatTheServerReceived() throws Exception {
        Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                line -> { }));
        server.serveInBackground();
        try {
            Cli.Run r = Cli.run("bw", "127.0.0.1:" + server.port(), "--udp", "-t", "0.5", "-P", "2", "--dscp", "cs3",
                    "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).contains("TOS received by the server: 0x60 (DSCP 24 CS3) on 2 of 2 streams");
        } finally {
            server.close();
        }
    }

    @Test
    void udpIpv6TrafficClassSeenByTheServer() throws Exception {
        Assumptions.assumeTrue(Files.exists(Path.of("/proc/net/if_inet6")), "no IPv6 on this host");
        Run up = bw("::1", "[::1]", "--udp", "-S", "0x88", "-P", "1");
        assertThat(receivedTos(up.result())).containsExactly(0x88);
    }

    @Test
    void withoutTheOptionNothingIsReported() throws Exception {
        Run plain = bw("127.0.0.1", "127.0.0.1", "-P", "1");
        assertThat(plain.result().get("params").has("tos")).isFalse();
        assertThat(receivedTos(plain.result())).containsOnlyNulls();
    }

    @Test
    void usageErrors() {
        for (String[] args : new String[][] {{"-S", "256"}, {"--dscp", "AF44"}, {"-S", "1", "--dscp", "EF"},
            {"-S", "0x88", "-a"}, {"-S", "0x88", "--iperf3"}}) {
            List<String> line = new ArrayList<>(List.of("bw", "127.0.0.1", "--no-save"));
            line.addAll(List.of(args));
            Cli.Run r = Cli.run(line.toArray(new String[0]));
            assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).isEqualTo(1);
        }
    }
}
