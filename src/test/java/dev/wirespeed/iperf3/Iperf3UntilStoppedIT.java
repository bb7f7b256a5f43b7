package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.cli.ExitCode;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.testing.Netns;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * -t 0 ("until stopped") across the iperf3 protocol, both ways, with the real iperf3 on loopback,
 * each stopped by SIGINT (Ctrl-C) after about 2 s. iperf3 sends time 0 and sets no timer for it
 * (iperf_client_api.c, iperf_server_api.c: a timer only when duration != 0).
 */
@Timeout(180)
class Iperf3UntilStoppedIT {
    @TempDir
    Path dir;

    @BeforeAll
    static void iperf3() {
        Iperf3Binary.assumeInstalled();
    }

    @Test
    void wirespeedClientRunsUntilCtrlCAgainstARealIperf3Server() throws Exception {
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            Path log = dir.resolve("bw.log");
            Process bw = new ProcessBuilder(Netns.wirespeed("bw", "127.0.0.1", "-p", Integer.toString(port), "--iperf3",
                    "-t", "0", "-P", "1", "--no-save")).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                awaitText(bw, log, "1.00-2.00");
                new ProcessBuilder("kill", "-INT", Long.toString(bw.pid())).start().waitFor(10, TimeUnit.SECONDS);
                assertThat(bw.waitFor(60, TimeUnit.SECONDS)).as("bw ends after SIGINT").isTrue();
            } finally {
                bw.destroyForcibly();
            }
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(bw.exitValue()).as(out).isEqualTo(ExitCode.INTERRUPTED);
            assertThat(out).contains("until stopped").contains("stopped by the user")
                    .containsPattern("receiver +\\S+ \\S*B +\\S+ [kMG]?bit/s"); // the server's side, from the results exchange
            // the iperf3 server ended normally (TEST_END, not a terminated client) and measured about 2 s
            assertThat(server.await(30)).as(server.output()).isZero();
            double seconds = server.json().path("end").path("sum_received").path("seconds").asDouble();
            assertThat(seconds).as(server.output()).isGreaterThanOrEqualTo(2.0);
        }
    }

    @Test
    void realIperf3ClientRunsUntilCtrlCAgainstAWirespeedServer() throws Exception {
        BlockingQueue<Iperf3Service.Served> served = new LinkedBlockingQueue<>();
        List<String> serverLog = Collections.synchronizedList(new ArrayList<>());
        Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5000,
                serverLog::add));
        server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(TestSpec.Limits.DEFAULT, 5000, serverLog::add),
                served::add));
        server.serveInBackground();
        try (Iperf3Binary client = Iperf3Binary.start(List.of("-c", "127.0.0.1", "-p", Integer.toString(server.port()),
                "-t", "0", "-i", "1", "--forceflush"))) {
            // --forceflush: iperf3 writes to a pipe in 4 KiB blocks otherwise, and its "1.00-2.00" line
            // reached the test only ~50 s in (the CI of 2026-12-05 16:00 UTC)
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!client.output().contains("1.00-2.00") && System.nanoTime() < deadline) {
                assertThat(client.output()).as("server log %s", serverLog).doesNotContain("error");
                Thread.sleep(50);
            }
            assertThat(client.output()).as("server log %s", serverLog).contains("1.00-2.00");
            client.signal("INT");
            client.await(30);
            // iperf3's client prints its summary on SIGINT, then tells the server CLIENT_TERMINATE
            assertThat(client.output()).contains("sender").contains("interrupt - the client has terminated")
                    .doesNotContain("unable to");
            Iperf3Service.Served s = served.poll(30, TimeUnit.SECONDS);
            assertThat(s).as("the server finished the test; log: %s", serverLog).isNotNull();
            assertThat(s.spec().untilStopped()).isTrue();
            assertThat(s.problem()).isEqualTo("the client terminated the test");
            assertThat(s.server().streams().getFirst().bytes()).as("bytes the server received").isPositive();
        } finally {
            server.close();
            server.awaitStopped(5, TimeUnit.SECONDS);
        }
    }

    private static void awaitText(Process p, Path log, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log) && Files.readString(log, StandardCharsets.UTF_8).contains(text)) {
                return;
            }
            if (!p.isAlive()) {
                throw new IOException("ended before '" + text + "': " + Files.readString(log, StandardCharsets.UTF_8));
            }
            Thread.sleep(50);
        }
        throw new IOException("no '" + text + "' within 90 s: " + Files.readString(log, StandardCharsets.UTF_8));
    }
}
