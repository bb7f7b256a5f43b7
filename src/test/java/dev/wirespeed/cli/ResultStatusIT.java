package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.ServerProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a run ends is what the store says: a finished bw is done; Ctrl-C (SIGINT to a real
 * process over loopback) saves it as interrupted with its partial figures, kept out of compare
 * and report unless --include-partial; a server that dies mid-test makes it failed, with the reason.
 */
class ResultStatusIT {
    @TempDir
    Path dir;

    @Test
    void interruptedBwIsSavedAsInterruptedAndLeftOutOfCompare() throws Exception {
        Path db = dir.resolve("r.db");
        Cli.Run done = Cli.run("bw", "--loopback", "-t", "1", "--db", db.toString(), "--label", "lo");
        assertThat(done.exitCode()).as(done.err()).isZero();

        Path log = dir.resolve("bw.log");
        List<String> cmd = new ArrayList<>();
        // A shell may start its background jobs with SIGINT ignored, and an ignored signal stays
        // ignored across exec; coreutils' env puts the default action back, as a terminal has it.
        if (Files.isExecutable(Path.of("/usr/bin/env"))) {
            cmd.addAll(List.of("/usr/bin/env", "--default-signal=INT"));
        }
        cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "dev.wirespeed.cli.Main", "bw", "--loopback", "-t", "60", "--db", db.toString(), "--label", "lo"));
        Process bw = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            awaitLine(bw, log, "1.00-2.00");
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(bw.pid())).start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(bw.waitFor(60, TimeUnit.SECONDS)).as("bw ends within a minute of SIGINT").isTrue();
        } finally {
            bw.destroyForcibly();
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);
        assertThat(bw.exitValue()).as(out).isEqualTo(ExitCode.INTERRUPTED);
        assertThat(out).contains("stopped by the user").contains("(status interrupted)");

        Cli.Run list = Cli.run("results", "list", "--db", db.toString());
        assertThat(list.out()).containsPattern("\\n\\s*1 .* done .*tcp-bw").containsPattern("\\n\\s*2 .* interrupted .*tcp-bw");
        try (ResultStore store = ResultStore.open(db)) {
            StoredResult partial = store.result(2).orElseThrow();
            assertThat(partial.status()).isEqualTo(ResultStatus.INTERRUPTED);
            assertThat(partial.statusReason()).startsWith("stopped by the user after");
            // the partial figures are kept: bytes that arrived before Ctrl-C, over less than the 60 s asked
            assertThat(partial.measurement().metric("bitsPerSecond").orElseThrow().value()).isPositive();
            assertThat(partial.measurement().metric("seconds").orElseThrow().value()).isLessThan(60);
        }

        Cli.Run cmp = Cli.run("results", "compare", "lo", "lo", "--test", "bw", "--json", "--db", db.toString());
        assertThat(cmp.exitCode()).as(cmp.err()).isZero();
        assertThat(cmp.out()).contains("\"countA\" : 1").doesNotContain("\"countA\" : 2");
        Cli.Run text = Cli.run("results", "compare", "lo", "lo", "--test", "bw", "--db", db.toString());
        assertThat(text.out()).contains("1 result not done (interrupted, failed or incomplete) left out");
        Cli.Run all = Cli.run("results", "compare", "lo", "lo", "--test", "bw", "--include-partial", "--json",
                "--db", db.toString());
        assertThat(all.out()).contains("\"countA\" : 1").containsPattern("\"durationSeconds\" : \"60\"");

        Cli.Run report = Cli.run("results", "report", "--db", db.toString(), "-o", dir.resolve("r.html").toString());
        assertThat(report.out()).contains("1 result,");
        assertThat(Files.readString(dir.resolve("r.html"))).contains("1 result not done");
    }

    @Test
    void bwWhoseServerDiesIsSavedAsFailedWithTheReason() throws Exception {
        Path db = dir.resolve("f.db");
        Cli.Running bw;
        try (ServerProcess server = ServerProcess.start()) {
            bw = Cli.start("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-t", "60", "--db",
                    db.toString(), "--label", "lost");
            assertThat(bw.awaitOutput("1.00-2.00", 60_000)).as(bw.out().toString()).isTrue();
            server.process().destroyForcibly();
            assertThat(server.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        Cli.Run r = bw.await(120_000);
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(ExitCode.FAILURE);
        try (ResultStore store = ResultStore.open(db)) {
            StoredResult failed = store.find(ResultStore.Query.all()).getFirst();
            assertThat(failed.status()).isEqualTo(ResultStatus.FAILED);
            assertThat(failed.statusReason()).contains("server went away");
            assertThat(store.run(failed.runId()).orElseThrow().status()).isEqualTo("failed");
        }
        assertThat(Cli.run("results", "list", "--db", db.toString()).out()).contains(" failed ");
        Cli.Run report = Cli.run("results", "report", "--db", db.toString(), "-o", dir.resolve("f.html").toString());
        assertThat(report.exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(report.err()).contains("--include-partial");
    }

    /** Waits (90 s at most) until the process's log holds {@code text}; fails with the log otherwise. */
    static void awaitLine(Process p, Path log, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            if (Files.readString(log, StandardCharsets.UTF_8).contains(text)) {
                return;
            }
            if (!p.isAlive()) {
                break;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no '" + text + "' from bw: " + Files.readString(log, StandardCharsets.UTF_8));
    }
}
