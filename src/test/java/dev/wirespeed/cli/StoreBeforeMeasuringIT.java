package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.store.ResultStore;
import dev.wirespeed.testing.Cli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Issue 19 item 6: the store is checked before a test runs; nothing is created next to a device. */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StoreBeforeMeasuringIT {
    @TempDir
    Path dir;

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static int sh(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor(20, TimeUnit.SECONDS) ? p.exitValue() : -1;
    }

    @Test
    void aReadOnlyDatabaseIsRefusedBeforeTheTest() throws Exception {
        Path mount = dir.resolve("ro");
        Files.createDirectories(mount);
        Path db = mount.resolve("r.db");
        boolean mounted = false;
        try {
            if (root()) {
                // root writes through file modes: a read-only file system is what refuses it
                assumeTrue(sh("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", mount.toString()) == 0,
                        "mount (tmpfs) as root");
                mounted = true;
            }
            try (ResultStore s = ResultStore.open(db)) {
                assertThat(s).isNotNull();
            }
            if (mounted) {
                assumeTrue(sh("mount", "-o", "remount,ro", mount.toString()) == 0, "mount -o remount,ro");
            } else {
                Files.setPosixFilePermissions(db, PosixFilePermissions.fromString("r--r--r--"));
                Files.setPosixFilePermissions(mount, PosixFilePermissions.fromString("r-xr-xr-x"));
            }
            Cli.Run r = Cli.run("bw", "--loopback", "-t", "30", "--db", db.toString());
            assertThat(r.exitCode()).isEqualTo(1);
            assertThat(r.err()).contains("results database " + db + " is read-only; nothing was measured");
            assertThat(r.out()).doesNotContain("Connected to");
            // reading a read-only database still works
            assertThat(Cli.run("results", "list", "--db", db.toString()).exitCode()).isEqualTo(0);
        } finally {
            if (mounted) {
                sh("umount", mount.toString());
            } else {
                Files.setPosixFilePermissions(mount, PosixFilePermissions.fromString("rwx------"));
            }
        }
    }

    @Test
    void aDeviceIsRefusedAndNothingIsCreatedBesideIt() throws Exception {
        assumeTrue(Files.exists(Path.of("/dev/null")), "/dev/null");
        boolean journalBefore = Files.exists(Path.of("/dev/null-journal"));
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "30", "--db", "/dev/null");
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("results database /dev/null is a character device, not a regular file");
        assertThat(r.out()).doesNotContain("Connected to");
        if (!journalBefore) {
            assertThat(Path.of("/dev/null-journal")).doesNotExist();
        }
        Cli.Run explain = Cli.run("explain", "--save", "--db", "/dev/null",
                Files.writeString(dir.resolve("in.txt"), "hello\n").toString());
        assertThat(explain.exitCode()).isEqualTo(1);
    }

    /**
     * The store opens on a thread while the test runs (docs/PERFORMANCE.md "bw: time to first
     * byte"): a database only SQLite can tell is damaged fails after the test, and the result is
     * printed all the same, followed by one line and exit 1.
     */
    @Test
    void aDatabaseThatOnlySqliteFindsDamagedIsRefusedBeforeTheDataAlthoughItOpensBesideTheStartUp()
            throws Exception {
        byte[] bytes = new byte[8192];
        Arrays.fill(bytes, (byte) 0x5a);
        byte[] header = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(header, 0, bytes, 0, header.length);
        Path db = Files.write(dir.resolve("damaged.db"), bytes);
        // the header passes the file checks (StoreFile); only SQLite's open, on its own thread, finds the damage
        for (String[] args : List.of(new String[] {"bw", "--loopback", "-t", "30", "--db", db.toString()},
                new String[] {"bw", "--loopback", "-t", "30", "--json", "--db", db.toString()},
                new String[] {"bw", "--loopback", "--udp", "-t", "30", "--db", db.toString()},
                new String[] {"lat", "--loopback", "-t", "30", "--db", db.toString()})) {
            long startNanos = System.nanoTime();
            Cli.Run r = Cli.run(args);
            assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(1);
            if (List.of(args).contains("--json")) {
                assertThat(r.out()).as("--json: the error object alone").startsWith("{\"error\": ")
                        .doesNotContain("\"schema\"");
            } else {
                assertThat(r.out()).as("nothing measured, not even the header").isEmpty();
            }
            assertThat(r.err().strip().lines()).hasSize(1);
            assertThat(r.err()).contains("results database " + db).doesNotContain("Exception");
            assertThat(System.nanoTime() - startNanos).as("refused before the 30 s test").isLessThan(20_000_000_000L);
        }
        assertThat(Files.readAllBytes(db)).isEqualTo(bytes);
    }

    @Test
    void aDirectoryIsRefused() {
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "30", "--db", dir.toString());
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.err()).contains("is a directory");
    }
}
