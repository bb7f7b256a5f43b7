package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.ServerProcess;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29, iperf3's server habits: `--one-off`, `--logfile`, `--pidfile` (iperf_api.c's option
 * table: -1/--one-off, --logfile, -I/--pidfile) and `--exclusive` (iperf3's server runs one test
 * at a time and answers another client ACCESS_DENIED, "the server is busy running a test").
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ServerHabitsIT {
    private static final Pattern LISTENING = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");

    @Test
    void oneOffLogsToItsFileWritesItsPidAndRemovesItAfterTheTest(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("server.log");
        Path pid = dir.resolve("server.pid");
        Cli.Running server = Cli.start("server", "--bind", "127.0.0.1", "-p", "0", "--one-off", "--logfile",
                log.toString(), "--pidfile", pid.toString());
        int port = awaitPort(log, server);
        assertThat(Files.readString(pid, StandardCharsets.US_ASCII)).isEqualTo(ProcessHandle.current().pid() + "\n");
        Cli.Run bw = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(port), "-t", "1", "--no-save");
        assertThat(bw.exitCode()).as(bw.out() + bw.err()).isZero();
        Cli.Run ended = server.await(30_000);
        assertThat(ended.exitCode()).as(ended.err()).isZero();
        assertThat(ended.out()).as("everything went to --logfile").isEmpty();
        assertThat(Files.readString(log, StandardCharsets.UTF_8)).contains(" upload 2 streams ").contains("stopped");
        assertThat(pid).as("the pidfile is removed when the server stops").doesNotExist();
    }

    /**
     * -D: the command returns once the background server listens; the server writes its own id
     * to --pidfile, logs to --logfile, serves, and stops cleanly on SIGTERM (the pidfile removed).
     */
    @Test
    void daemonReturnsOnceTheBackgroundServerListensAndServes(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("daemon.log");
        Path pid = dir.resolve("daemon.pid");
        Cli.Run started = Cli.run("server", "--bind", "127.0.0.1", "-p", "0", "-D", "--logfile", log.toString(),
                "--pidfile", pid.toString());
        assertThat(started.exitCode()).as(started.out() + started.err()).isZero();
        Matcher m = LISTENING.matcher(started.out());
        assertThat(m.find()).as(started.out()).isTrue();
        long serverPid = Long.parseLong(Files.readString(pid, StandardCharsets.US_ASCII).strip());
        assertThat(started.out()).contains("running in the background as process " + serverPid);
        ProcessHandle server = ProcessHandle.of(serverPid).orElseThrow();
        try {
            assertThat(serverPid).isNotEqualTo(ProcessHandle.current().pid());
            Cli.Run bw = Cli.run("bw", "127.0.0.1", "-p", m.group(1), "-t", "1", "--no-save");
            assertThat(bw.exitCode()).as(bw.out() + bw.err()).isZero();
            server.destroy(); // SIGTERM
            assertThat(server.onExit().get(30, TimeUnit.SECONDS).isAlive()).isFalse();
            assertThat(Files.readString(log, StandardCharsets.UTF_8)).contains("listening on").contains(" upload 2 streams ")
                    .contains("stopped");
            assertThat(pid).as("removed by the server as it stopped").doesNotExist();
        } finally {
            server.destroyForcibly();
        }
    }

    @Test
    void daemonWhoseServerCannotStartSaysWhy() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Cli.Run run = Cli.run("server", "--bind", "127.0.0.1", "-p", Integer.toString(taken.getLocalPort()), "-D");
            assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.err()).containsIgnoringCase("in use");
        }
    }

    @Test
    void aLogThatCannotBeWrittenStopsTheServerWithItsReason() throws Exception {
        Cli.Running server = Cli.start("server", "--bind", "127.0.0.1", "-p", "0", "--logfile", "/dev/full");
        Cli.Run ended = server.await(30_000);
        assertThat(ended.exitCode()).isEqualTo(1);
        assertThat(ended.errLines()).hasSize(1);
        assertThat(ended.err()).contains("--logfile /dev/full: write failed (No space left on device)");
    }

    @Test
    void aPidfileThatIsADeviceIsRefused() {
        Cli.Run run = Cli.run("server", "--bind", "127.0.0.1", "-p", "0", "--once", "--pidfile", "/dev/null");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).contains("--pidfile /dev/null: exists and is not a regular file");
        assertThat(Path.of("/dev/null")).as("still the device").isReadable();
    }

    @Test
    void exclusiveExcludesMoreTests() {
        Cli.Run run = Cli.run("server", "--exclusive", "--max-tests", "4");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--exclusive runs one test at a time");
    }

    @Test
    void exclusiveRefusesASecondClientWhileATestRuns() throws Exception {
        try (ServerProcess server = ServerProcess.start("--exclusive", "--handshake-deadline", "30")) {
            String port = Integer.toString(server.port());
            Cli.Running first = Cli.start("bw", "127.0.0.1", "-p", port, "-t", "4", "--no-save");
            assertThat(first.awaitOutput("[  1]", 20_000)).as("the first test runs: %s; server: %s", first.err(), server.lines())
                    .isTrue();
            Cli.Run second = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--no-save");
            assertThat(second.exitCode()).as(second.out() + second.err()).isEqualTo(1);
            assertThat(second.err()).contains("server busy");
            Cli.Run iperf3 = Cli.run("bw", "127.0.0.1", "-p", port, "--iperf3", "-t", "1", "--no-save");
            assertThat(iperf3.exitCode()).as(iperf3.out() + iperf3.err()).isEqualTo(1);
            assertThat(iperf3.err()).contains("busy");
            assertThat(first.exit().get(60, TimeUnit.SECONDS)).as(first.err().toString()).isZero();
            Cli.Run after = Cli.run("bw", "127.0.0.1", "-p", port, "-t", "1", "--no-save");
            assertThat(after.exitCode()).as("after the first test: %s", after.err()).isZero();
        }
    }

    /** The port the server logged, waiting (bounded) for its line in the log file. */
    private static int awaitPort(Path log, Cli.Running server) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (Files.exists(log)) {
                Matcher m = LISTENING.matcher(Files.readString(log, StandardCharsets.UTF_8));
                if (m.find()) {
                    return Integer.parseInt(m.group(1));
                }
            }
            if (server.exit().isDone()) {
                break;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no 'listening on' in " + log + "; server err: " + server.err());
    }
}
