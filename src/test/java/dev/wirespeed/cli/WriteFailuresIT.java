package dev.wirespeed.cli;

import static dev.wirespeed.testing.Hostile.sh;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.Hostile;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 breaks 2 and 12: every write that fails ends the command non-zero with one line naming
 * the cause — standard output on a full device or a closed pipe, -o, --logfile, a results database
 * on a full disk (which leaves no empty file behind) — and no output replaces a device node.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class WriteFailuresIT {
    @TempDir
    Path dir;


    /** wirespeed in its own JVM, as a shell runs it (Main.main, the process's real stdout). */
    static ProcessBuilder wirespeed(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "dev.wirespeed.cli.Main"));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd);
    }

    private Path paste() throws Exception {
        Path p = dir.resolve("paste.txt");
        Files.writeString(p, Hostile.evilPaste(), StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void standardOutputOnAFullDeviceIsExit1WithTheReason() throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/full")), "/dev/full");
        Path err = dir.resolve("err");
        Process p = wirespeed("explain", "--json", paste().toString()).redirectOutput(new File("/dev/full"))
                .redirectError(err.toFile()).start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<String> lines = Files.readAllLines(err);
        assertThat(p.exitValue()).as(lines.toString()).isEqualTo(1);
        assertThat(lines).containsExactly("wirespeed: cannot write standard output: No space left on device");
    }

    @Test
    void aClosedPipeIsExit1WithTheReason() throws Exception {
        // more than a pipe holds (64 KiB), so the writes meet the closed end
        Path big = dir.resolve("big.txt");
        Files.writeString(big, Hostile.evilPaste().repeat(60), StandardCharsets.UTF_8);
        Path err = dir.resolve("err");
        Process p = wirespeed("explain", "--json", big.toString()).redirectError(err.toFile()).start();
        p.getInputStream().close();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        List<String> lines = Files.readAllLines(err);
        assertThat(p.exitValue()).as(lines.toString()).isEqualTo(1);
        assertThat(lines).containsExactly("wirespeed: cannot write standard output: Broken pipe");
    }

    @Test
    void anExportOntoAFullDeviceIsExit1AndTheDeviceStaysADevice() throws Exception {
        Path full = dir.resolve("full");
        Path nul = dir.resolve("null");
        assumeTrue(sh("mknod", full.toString(), "c", "1", "7") == 0 && sh("mknod", nul.toString(), "c", "1", "3") == 0,
                "mknod (root)");
        Path db = dir.resolve("r.db");
        assertThat(Cli.run("explain", "--save", "--db", db.toString(), paste().toString()).exitCode()).isIn(0, 3);
        Cli.Run export = Cli.run("results", "export", "--json", "--db", db.toString(), "-o", full.toString());
        assertThat(export.exitCode()).isEqualTo(1);
        assertThat(export.errLines()).containsExactly("wirespeed results export: cannot write " + full
                + ": No space left on device");
        Cli.Run report = Cli.run("results", "report", "--include-partial", "--db", db.toString(), "-o", nul.toString());
        assertThat(report.exitCode()).as(report.err()).isZero();
        for (Path dev : List.of(full, nul)) {
            int mode = (Integer) Files.getAttribute(dev, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
            assertThat(mode).as(dev + " is still a character device").isEqualTo(0020000);
        }
    }

    @Test
    void aLogfileOnAFullDeviceIsExit1WithTheReason() throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/full")), "/dev/full");
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "1", "--no-save", "--logfile", "/dev/full");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.errLines()).containsExactly(
                "wirespeed bw: --logfile /dev/full: cannot write: No space left on device; its text is incomplete");
        Cli.Run dirLog = Cli.run("bw", "--loopback", "-t", "1", "--no-save", "--logfile", dir.toString());
        assertThat(dirLog.exitCode()).isEqualTo(2);
        assertThat(dirLog.err()).contains("--logfile " + dir + " is a directory");
    }

    @Test
    void aSaveOntoAFullDiskNamesTheFullDiskAndLeavesNoEmptyFile() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "root (mount)");
        Path mount = dir.resolve("small");
        Files.createDirectories(mount);
        assumeTrue(sh("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mount.toString()) == 0, "mount (tmpfs)");
        try {
            sh("dd", "if=/dev/zero", "of=" + mount.resolve("fill"), "bs=4k"); // ends at ENOSPC
            Path db = mount.resolve("r.db");
            Cli.Run r = Cli.run("explain", "--save", "--db", db.toString(), paste().toString());
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.errLines()).hasSize(1);
            assertThat(r.err()).contains("results database " + db + ": the disk is full")
                    .doesNotContain("no transaction is active");
            try (var files = Files.list(mount)) {
                assertThat(files.map(f -> f.getFileName().toString())).containsExactly("fill");
            }
        } finally {
            sh("umount", "-l", mount.toString());
        }
    }
}
