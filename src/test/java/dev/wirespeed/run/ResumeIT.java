package dev.wirespeed.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.store.ResultStore;
import dev.wirespeed.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign in its own JVM is stopped mid-way — first by SIGTERM (what Ctrl-C does), then killed
 * with SIGKILL (a crash) — and resumed: every point ends up in the store exactly once.
 */
class ResumeIT {
    private static final int POINTS = 6;

    @TempDir
    Path dir;

    @Test
    void stoppedAndKilledCampaignsResumeWithoutLossOrRepeats() throws Exception {
        CampaignIT.assumeTools("fio");
        Path db = dir.resolve("r.db");
        Path plan = dir.resolve("p.yaml");
        Files.writeString(plan, """
                name: resume-me
                defaults: {rw: randread, runtime: 1, size: 4M, ioengine: psync, direct: 0, filename: %s}
                grid: {bs: [4k, 8k, 16k, 32k, 64k, 128k]}
                series:
                  - engine: fio
                """.formatted(dir.resolve("f.dat")));

        // 1. SIGTERM after the first point: the campaign ends as interrupted.
        Path log1 = dir.resolve("1.log");
        Process first = start(plan, db, log1, false);
        awaitLine(first, log1, "[1/" + POINTS + "]");
        first.destroy();
        assertThat(first.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).as(Files.readString(log1)).isIn(130, 143);
        long runId;
        int afterFirst;
        try (ResultStore store = ResultStore.open(db)) {
            ResultStore.Run run = store.unfinishedCampaign("resume-me").orElseThrow();
            assertThat(run.status()).isEqualTo("interrupted");
            runId = run.id();
            afterFirst = store.finishedPoints(runId).size();
            assertThat(afterFirst).isBetween(1, POINTS - 1);
        }

        // 2. --resume, then SIGKILL after one more point: no chance to record anything.
        Path log2 = dir.resolve("2.log");
        Process second = start(plan, db, log2, true);
        awaitLine(second, log2, "[" + (afterFirst + 1) + "/" + POINTS + "]");
        second.destroyForcibly();
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(Files.readString(log2)).contains("resuming campaign 'resume-me' (run " + runId + ")");
        int afterSecond;
        try (ResultStore store = ResultStore.open(db)) {
            assertThat(store.run(runId).orElseThrow().status()).isEqualTo("running"); // it never got to say otherwise
            afterSecond = store.finishedPoints(runId).size();
            assertThat(afterSecond).isGreaterThan(afterFirst);
        }

        // 3. --resume in-process to the end.
        Cli.Run last = Cli.run("run", plan.toString(), "--db", db.toString(), "--resume");
        assertThat(last.exitCode()).as(last.out() + last.err()).isZero();
        assertThat(last.out()).contains(afterSecond + " of " + POINTS + " points already done");
        long progressLines = last.out().lines().filter(l -> l.matches("\\[\\s*\\d+/" + POINTS + "].*")).count();
        assertThat(progressLines).isEqualTo(POINTS - afterSecond);

        try (ResultStore store = ResultStore.open(db)) {
            Map<String, Integer> perPoint = store.resultsPerPoint(runId);
            assertThat(perPoint).hasSize(POINTS);
            assertThat(perPoint.values()).containsOnly(1);
            assertThat(store.finishedPoints(runId)).hasSize(POINTS);
            assertThat(store.run(runId).orElseThrow().status()).isEqualTo("done");
            assertThat(store.find(ResultStore.Query.all())).hasSize(POINTS);
            assertThat(store.find(ResultStore.Query.all()).stream().map(r -> r.param("bs")))
                    .containsExactlyInAnyOrder("4k", "8k", "16k", "32k", "64k", "128k");
        }
    }

    private static Process start(Path plan, Path db, Path log, boolean resume) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "dev.wirespeed.cli.Main", "run", plan.toString(), "--db", db.toString()));
        if (resume) {
            cmd.add("--resume");
        }
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void awaitLine(Process p, Path log, String text) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            if (Files.readString(log, StandardCharsets.UTF_8).contains(text)) {
                return;
            }
            if (!p.isAlive()) {
                throw new AssertionError("campaign ended before '" + text + "': " + Files.readString(log));
            }
            Thread.sleep(20);
        }
        p.destroyForcibly();
        throw new AssertionError("no '" + text + "' within 120 s: " + Files.readString(log));
    }
}
