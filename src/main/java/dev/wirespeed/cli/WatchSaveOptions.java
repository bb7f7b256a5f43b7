package dev.wirespeed.cli;

import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.results.WatchResult;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.ResultsSink;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * watch's store options: unlike a test's, a watch is kept only when asked (--save), since most
 * watches are a look, not a measurement.
 */
final class WatchSaveOptions {
    @Option(names = "--save", description = "Keep the series in the results database (kind \"watch\"; "
            + "'results report' charts it).")
    boolean save;

    @Mixin
    DbOption db = new DbOption();

    @Option(names = "--label", paramLabel = "LABEL", description = "Label the saved series (repeatable; with --save).")
    List<String> labels = new ArrayList<>();

    ResultsSink open(CommandSpec spec) throws IOException {
        for (String l : labels) {
            if (!Labels.valid(l)) {
                throw OptionRanges.usage(spec, "--label '" + l + "' is not a label: " + Labels.RULE);
            }
        }
        if (!labels.isEmpty() && !save) {
            throw OptionRanges.usage(spec, "--label labels a saved series: add --save");
        }
        return save ? ResultStore.openForSaving(db.database()) : ResultsSink.NONE;
    }

    void save(CommandSpec spec, ResultsSink sink, WatchResult result, boolean quiet) throws IOException {
        if (!save) {
            return;
        }
        Saving.save(spec, List.copyOf(labels), sink, "watch", Measurements.of(result), "wirespeed-watch-json",
                Json.MAPPER.writeValueAsString(result), Saving.thisHost(), quiet,
                result.outcome());
    }
}
