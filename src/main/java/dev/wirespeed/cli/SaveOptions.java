package dev.wirespeed.cli;

import dev.wirespeed.store.OpeningSink;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.store.StoreException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
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
                throw OptionRanges.usage(spec, "--label '" + l + "' is not a label: " + Labels.RULE);
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
     * As {@link #open}, with the store opened on a daemon thread beside the start-up and the
     * handshake (bw, lat): the file is checked at once, the open is awaited before data flows
     * ({@link #awaitBeforeData}).
     */
    ResultsSink openInBackground(CommandSpec spec) throws StoreException {
        labels(spec);
        if (noSave) {
            return ResultsSink.NONE;
        }
        return OpeningSink.start(database());
    }

    /**
     * For a client's listener, once the server is ready and before the header and the data: waits
     * for the store's open, and ends the command in one line (exit 1) if it failed, before anything is measured.
     */
    static void awaitBeforeData(ResultsSink sink) {
        try {
            sink.awaitOpen();
        } catch (IOException e) {
            throw new Failure(e.getMessage(), e);
        }
    }
}
