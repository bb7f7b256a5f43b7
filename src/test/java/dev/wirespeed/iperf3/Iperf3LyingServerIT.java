package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Issue 32 break 5: a malicious iperf3 server's results — 8192 PiB at 0 bit/s, or no streams at
 * all — were accepted with exit 0. `bw --iperf3` now refuses them, names them, exits 1 and saves
 * the test as failed.
 */
@Tag("hostile")
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class Iperf3LyingServerIT {
    @TempDir
    Path dir;

    /** One iperf3 test's control flow (iperf_api.c's states), answering with {@code resultsJson}. */
    private static final class LyingServer implements AutoCloseable {
        final ServerSocket listener;
        final Thread thread;
        volatile Throwable failure;

        LyingServer(String resultsJson) throws IOException {
            listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            listener.setSoTimeout(20_000);
            thread = Thread.ofPlatform().daemon().start(() -> serve(resultsJson));
        }

        int port() {
            return listener.getLocalPort();
        }

        private void serve(String resultsJson) {
            List<Socket> data = new ArrayList<>();
            try (Socket control = listener.accept()) {
                control.setSoTimeout(20_000);
                DataInputStream in = new DataInputStream(control.getInputStream());
                OutputStream out = control.getOutputStream();
                in.readFully(new byte[Iperf3.COOKIE_BYTES]);
                out.write(Iperf3.PARAM_EXCHANGE);
                JsonNode params = Control.MAPPER.readTree(readFrame(in));
                int connections = params.path("parallel").asInt(1) * (params.path("bidirectional").asBoolean(false) ? 2 : 1);
                out.write(Iperf3.CREATE_STREAMS);
                List<Thread> drains = new ArrayList<>();
                for (int i = 0; i < connections; i++) {
                    Socket s = listener.accept();
                    data.add(s);
                    new DataInputStream(s.getInputStream()).readFully(new byte[Iperf3.COOKIE_BYTES]);
                    drains.add(Thread.ofPlatform().daemon().start(() -> drain(s)));
                }
                out.write(Iperf3.TEST_START);
                out.write(Iperf3.TEST_RUNNING);
                assertThat((int) in.readByte()).isEqualTo(Iperf3.TEST_END);
                for (Thread t : drains) {
                    t.join(5_000);
                }
                out.write(Iperf3.EXCHANGE_RESULTS);
                readFrame(in); // the client's results
                byte[] ours = resultsJson.getBytes(StandardCharsets.UTF_8);
                out.write(new byte[] {(byte) (ours.length >>> 24), (byte) (ours.length >>> 16), (byte) (ours.length >>> 8),
                        (byte) ours.length});
                out.write(ours);
                out.write(Iperf3.DISPLAY_RESULTS);
                out.flush();
                in.readByte(); // IPERF_DONE
            } catch (Throwable e) {
                failure = e;
            } finally {
                data.forEach(s -> {
                    try {
                        s.close();
                    } catch (IOException ignored) {
                        // closing
                    }
                });
            }
        }

        private static byte[] readFrame(DataInputStream in) throws IOException {
            int length = in.readInt();
            byte[] b = new byte[length];
            in.readFully(b);
            return b;
        }

        private static void drain(Socket s) {
            byte[] buf = new byte[64 << 10];
            try (InputStream in = s.getInputStream()) {
                while (in.read(buf) >= 0) {
                    // thrown away
                }
            } catch (IOException ignored) {
                // the test is over
            }
        }

        @Override
        public void close() throws Exception {
            listener.close();
            thread.join(5_000);
        }
    }

    private Cli.Run bw(String resultsJson, Path db) throws Exception {
        try (LyingServer server = new LyingServer(resultsJson)) {
            return Cli.run("bw", "--iperf3", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1", "-P", "1", "--db",
                    db.toString());
        }
    }

    private static String results(String streams) {
        return "{\"cpu_util_total\":1.0,\"cpu_util_user\":0.5,\"cpu_util_system\":0.5,\"sender_has_retransmits\":-1,"
                + "\"streams\":" + streams + "}";
    }

    @Test
    void eightThousandPebibytesAtZeroBitsPerSecondIsRefused() throws Exception {
        Path db = dir.resolve("r.db");
        Cli.Run r = bw(results("[{\"id\":1,\"bytes\":9223372036854775807,\"retransmits\":-1,\"jitter\":0,\"errors\":0,"
                + "\"packets\":0,\"start_time\":0,\"end_time\":0}]"), db);
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err()).contains("the server's report was refused: the server reported 8.00 EiB on stream 1");
        assertThat(r.out()).doesNotContain("EiB").doesNotContain("PiB");
        assertThat(Cli.run("results", "list", "--db", db.toString()).out()).contains("failed").doesNotContain(" done ");
    }

    @Test
    void noStreamsAtAllIsRefused() throws Exception {
        Path db = dir.resolve("r.db");
        Cli.Run r = bw(results("[]"), db);
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(r.err()).contains("the server's report was refused: the server reported no total for stream 1");
        assertThat(Cli.run("results", "list", "--db", db.toString()).out()).contains("failed").doesNotContain(" done ");
    }
}
