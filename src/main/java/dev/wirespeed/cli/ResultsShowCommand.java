package dev.wirespeed.cli;

import dev.wirespeed.report.ResultsText;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "show",
        header = "Show one saved result in full.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = "Show one saved result: where it ran, parameters, summary, sweep rows and intervals.",
        footer = {"", "Examples:", "  wirespeed results show 12", "  wirespeed results show 12 --json",
            "  wirespeed results show 12 --raw      the engine's own output, as it printed it"})
public final class ResultsShowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db;

    @Parameters(index = "0", paramLabel = "ID", description = "Result id (see 'wirespeed results list').")
    long id;

    @Option(names = "--json", description = "Print JSON.")
    boolean json;

    @Option(names = "--raw", description = "Print the engine's raw output kept with the result.")
    boolean raw;

    @Override
    public Integer call() throws IOException {
        if (json && raw) {
            throw Check.usage(spec, "--json and --raw exclude each other");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (ResultStore store = db.openExisting()) {
            StoredResult r = store.result(id).orElseThrow(() -> new Failure("no result " + id + " in " + db.database()));
            if (raw) {
                out.println(store.raw(id).orElseThrow(() -> new Failure("result " + id + " has no raw output kept")));
            } else if (json) {
                out.println(Json.pretty(r));
            } else {
                ResultsText.show(r, out);
            }
            out.flush();
        }
        return ExitCode.OK;
    }
}
