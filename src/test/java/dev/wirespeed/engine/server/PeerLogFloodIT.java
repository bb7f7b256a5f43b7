package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.iperf3.Iperf3Service;
import dev.wirespeed.iperf3.Iperf3ServiceConfig;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32, break 14: "frame length 0", "closed before the test started" and
 * AsynchronousCloseException lines were logged for every connection, about 2,500 lines a second
 * from one client. Every line a peer can cause before it runs a test is rate-limited now.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PeerLogFloodIT {
    static final int EACH = 400;

    @Test
    void linesAPeerCausesBeforeItsTestAreRateLimited() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        ServerLimits limits = ServerLimits.DEFAULT.withHandshakeDeadlineMillis(300);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5_000,
                log::add, limits))) {
            server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(TestSpec.Limits.DEFAULT, 5_000, log::add)));
            server.serveInBackground();
            byte[] control = Preamble.control();
            byte[] zeroFrame = {0, 0, 0, 0};
            byte[] cookie = "hostilehostilehostilehostilehostile3\0".getBytes(StandardCharsets.US_ASCII);
            long t0 = System.nanoTime();
            for (int i = 0; i < EACH; i++) {
                send(server.port(), control, zeroFrame);     // "frame length 0 is out of range"
                send(server.port(), control);                // "closed before the test started"
                send(server.port(), cookie);                 // "closed before its test started" (iperf3)
            }
            // handshakes the deadline closes while a thread reads them: AsynchronousCloseException
            List<Socket> stalled = new ArrayList<>();
            try {
                for (int i = 0; i < 50; i++) {
                    Socket s = new Socket(InetAddress.getLoopbackAddress(), server.port());
                    s.getOutputStream().write(control);
                    s.getOutputStream().write(new byte[] {0, 0, 0, 100, '{'});
                    stalled.add(s);
                }
                Thread.sleep(1_000);
            } finally {
                for (Socket s : stalled) {
                    s.close();
                }
            }
            // one more refusal after the limiter's second: its line says how many were left out (on a fast
            // host the whole flood fits in the first second, and nothing else would be logged)
            Thread.sleep(1_100);
            send(server.port(), control, zeroFrame);
            double seconds = (System.nanoTime() - t0) / 1e9;
            Thread.sleep(500);
            List<String> lines = List.copyOf(log);
            System.out.printf("%d connections in %.1f s, %d log lines%n", 3 * EACH + 50, seconds, lines.size());
            // one line a second for refusals and drops (and the first of each burst), however many
            assertThat(lines.size()).as("log lines for %d connections in %.1f s: %s", 3 * EACH + 50, seconds, lines)
                    .isLessThanOrEqualTo((int) Math.ceil(seconds) + 5);
            assertThat(lines).noneMatch(l -> l.contains("AsynchronousCloseException"));
            assertThat(lines).anyMatch(l -> l.contains("more like it not logged"));
        }
    }

    private static void send(int port, byte[]... parts) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            for (byte[] p : parts) {
                s.getOutputStream().write(p);
            }
        }
    }
}
