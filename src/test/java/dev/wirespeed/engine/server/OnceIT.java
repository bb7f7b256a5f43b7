package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.ServerProcess;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32, break 8: `server --once` exited after one garbage or refused connection, without
 * serving a test, and logged an uncaught RejectedExecutionException. It now exits after one test
 * that ran.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OnceIT {
    @Test
    void onceMeansAfterOneTestThatRan() throws Exception {
        try (ServerProcess server = ServerProcess.start("--once", "--max-streams", "2")) {
            String port = Integer.toString(server.port());
            try (Socket garbage = new Socket(InetAddress.getLoopbackAddress(), server.port())) {
                garbage.setSoTimeout(5_000);
                garbage.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                int got;
                try {
                    got = garbage.getInputStream().read();
                } catch (SocketException e) {
                    got = -1; // closed with our bytes unread: a reset
                }
                assertThat(got).as("closed").isEqualTo(-1);
            }
            Cli.Run refused = Cli.run("bw", "127.0.0.1", "-p", port, "-P", "4", "-t", "1", "--no-save");
            assertThat(refused.exitCode()).as(refused.err()).isEqualTo(1);
            assertThat(refused.err()).contains("test refused");
            assertThat(server.process().waitFor(1, TimeUnit.SECONDS)).as("still serving after garbage and a refusal")
                    .isFalse();
            Cli.Run bw = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--no-save");
            assertThat(bw.exitCode()).as(bw.out() + bw.err()).isZero();
            assertThat(server.process().waitFor(20, TimeUnit.SECONDS)).as("stopped after the test that ran").isTrue();
            assertThat(server.process().exitValue()).isZero();
            assertThat(server.lines()).noneMatch(l -> l.contains("Exception"));
        }
    }
}
