package dev.wirespeed.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.iperf3.Iperf3Service;
import dev.wirespeed.iperf3.Iperf3ServiceConfig;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.HeldConnections;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 19 item 1: while 300 connections from this machine trickle one byte at a time (and
 * reconnect when dropped), a normal bw test and an iperf3 client still get through, and the log
 * stays short.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class HandshakeFloodIT {
    static final int TRICKLERS = 300;

    /** Holds {@code count} connections, each sending one preamble byte per round; replaces dropped ones. */
    static final class Trickle implements AutoCloseable {
        final HeldConnections<Socket> sockets;
        final int[] sent;
        final int port;
        final AtomicInteger reconnects = new AtomicInteger();
        final byte[] preamble = Preamble.control();

        Trickle(int port, int count) {
            this.port = port;
            this.sockets = new HeldConnections<>(count);
            this.sent = new int[count];
            // bounded: at most 60 rounds of 1 s (the attack seen: one byte every 4 s)
            sockets.start(60, 1000, this::trickle);
        }

        private void trickle(int round, int i) throws IOException {
            if (sockets.get(i) == null) {
                sockets.set(i, new Socket(InetAddress.getLoopbackAddress(), port));
                sent[i] = 0;
                if (round > 0) {
                    reconnects.incrementAndGet();
                }
            }
            sockets.get(i).getOutputStream().write(preamble[sent[i]++ % preamble.length]);
        }

        @Override
        public void close() throws InterruptedException {
            sockets.close();
        }
    }

    @Test
    void aNormalClientAndAnIperf3ClientGetThroughA300ConnectionTrickle() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        ServerLimits limits = ServerLimits.DEFAULT.withHandshakeDeadlineMillis(3000);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 10_000,
                log::add, limits))) {
            server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(TestSpec.Limits.DEFAULT, 10_000, log::add),
                    served -> { }));
            server.serveInBackground();
            try (Trickle trickle = new Trickle(server.port(), TRICKLERS)) {
                Thread.sleep(4000); // past the first deadline: the trickle is now refused, dropped and reconnecting
                Cli.Run bw = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "2");
                assertThat(bw.exitCode()).as(bw.out() + bw.err()).isZero();
                assertThat(bw.out()).contains("receiver");
                if (Files.isExecutable(Path.of("/usr/bin/iperf3")) || onPath("iperf3")) {
                    Process p = new ProcessBuilder("iperf3", "-c", "127.0.0.1", "-p", Integer.toString(server.port()),
                            "-t", "1").redirectErrorStream(true).start();
                    boolean ended = p.waitFor(30, TimeUnit.SECONDS);
                    String out = new String(p.getInputStream().readAllBytes());
                    if (!ended) {
                        p.destroyForcibly();
                    }
                    assertThat(ended && p.exitValue() == 0).as(out).isTrue();
                    assertThat(out).contains("receiver");
                }
                assertThat(trickle.reconnects.get()).as("the trickle was dropped and came back").isPositive();
            }
        }
        assertThat(log).anyMatch(l -> l.contains("server busy:") || l.contains("handshake not finished within 3000 ms")
                || l.contains("dropped to admit a newer connection from the same address"));
        // thousands of refusals and drops; the log has one line per second at most for them
        long floodLines = log.stream().filter(l -> l.startsWith("refused") || l.startsWith("dropped")).count();
        assertThat(floodLines).isLessThan(60);
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
