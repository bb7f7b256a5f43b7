package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.ServerProcess;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The server as a real process: killed, or stopped with SIGTERM, while a client runs. */
class ServerProcessIT {
    @Test
    void clientReportsWhatItMeasuredWhenTheServerIsKilled() throws Exception {
        try (ServerProcess server = ServerProcess.start()) {
            Cli.Running client = Cli.start("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "60",
                    "-i", "0.5", "-P", "2");
            assertThat(client.awaitOutput("[SUM]", 30_000)).as("data flows before the kill").isTrue();
            server.process().destroyForcibly();
            long killedAt = System.nanoTime();
            Cli.Run r = client.await(20_000);
            double secondsAfterKill = (System.nanoTime() - killedAt) / 1e9;
            assertThat(secondsAfterKill).as("the client must not hang after the server died").isLessThan(5.0);
            assertThat(r.exitCode()).isEqualTo(ExitCode.FAILURE);
            assertThat(r.out()).contains("[SUM]").containsPattern("  sender\\s+\\S+ [KMGT]iB");
            assertThat(r.out()).contains("receiver    unknown (no results from that side)");
            assertThat(r.errLines()).hasSize(1);
            assertThat(r.err()).startsWith("wirespeed bw: the server went away after ");
        }
    }

    @Test
    void sigtermStopsTheServerCleanlyAndTellsTheClient() throws Exception {
        try (ServerProcess server = ServerProcess.start()) {
            Cli.Running client = Cli.start("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "60",
                    "-P", "1");
            assertThat(client.awaitOutput("[  1]", 30_000)).as("data flows before SIGTERM").isTrue();
            server.process().destroy(); // SIGTERM
            assertThat(server.process().waitFor(15, TimeUnit.SECONDS)).as("server exits").isTrue();
            assertThat(server.process().exitValue()).isEqualTo(143);
            Cli.Run r = client.await(20_000);
            assertThat(r.exitCode()).isEqualTo(ExitCode.FAILURE);
            assertThat(r.err()).contains("server shutting down");
            assertThat(server.lines()).as(String.join("\n", server.lines())).anyMatch(l -> l.endsWith("stopped"))
                    .anyMatch(l -> l.contains("aborted: server shutting down"));
        }
    }

    @Test
    void onceServesOneTestThenExitsZero() throws Exception {
        try (ServerProcess server = ServerProcess.start("--once")) {
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "1", "-P", "1");
            assertThat(r.exitCode()).as(r.err()).isZero();
            assertThat(server.process().waitFor(15, TimeUnit.SECONDS)).isTrue();
            assertThat(server.process().exitValue()).isZero();
            assertThat(server.lines()).anyMatch(l -> l.matches(".*127\\.0\\.0\\.1:\\d+ upload 1 stream .*"));
        }
    }
}
