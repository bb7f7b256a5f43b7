package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.parse.iperf.Iperf3Result;
import dev.wirespeed.testing.SystemCongestion;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;

/**
 * The real iperf3 client against a wirespeed server on loopback: the test completes, iperf3 exits
 * 0, each direction's sender and receiver agree within what can be in flight, and the figures
 * iperf3 -J reports of the server's side match what the server measured within 1 %.
 */
@Timeout(120)
class Iperf3ServerIT {
    private Server server;
    private final BlockingQueue<Iperf3Service.Served> served = new LinkedBlockingQueue<>();
    private final List<String> log = Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    static void iperf3() {
        Iperf3Binary.assumeInstalled();
    }

    @BeforeEach
    void start() throws Exception {
        server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5000, log::add));
        server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(TestSpec.Limits.DEFAULT, 5000, log::add),
                served::add));
        server.serveInBackground();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        server.awaitStopped(5, TimeUnit.SECONDS);
    }

    /** @param json iperf3 -J's whole output, {@code end} its summary; {@code parsed} read by our parser */
    private record Run(JsonNode json, Iperf3Result parsed, Iperf3Service.Served ours) {
        JsonNode end() {
            return json.path("end");
        }
    }

    private Run client(String... args) throws Exception {
        return clientOf("iperf3", args);
    }

    private Run clientOf(String program, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("-c", "127.0.0.1", "-p", Integer.toString(server.port()), "-J"));
        cmd.addAll(List.of(args));
        try (Iperf3Binary client = Iperf3Binary.start(program, cmd)) {
            assertThat(client.await(60)).as("iperf3 -c exit code; output:%n%s%nserver log: %s", client.output(), log)
                    .isZero();
            Iperf3Service.Served s = served.poll(10, TimeUnit.SECONDS);
            assertThat(s).as("the server finished the test; log: %s", log).isNotNull();
            assertThat(s.problem()).as("server-side problem").isNull();
            assertThat(s.clientVersion()).isEqualTo(client.json().path("start").path("version").stringValue()
                    .replace("iperf ", ""));
            return new Run(client.json(), client.parsed(), s);
        }
    }

    private static long bytes(Message.Results r, boolean sent) {
        return r.streams().stream().filter(t -> t.sent() == sent).mapToLong(Message.StreamTotal::measuredBytes).sum();
    }

    private static double bitsPerSecond(Message.Results r, boolean sent) {
        long nanos = r.streams().stream().filter(t -> t.sent() == sent).mapToLong(Message.StreamTotal::measuredNanos)
                .max().orElse(0);
        return Rate.bitsPerSecond(bytes(r, sent), nanos);
    }

    /**
     * Client → server: iperf3's sender count against what we received; its receiver line is ours.
     * In a --bidir test iperf3 3.12 times both directions' sums by its first stream
     * (iperf_print_results), so there only the per-stream rates are compared.
     */
    private static void checkUpload(Run run, Iperf3Binary.Sum clientSent, Iperf3Binary.Sum reportedReceived,
                                    int streams)
            throws Exception {
        long received = bytes(run.ours().server(), false);
        assertThat(received).isPositive();
        assertThat(reportedReceived.bytes()).isEqualTo(received);
        if (run.ours().spec().direction() != Direction.BIDIR) {
            assertThat(reportedReceived.bitsPerSecond()).isCloseTo(bitsPerSecond(run.ours().server(), false),
                    within(0.01 * reportedReceived.bitsPerSecond()));
        }
        checkStreams(run);
        assertThat(run.ours().client()).isNotNull();
        Iperf3ClientIT.assertInFlight(clientSent.bytes(), received, streams);
    }

    /** Server → client: our sender count is iperf3's sender line; what it received agrees with it. */
    private static void checkDownload(Run run, Iperf3Binary.Sum reportedSent, Iperf3Binary.Sum clientReceived,
                                      int streams)
            throws Exception {
        long sent = bytes(run.ours().server(), true);
        assertThat(sent).isPositive();
        assertThat(reportedSent.bytes()).isEqualTo(sent);
        if (run.ours().spec().direction() != Direction.BIDIR) {
            assertThat(reportedSent.bitsPerSecond()).isCloseTo(bitsPerSecond(run.ours().server(), true),
                    within(0.01 * reportedSent.bitsPerSecond()));
        }
        checkStreams(run);
        Iperf3ClientIT.assertInFlight(sent, clientReceived.bytes(), streams);
    }

    /** Each stream's line of iperf3 -J for our side (in its order, which is ours) carries our bytes and rate. */
    private static void checkStreams(Run run) {
        JsonNode streams = run.end().path("streams");
        for (Message.StreamTotal t : run.ours().server().streams()) {
            JsonNode ours = streams.get(t.index()).path(t.sent() ? "sender" : "receiver");
            assertThat(ours.path("bytes").longValue()).as("stream %d", t.index() + 1).isEqualTo(t.measuredBytes());
            double rate = Rate.bitsPerSecond(t.measuredBytes(), t.measuredNanos());
            assertThat(ours.path("bits_per_second").doubleValue()).as("stream %d", t.index() + 1)
                    .isCloseTo(rate, within(0.01 * rate));
        }
    }

    @Test
    void oneStream() throws Exception {
        Run run = client("-t", "2");
        checkUpload(run, Iperf3Binary.Sum.sent(run.parsed()), Iperf3Binary.Sum.received(run.parsed()), 1);
        assertThat(log).anySatisfy(l -> assertThat(l).contains("(iperf3 3.").contains("upload 1 stream"));
        assertThat(run.end().path("cpu_utilization_percent").path("remote_total").doubleValue())
                .as("the server's CPU, booked by its receiving thread").isPositive();
        assertThat(run.end().path("receiver_tcp_congestion").stringValue())
                .as("our receiving socket's algorithm, sent as congestion_used as iperf3's server does")
                .isEqualTo(SystemCongestion.defaultAlgorithm());
    }

    @Test
    void fourStreams() throws Exception {
        Run run = client("-t", "2", "-P", "4");
        checkUpload(run, Iperf3Binary.Sum.sent(run.parsed()), Iperf3Binary.Sum.received(run.parsed()), 4);
        assertThat(run.end().path("streams")).hasSize(4)
                .allSatisfy(s -> assertThat(s.path("receiver").path("bytes").longValue()).isPositive());
    }

    @Test
    void reverse() throws Exception {
        Run run = client("-t", "2", "-R", "-P", "2", "--get-server-output");
        checkDownload(run, Iperf3Binary.Sum.sent(run.parsed()), Iperf3Binary.Sum.received(run.parsed()), 2);
        assertThat(run.json().path("server_output_text").stringValue()).contains("download 2 streams");
        assertThat(run.json().path("end").path("sender_tcp_congestion").stringValue())
                .as("our sending sockets' algorithm, sent as congestion_used").isEqualTo(SystemCongestion.defaultAlgorithm());
    }

    /** iperf3 -R -Z: the server sends with sendfile, as iperf3's own server; -A 0,0 pins it, quietly. */
    @Test
    void reverseZeroCopyAndServerAffinityAreHonoured() throws Exception {
        Run run = client("-t", "1", "-R", "-Z", "-A", "0,0");
        checkDownload(run, Iperf3Binary.Sum.sent(run.parsed()), Iperf3Binary.Sum.received(run.parsed()), 1);
        assertThat(run.ours().spec().zeroCopy()).isTrue();
        assertThat(run.ours().spec().serverCpu()).isZero();
        assertThat(run.ours().server().dataPath().send()).isEqualTo("sendfile");
        assertThat(run.ours().server().dataPath().fallbacks()).isEmpty();
    }

    @Test
    void bidirectional() throws Exception {
        Run run = client("-t", "2", "--bidir");
        checkUpload(run, Iperf3Binary.Sum.sent(run.parsed()), Iperf3Binary.Sum.received(run.parsed()), 1);
        checkDownload(run, Iperf3Binary.Sum.of(run.end().path("sum_sent_bidir_reverse")),
                Iperf3Binary.Sum.of(run.end().path("sum_received_bidir_reverse")), 1);
    }

    @Test
    void byteCount() throws Exception {
        Run run = client("-n", "200M", "-P", "2");
        checkUpload(run, Iperf3Binary.Sum.sent(run.parsed()), Iperf3Binary.Sum.received(run.parsed()), 2);
        assertThat(run.parsed().sentBytes()).isGreaterThanOrEqualTo(200.0 * (1 << 20));
    }

    @Test
    void byteCountReverse() throws Exception {
        Run run = client("-n", "200M", "-R");
        checkDownload(run, Iperf3Binary.Sum.sent(run.parsed()), Iperf3Binary.Sum.received(run.parsed()), 1);
        assertThat(bytes(run.ours().server(), true)).isEqualTo(200L << 20);
    }

    @Test
    void severalClientsAtOnce() throws Exception {
        List<Iperf3Binary> clients = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                clients.add(Iperf3Binary.start(List.of("-c", "127.0.0.1", "-p", Integer.toString(server.port()),
                        "-t", "3", "-P", "2", i == 1 ? "-R" : "-N")));
            }
            for (Iperf3Binary c : clients) {
                assertThat(c.await(60)).as("iperf3 -c exit code; output:%n%s", c.output()).isZero();
                assertThat(c.output()).doesNotContain("busy");
            }
        } finally {
            for (Iperf3Binary c : clients) {
                c.close();
            }
        }
        List<Iperf3Service.Served> all = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            all.add(served.poll(10, TimeUnit.SECONDS));
        }
        assertThat(all).doesNotContainNull().allSatisfy(s -> assertThat(s.problem()).isNull());
    }

    /** What the real client prints for each refusal: iperf3's own text for the error number we sent. */
    @Test
    void unsupportedOptionsAreRefusedWithAnIperf3Error() throws Exception {
        refused(List.of("--sctp"), "no SCTP support available");
        refused(List.of("-u", "-A", "0,1"), "unable to set CPU affinity: Function not implemented");
        refused(List.of("-C", "nosuchalgo"), "TCP_CONGESTION");
        refused(List.of("-t", "5000"), "test duration too long");
        assertThat(log).anySatisfy(l -> assertThat(l).contains("refused").contains("SCTP is not supported"));
    }

    private void refused(List<String> options, String message) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("-c", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1"));
        cmd.addAll(options);
        try (Iperf3Binary client = Iperf3Binary.start(cmd)) {
            assertThat(client.await(30)).isNotZero();
            assertThat(client.output()).contains("iperf3: error - ").contains(message);
        }
    }

    private static long udpCount(Message.UdpResults r, boolean sent, ToLongFunction<Message.UdpCounts> f) {
        return r.streams().stream().filter(t -> t.sent() == sent).mapToLong(t -> f.applyAsLong(t.measured())).sum();
    }

    /** iperf3 -u -b 100M against wirespeed: our loss and datagram counts are iperf3's receiver line. */
    @Test
    void udp() throws Exception {
        Run run = client("-u", "-b", "100M", "-l", "1400", "-t", "2");
        Message.UdpResults ours = run.ours().serverUdp();
        assertThat(ours).isNotNull();
        long received = udpCount(ours, false, Message.UdpCounts::packets);
        long lost = udpCount(ours, false, Message.UdpCounts::lost);
        Iperf3Result reported = run.parsed();
        assertThat(received).isPositive();
        assertThat(reported.packets()).isEqualTo(received + lost);
        assertThat(reported.lostPackets()).isEqualTo(lost);
        assertThat(Math.round(reported.receivedBytes())).isEqualTo(udpCount(ours, false, Message.UdpCounts::bytes));
        long clientSent = run.end().path("sum_sent").path("packets").longValue(); // our parser reads "sum" only
        assertThat(received + lost).isLessThanOrEqualTo(clientSent);
        assertThat(clientSent - (received + lost)).isLessThanOrEqualTo(Iperf3ClientIT.udpInFlightPackets(1, 1400));
        assertThat(log).anySatisfy(l -> assertThat(l).contains("(iperf3 3.").contains("udp-bw upload 1 stream"));
    }

    @Test
    void udpReverse() throws Exception {
        Run run = client("-u", "-b", "100M", "-l", "1400", "-t", "2", "-R", "-P", "2");
        Message.UdpResults ours = run.ours().serverUdp();
        long sent = udpCount(ours, true, Message.UdpCounts::packets);
        assertThat(sent).isPositive();
        assertThat(Math.round(run.parsed().sentBytes())).isEqualTo(udpCount(ours, true, Message.UdpCounts::bytes));
        assertThat(run.end().path("sum_sent").path("packets").longValue()).isEqualTo(sent);
        long seen = run.end().path("sum_received").path("packets").longValue();
        assertThat(seen).isLessThanOrEqualTo(sent);
        assertThat(sent - seen).isLessThanOrEqualTo(Iperf3ClientIT.udpInFlightPackets(2, 1400));
    }

    @Test
    void udpBidirectional() throws Exception {
        Run run = client("-u", "-b", "50M", "-l", "1400", "-t", "2", "--bidir");
        Message.UdpResults ours = run.ours().serverUdp();
        assertThat(udpCount(ours, false, Message.UdpCounts::packets)).isPositive();
        assertThat(udpCount(ours, true, Message.UdpCounts::packets)).isPositive();
        assertThat(run.end().path("sum_received_bidir_reverse").path("packets").longValue()).isPositive();
    }

    /**
     * iperf3 3.21's client with --gsro (GSO sends of up to 64 KiB) against wirespeed's GRO receiver:
     * the test completes, every datagram iperf3 sent is counted once (received or lost, bar those in
     * flight), and iperf3's receiver line is ours.
     */
    @Test
    void udpGsroClient() throws Exception {
        String gsro = Iperf3Binary.gsroBinary();
        Assumptions.assumeTrue(gsro != null,
                "SKIPPED: no iperf3 3.21+ with --gsro (IPERF3_NEW or /opt/iperf3-new/bin/iperf3)");
        Run run = clientOf(gsro, "-u", "--gsro", "-b", "50M", "-l", "1400", "-t", "2");
        Message.UdpResults ours = run.ours().serverUdp();
        long received = udpCount(ours, false, Message.UdpCounts::packets);
        long lost = udpCount(ours, false, Message.UdpCounts::lost);
        assertThat(received).isPositive();
        assertThat(run.parsed().packets()).isEqualTo(received + lost);
        assertThat(Math.round(run.parsed().receivedBytes())).isEqualTo(udpCount(ours, false, Message.UdpCounts::bytes));
        long clientSent = run.end().path("sum_sent").path("packets").longValue();
        assertThat(received + lost).isLessThanOrEqualTo(clientSent);
        assertThat(clientSent - (received + lost)).isLessThanOrEqualTo(Iperf3ClientIT.udpInFlightPackets(1, 1400));
        assertThat(ours.dataPath().receive()).isEqualTo("recvmmsg UDP_GRO");
    }
}
