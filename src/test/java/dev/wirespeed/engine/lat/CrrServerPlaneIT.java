package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.engine.session.ServerPlane;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The server's side of a connection-rate test may not become a way around its limits (issue 32's
 * hardening): one transaction per stream at a time, none outside the test's streams or after its
 * end, and a transaction that names no running test is closed unanswered. Loopback only.
 */
class CrrServerPlaneIT {
    private static final TestSpec SPEC = TestSpec.connectionRate().direction(Direction.UPLOAD).streams(2)
            .durationMillis(1000).bufferBytes(4).build();

    @Test
    void oneTransactionPerStreamAtATimeAndNoneAfterTheEnd() throws Exception {
        CrrServerPlane plane = new CrrServerPlane(new ServerPlane.Setup(SPEC, List.of(), List.of(), m -> { }, null,
                line -> { }));
        plane.start();
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            Socket first = new Socket("127.0.0.1", listener.socket().getLocalPort());
            SocketChannel firstServer = listener.accept();
            firstServer.socket().setSoTimeout(10_000);
            CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
                try {
                    plane.serve(0, firstServer, new DataInputStream(firstServer.socket().getInputStream()));
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            Socket second = new Socket("127.0.0.1", listener.socket().getLocalPort());
            SocketChannel secondServer = listener.accept();
            // stream 0 is busy until its transaction ends: a second one on it is refused
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!plane.busy(0) && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            assertThat(plane.busy(0)).isTrue();
            assertThatThrownBy(() -> plane.serve(0, secondServer,
                    new DataInputStream(secondServer.socket().getInputStream())))
                    .isInstanceOf(ProtocolException.class).hasMessageContaining("already running");
            assertThatThrownBy(() -> plane.serve(2, secondServer, null)).hasMessageContaining("out of range");
            assertThatThrownBy(() -> plane.serve(-1, secondServer, null)).hasMessageContaining("out of range");
            // the first transaction completes: request, response, FIN
            first.getOutputStream().write(new byte[] {1, 2, 3, 4});
            InputStream in = first.getInputStream();
            assertThat(in.readNBytes(4)).containsExactly(1, 2, 3, 4);
            first.shutdownOutput();
            running.get(10, TimeUnit.SECONDS);
            first.close();
            firstServer.close();
            second.close();
            secondServer.close();
        }
        assertThat(plane.summary(null)).contains("1 transactions").contains("refused");
        plane.end(true);
        assertThatThrownBy(() -> plane.serve(1, null, null)).hasMessageContaining("after the test's end");
    }

    @Test
    void aTransactionForNoRunningTestIsClosedUnanswered() throws Exception {
        Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5_000,
                line -> { }, ServerLimits.DEFAULT));
        server.serveInBackground();
        try (Socket s = new Socket("127.0.0.1", server.port())) {
            s.setSoTimeout(10_000);
            s.getOutputStream().write(Preamble.transaction(new byte[16], 0));
            s.getOutputStream().write(1);
            // closed without a byte: an end of stream, or a reset when the request was left unread
            int answer;
            try {
                answer = s.getInputStream().read();
            } catch (SocketException e) {
                assertThat(e.getMessage()).containsIgnoringCase("reset");
                answer = -1;
            }
            assertThat(answer).isEqualTo(-1);
        } finally {
            server.close();
        }
    }
}
