package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * Issue 29: {@code bw --iperf3 --get-server-output} against Debian's iperf3 server
 * ({@code iperf3 -s -p PORT -1}) asks as iperf3's client does (get_server_output) and prints what
 * comes back: the server's text (server_output_text) after the summary, or, from a server run with
 * -J, its document (server_output_json) under "Server JSON output:"; --json keeps either.
 */
@Timeout(120)
class Iperf3ServerOutputIT {
    @BeforeAll
    static void iperf3() {
        Iperf3Binary.assumeInstalled();
    }

    @Test
    void tcpTextShowsWhatTheIperf3ServerPrinted() throws Exception {
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = server(port, false)) {
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(port), "--iperf3", "-t", "1", "-P", "1",
                    "--get-server-output", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(server.await(30)).isZero();
            String printed = server.output();
            // iperf3's own text, line by line as its server printed it (trailing blanks and all)
            assertThat(printed).contains("Accepted connection from 127.0.0.1");
            String ours = r.out().substring(r.out().indexOf("\nServer output:\n") + "\nServer output:\n".length());
            for (String line : printed.split("\n")) {
                if (line.contains("Accepted connection") || line.contains(" receiver")) {
                    assertThat(ours).contains(line);
                }
            }
            assertThat(ours).contains("receiver");
        }
    }

    @Test
    void udpJsonKeepsTheIperf3ServersText() throws Exception {
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = server(port, false)) {
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(port), "--iperf3", "--udp", "-b", "10M",
                    "-t", "1", "--get-server-output", "--json", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(server.await(30)).isZero();
            assertThat(JsonSchemas.errors("udp.schema.json", r.out())).isEmpty();
            JsonNode lines = Json.MAPPER.readTree(r.out()).path("serverOutput").path("lines");
            assertThat(lines.isArray()).as(r.out()).isTrue();
            assertThat(lines.toString()).contains("Accepted connection from 127.0.0.1");
        }
    }

    @Test
    void aJsonServerSendsItsDocument() throws Exception {
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = server(port, true)) {
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(port), "--iperf3", "-t", "1",
                    "--get-server-output", "--json", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(server.await(30)).isZero();
            assertThat(JsonSchemas.errors("bw.schema.json", r.out())).isEmpty();
            JsonNode doc = Json.MAPPER.readTree(r.out()).path("serverOutput").path("json");
            assertThat(doc.path("start").path("version").asString()).startsWith("iperf 3.");
            assertThat(doc.path("start").path("connected").size()).isPositive();
        }
        int textPort = Iperf3Binary.freePort();
        try (Iperf3Binary server = server(textPort, true)) {
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(textPort), "--iperf3", "-t", "1",
                    "--get-server-output", "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(server.await(30)).isZero();
            assertThat(r.out()).contains("\nServer JSON output:\n{").contains("\"version\" : \"iperf 3.");
        }
    }

    @Test
    void notAskedNothingComes() throws Exception {
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = server(port, false)) {
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(port), "--iperf3", "-t", "1", "--json",
                    "--no-save");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(server.await(30)).isZero();
            assertThat(Json.MAPPER.readTree(r.out()).has("serverOutput")).isFalse();
        }
    }

    /** {@code iperf3 -s -1 -B 127.0.0.1 -p PORT} (with -J when asked), once it listens. */
    private static Iperf3Binary server(int port, boolean json) throws IOException, InterruptedException {
        List<String> args = json ? List.of("-s", "-1", "-J", "-B", "127.0.0.1", "-p", Integer.toString(port))
                : List.of("-s", "-1", "-B", "127.0.0.1", "-p", Integer.toString(port));
        Iperf3Binary s = Iperf3Binary.start(args);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!Iperf3Binary.listening(port)) {
            if (System.nanoTime() > deadline) {
                s.close();
                throw new IOException("iperf3 server did not start: " + s.output());
            }
            Thread.sleep(20);
        }
        return s;
    }
}
