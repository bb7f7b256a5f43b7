package dev.wirespeed.engine.udp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.stream.UdpHeader;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every UDP data path (GSO/GRO, sendmmsg/recvmmsg, the DatagramChannel) in every direction and with
 * one and two streams counts each datagram exactly: paced well below what loopback carries, every
 * datagram a sender counted is counted by its receiver, none lost or reordered, and each side says
 * which calls ran and why a better one did not. The lesser paths are forced as on a kernel that
 * lacks the better ones ({@code wirespeed.test.refuse}).
 */
// it sets wirespeed.test.refuse for the whole JVM: nothing else may run meanwhile (pom.xml's second lane)
@Isolated
class UdpDataPathIT {
    @RegisterExtension
    static final InProcessServer servers = new InProcessServer();
    /** 1000-byte datagrams at 16 Mbit/s: 2000 a second, far below what a loaded loopback drops. */
    static final int LENGTH = 1000;
    static final long RATE = 16_000_000;

    enum Path {
        GSO("", "sendmmsg UDP_SEGMENT", "recvmmsg UDP_GRO", List.of()),
        MMSG("gso,gro", "sendmmsg", "recvmmsg", List.of(
                "UDP GSO (sendmsg UDP_SEGMENT) refused (Operation not supported); sendmmsg instead",
                "UDP GRO (UDP_GRO socket option) refused (Protocol not available); recvmmsg instead")),
        PLAIN("gso,gro,sendmmsg,recvmmsg", "DatagramChannel", "DatagramChannel", List.of(
                "UDP GSO (sendmsg UDP_SEGMENT) refused (Operation not supported); sendmmsg instead",
                "UDP GRO (UDP_GRO socket option) refused (Protocol not available); recvmmsg instead",
                "sendmmsg refused (Function not implemented); DatagramChannel instead",
                "recvmmsg refused (Function not implemented); DatagramChannel instead"));

        final String refuse;
        final String send;
        final String receive;
        final List<String> notes;

        Path(String refuse, String send, String receive, List<String> notes) {
            this.refuse = refuse;
            this.send = send;
            this.receive = receive;
            this.notes = notes;
        }
    }

    static Stream<Arguments> combinations() {
        List<Arguments> out = new ArrayList<>();
        for (Path p : Path.values()) {
            for (Direction d : Direction.values()) {
                for (int streams : new int[] {1, 2}) {
                    out.add(Arguments.of(p, d, streams));
                }
            }
        }
        return out.stream();
    }

    static List<String> withoutPacing(List<String> notes) {
        return notes == null ? List.of() : notes.stream().filter(n -> !n.startsWith("pacing: ")).toList();
    }

    static UdpResult run(Path path, TestSpec spec, LongPredicate drop) throws Exception {
        if (!path.refuse.isEmpty()) {
            System.setProperty("wirespeed.test.refuse", path.refuse);
        }
        try {
            return new UdpBwClient(UdpBwClientConfig.builder().host("127.0.0.1").port(servers.port()).spec(spec)
                    .connectTimeoutMillis(5_000).receiveDrop(drop).build()).run(TestListener.none());
        } finally {
            System.clearProperty("wirespeed.test.refuse");
        }
    }

    @ParameterizedTest(name = "{0}, {1}, -P {2}")
    @MethodSource("combinations")
    void everyPathCountsEveryDatagram(Path path, Direction direction, int streams) throws Exception {
        TestSpec spec = TestSpec.udpBandwidth().direction(direction).streams(streams).durationMillis(1_000)
                .intervalMillis(1_000).bufferBytes(LENGTH).rateBitsPerSecond(RATE).build();
        UdpResult r = run(path, spec, null);
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(r.directions()).hasSize(direction == Direction.BIDIR ? 2 : 1);
        for (UdpResult.UdpDirection d : r.directions()) {
            assertThat(d.senderSummary().packets()).as(d.direction() + " sent").isPositive();
            assertThat(d.receiverSummary().packets()).as(d.direction() + " received")
                    .isEqualTo(d.senderSummary().packets());
            assertThat(d.receiverSummary().bytes()).isEqualTo(d.senderSummary().packets() * LENGTH);
            assertThat(d.receiverSummary().lostPackets()).isZero();
            assertThat(d.receiverSummary().outOfOrderPackets()).isZero();
            assertThat(d.streams()).hasSize(streams).allSatisfy(s -> {
                assertThat(s.receivedPackets()).as("stream %d", s.stream()).isEqualTo(s.sentPackets());
                assertThat(s.lostPackets()).isZero();
            });
            assertThat(d.receiverSummary().packetsPerSecond()).isPositive();
            if (path != Path.PLAIN) {
                assertThat(d.receiverSummary().socketDrops()).as("the socket's own drops").isZero();
            }
        }
        BwResult.DataPathSide client = r.dataPath().client();
        BwResult.DataPathSide server = r.dataPath().server();
        assertThat(client.send()).isEqualTo(direction.clientSends() ? path.send : null);
        assertThat(client.receive()).isEqualTo(direction.clientReceives() ? path.receive : null);
        assertThat(server.send()).isEqualTo(direction.clientReceives() ? path.send : null);
        assertThat(server.receive()).isEqualTo(direction.clientSends() ? path.receive : null);
        // a side that sent paced ends its notes with which pacing ran (lo: noqueue, the budget alone)
        for (BwResult.DataPathSide side : List.of(client, server)) {
            if (side.send() != null) {
                assertThat(side.fallbacks()).isNotNull();
                assertThat(side.fallbacks().getLast()).startsWith("pacing: wirespeed's budget per batch holds -b (");
            }
        }
        if (path.notes.isEmpty()) {
            assertThat(withoutPacing(client.fallbacks())).isEmpty();
            assertThat(withoutPacing(server.fallbacks())).isEmpty();
        } else {
            // each side notes the refusals of the directions it moved
            List<String> notes = new ArrayList<>();
            notes.addAll(client.fallbacks());
            notes.addAll(server.fallbacks());
            assertThat(path.notes).allSatisfy(n -> assertThat(notes).contains(n));
        }
        assertThat(JsonSchemas.errors("udp.schema.json", Json.pretty(r))).isEmpty();
    }

    /**
     * Loss is counted per datagram on every path, also where one call carried a batch: the receiver's
     * test hook drops every tenth datagram it finds, and the loss is exactly those.
     */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.EnumSource(Path.class)
    void lossIsExactPerDatagramOnEveryPath(Path path) throws Exception {
        TestSpec spec = TestSpec.udpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(1_000)
                .intervalMillis(1_000).bufferBytes(LENGTH).rateBitsPerSecond(RATE).build();
        // the server's receiver is in this JVM but gets no hook; so receive on the client: -R
        UdpResult r = run(path, spec.toBuilder().direction(Direction.DOWNLOAD).build(), n -> n % 10 == 0);
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        UdpResult.UdpDirection d = r.directions().getFirst();
        UdpResult.UdpReceiverSummary rx = d.receiverSummary();
        long sent = d.senderSummary().packets();
        // every datagram is either counted or lost; only a dropped last one is neither (nothing came after it)
        assertThat(rx.packets() + rx.lostPackets()).isBetween(sent - 1, sent);
        assertThat(rx.lostPackets()).isBetween(sent / 10 - 1, sent / 10 + 1);
        assertThat(rx.lossPercent()).isCloseTo(10.0, within(0.5));
        assertThat(rx.outOfOrderPackets()).isZero();
        assertThat(r.dataPath().client().receive()).isEqualTo(path.receive);
    }

    /** Packet rate at the smallest datagram the 64-bit header allows: each counted, GSO batches of 64. */
    @Test
    void smallestDatagramsOnTheBatchedPath() throws Exception {
        TestSpec spec = TestSpec.udpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(1_000)
                .intervalMillis(1_000).bufferBytes(UdpHeader.WIRESPEED.bytes()).rateBitsPerSecond(2_000_000).build();
        UdpResult r = run(Path.GSO, spec, null);
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        UdpResult.UdpDirection d = r.directions().getFirst();
        assertThat(d.receiverSummary().packets()).isEqualTo(d.senderSummary().packets()).isPositive();
        assertThat(d.receiverSummary().lostPackets()).isZero();
        assertThat(r.dataPath().client().send()).isEqualTo("sendmmsg UDP_SEGMENT");
    }
}
