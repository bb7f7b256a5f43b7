package dev.wirespeed.cli;

import dev.wirespeed.store.OpeningSink;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.store.StoreException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Where results are saved: --db, --no-save, --label (mixed into bw, lat, check, run, explain). */
final class SaveOptions {
    @Mixin
    DbOption db = new DbOption();

    @Option(names = "--no-save", description = "Do not save the result.")
    boolean noSave;

    @Option(names = "--label", paramLabel = "LABEL",
            description = "Label the saved result (repeatable), e.g. --label nfs-rdma --label after-bios-fix.")
    List<String> labels = new ArrayList<>();

    Path database() {
        return db.database();
    }

    /** Checks the labels (exit 2 on a bad one). */
    List<String> labels(CommandSpec spec) {
        for (String l : labels) {
            if (!Labels.valid(l)) {
                throw Check.usage(spec, "--label '" + l + "' is not a label: " + Labels.RULE);
            }
        }
        return List.copyOf(labels);
    }

    /**
     * Opens the store before anything is measured, so a damaged or foreign file fails at once
     * (exit 1) instead of after a long test.
     */
    ResultsSink open(CommandSpec spec) throws StoreException {
        labels(spec);
        if (noSave) {
            return ResultsSink.NONE;
        }
        return ResultStore.openForSaving(database());
    }

    /**
     * As {@link #open}, with the store opened on a daemon thread while the test runs (bw, lat): the
     * file is checked at once, SQLite and the schema check stay off the path to the first byte; a
     * late failure is one line after the printed result (exit 1).
     */
    ResultsSink openInBackground(CommandSpec spec) throws StoreException {
        labels(spec);
        if (noSave) {
            return ResultsSink.NONE;
        }
        return OpeningSink.start(database());
    }
}
