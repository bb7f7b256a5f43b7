package dev.wirespeed.store;

import static dev.wirespeed.testing.Hostile.sh;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32 break 12: a save that fails on a full disk says so (not the rollback's "no transaction
 * is active") and leaves no empty database behind, neither the one it saved into nor the one it
 * tried to keep the run in. Needs root for a small tmpfs; unmounted afterwards.
 */
@Tag("hostile")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class FullDiskIT {
    @TempDir
    Path dir;


    @Test
    void aSaveThatMeetsAFullDiskKeepsTheRunElsewhereAndNamesTheFullDisk() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "root (mount)");
        Path mount = dir.resolve("small");
        Files.createDirectories(mount);
        assumeTrue(sh("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount.toString()) == 0, "mount (tmpfs)");
        try {
            Path db = mount.resolve("r.db");
            List<Item> items = List.of(new Item(ResultStoreTest.sample("wirespeed", 2e10), List.of("x"), null, "text",
                    "raw out ".repeat(20_000)));
            try (ResultStore store = ResultStore.openForSaving(db)) {
                sh("dd", "if=/dev/zero", "of=" + mount.resolve("fill"), "bs=4k"); // ends at ENOSPC
                IOException failed = null;
                try {
                    store.save(RunInfo.of("bw", "wirespeed bw --loopback", null), items);
                } catch (IOException e) {
                    failed = e;
                }
                assertThat(failed).as("the save on a full disk fails").isNotNull();
                assertThat(failed.getMessage()).contains("the disk is full").doesNotContain("no transaction is active");
                Path tmp = Files.createDirectories(dir.resolve("tmp"));
                IOException reported = KeptResults.keep(db, RunInfo.of("bw", "wirespeed bw", null), items, failed, tmp,
                        Instant.parse("2026-01-02T03:04:05Z"));
                assertThat(reported.getMessage()).contains("the disk is full").contains("kept in " + tmp);
            }
            try (var files = Files.list(mount)) {
                assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("r.db", "fill");
            }
        } finally {
            sh("umount", "-l", mount.toString());
        }
    }
}
