package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.FakeServer;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 break 5: what a server reports is checked against what the path and the time allow. A
 * byte count of 2^63-1 (whose sum overflowed to a negative rate, saved as done) and a direction
 * that moved nothing (--bidir at 0 B both ways, exit 0) are failed tests, named, exit 1, saved as
 * failed — never a done result.
 */
@Tag("hostile")
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ImplausibleResultsIT {
    @TempDir
    Path dir;

    /** The server's totals: every stream received {@code bytes} in one second. */
    private static Function<TestSpec, String> received(long bytes) {
        return spec -> {
            List<Message.StreamTotal> streams = new ArrayList<>();
            for (int i = 0; i < spec.connections(); i++) {
                boolean serverSends = !spec.direction().isUploadStream(i, spec.streams());
                streams.add(new Message.StreamTotal(i, serverSends, serverSends ? 0 : bytes, serverSends ? 0 : bytes,
                        1_000_000_000L, null));
            }
            return FakeServer.json(new Message.Results(streams, new Message.CpuTime(1, 1, 1_000_000_000L), null));
        };
    }

    private Cli.Run bw(FakeServer.Script script, Path db, String... extra) throws Exception {
        try (FakeServer server = new FakeServer(script)) {
            List<String> args = new ArrayList<>(List.of("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t",
                    "1", "--db", db.toString()));
            args.addAll(List.of(extra));
            return Cli.run(args.toArray(new String[0]));
        }
    }

    private static String welcome() {
        return FakeServer.welcome("wirespeed 9", "liar", "Linux");
    }

    @Test
    void aByteCountOf2To63IsRefusedNotANegativeRateSavedAsDone() throws Exception {
        Path db = dir.resolve("r.db");
        Cli.Run r = bw(new FakeServer.Script(welcome(), received(Long.MAX_VALUE)), db, "-P", "2");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err()).contains("the server's report was refused: the server reported 8.00 EiB on stream 1 in a "
                + "test of").contains("more than 10 Tbit/s could move");
        assertThat(r.out()).doesNotContain("EiB").doesNotContainPattern("-[\\d.]+ [GMk]?bit/s")
                .contains("unknown (no results from that side)");
        Cli.Run list = Cli.run("results", "list", "--db", db.toString());
        assertThat(list.out()).contains("failed").doesNotContain(" done ");
        Cli.Run json = Cli.run("results", "export", "--json", "--db", db.toString());
        assertThat(json.out()).doesNotContain("\"bitsPerSecond\" : -").doesNotContain("9223372036854775807");
    }

    @Test
    void moreReceivedThanTheClientSentIsRefused() throws Exception {
        Cli.Run r = bw(new FakeServer.Script(welcome(), received(100L << 30)), dir.resolve("r.db"), "-P", "1");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err()).contains("the server reported receiving 100 GiB on stream 1, more than the")
                .contains("this client sent");
    }

    @Test
    void aBidirectionalTestThatMovedNothingIsFailedNotDone() throws Exception {
        Path db = dir.resolve("r.db");
        // the fake sends nothing on the download streams and says it received nothing
        Cli.Run r = bw(new FakeServer.Script(welcome(), received(0)), db, "--bidir", "-P", "1");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err()).contains("no data moved upload (client → server) or download (server → client) in");
        assertThat(Cli.run("results", "list", "--db", db.toString()).out()).contains("failed").doesNotContain(" done ");
    }

    @Test
    void aPlausibleReportStillPasses() throws Exception {
        // 1 MB in a second: less than the client sent, however loaded this machine is
        Cli.Run r = bw(new FakeServer.Script(welcome(), received(1_000_000)), dir.resolve("r.db"), "-P", "1");
        assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    }

    /**
     * A campaign's wirespeed-bw point that moved 0 B was stored as done (a rate of 0): it is a
     * failed point with the reason, and no result (issue 32).
     */
    @Test
    void aCampaignPointThatMovedNothingIsStoredFailedWithTheReason() throws Exception {
        Path db = dir.resolve("r.db");
        Path plan = dir.resolve("plan.yaml");
        try (FakeServer server = new FakeServer(new FakeServer.Script(welcome(), received(0)))) {
            Files.writeString(plan, """
                    name: nothing-moved
                    series:
                      - engine: wirespeed-bw
                        params: {host: 127.0.0.1, port: %d, duration: 1}
                    """.formatted(server.port()));
            Cli.Run r = Cli.run("run", plan.toString(), "--db", db.toString());
            assertThat(r.out() + r.err()).contains("FAILED: wirespeed bw: no data moved upload (client → server)");
        }
        try (var c = DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
             var q = c.createStatement()) {
            var points = q.executeQuery("SELECT status, error FROM points");
            assertThat(points.next()).isTrue();
            assertThat(points.getString(1)).isEqualTo("failed");
            assertThat(points.getString(2)).contains("no data moved");
            assertThat(q.executeQuery("SELECT count(*) FROM results").getInt(1)).isZero();
        }
    }
}
