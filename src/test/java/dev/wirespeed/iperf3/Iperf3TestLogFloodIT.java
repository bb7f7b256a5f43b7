package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32, break 14, the iperf3 service's side: a client that starts a test and leaves at once,
 * again and again, made one "aborted: the client went away" line per test, as fast as it could
 * start them. Test lines are rate-limited as the server's own are: 64 at once, then 10 a second,
 * and the next line written says how many were left out.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class Iperf3TestLogFloodIT {
    private static final int TESTS = 400;
    /** Clients at once: one after another, a loaded 2-core host started only ~14 a second. */
    private static final int CLIENTS = 4;

    @Test
    void testsThatEndAtOnceAreLoggedAtABoundedRate() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>();
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5_000,
                log::add))) {
            server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(TestSpec.Limits.DEFAULT, 5_000, log::add)));
            server.serveInBackground();
            long t0 = System.nanoTime();
            AtomicInteger startedCount = new AtomicInteger();
            List<Thread> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                clients.add(Thread.ofPlatform().name("iperf3-client-" + c).start(() -> {
                    for (int i = 0; i < TESTS / CLIENTS; i++) {
                        try {
                            startedCount.addAndGet(startAndLeave(server.port()) ? 1 : 0);
                        } catch (IOException e) {
                            // refused or reset: counted as not started
                        }
                    }
                }));
            }
            for (Thread t : clients) {
                t.join(TimeUnit.SECONDS.toMillis(90));
            }
            int started = startedCount.get();
            double seconds = (System.nanoTime() - t0) / 1e9;
            // the server logs each test after the client left: wait (bounded) until it has seen them all
            Thread.sleep(1_000);
            List<String> tests = log.stream().filter(l -> l.contains("(iperf3 3.12)")).toList();
            System.out.printf("%d of %d tests started in %.1f s, %d test lines%n", started, TESTS, seconds,
                    tests.size());
            assertThat(started).as("tests that reached TEST_RUNNING; log %s", log).isGreaterThan(64 + 10 * (int) seconds + 20);
            assertThat(tests.size()).as("test lines for %d tests in %.1f s", started, seconds)
                    .isLessThanOrEqualTo(64 + 10 * ((int) Math.ceil(seconds) + 2));
            assertThat(tests).anyMatch(l -> l.contains("more like it not logged"));
        }
    }

    /** Cookie, parameters, one data connection, TEST_RUNNING, then both connections close. */
    private static boolean startAndLeave(int port) throws IOException {
        byte[] cookie = Cookie.random();
        try (Socket control = connect(port); Socket data = connect(port)) {
            DataInputStream in = new DataInputStream(control.getInputStream());
            control.getOutputStream().write(cookie);
            if (in.readByte() != Iperf3.PARAM_EXCHANGE) {
                return false;
            }
            sendJson(control.getOutputStream(), "{\"tcp\":true,\"omit\":0,\"time\":1,\"num\":0,\"blockcount\":0,"
                    + "\"parallel\":1,\"len\":131072,\"client_version\":\"3.12\"}");
            if (in.readByte() != Iperf3.CREATE_STREAMS) {
                return false;
            }
            data.getOutputStream().write(cookie);
            return in.readByte() == Iperf3.TEST_START && in.readByte() == Iperf3.TEST_RUNNING;
        }
    }

    private static Socket connect(int port) throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
        s.setSoTimeout(10_000);
        return s;
    }

    private static void sendJson(OutputStream out, String json) throws IOException {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        out.write(new byte[] {(byte) (b.length >>> 24), (byte) (b.length >>> 16), (byte) (b.length >>> 8), (byte) b.length});
        out.write(b);
        out.flush();
    }
}
