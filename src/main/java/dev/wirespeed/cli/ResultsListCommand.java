package dev.wirespeed.cli;

import dev.wirespeed.report.ResultsText;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.ResultsDocument;
import dev.wirespeed.store.StoredResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "list",
        header = "List saved results.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = "List saved results, oldest first (the newest --limit).",
        footer = {"", "Examples:", "  wirespeed results list", "  wirespeed results list --label nfs-rdma --limit 200",
            "  wirespeed results list --run 3 --json"})
public final class ResultsListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db;

    @Option(names = "--label", paramLabel = "LABEL", description = "Only results with this label.")
    String label;

    @Option(names = "--run", paramLabel = "ID", description = "Only results of this run.")
    Long run;

    @Option(names = "--tool", paramLabel = "TOOL", description = "Only results of this tool (wirespeed, iperf3, fio …).")
    String tool;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "50", description = "At most N results (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--json", description = "Print JSON (schema wirespeed.results/1).")
    boolean json;

    @Override
    public Integer call() throws IOException {
        OptionRanges.range(spec, "--limit", limit, 1, 1_000_000);
        PrintWriter out = spec.commandLine().getOut();
        try (ResultStore store = db.openExisting()) {
            List<StoredResult> results = store.find(new ResultStore.Query(run, null, label, tool, limit));
            if (json) {
                out.println(Json.pretty(ResultsDocument.of(results)));
                out.flush();
            } else {
                ResultsText.list(results, out);
            }
        }
        return ExitCode.OK;
    }
}
