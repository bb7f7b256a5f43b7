package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.parse.iperf.Iperf3Result;
import dev.wirespeed.results.BwResult.DirectionResult;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.testing.SystemCongestion;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * wirespeed's client against the real iperf3 server (iperf3 -s -1 -J): the test completes, iperf3
 * exits 0, each direction's sender and receiver agree within what can be in flight, and iperf3's
 * own JSON report of its side matches what our result says of that side within 1 %.
 *
 * <p>The iperf3 server's JSON holds only its own side (it is written before the results
 * exchange): sum_received in upload, sum_sent in download, sum_received and
 * sum_sent_bidir_reverse in --bidir.
 */
@Timeout(120)
class Iperf3ClientIT {
    @BeforeAll
    static void iperf3() {
        Iperf3Binary.assumeInstalled();
    }

    private static TestSpec spec(Direction direction, int streams, long durationMillis, long bytes) {
        return TestSpec.tcpBandwidth().direction(direction).streams(streams).durationMillis(durationMillis).bytes(bytes)
                .intervalMillis(1000).bufferBytes(128 * 1024).build();
    }

    /** Runs our client against a fresh iperf3 server and returns both sides' reports. */
    private static Pair run(TestSpec spec) throws Exception {
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            List<BwResult.IntervalReport> printed = new ArrayList<>();
            BwResult result = new Iperf3Client(BwClientConfig.builder().host("127.0.0.1").port(port).spec(spec)
                    .streamsChosenBy("option").connectTimeoutMillis(5000).handshakeTimeoutMillis(5000).build())
                    .run(new TestListener<BwResult.BwParams, BwResult.IntervalReport>() {
                        @Override
                        public void interval(BwResult.IntervalReport report) {
                            printed.add(report);
                        }
                    });
            assertThat(server.await(30)).as("iperf3 -s exit code; output:%n%s", server.output()).isZero();
            assertThat(result.outcome().ok()).as("outcome %s", result.outcome()).isTrue();
            if (spec.durationMillis() > 0) {
                assertThat(printed).as("interval reports as they happen").isNotEmpty();
            }
            return new Pair(result, server.json(), server.parsed());
        }
    }

    /** @param json the iperf3 server's whole -J output; {@code parsed} the same, read by our parser */
    private record Pair(BwResult ours, JsonNode json, Iperf3Result parsed) {
        JsonNode theirs() {
            return json.path("end");
        }
    }

    private static DirectionResult direction(BwResult r, String name) {
        return r.directions().stream().filter(d -> d.direction().equals(name)).findFirst().orElseThrow();
    }

    /** Upload: the iperf3 server received; its count is our receiver figure, and at most what we sent. */
    private static void checkUpload(BwResult ours, Iperf3Binary.Sum serverReceived, int streams) throws Exception {
        DirectionResult up = checkUploadReport(ours, serverReceived);
        assertInFlight(up.senderSummary().bytes(), up.receiverSummary().bytes(), streams);
    }

    /** In a --bidir test iperf3 3.12 times both directions' sums by its first stream: no rate check there. */
    private static DirectionResult checkUploadReport(BwResult ours, Iperf3Binary.Sum serverReceived) {
        DirectionResult up = direction(ours, "upload");
        long received = serverReceived.bytes();
        assertThat(received).isPositive();
        assertThat(up.receiverSummary().bytes()).isEqualTo(received);
        if (ours.directions().size() == 1) {
            assertThat(up.receiverSummary().bitsPerSecond()).isCloseTo(
                    serverReceived.bitsPerSecond(), within(0.01 * up.receiverSummary().bitsPerSecond()));
        }
        return up;
    }

    /** Download: the iperf3 server sent; its count is our sender figure, and what we received agrees. */
    private static void checkDownload(BwResult ours, Iperf3Binary.Sum serverSent, int streams) throws Exception {
        DirectionResult down = direction(ours, "download");
        long sent = serverSent.bytes();
        assertThat(sent).isPositive();
        assertThat(down.senderSummary().bytes()).isEqualTo(sent);
        if (ours.directions().size() == 1) {
            assertThat(down.senderSummary().bitsPerSecond()).isCloseTo(serverSent.bitsPerSecond(),
                    within(0.01 * down.senderSummary().bitsPerSecond()));
        }
        assertInFlight(sent, down.receiverSummary().bytes(), streams);
    }

    static void assertInFlight(long sent, long received, int streams) throws Exception {
        long bound = streams * (Iperf3Binary.inFlightBytesPerStream() + 128 * 1024) + Iperf3Binary.loopbackBacklogBytes();
        assertThat(received).as("received at most what was sent (plus a partial write per stream)")
                .isLessThanOrEqualTo(sent + streams * 128L * 1024);
        assertThat(sent - received).as("sent - received within what %d streams can hold in flight", streams)
                .isLessThanOrEqualTo(bound);
    }

    @Test
    void oneStreamUpload() throws Exception {
        Pair p = run(spec(Direction.UPLOAD, 1, 2000, 0));
        checkUpload(p.ours(), Iperf3Binary.Sum.received(p.parsed()), 1);
        assertThat(direction(p.ours(), "upload").intervals()).hasSizeGreaterThanOrEqualTo(2);
    }

    @Test
    void fourStreamsUpload() throws Exception {
        Pair p = run(spec(Direction.UPLOAD, 4, 2000, 0));
        checkUpload(p.ours(), Iperf3Binary.Sum.received(p.parsed()), 4);
        assertThat(p.theirs().path("streams")).hasSize(4);
        assertThat(direction(p.ours(), "upload").streams()).hasSize(4)
                .allSatisfy(s -> assertThat(s.receivedBytes()).isPositive());
    }

    @Test
    void reverse() throws Exception {
        Pair p = run(spec(Direction.DOWNLOAD, 2, 2000, 0));
        checkDownload(p.ours(), Iperf3Binary.Sum.sent(p.parsed()), 2);
        DirectionResult down = direction(p.ours(), "download");
        assertThat(down.senderSummary().retransmits()).as("the iperf3 server's TCP_INFO retransmits").isNotNull();
        assertThat(down.congestion()).as("the iperf3 server's congestion_used")
                .isEqualTo(SystemCongestion.defaultAlgorithm());
    }

    @Test
    void bidirectional() throws Exception {
        Pair p = run(spec(Direction.BIDIR, 2, 2000, 0));
        checkUpload(p.ours(), Iperf3Binary.Sum.received(p.parsed()), 2);
        checkDownload(p.ours(), Iperf3Binary.Sum.of(p.theirs().path("sum_sent_bidir_reverse")), 2);
        // the server's per-stream lines, in connection order: its receiving streams first, as ours
        JsonNode streams = p.theirs().path("streams");
        List<BwResult.StreamResult> up = direction(p.ours(), "upload").streams();
        List<BwResult.StreamResult> down = direction(p.ours(), "download").streams();
        assertThat(streams).hasSize(4);
        for (int i = 0; i < 2; i++) {
            assertThat(streams.get(i).path("receiver").path("bytes").longValue()).isEqualTo(up.get(i).receivedBytes());
            assertThat(streams.get(i + 2).path("sender").path("bytes").longValue()).isEqualTo(down.get(i).sentBytes());
        }
    }

    @Test
    void byteCountUpload() throws Exception {
        long bytes = 200L << 20;
        Pair p = run(spec(Direction.UPLOAD, 2, 0, bytes));
        DirectionResult up = direction(p.ours(), "upload");
        assertThat(up.senderSummary().bytes()).isEqualTo(bytes);
        checkUpload(p.ours(), Iperf3Binary.Sum.received(p.parsed()), 2);
    }

    @Test
    void byteCountReverse() throws Exception {
        long bytes = 200L << 20;
        Pair p = run(spec(Direction.DOWNLOAD, 1, 0, bytes));
        checkDownload(p.ours(), Iperf3Binary.Sum.sent(p.parsed()), 1);
        assertThat(direction(p.ours(), "download").receiverSummary().bytes()).isGreaterThanOrEqualTo(bytes);
    }

    @Test
    void socketOptionsAndWarmUp() throws Exception {
        TestSpec spec = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(2000)
                .omitMillis(1000).intervalMillis(1000).bufferBytes(64 * 1024).windowBytes(1 << 20).congestion("cubic")
                .mssBytes(1400).noDelay(true).build();
        Pair p = run(spec);
        // each side ends its warm-up by its own clock, so the measured windows differ by the
        // control connection's delay and thread start: no in-flight bound here, a 5 % one
        DirectionResult up = checkUploadReport(p.ours(), Iperf3Binary.Sum.received(p.parsed()));
        assertThat((double) up.receiverSummary().bytes()).isCloseTo(up.senderSummary().bytes(),
                within(0.05 * up.senderSummary().bytes()));
        assertThat(up.intervals()).anySatisfy(i -> assertThat(i.omitted()).isTrue());
        assertThat(p.theirs().path("receiver_tcp_congestion").stringValue()).isEqualTo("cubic");
        assertThat(up.congestion()).as("read back from our sending socket").isEqualTo("cubic");
        JsonNode asked = p.json().path("start").path("test_start");
        assertThat(asked.path("blksize").intValue()).isEqualTo(64 * 1024);
        assertThat(asked.path("omit").intValue()).isEqualTo(1);
        assertThat(p.json().path("start").path("sock_bufsize").intValue()).isEqualTo(1 << 20);
    }

    /** iperf3 runs one test at a time and answers everyone else ACCESS_DENIED: say so, in one line. */
    @Test
    void busyIperf3ServerIsReported() throws Exception {
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port);
             Iperf3Binary other = Iperf3Binary.start(List.of("-c", "127.0.0.1", "-p", Integer.toString(port), "-t", "3",
                     "--forceflush"))) {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            // once its first interval is out, its test surely runs
            while (!other.output().contains(" sec ") && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(other.output()).contains(" sec ");
            TestSpec spec = spec(Direction.UPLOAD, 1, 1000, 0);
            Assertions.assertThatThrownBy(() -> new Iperf3Client(
                    BwClientConfig.builder().host("127.0.0.1").port(port).spec(spec).streamsChosenBy("option")
                            .connectTimeoutMillis(5000).handshakeTimeoutMillis(5000).build())
                    .run(TestListener.none()))
                    .isInstanceOf(IOException.class)
                    .hasMessage("the iperf3 server at 127.0.0.1:" + port + " is busy with another test"
                            + " (iperf3 runs one test at a time); try again later");
            assertThat(other.await(30)).as("the test already running is not disturbed").isZero();
        }
    }

    private static TestSpec udp(Direction direction, int streams, long bitsPerSecond) {
        return TestSpec.udpBandwidth().direction(direction).streams(streams).durationMillis(2000).intervalMillis(1000)
                .bufferBytes(1400).rateBitsPerSecond(bitsPerSecond).build();
    }

    private record UdpPair(UdpResult ours, JsonNode json, Iperf3Result parsed) {
        JsonNode theirs() {
            return json.path("end");
        }
    }

    private static UdpPair runUdp(TestSpec spec) throws Exception {
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            UdpResult result = new Iperf3Client(BwClientConfig.builder().host("127.0.0.1").port(port).spec(spec)
                    .streamsChosenBy("option").connectTimeoutMillis(5000).handshakeTimeoutMillis(5000)
                    .build()).runUdp(TestListener.none());
            assertThat(server.await(30)).as("iperf3 -s exit code; output:%n%s", server.output()).isZero();
            assertThat(result.outcome().ok()).as("outcome %s", result.outcome()).isTrue();
            return new UdpPair(result, server.json(), server.parsed());
        }
    }

    private static UdpResult.UdpDirection udpDirection(UdpResult r, String name) {
        return r.directions().stream().filter(d -> d.direction().equals(name)).findFirst().orElseThrow();
    }

    /** Datagrams that can be in flight per stream: both sockets' buffers full, plus one pacing burst. */
    static long udpInFlightPackets(int streams, int datagramBytes) {
        return streams * ((8L << 20) / datagramBytes + 100);
    }

    /** UDP -b 100M upload: the iperf3 server's loss count and datagram total are our receiver figures. */
    @Test
    void udpUpload() throws Exception {
        UdpPair p = runUdp(udp(Direction.UPLOAD, 1, 100_000_000L));
        UdpResult.UdpDirection up = udpDirection(p.ours(), "upload");
        Iperf3Result received = p.parsed();
        assertThat(received.packets()).isPositive();
        assertThat(up.receiverSummary().totalPackets()).isEqualTo(received.packets());
        assertThat(up.receiverSummary().lostPackets()).isEqualTo(received.lostPackets());
        assertThat(up.receiverSummary().bytes()).isEqualTo(Math.round(received.receivedBytes()));
        assertThat(up.receiverSummary().bitsPerSecond()).isCloseTo(received.receivedBitsPerSecond(),
                within(0.01 * up.receiverSummary().bitsPerSecond()));
        assertThat(up.receiverSummary().jitterMicros()).isCloseTo(received.jitterMillis() * 1000, within(0.01));
        long sent = up.senderSummary().packets();
        assertThat(received.packets()).as("the receiver saw counters up to what was sent").isLessThanOrEqualTo(sent);
        assertThat(sent - received.packets()).isLessThanOrEqualTo(udpInFlightPackets(1, 1400));
        // our GSO sends (up to 64 KiB of datagrams a call) reach a real iperf3 server's plain reads
        assertThat(p.ours().dataPath().client().send()).isEqualTo("sendmmsg UDP_SEGMENT");
        assertThat(p.ours().dataPath().server()).as("iperf3 does not say").isNull();
    }

    /** UDP -R: the iperf3 server sends (32-bit counters unless asked; we ask for 64). */
    @Test
    void udpReverse() throws Exception {
        UdpPair p = runUdp(udp(Direction.DOWNLOAD, 2, 100_000_000L));
        UdpResult.UdpDirection down = udpDirection(p.ours(), "download");
        Iperf3Result sent = p.parsed();
        long sentPackets = p.theirs().path("sum_sent").path("packets").longValue(); // our parser reads "sum" only
        assertThat(sentPackets).isPositive();
        assertThat(down.senderSummary().packets()).isEqualTo(sentPackets);
        assertThat(down.senderSummary().bytes()).isEqualTo(Math.round(sent.sentBytes()));
        assertThat(down.senderSummary().bitsPerSecond()).isCloseTo(sent.sentBitsPerSecond(),
                within(0.01 * down.senderSummary().bitsPerSecond()));
        long seen = down.receiverSummary().totalPackets();
        assertThat(seen).isLessThanOrEqualTo(sentPackets);
        assertThat(sentPackets - seen).isLessThanOrEqualTo(udpInFlightPackets(2, 1400));
        assertThat(down.intervals()).as("our receivers' own intervals").isNotEmpty();
    }
}
