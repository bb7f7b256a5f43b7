package dev.wirespeed.engine.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.sys.Affinity;
import dev.wirespeed.report.BwText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.InProcessServer;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every data path (write/read, sendfile, recv MSG_TRUNC) in every direction and stream count moves
 * exactly the bytes it reports: a byte-bounded test (-n) must deliver the budget, no more, no less,
 * and both sides must say which calls ran — the ones asked for, since loopback on Linux has them all.
 */
// it sets wirespeed.test.refuse for the whole JVM: nothing else may run meanwhile (pom.xml's second lane)
@Isolated
class DataPathIT {
    @RegisterExtension
    static final InProcessServer servers = new InProcessServer();
    static final long BUDGET_BYTES = 24L << 20;

    static Stream<Arguments> combinations() {
        List<Arguments> out = new ArrayList<>();
        for (boolean zeroCopy : new boolean[] {false, true}) {
            for (boolean skipRxCopy : new boolean[] {false, true}) {
                for (Direction d : Direction.values()) {
                    for (int streams : new int[] {1, 4}) {
                        out.add(Arguments.of(zeroCopy, skipRxCopy, d, streams));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "-Z {0}, --skip-rx-copy {1}, {2}, -P {3}")
    @MethodSource("combinations")
    void everyPathMovesExactlyTheBytesItReports(boolean zeroCopy, boolean skipRxCopy, Direction direction,
                                                int streams) throws IOException {
        // -l not a divisor of the budget: the last write of a stream is a short one, on every path
        TestSpec spec = TestSpec.tcpBandwidth().direction(direction).streams(streams).bytes(BUDGET_BYTES)
                .bufferBytes(100_000).zeroCopy(zeroCopy).skipRxCopy(skipRxCopy).build();
        BwResult r = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(servers.port()).spec(spec)
                .streamsChosenBy("option").connectTimeoutMillis(5_000).handshakeTimeoutMillis(5_000).build())
                .run(TestListener.none());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(r.directions()).hasSize(direction == Direction.BIDIR ? 2 : 1);
        for (BwResult.DirectionResult d : r.directions()) {
            assertThat(d.senderSummary().bytes()).as(d.direction() + " sent").isEqualTo(BUDGET_BYTES);
            assertThat(d.receiverSummary().bytes()).as(d.direction() + " received").isEqualTo(BUDGET_BYTES);
            for (BwResult.StreamResult s : d.streams()) {
                assertThat(s.receivedBytes()).as("stream %d", s.stream()).isEqualTo(s.sentBytes());
            }
        }
        String send = zeroCopy ? "sendfile" : "write";
        String receive = skipRxCopy ? "recv MSG_TRUNC" : "read";
        BwResult.DataPath path = r.dataPath();
        assertThat(path.zeroCopy()).isEqualTo(zeroCopy);
        assertThat(path.skipRxCopy()).isEqualTo(skipRxCopy);
        BwResult.DataPathSide client = path.client();
        BwResult.DataPathSide server = path.server();
        assertThat(client.send()).isEqualTo(direction.clientSends() ? send : null);
        assertThat(client.receive()).isEqualTo(direction.clientReceives() ? receive : null);
        assertThat(server.send()).isEqualTo(direction.clientReceives() ? send : null);
        assertThat(server.receive()).isEqualTo(direction.clientSends() ? receive : null);
        assertThat(client.fallbacks()).isNull();
        assertThat(server.fallbacks()).isNull();
        assertThat(r.cpu().client().secondsPerGigabyte()).isPositive();
        assertThat(r.cpu().server().secondsPerGigabyte()).isPositive();
        assertThat(JsonSchemas.errors("bw.schema.json", Json.pretty(r))).isEmpty();
    }

    /** A kernel without sendfile to sockets or MSG_TRUNC: the bytes still all arrive, and the result says how. */
    @org.junit.jupiter.api.Test
    void aMissingMechanismFallsBackAnnouncedAndRecorded() throws IOException {
        TestSpec spec = TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(2).bytes(BUDGET_BYTES)
                .bufferBytes(128 * 1024).zeroCopy(true).skipRxCopy(true).build();
        System.setProperty("wirespeed.test.refuse", "sendfile,recv");
        BwResult r;
        try {
            r = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(servers.port()).spec(spec)
                    .streamsChosenBy("option").connectTimeoutMillis(5_000).handshakeTimeoutMillis(5_000).build())
                    .run(TestListener.none());
        } finally {
            System.clearProperty("wirespeed.test.refuse");
        }
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        for (BwResult.DirectionResult d : r.directions()) {
            assertThat(d.senderSummary().bytes()).isEqualTo(BUDGET_BYTES);
            assertThat(d.receiverSummary().bytes()).isEqualTo(BUDGET_BYTES);
        }
        for (BwResult.DataPathSide side : List.of(r.dataPath().client(), r.dataPath().server())) {
            assertThat(side.send()).isEqualTo("write");
            assertThat(side.receive()).isEqualTo("read");
            assertThat(side.fallbacks()).containsExactlyInAnyOrder(
                    "-Z: sendfile refused (Operation not supported); wrote instead",
                    "--skip-rx-copy: recv with MSG_TRUNC refused (Operation not supported); read instead");
        }
        StringWriter text = new StringWriter();
        new BwText(new PrintWriter(text), true).summary(r);
        assertThat(text.toString()).contains("data path: client send write, receive read · server send write, receive read")
                .contains("note: -Z: sendfile refused (Operation not supported); wrote instead");
        assertThat(JsonSchemas.errors("bw.schema.json", Json.pretty(r))).isEmpty();
    }

    /**
     * -Z where the payload file cannot be made: the senders write instead, and the one note says why
     * (once, not again per stream with a reason of "null").
     */
    @org.junit.jupiter.api.Test
    void aMissingPayloadFileFallsBackToWriteWithOneNote() throws IOException {
        BwResult r = refusing("payload", TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(2)
                .bytes(BUDGET_BYTES).bufferBytes(128 * 1024).zeroCopy(true).build());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        for (BwResult.DirectionResult d : r.directions()) {
            assertThat(d.receiverSummary().bytes()).isEqualTo(BUDGET_BYTES);
        }
        for (BwResult.DataPathSide side : List.of(r.dataPath().client(), r.dataPath().server())) {
            assertThat(side.send()).isEqualTo("write");
            assertThat(side.fallbacks())
                    .containsExactly("-Z: no payload file for sendfile (refused for the test); wrote instead");
        }
    }

    /** A test run as on a kernel that lacks the {@code mechanisms} named (DataStream.refusedForTest). */
    private static BwResult refusing(String mechanisms, TestSpec spec) throws IOException {
        System.setProperty("wirespeed.test.refuse", mechanisms);
        try {
            return new BwClient(BwClientConfig.builder().host("127.0.0.1").port(servers.port()).spec(spec)
                    .streamsChosenBy("option").timeoutMillis(5_000).build()).run(TestListener.none());
        } finally {
            System.clearProperty("wirespeed.test.refuse");
        }
    }

    /** -A 0,0 and -B 127.0.0.1 pin and bind quietly; a CPU this host lacks is announced, and the test still runs. */
    @org.junit.jupiter.api.Test
    void affinityAndBindAddress() throws IOException {
        TestSpec pinned = TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(2).bytes(BUDGET_BYTES)
                .bufferBytes(128 * 1024).serverCpu(0).build();
        BwResult r = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(servers.port()).spec(pinned)
                .streamsChosenBy("option").connectTimeoutMillis(5_000).handshakeTimeoutMillis(5_000)
                .bindAddress(InetAddress.getByName("127.0.0.1")).cpu(0).build()).run(TestListener.none());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(r.dataPath().client().fallbacks()).isNull();
        assertThat(r.dataPath().server().fallbacks()).isNull();

        int missing = Affinity.MAX_CPUS - 1;
        TestSpec nowhere = pinned.toBuilder().serverCpu(missing).build();
        BwResult n = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(servers.port()).spec(nowhere)
                .streamsChosenBy("option").connectTimeoutMillis(5_000).handshakeTimeoutMillis(5_000).cpu(missing)
                .build()).run(TestListener.none());
        assertThat(n.outcome().ok()).as(n.outcome().message()).isTrue();
        for (BwResult.DirectionResult d : n.directions()) {
            assertThat(d.receiverSummary().bytes()).isEqualTo(BUDGET_BYTES);
        }
        assertThat(n.dataPath().client().fallbacks()).containsExactly("-A: cannot pin to CPU 1023 (Invalid argument)");
        assertThat(n.dataPath().server().fallbacks()).containsExactly("-A: cannot pin to CPU 1023 (Invalid argument)");
    }

    /** The NUMA placement's CPU set (here CPU 0) is applied quietly; a set this host lacks is announced, the test runs. */
    @org.junit.jupiter.api.Test
    void placementOnACpuSet() throws IOException {
        TestSpec two = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(2).bytes(BUDGET_BYTES)
                .bufferBytes(128 * 1024).build();
        BitSet cpu0 = new BitSet();
        cpu0.set(0);
        BwResult r = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(servers.port()).spec(two)
                .streamsChosenBy("option").connectTimeoutMillis(5_000).handshakeTimeoutMillis(5_000).placeCpus(cpu0)
                .build()).run(TestListener.none());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(r.dataPath().client().fallbacks()).isNull();

        BitSet missing = new BitSet();
        missing.set(Affinity.MAX_CPUS - 1);
        BwResult n = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(servers.port()).spec(two)
                .streamsChosenBy("option").connectTimeoutMillis(5_000).handshakeTimeoutMillis(5_000)
                .placeCpus(missing).build()).run(TestListener.none());
        assertThat(n.outcome().ok()).as(n.outcome().message()).isTrue();
        assertThat(n.directions().getFirst().receiverSummary().bytes()).isEqualTo(BUDGET_BYTES);
        assertThat(n.dataPath().client().fallbacks()).containsExactly(
                "NUMA placement: cannot place on CPUs 1023 (Invalid argument)");
    }
}
