package dev.wirespeed.engine.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.InProcessServer;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.testing.SystemCongestion;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A real server and client on 127.0.0.1 (kernel-chosen port). */
class BwLoopbackIT {
    @RegisterExtension
    static final InProcessServer server = new InProcessServer();

    static TestSpec spec(Direction d, int streams, long millis, long bytes, long omitMillis, long intervalMillis) {
        return TestSpec.tcpBandwidth().direction(d).streams(streams).durationMillis(millis).bytes(bytes)
                .omitMillis(omitMillis).intervalMillis(intervalMillis).bufferBytes(128 * 1024).build();
    }

    static BwResult run(TestSpec spec, List<BwResult.IntervalReport> printed) throws IOException {
        BwClient client = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(server.port()).spec(spec)
                .streamsChosenBy("option").connectTimeoutMillis(5000).handshakeTimeoutMillis(5000).build());
        return client.run(new TestListener<BwResult.BwParams, BwResult.IntervalReport>() {
            @Override
            public void interval(BwResult.IntervalReport report) {
                printed.add(report);
            }
        });
    }

    private static void assertEveryByteArrived(BwResult.DirectionResult d) {
        for (BwResult.StreamResult s : d.streams()) {
            assertThat(s.sentBytes()).as("stream %d sent", s.stream()).isPositive();
            assertThat(s.receivedBytes()).as("stream %d received = sent", s.stream()).isEqualTo(s.sentBytes());
        }
        assertThat(d.receiverSummary().bytes()).isEqualTo(d.senderSummary().bytes());
    }

    @Test
    void uploadMovesEveryByteAndReportsIntervalsAsAsked() throws IOException {
        List<BwResult.IntervalReport> printed = new ArrayList<>();
        int before = server.acceptedDataConnections();
        BwResult r = run(spec(Direction.UPLOAD, 3, 2000, 0, 0, 500), printed);
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(server.acceptedDataConnections() - before).as("-P 3 opens 3 data connections").isEqualTo(3);
        assertThat(r.directions()).extracting(BwResult.DirectionResult::direction).containsExactly("upload");
        BwResult.DirectionResult up = r.directions().getFirst();
        assertThat(up.streams()).hasSize(3);
        assertEveryByteArrived(up);
        assertThat(up.intervals()).as("-t 2 -i 0.5 gives 4 intervals").hasSize(4);
        assertThat(printed).hasSize(4);
        assertThat(up.intervals().stream().mapToLong(BwResult.IntervalReport::bytes).sum())
                .as("intervals add up to everything received").isEqualTo(up.receiverSummary().bytes());
        assertThat(up.intervals()).allSatisfy(i -> assertThat(i.streams()).hasSize(3));
        assertThat(r.cpu().client()).isNotNull();
        assertThat(r.cpu().server()).isNotNull();
        assertThat(JsonSchemas.errors("bw.schema.json", Json.pretty(r))).isEmpty();
    }

    @Test
    void reverseMovesDataFromServerToClientOnly() throws IOException {
        BwResult r = run(spec(Direction.DOWNLOAD, 2, 1000, 0, 0, 1000), new ArrayList<>());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(r.directions()).extracting(BwResult.DirectionResult::direction).containsExactly("download");
        BwResult.DirectionResult down = r.directions().getFirst();
        assertThat(down.sender()).isEqualTo("server");
        assertEveryByteArrived(down);
        assertThat(down.intervals()).hasSize(1);
        assertThat(JsonSchemas.errors("bw.schema.json", Json.pretty(r))).isEmpty();
    }

    @Test
    void bidirMovesDataBothWaysAtOnce() throws IOException {
        int before = server.acceptedDataConnections();
        BwResult r = run(spec(Direction.BIDIR, 2, 1000, 0, 0, 1000), new ArrayList<>());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(server.acceptedDataConnections() - before).isEqualTo(4);
        assertThat(r.directions()).extracting(BwResult.DirectionResult::direction)
                .containsExactly("upload", "download");
        r.directions().forEach(BwLoopbackIT::assertEveryByteArrived);
        assertThat(r.directions().get(0).streams()).extracting(BwResult.StreamResult::stream).containsExactly(1, 2);
        assertThat(r.directions().get(1).streams()).extracting(BwResult.StreamResult::stream).containsExactly(3, 4);
        assertThat(JsonSchemas.errors("bw.schema.json", Json.pretty(r))).isEmpty();
    }

    @Test
    void byteBoundedTestSendsExactlyThatManyBytesEachWay() throws IOException {
        long bytes = 300L * 1024 * 1024 + 12345;
        BwResult r = run(spec(Direction.BIDIR, 3, 0, bytes, 0, 0), new ArrayList<>());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        for (BwResult.DirectionResult d : r.directions()) {
            assertEveryByteArrived(d);
            assertThat(d.receiverSummary().bytes()).isEqualTo(bytes);
            assertThat(d.intervals()).as("-i 0: no interval reports").isEmpty();
        }
    }

    @Test
    void warmUpIsReportedButExcludedFromTheSummary() throws IOException {
        BwResult r = run(spec(Direction.UPLOAD, 1, 1000, 0, 1000, 500), new ArrayList<>());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        BwResult.DirectionResult up = r.directions().getFirst();
        assertThat(up.intervals()).hasSize(4);
        assertThat(up.intervals()).extracting(BwResult.IntervalReport::omitted)
                .containsExactly(true, true, false, false);
        long measured = up.intervals().stream().filter(i -> !i.omitted())
                .mapToLong(BwResult.IntervalReport::bytes).sum();
        assertThat(up.receiverSummary().bytes()).isEqualTo(measured);
        assertThat(up.streams().getFirst().receivedBytes()).isGreaterThan(measured);
        // the summary spans the measured second only (2 s with the warm-up); a sample that lands late on a
        // loaded host starts it later, so only the warm-up's inclusion is refused, not a short span
        assertThat(up.receiverSummary().seconds()).isBetween(0.5, 1.5);
    }

    @Test
    void severalClientsAtOnceEachGetTheirOwnTest() throws Exception {
        var pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<BwResult>> runs = new ArrayList<>();
            Direction[] directions = {Direction.UPLOAD, Direction.DOWNLOAD, Direction.BIDIR};
            for (Direction d : directions) {
                runs.add(pool.submit(() -> run(spec(d, 2, 1500, 0, 0, 500), new ArrayList<>())));
            }
            for (int i = 0; i < runs.size(); i++) {
                BwResult r = runs.get(i).get(60, TimeUnit.SECONDS);
                assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
                assertThat(r.params().direction()).isEqualTo(directions[i].label());
                r.directions().forEach(BwLoopbackIT::assertEveryByteArrived);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void socketOptionsReachBothSides() throws IOException {
        TestSpec s = TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(1).durationMillis(500)
                .bufferBytes(64 * 1024).windowBytes(1 << 20).congestion("reno").mssBytes(1200).noDelay(true).build();
        BwResult r = run(s, new ArrayList<>());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(r.params().congestion()).isEqualTo("reno");
        r.directions().forEach(BwLoopbackIT::assertEveryByteArrived);
        assertThat(r.directions()).as("read back from each side's sending sockets")
                .allSatisfy(d -> assertThat(d.congestion()).isEqualTo("reno"));
    }

    @Test
    void withoutCongestionAskedTheSystemsDefaultIsNamed() throws IOException {
        TestSpec s = TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(2).durationMillis(300)
                .bufferBytes(64 * 1024).build();
        BwResult r = run(s, new ArrayList<>());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(r.params().congestion()).isNull();
        assertThat(r.directions()).hasSize(2)
                .allSatisfy(d -> assertThat(d.congestion()).isEqualTo(SystemCongestion.defaultAlgorithm()));
    }

    @Test
    void anUnknownCongestionAlgorithmFailsWithTheKernelsReason() {
        TestSpec s = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(500)
                .bufferBytes(64 * 1024).congestion("nosuchalgo").build();
        Assertions.assertThatThrownBy(() -> run(s, new ArrayList<>()))
                .hasMessageContaining("cannot set congestion control 'nosuchalgo'");
    }

    @Test
    void serverLogsOneLinePerTest() throws Exception {
        // its own server: the shared one may still be logging the tests before this one
        List<String> own = Collections.synchronizedList(new ArrayList<>());
        try (Server quiet = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5000,
                own::add))) {
            quiet.serveInBackground();
            for (int i = 0; i < 2; i++) {
                BwResult r = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(quiet.port())
                        .spec(spec(Direction.UPLOAD, 1, 300, 0, 0, 0)).streamsChosenBy("option")
                        .connectTimeoutMillis(5000).handshakeTimeoutMillis(5000).build())
                        .run(TestListener.none());
                assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (own.size() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            Thread.sleep(200); // a third line, if any, would come now
            assertThat(own).hasSize(2).allSatisfy(line -> assertThat(line)
                    .matches("127\\.0\\.0\\.1:\\d+ upload 1 stream \\d+\\.\\d s, received .* = .*bit/s"));
        }
    }
}
