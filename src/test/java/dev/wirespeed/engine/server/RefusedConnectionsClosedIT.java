package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.iperf3.Iperf3Service;
import dev.wirespeed.iperf3.Iperf3ServiceConfig;
import dev.wirespeed.rdma.PerftestService;
import dev.wirespeed.rdma.PerftestServiceConfig;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32, break 1: every kind of connection (C, D, A, R, iperf3) is closed by the server when
 * it is refused; a refused perftest request (R) stayed open in CLOSE_WAIT. Each opening below is
 * refused; the test reads to EOF, which only the server's close gives.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RefusedConnectionsClosedIT {
    final List<String> log = Collections.synchronizedList(new ArrayList<>());
    Server server;

    @BeforeEach
    void start() throws Exception {
        server = new Server(new ServerConfig("127.0.0.1", 0, false, new TestSpec.Limits(8, 60_000), 5_000, log::add));
        server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(new TestSpec.Limits(8, 60_000), 5_000, log::add)));
        server.serveSessions(Wire.KIND_PERFTEST, new PerftestService(new PerftestServiceConfig(60_000, 5_000,
                Path.of("/nonexistent"), log::add)));
        server.serveInBackground();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        server.awaitStopped(5, TimeUnit.SECONDS);
    }

    /** Writes {@code opening}, then reads until the server closes (at most 5 s); what it said. */
    private String answerTo(byte[]... opening) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
            s.setSoTimeout(5_000);
            for (byte[] b : opening) {
                s.getOutputStream().write(b);
            }
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] chunk = new byte[4096];
            int n;
            while ((n = s.getInputStream().read(chunk)) >= 0) { // a timeout throws: not closed
                got.write(chunk, 0, n);
            }
            return got.toString(StandardCharsets.ISO_8859_1);
        }
    }

    private static byte[] json(String text) {
        return FrameCodec.frame(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aRefusedPerftestRequestIsClosed() throws Exception {
        assertThat(answerTo(Preamble.perftest(), json("{\"type\":\"start\",\"test\":\"ib_write_bw\",\"args\":[\"--bogus\"]}")))
                .contains("\"type\":\"refused\"").contains("'--bogus' is not allowed");
        assertThat(answerTo(Preamble.perftest(), json("{\"type\":\"start\",\"test\":\"ib_write_bw\",\"args\":[]}")))
                .contains("is not installed on the server");
        assertThat(answerTo(Preamble.perftest(), json("{\"type\":\"done\"}"))).contains("expected a start request");
    }

    @Test
    void aRefusedTestAnUnknownDataConnectionAnUnservedKindAndARefusedIperf3ClientAreClosed() throws Exception {
        assertThat(answerTo(Preamble.control(), FrameCodec.encode(new Message.Hello(Wire.PROTOCOL_VERSION, "hostile")),
                FrameCodec.encode(new Message.TestRequest(TestSpec.tcpBandwidth().streams(9).durationMillis(1000).build()))))
                .contains("test refused");
        assertThat(answerTo(Preamble.data(new byte[Wire.TEST_ID_BYTES], 0))).isEmpty();
        assertThat(answerTo(Preamble.agent())).isEmpty();
        byte[] cookie = "hostilehostilehostilehostilehostile2\0".getBytes(StandardCharsets.US_ASCII);
        assertThat(answerTo(cookie, json("{\"tcp\":true,\"time\":1,\"parallel\":1000,\"len\":131072}"))).isNotEmpty();
    }

    @Test
    void aThousandRefusedPerftestRequestsLeaveNoDescriptorOpen() throws Exception {
        long before = openFiles();
        for (int i = 0; i < 1000; i++) {
            answerTo(Preamble.perftest(), json("{\"type\":\"start\",\"test\":\"ib_write_bw\",\"args\":[\"--bogus\"]}"));
        }
        long after = openFiles();
        for (int i = 0; i < 50 && after > before + 32; i++) {
            Thread.sleep(100);
            after = openFiles();
        }
        assertThat(after).as("this JVM's open files (%d before)", before).isLessThan(before + 32);
        assertThat(log.stream().filter(l -> l.contains("refused perftest request")).count())
                .as("refusal lines, one a second at most").isLessThan(60);
    }

    private static long openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
