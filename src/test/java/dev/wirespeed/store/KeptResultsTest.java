package dev.wirespeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/** A result whose database fails at save time is kept in a database of its own, never dropped. */
@Isolated("sets a system property the store reads (wirespeed.store.busyTimeoutMillis)")
class KeptResultsTest {
    private static final Instant AT = Instant.parse("2026-12-02T08:30:01Z");

    @TempDir
    Path dir;

    private static List<Item> oneItem() {
        return List.of(new Item(ResultStoreTest.sample("wirespeed", 2e10), List.of("first"), null, "text", "raw out"));
    }

    private static RunInfo run() {
        return RunInfo.of("bw", "wirespeed bw --loopback", null);
    }

    @Test
    void aDatabaseLockedPastTheBusyTimeoutKeepsTheResultBesideIt() throws Exception {
        Path db = dir.resolve("results.db");
        String old = System.setProperty("wirespeed.store.busyTimeoutMillis", "200");
        try (OpeningSink sink = OpeningSink.start(db)) {
            sink.awaitOpen();
            // another writer holds the database for longer than SQLite waits (a real lock, not a stand-in)
            try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
                 Statement s = other.createStatement()) {
                s.execute("BEGIN EXCLUSIVE");
                assertThatThrownBy(() -> KeptResults.save(sink, run(), oneItem()))
                        .isInstanceOf(StoreException.class)
                        .hasMessageContaining("is busy")
                        .hasMessageContaining("the result is kept in " + dir.toAbsolutePath().resolve("results-unsaved-"))
                        .hasMessageContaining("wirespeed results list --db ")
                        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
                s.execute("ROLLBACK");
            }
        } finally {
            restore(old);
        }
        List<Path> kept;
        try (var files = Files.list(dir)) {
            kept = files.filter(p -> p.getFileName().toString().startsWith("results-unsaved-")).toList();
        }
        assertThat(kept).hasSize(1);
        try (ResultStore store = ResultStore.open(kept.getFirst())) {
            List<StoredResult> found = store.find(ResultStore.Query.all());
            assertThat(found).hasSize(1);
            assertThat(found.getFirst().labels()).containsExactly("first");
            assertThat(found.getFirst().commandLine()).isEqualTo("wirespeed bw --loopback");
            assertThat(store.raw(found.getFirst().id())).contains("raw out");
        }
        try (ResultStore store = ResultStore.open(db)) {
            assertThat(store.find(ResultStore.Query.all())).isEmpty();
        }
    }

    @Test
    void aFolderThatCannotTakeTheFileSendsItToTheTemporaryFolder() throws Exception {
        Path notAFolder = Files.writeString(dir.resolve("plain-file"), "x");
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        IOException failed = new IOException("disk full");
        IOException reported = KeptResults.keep(notAFolder.resolve("r.db"), run(), oneItem(), failed, tmp, AT);
        Path kept = tmp.resolve("r-unsaved-20261202T083001Z.db");
        assertThat(reported).hasMessage("disk full; the result is kept in " + kept
                + " instead (read with: wirespeed results list --db " + kept + ")");
        try (ResultStore store = ResultStore.open(kept)) {
            assertThat(store.find(ResultStore.Query.all())).hasSize(1);
        }
    }

    @Test
    void anExistingFileOfThatNameIsNeverWrittenInto() throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path taken = Files.writeString(dir.resolve("r-unsaved-20261202T083001Z.db"), "someone's file");
        IOException reported = KeptResults.keep(dir.resolve("r.db"), run(), oneItem(), new IOException("x"), tmp, AT);
        assertThat(reported.getMessage()).contains("kept in " + tmp.resolve("r-unsaved-20261202T083001Z.db"));
        assertThat(Files.readString(taken)).isEqualTo("someone's file");
    }

    @Test
    void withNowhereToKeepItTheOriginalFailureIsReported() {
        Path blocked = dir.resolve("blocked");
        IOException failed = new IOException("database is locked");
        try {
            Files.writeString(blocked, "a file where folders should be");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        IOException reported = KeptResults.keep(blocked.resolve("r.db"), run(), oneItem(), failed, blocked, AT);
        assertThat(reported).isSameAs(failed);
        assertThat(failed.getSuppressed()).hasSize(2);
        assertThat(KeptResults.keep(null, run(), oneItem(), failed, dir, AT)).isSameAs(failed);
    }

    private static void restore(String old) {
        if (old == null) {
            System.clearProperty("wirespeed.store.busyTimeoutMillis");
        } else {
            System.setProperty("wirespeed.store.busyTimeoutMillis", old);
        }
    }
}
