package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.wirespeed.cli.Main;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Wire;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/** A server that echoes a few pings and then falls silent, keeping every connection open. */
// mostly waits out a peer's deadline: runs in the second lane, beside the serial ITs (pom.xml)
@Execution(ExecutionMode.CONCURRENT)
class SilentServerIT {
    static final int ECHOES = 100;

    private static final class FallsSilent implements AutoCloseable {
        final ServerSocketChannel listener = ServerSocketChannel.open();
        final Thread thread;
        volatile SocketChannel control;
        volatile SocketChannel data;

        FallsSilent() throws IOException {
            listener.bind(new InetSocketAddress("127.0.0.1", 0));
            thread = Thread.ofPlatform().daemon(true).start(this::serve);
        }

        int port() throws IOException {
            return ((InetSocketAddress) listener.getLocalAddress()).getPort();
        }

        private void serve() {
            try {
                control = listener.accept();
                DataInputStream in = new DataInputStream(control.socket().getInputStream());
                in.readFully(new byte[Wire.PREAMBLE_BYTES]);
                FrameCodec codec = new FrameCodec(in, control.socket().getOutputStream());
                codec.expect(Message.Hello.class);
                codec.write(new Message.Welcome(1, "silent", "silent", 1, "test", 1, 60_000));
                codec.expect(Message.TestRequest.class);
                codec.write(new Message.TestAccepted("00112233445566778899aabbccddeeff"));
                data = listener.accept();
                ByteBuffer preamble = ByteBuffer.allocate(Wire.DATA_PREAMBLE_BYTES);
                while (preamble.hasRemaining()) {
                    data.read(preamble);
                }
                codec.write(new Message.Ready());
                codec.expect(Message.Start.class);
                ByteBuffer ping = ByteBuffer.allocate(64);
                for (int i = 0; i < ECHOES; i++) {
                    ping.clear();
                    while (ping.hasRemaining()) {
                        if (data.read(ping) < 0) {
                            return;
                        }
                    }
                    ping.flip();
                    while (ping.hasRemaining()) {
                        data.write(ping);
                    }
                }
                while (true) {
                    codec.read(); // swallow heartbeats, answer nothing
                }
            } catch (IOException e) {
                // the client left
            }
        }

        @Override
        public void close() throws IOException {
            listener.close();
            if (control != null) {
                control.close();
            }
            if (data != null) {
                data.close();
            }
        }
    }

    @Test
    void clientReportsWhatItHasAndGivesUp() throws Exception {
        try (FallsSilent server = new FallsSilent()) {
            LatClientConfig c = LatClientConfig.builder().host("127.0.0.1").port(server.port()).udp(false)
                    .sizesBytes(List.of(64)).iterations(1_000L).connectTimeoutMillis(5_000).timeoutMillis(1_000)
                    .build();
            LatResult r = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> new LatClient(c).run(
                    TestListener.none()));
            assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.PEER_LOST);
            assertThat(r.outcome().message()).contains("no answer for 1 s");
            assertThat(r.rows()).hasSize(1);
            assertThat(r.rows().getFirst().iterations()).isEqualTo(ECHOES);
        }
    }

    @Test
    void commandExitsOneWithOneLine() throws Exception {
        try (FallsSilent server = new FallsSilent()) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Main.run(new String[] {"lat",
                    "127.0.0.1", "-p", Integer.toString(server.port()), "--timeout", "1", "-n", "1000", "--warmup", "0"},
                    new PrintWriter(out), new PrintWriter(err)));
            assertThat(code).isEqualTo(1);
            assertThat(err.toString().lines()).hasSize(1).first().asString()
                    .startsWith("wirespeed lat: the server stopped answering");
            assertThat(out.toString()).contains("      64         " + ECHOES + " ");
        }
    }
}
