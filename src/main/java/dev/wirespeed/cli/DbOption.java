package dev.wirespeed.cli;

import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoreException;
import dev.wirespeed.store.StorePaths;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** --db for the commands that read results. */
final class DbOption {
    @Option(names = "--db", paramLabel = "PATH",
            description = "Results database (default: $WIRESPEED_DB, else $XDG_DATA_HOME/wirespeed/results.db, else ~/.local/share/wirespeed/results.db).")
    Path db;

    Path database() {
        return db != null ? db : StorePaths.defaultDatabase();
    }

    /** Opens an existing database for reading; a missing one is an error, not created. */
    ResultStore openExisting() throws StoreException {
        Path p = database();
        if (!Files.exists(p)) {
            throw new StoreException("no results database at " + p + " (nothing saved yet; give another with --db)");
        }
        return ResultStore.open(p);
    }
}
