package dev.wirespeed.engine.udp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.diagnose.TestCounters;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.testing.InProcessServer;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;

class UdpBwIT {
    private static TestSpec spec(Direction direction, int streams, long rate, int length) {
        return TestSpec.udpBandwidth().direction(direction).streams(streams).durationMillis(2_000).intervalMillis(1_000)
                .bufferBytes(length).rateBitsPerSecond(rate).build();
    }

    private static UdpResult run(InProcessServer s, TestSpec spec, LongPredicate drop,
                                 List<UdpResult.UdpInterval> intervals) throws Exception {
        return new UdpBwClient(UdpBwClientConfig.builder().host("127.0.0.1").port(s.port()).spec(spec)
                .connectTimeoutMillis(5_000).receiveDrop(drop).build())
                .run(new TestListener<TestSpec, UdpResult.UdpInterval>() {
                    @Override
                    public void interval(UdpResult.UdpInterval interval) {
                        intervals.add(interval);
                    }
                });
    }

    @Test
    void belowCapacityOnLoopbackLosesNothing() throws Exception {
        try (InProcessServer s = InProcessServer.start()) {
            List<UdpResult.UdpInterval> intervals = new ArrayList<>();
            UdpResult r = run(s, spec(Direction.UPLOAD, 1, 10_000_000, 1200), null, intervals);
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            UdpResult.UdpDirection up = r.directions().getFirst();
            assertThat(up.receiverSummary().lostPackets()).isZero();
            assertThat(up.receiverSummary().packets()).isEqualTo(up.senderSummary().packets()).isPositive();
            assertThat(up.receiverSummary().outOfOrderPackets()).isZero();
            assertThat(up.intervals()).hasSize(2);
            assertThat(intervals).hasSize(2);
            // paced at 10 Mbit/s for 2 s: about 2083 datagrams of 1200 bytes
            assertThat(up.senderSummary().packets()).isBetween(1500L, 2200L);
        }
    }

    @Test
    void everyTenthDatagramDroppedByTheReceiverShowsTenPercentLoss() throws Exception {
        try (InProcessServer s = InProcessServer.start()) {
            UdpResult r = run(s, spec(Direction.DOWNLOAD, 1, 20_000_000, 1000), n -> n % 10 == 0, new ArrayList<>());
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            UdpResult.UdpReceiverSummary rx = r.directions().getFirst().receiverSummary();
            assertThat(rx.lossPercent()).isCloseTo(10.0, within(1.0));
            assertThat(rx.totalPackets()).isEqualTo(rx.packets() + rx.lostPackets());
        }
    }

    @Test
    void severalStreamsBothWaysReportEachStream() throws Exception {
        try (InProcessServer s = InProcessServer.start()) {
            UdpResult r = run(s, spec(Direction.BIDIR, 2, 5_000_000, 500), null, new ArrayList<>());
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            assertThat(r.directions()).extracting(UdpResult.UdpDirection::direction)
                    .containsExactly("upload", "download");
            for (UdpResult.UdpDirection d : r.directions()) {
                assertThat(d.streams()).hasSize(2);
                assertThat(d.receiverSummary().packets()).isPositive();
                assertThat(d.intervals()).allSatisfy(i -> assertThat(i.streams()).hasSize(2));
            }
        }
    }

    /**
     * Issue 28 (udp28b): an unpaced test without -w widens each receiving socket's buffer to 16 MiB
     * (past net.core.rmem_max as root, with SO_RCVBUFFORCE) and says so in the receiving side's data
     * path, both directions; with -w the socket keeps what -w asked and nothing is noted. Either
     * way every datagram is accounted for: received + lost = the receiver's total.
     */
    @Test
    void anUnpacedReceiverWithoutWGetsTheLargerBufferAndSaysSo() throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        try (InProcessServer s = InProcessServer.start()) {
            for (Direction direction : List.of(Direction.UPLOAD, Direction.DOWNLOAD)) {
                TestSpec unpaced = TestSpec.udpBandwidth().direction(direction).streams(1).durationMillis(1_000)
                        .intervalMillis(0).bufferBytes(1472).rateBitsPerSecond(0).build();
                UdpResult r = run(s, unpaced, null, new ArrayList<>());
                assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
                BwResult.DataPathSide receiving = direction == Direction.UPLOAD ? r.dataPath().server() : r.dataPath().client();
                BwResult.DataPathSide sending = direction == Direction.UPLOAD ? r.dataPath().client() : r.dataPath().server();
                if (root) {
                    assertThat(receiving.fallbacks()).as(direction + ": the receiver's note")
                            .contains("receive buffer: 16 MiB at -b 0, as -w counts it (SO_RCVBUFFORCE past "
                                    + "net.core.rmem_max; -w sets it)");
                }
                assertThat(sending.fallbacks() == null ? List.<String>of() : sending.fallbacks())
                        .noneMatch(n -> n.startsWith("receive buffer"));
                UdpResult.UdpReceiverSummary rx = r.directions().getFirst().receiverSummary();
                assertThat(rx.packets()).isPositive();
                assertThat(rx.totalPackets()).isEqualTo(rx.packets() + rx.lostPackets());
                assertThat(rx.packets()).isLessThanOrEqualTo(r.directions().getFirst().senderSummary().packets());
            }
            TestSpec withW = TestSpec.udpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(1_000)
                    .intervalMillis(0).bufferBytes(1472).rateBitsPerSecond(0).windowBytes(1 << 20).build();
            UdpResult r = run(s, withW, null, new ArrayList<>());
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            List<String> notes = r.dataPath().server().fallbacks();
            assertThat(notes == null ? List.<String>of() : notes).noneMatch(n -> n.startsWith("receive buffer"));
        }
    }

    @Test
    void aReceiverThatCannotKeepUpShowsItsSocketsOwnDropsAsTheVerdict() throws Exception {
        // issue 26: four unpaced streams into receive buffers of 1 KiB (the kernel's minimum, doubled)
        // on a shared two-core machine: the server's sockets overflow, and their own drop count says so
        TestSpec spec = TestSpec.udpBandwidth().direction(Direction.UPLOAD).streams(4).durationMillis(2_000)
                .intervalMillis(0).bufferBytes(200).rateBitsPerSecond(0).windowBytes(1024).build();
        try (InProcessServer s = InProcessServer.start()) {
            UdpResult r = run(s, spec, null, new ArrayList<>());
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            UdpResult noted = TestCounters.noted(r); // the notes are the consumer's (issue 27)
            var c = noted.counters();
            assertThat(c.protocol()).isEqualTo("udp");
            assertThat(c.serverSockets().sockets()).isEqualTo(4);
            assertThat(c.serverSockets().drops()).as("drops of the server's own sockets").isPositive();
            // the loss the receiver counted includes what its sockets dropped
            assertThat(r.directions().getFirst().receiverSummary().lostPackets())
                    .isGreaterThanOrEqualTo(c.serverSockets().drops() / 2);
            var verdict = c.headline();
            assertThat(verdict.rule()).isEqualTo("counter-udp-drops");
            assertThat(verdict.side()).isEqualTo("server");
            assertThat(verdict.message()).startsWith("server sockets: the test's 4 UDP sockets dropped ");
            assertThat(verdict.fix()).contains("SO_RCVBUF").doesNotContain("tcp_rmem");
            assertThat(Json.MAPPER.writeValueAsString(c)).doesNotContain("Tcp");
            String json = Json.pretty(noted);
            assertThat(JsonSchemas.errors("udp.schema.json", json)).isEmpty();
            // the schema reads bw's counters definition: a wrong counters field is caught there
            assertThat(JsonSchemas.errors("udp.schema.json",
                    json.replace("\"protocol\" : \"udp\"", "\"protocol\" : \"sctp\""))).isNotEmpty();
        }
    }
}
