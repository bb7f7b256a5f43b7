package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32, lesser item: a server that closes the control connection without a word before the
 * test runs (a refusal it had no answer slot for, its handshake deadline, its stop) gave the user
 * "wirespeed bw: EOFException". The line now says what happened and what it may mean.
 */
@Tag("hostile")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServerClosedEarlyIT {
    @Test
    void aServerThatClosesBeforeItsWelcomeIsNamedNotAnEofException() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            listener.setSoTimeout(30_000);
            Thread closer = Thread.ofPlatform().daemon().start(() -> {
                try (Socket s = listener.accept()) {
                    s.getInputStream().readNBytes(6); // the preamble, then a close without a word
                } catch (IOException ignored) {
                    // the test reads the client's line
                }
            });
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(listener.getLocalPort()), "-t", "1",
                    "--no-save");
            closer.join(5_000);
            assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
            assertThat(r.errLines()).singleElement().satisfies(line -> assertThat(line)
                    // the stage in either wording (hard-srv's branch says "before its welcome")
                    .contains("127.0.0.1:" + listener.getLocalPort() + " closed the connection before ")
                    .contains("busy")
                    .doesNotContain("EOFException"));
        }
    }
}
