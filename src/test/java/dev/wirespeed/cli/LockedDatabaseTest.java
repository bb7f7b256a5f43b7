package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.store.ResultStore;
import dev.wirespeed.testing.Cli;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 32, lesser item: a results database another program held locked before the command began
 * gave 16 s of silence, then an error. Now the wait is said, once, on standard error, while it lasts.
 */
@Tag("hostile")
@Isolated("sets a system property the store reads (wirespeed.store.busyTimeoutMillis)")
class LockedDatabaseTest {
    @Test
    void aLockedDatabaseIsSaidToBeWaitedFor(@TempDir Path dir) throws Exception {
        Path db = dir.resolve("r.db");
        ResultStore.open(db).close();
        String old = System.setProperty("wirespeed.store.busyTimeoutMillis", "2500");
        try (Connection other = DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
             Statement s = other.createStatement()) {
            s.execute("BEGIN EXCLUSIVE"); // a real lock, held past the wait
            Cli.Run r = Cli.run("results", "list", "--db", db.toString());
            s.execute("ROLLBACK");
            assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(1);
            assertThat(r.errLines()).hasSize(2);
            assertThat(r.errLines().getFirst()).isEqualTo("wirespeed: waiting for results database " + db
                    + ": another program holds its lock (up to 3 s)");
            assertThat(r.errLines().get(1)).containsAnyOf("is busy", "is locked");
        } finally {
            if (old == null) {
                System.clearProperty("wirespeed.store.busyTimeoutMillis");
            } else {
                System.setProperty("wirespeed.store.busyTimeoutMillis", old);
            }
        }
    }
}
