package dev.wirespeed.cli;

import dev.wirespeed.report.CsvExport;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.ResultsDocument;
import dev.wirespeed.store.StoredResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "export",
        header = "Export results as CSV or JSON.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Export results as CSV or JSON.",
            "CSV: one line per result, exact values in stored units. JSON: everything, intervals and sweep rows",
            "included. Without a selection: every result."},
        footer = {"", "Examples:", "  wirespeed results export --csv > all.csv",
            "  wirespeed results export --json run:3 -o campaign3.json", "  wirespeed results export --csv nfs-rdma nfs-tcp"})
public final class ResultsExportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db;

    static final class Format {
        @Option(names = "--csv", required = true, description = "CSV (RFC 4180).")
        boolean csv;

        @Option(names = "--json", required = true, description = "JSON (schema wirespeed.results/1).")
        boolean json;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    java.nio.file.Path output;

    @Parameters(paramLabel = "SELECTION", arity = "0..*", description = "Labels, run:N or result ids (default: all).")
    List<String> selections = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        try (ResultStore store = db.openExisting()) {
            List<StoredResult> results = new ArrayList<>();
            if (selections.isEmpty()) {
                results.addAll(store.find(ResultStore.Query.all()));
            }
            Map<Long, StoredResult> unique = new LinkedHashMap<>();
            for (String s : selections) {
                Selections.read(spec, store, s).forEach(r -> unique.putIfAbsent(r.id(), r));
            }
            results.addAll(unique.values());
            Output.write(spec, output, out -> {
                if (format.csv) {
                    CsvExport.write(results, out);
                } else {
                    out.println(Json.pretty(ResultsDocument.of(results)));
                }
            });
        }
        return ExitCode.OK;
    }
}
