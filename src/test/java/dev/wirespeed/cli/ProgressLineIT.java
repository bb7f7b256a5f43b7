package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.io.Programs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `lat`, `check` and a campaign's points show a progress line while they run on a terminal — here a
 * pseudo-terminal from util-linux `script` — and never in JSON or into a pipe.
 */
class ProgressLineIT {
    private static final String ERASE = "\r\033[K";

    @TempDir
    Path dir;

    @Test
    void latShowsTheSizeAndItsTimeOnATerminalOnly() throws Exception {
        String tty = onTerminal("lat", "--loopback", "-n", "150000", "--no-save");
        assertThat(tty).contains(ERASE + "lat: 64 B, 150000 round trips, ").contains("#iterations");
        // the line is erased before the results: the table's header starts on a clean line
        assertThat(tty).contains(ERASE + " ").doesNotContain("…#bytes");
        // JSON and a pipe never draw it: runs of a few redraw periods (0.5 s) prove that as well as a long one
        assertThat(onTerminal("lat", "--loopback", "-n", "50000", "--no-save", "--json")).doesNotContain("\033[");
        assertThat(piped("lat", "--loopback", "-n", "50000", "--no-save")).doesNotContain("\033[").contains("#iterations");
    }

    @Test
    void checkShowsHowFarItsTestsAre() throws Exception {
        // 1 s a test: two redraws of the line (every 0.5 s) in each
        String tty = onTerminal("check", "--no-save", "-t", "1");
        assertThat(tty).contains(ERASE + "check: TCP test, ").contains("verdict:");
        assertThat(piped("check", "--no-save", "-t", "1")).doesNotContain("\033[");
    }

    @Test
    void aCampaignShowsThePointThatRuns() throws Exception {
        Path plan = dir.resolve("p.yaml");
        Files.writeString(plan, """
                name: progress
                defaults: {duration: 1}
                grid: {streams: [1, 2]}
                series:
                  - engine: wirespeed-bw
                    label: lo
                """);
        String tty = onTerminal("run", plan.toString(), "--db", dir.resolve("r.db").toString());
        assertThat(tty).contains(ERASE + "[1/2] wirespeed-bw streams=1 [lo] rep 1: 0:0").contains(" so far")
                .contains(ERASE + "[2/2] wirespeed-bw streams=2 [lo] rep 1: 0:0").contains(" of about 0:0");
    }

    private List<String> java(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "dev.wirespeed.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** What a terminal shows: the command under `script`, which gives it a pseudo-terminal. */
    private String onTerminal(String... args) throws Exception {
        Path script = Programs.find("script").orElse(null);
        assumeTrue(script != null, "SKIPPED: script not installed (apt-get install bsdutils)");
        String line = java(args).stream().map(a -> "'" + a.replace("'", "'\\''") + "'").collect(Collectors.joining(" "));
        return run(List.of(script.toString(), "-qefc", line, "/dev/null"));
    }

    private String piped(String... args) throws Exception {
        return run(java(args));
    }

    private String run(List<String> cmd) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
        pb.environment().put("WIRESPEED_DB", dir.resolve("default.db").toString());
        pb.environment().remove("WIRESPEED_PROGRESS");
        Process p = pb.start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("did not finish in 180 s: " + cmd);
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isIn(0, 3);
        return text;
    }
}
