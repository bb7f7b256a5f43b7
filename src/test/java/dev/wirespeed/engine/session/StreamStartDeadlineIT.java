package dev.wirespeed.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.cli.Main;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.udp.UdpBwClient;
import dev.wirespeed.engine.udp.UdpBwClientConfig;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * A client's test obeys -t when its streams cannot start (issue 19): against a server that accepts
 * the test on its control connection but never its data connections, the client gives up at the
 * longer of -t and 5 s, with one warning and a failure that says why — not after each stream's
 * connect timeout (30 s here) and the handshake timeout (30 s) in turn.
 */
// mostly waits out a peer's deadline: runs in the second lane, beside the serial ITs (pom.xml)
@Execution(ExecutionMode.CONCURRENT)
class StreamStartDeadlineIT {
    /** Far above the start deadline (5 s) and far below what the client would wait without one. */
    static final Duration BOUND = Duration.ofSeconds(25);
    static final int LONG_TIMEOUT_MILLIS = 30_000;

    /** Answers Hello and TestRequest, then never accepts again and never says Ready. */
    private static final class NeverAcceptsData implements AutoCloseable {
        final ServerSocketChannel listener = ServerSocketChannel.open();
        /** UDP streams set up on the control port: their hellos land here, unanswered. */
        final DatagramChannel udp = DatagramChannel.open();
        volatile SocketChannel control;

        NeverAcceptsData() throws IOException {
            // a backlog of 1: the kernel completes a connection or two, then drops the SYNs of the rest
            listener.bind(new InetSocketAddress("127.0.0.1", 0), 1);
            udp.bind(new InetSocketAddress("127.0.0.1", port()));
            Thread.ofPlatform().daemon(true).start(this::serve);
        }

        int port() throws IOException {
            return ((InetSocketAddress) listener.getLocalAddress()).getPort();
        }

        private void serve() {
            try {
                control = listener.accept();
                FrameCodec codec = FakeServerHandshake.acceptTest(control, "loaded");
                while (true) {
                    codec.read(); // answers nothing, until the client leaves
                }
            } catch (IOException e) {
                // the client left
            }
        }

        @Override
        public void close() throws IOException {
            listener.close();
            udp.close();
            if (control != null) {
                control.close();
            }
        }
    }

    @Test
    void tcpClientStopsAtTheStartDeadlineAndSaysWhy() throws Exception {
        try (NeverAcceptsData server = new NeverAcceptsData()) {
            TestSpec spec = TestSpec.tcpBandwidth().streams(64).durationMillis(1_000).build();
            List<String> warnings = new CopyOnWriteArrayList<>();
            BwClient client = new BwClient(BwClientConfig.builder().host("127.0.0.1").port(server.port()).spec(spec)
                    .timeoutMillis(LONG_TIMEOUT_MILLIS).build());
            assertTimeoutPreemptively(BOUND, () -> assertThatThrownBy(() -> client.run(new TestListener<BwResult.BwParams, BwResult.IntervalReport>() {
                @Override
                public void warning(String line) {
                    warnings.add(line);
                }
            })).isInstanceOf(IOException.class)
                    .hasMessageContaining("the data streams did not start within 5.0 s")
                    .hasMessageContaining("of 64 data streams open"));
            assertThat(warnings).hasSize(1).first().asString().startsWith("warning: the data streams did not start");
        }
    }

    @Test
    void udpClientStopsAtTheStartDeadline() throws Exception {
        try (NeverAcceptsData server = new NeverAcceptsData()) {
            // the UDP set-up datagrams are never answered: each stream alone would wait its 30 s timeout
            TestSpec spec = TestSpec.udpBandwidth().streams(4).durationMillis(1_000).rateBitsPerSecond(1_000_000)
                    .build();
            UdpBwClient client = new UdpBwClient(UdpBwClientConfig.builder().host("127.0.0.1").port(server.port())
                    .spec(spec).connectTimeoutMillis(LONG_TIMEOUT_MILLIS).build());
            assertTimeoutPreemptively(BOUND, () -> assertThatThrownBy(() -> client.run(TestListener.none()))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("the data streams did not start within 5.0 s")
                    .hasMessageContaining("0 of 4 data streams open"));
        }
    }

    @Test
    void commandWarnsOnceAndFailsWithOneLine() throws Exception {
        try (NeverAcceptsData server = new NeverAcceptsData()) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = assertTimeoutPreemptively(BOUND, () -> Main.run(new String[] {"bw", "127.0.0.1", "-p",
                    Integer.toString(server.port()), "-t", "2", "-P", "32", "--connect-timeout", "30"},
                    new PrintWriter(out), new PrintWriter(err)));
            assertThat(code).isEqualTo(1);
            List<String> lines = err.toString().lines().toList();
            assertThat(lines).hasSize(2);
            assertThat(lines.get(0)).startsWith("warning: the data streams did not start within 5.0 s");
            assertThat(lines.get(1)).startsWith("wirespeed bw: the data streams did not start within 5.0 s");
        }
    }
}
