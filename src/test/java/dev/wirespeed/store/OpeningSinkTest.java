package dev.wirespeed.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store opened on a thread while a test runs: refused at once where the file shows why, else late, at save. */
class OpeningSinkTest {
    @TempDir
    Path dir;

    private static List<Item> oneItem() {
        return List.of(new Item(ResultStoreTest.sample("wirespeed", 2e10), List.of(), null, null, null));
    }

    @Test
    void savesIntoANewFileOpenedInTheBackground() throws Exception {
        Path db = dir.resolve("sub/r.db");
        List<Long> ids;
        try (OpeningSink sink = OpeningSink.start(db)) {
            assertThat(sink.describe()).isEqualTo(db.toString());
            ids = sink.save(RunInfo.of("bw", "wirespeed bw x", null), oneItem());
            assertThat(ids).hasSize(1);
        }
        try (ResultStore store = ResultStore.open(db)) {
            assertThat(store.result(ids.getFirst())).isPresent();
        }
    }

    @Test
    void aFileThatCanNeverHoldResultsIsRefusedAtOnce() throws Exception {
        assertThatThrownBy(() -> OpeningSink.start(dir)).isInstanceOf(StoreException.class)
                .hasMessageContaining("is a directory");
        Path foreign = Files.writeString(dir.resolve("notes.txt"), "my notes\n");
        assertThatThrownBy(() -> OpeningSink.start(foreign)).isInstanceOf(StoreException.class)
                .hasMessageContaining("not a wirespeed results database");
        assertThat(Files.readString(foreign)).isEqualTo("my notes\n");
    }

    @Test
    void aDamagedDatabaseFailsAtSaveWithOneLineAndClosesQuietly() throws Exception {
        // SQLite's header, then pages of nonsense: only SQLite itself can tell it is damaged
        byte[] bytes = new byte[8192];
        Arrays.fill(bytes, (byte) 0x5a);
        byte[] header = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(header, 0, bytes, 0, header.length);
        Path db = Files.write(dir.resolve("damaged.db"), bytes);
        OpeningSink sink = OpeningSink.start(db);
        assertThatThrownBy(() -> sink.save(RunInfo.of("bw", "wirespeed bw x", null), oneItem()))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("results database " + db)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        sink.close();
        assertThat(Files.readAllBytes(db)).isEqualTo(bytes);
    }
}
