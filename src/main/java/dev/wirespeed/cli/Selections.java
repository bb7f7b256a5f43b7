package dev.wirespeed.cli;

import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.Selection;
import dev.wirespeed.store.StoreException;
import dev.wirespeed.store.StoredResult;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** Reads a selection typed on the command line; bad syntax exits 2, an empty selection exits 1. */
final class Selections {
    private Selections() {}

    static List<StoredResult> read(CommandSpec spec, ResultStore store, String text) throws StoreException {
        Selection s;
        try {
            s = Selection.parse(text);
        } catch (IllegalArgumentException e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
        List<StoredResult> results = store.find(s.query());
        if (results.isEmpty()) {
            throw new Failure("'" + text + "' selects no results in " + store.file()
                    + " (see 'wirespeed results list')");
        }
        return results;
    }
}
