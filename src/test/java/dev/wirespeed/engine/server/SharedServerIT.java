package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.AcceptedControl;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29: a server that ran two clients' tests at once said nothing to either. Its log line and
 * the Results it sends now carry how many other tests ran beside each one; a test alone carries 0.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedServerIT {
    @Test
    void aTestBesideAnotherSaysSoInTheLogAndItsResults() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 30_000,
                log::add))) {
            server.serveInBackground();
            String port = Integer.toString(server.port());
            Cli.Running beside = Cli.start("bw", "127.0.0.1", "-p", port, "-t", "4", "--no-save");
            assertThat(beside.awaitOutput("[  1]", 30_000)).as("the test beside runs: %s", beside.err()).isTrue();
            assertThat(rawTestSharedWith(server.port())).as("Results.sharedWithTests while another test runs")
                    .isEqualTo(1);
            assertThat(beside.exit().get(60, TimeUnit.SECONDS)).as(beside.err().toString()).isZero();
            assertThat(beside.out().toString()).as("the client's text").contains(
                    "shared: the server ran 1 other test at once beside this one");
            assertThat(rawTestSharedWith(server.port())).as("alone").isZero();
        }
        assertThat(log).filteredOn(l -> l.contains("(beside 1 other test at once)")).as("log %s", log).hasSize(2);
    }

    /** The client's JSON and the store say it too; a test alone says 0 and "no". */
    @Test
    void theClientsJsonAndTheStoreSayItToo(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("results.db");
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 30_000,
                line -> { }))) {
            server.serveInBackground();
            String port = Integer.toString(server.port());
            Cli.Running beside = Cli.start("bw", "127.0.0.1", "-p", port, "-t", "5", "--no-save");
            assertThat(beside.awaitOutput("[  1]", 30_000)).as("the test beside runs: %s", beside.err()).isTrue();
            Cli.Run shared = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--json", "--db", db.toString());
            assertThat(shared.exitCode()).as(shared.err()).isZero();
            assertThat(Json.MAPPER.readTree(shared.out()).path("serverSharedWithTests").asInt(-1)).isEqualTo(1);
            assertThat(JsonSchemas.errors("bw.schema.json", shared.out())).isEmpty();
            assertThat(beside.exit().get(60, TimeUnit.SECONDS)).as(beside.err().toString()).isZero();
            Cli.Run alone = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--json", "--db", db.toString());
            assertThat(alone.exitCode()).as(alone.err()).isZero();
            assertThat(Json.MAPPER.readTree(alone.out()).path("serverSharedWithTests").asInt(-1)).isZero();
        }
        assertThat(Cli.run("results", "show", "1", "--db", db.toString()).out())
                .contains("the server ran other tests at the same time");
        assertThat(Cli.run("results", "show", "2", "--db", db.toString()).out())
                .contains("the server ran no other test at the same time");
    }

    /** A one-stream, 1 s upload by hand: the server's Results' sharedWithTests. */
    private static Integer rawTestSharedWith(int port) throws Exception {
        try (AcceptedControl control = AcceptedControl.open(port, "test",
                TestSpec.tcpBandwidth().streams(1).durationMillis(1_000).build(), 20_000)) {
            FrameCodec codec = control.codec();
            try (Socket data = control.data(0)) {
                codec.expect(Message.Ready.class);
                codec.write(new Message.Start());
                byte[] chunk = new byte[64 * 1024];
                long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                while (System.nanoTime() < end) {
                    data.getOutputStream().write(chunk);
                }
                data.shutdownOutput();
                codec.write(new Message.Stop());
                for (int i = 0; i < 100; i++) {
                    Message m = codec.read();
                    if (m instanceof Message.Results r) {
                        return r.sharedWithTests();
                    }
                }
                throw new AssertionError("no Results in 100 messages");
            }
        }
    }
}
