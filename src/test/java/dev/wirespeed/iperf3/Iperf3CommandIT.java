package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.wire.TestSpec;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/** The command lines: {@code bw --iperf3} and {@code server --iperf3}, as a user runs them. */
@Timeout(120)
class Iperf3CommandIT {
    @Test
    void jsonAgainstAnIperf3ServerMatchesTheSchema() throws Exception {
        Iperf3Binary.assumeInstalled();
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            Cli.Run r = Cli.run("bw", "--iperf3", "127.0.0.1", "-p", Integer.toString(port), "-t", "1", "-R", "-P", "2",
                    "--json");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(JsonSchemas.errors("bw.schema.json", r.out())).isEmpty();
            JsonNode j = Iperf3Binary.MAPPER.readTree(r.out());
            assertThat(j.path("server").path("software").stringValue()).isEqualTo("iperf3");
            assertThat(j.path("params").path("bufferBytes").longValue())
                    .as("speaking iperf3, the client writes iperf3's 128 KiB blocks, not wirespeed's 1 MiB")
                    .isEqualTo(Iperf3.DEFAULT_TCP_LEN);
            assertThat(j.path("server").has("cores")).as("iperf3 does not say").isFalse();
            JsonNode down = j.path("directions").get(0);
            assertThat(down.path("direction").stringValue()).isEqualTo("download");
            assertThat(down.path("senderSummary").path("retransmits").path("sockets").isNumber())
                    .as("the iperf3 server's per-socket retransmits").isTrue();
            assertThat(server.await(30)).isZero();
        }
    }

    @Test
    void udpJsonAgainstAnIperf3ServerMatchesTheSchema() throws Exception {
        Iperf3Binary.assumeInstalled();
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            Cli.Run r = Cli.run("bw", "--iperf3", "127.0.0.1", "-p", Integer.toString(port), "-t", "1", "--udp",
                    "-b", "50M", "-l", "1400", "--json");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(JsonSchemas.errors("udp.schema.json", r.out())).isEmpty();
            JsonNode up = Iperf3Binary.MAPPER.readTree(r.out()).path("directions").get(0);
            assertThat(up.path("receiverSummary").path("totalPackets").longValue())
                    .as("the iperf3 server's count").isPositive();
            assertThat(server.await(30)).isZero();
        }
    }

    @Test
    void blockCountCountsIperf3Blocks() throws Exception {
        Iperf3Binary.assumeInstalled();
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            // iperf3 -k 8 sends 8 blocks of its default 128 KiB; so does bw --iperf3 -k 8 without -l
            Cli.Run r = Cli.run("bw", "--iperf3", "127.0.0.1", "-p", Integer.toString(port), "-k", "8", "--json",
                    "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            JsonNode up = Iperf3Binary.MAPPER.readTree(r.out()).path("directions").get(0);
            assertThat(up.path("senderSummary").path("bytes").longValue()).isEqualTo(8L * Iperf3.DEFAULT_TCP_LEN);
            assertThat(server.await(30)).isZero();
        }
    }

    @Test
    void textNamesTheIperf3Server() throws Exception {
        Iperf3Binary.assumeInstalled();
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            Cli.Run r = Cli.run("bw", "--iperf3", "127.0.0.1", "-p", Integer.toString(port), "-t", "1");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(r.out()).startsWith("Connected to 127.0.0.1:" + port + " — iperf3\n")
                    .contains("[SUM]").doesNotContain("null")
                    .contains("upload (client → server)").contains("receiver");
            assertThat(server.await(30)).isZero();
        }
    }

    @Test
    void aRefusalIsOneLineWithTheIperf3Error() throws Exception {
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5000,
                line -> { }))) {
            server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(new TestSpec.Limits(2, 60_000), 5000,
                    line -> { })));
            server.serveInBackground();
            Cli.Run r = Cli.run("bw", "--iperf3", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1",
                    "-P", "4");
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.errLines()).containsExactly("wirespeed bw: the iperf3 server at 127.0.0.1:" + server.port()
                    + " refused the test: too many parallel streams for the server (iperf3 error 6)");
            server.close();
            server.awaitStopped(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void badUsage() {
        assertThat(Cli.run("bw", "--iperf3", "--loopback", "-t", "1").exitCode()).isEqualTo(2);
        Cli.Run omit = Cli.run("bw", "--iperf3", "127.0.0.1", "-O", "0.5");
        assertThat(omit.exitCode()).isEqualTo(2);
        assertThat(omit.err()).contains("-O must be whole seconds with --iperf3");
        Cli.Run sweep = Cli.run("bw", "--iperf3", "127.0.0.1", "-a");
        assertThat(sweep.exitCode()).isEqualTo(2);
        assertThat(sweep.err()).contains("-a runs against a wirespeed server only");
    }
}
