package dev.wirespeed.cli;

import dev.wirespeed.report.CsvExport;
import dev.wirespeed.report.MetricsExposition;
import dev.wirespeed.report.ResultFilter;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.ResultsDocument;
import dev.wirespeed.store.StoredResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
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
        header = "Export results as CSV, JSON, OpenMetrics or Prometheus text.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Export results as CSV, JSON, OpenMetrics or Prometheus text.",
            "CSV: one line per result and per row of a sweep, plain decimals in stored units (named in the header).",
            "JSON: everything, intervals and sweep rows included. OpenMetrics / Prometheus: the latest figures per",
            "host, peer, test and label as gauges, for node_exporter's textfile collector. Without a selection:",
            "every result."},
        footer = {"", "Examples:", "  wirespeed results export --csv > all.csv",
            "  wirespeed results export --json run:3 -o campaign3.json", "  wirespeed results export --csv nfs-rdma nfs-tcp",
            "  wirespeed results export --format openmetrics -o /var/lib/node_exporter/textfile/wirespeed.prom"})
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

        @Option(names = "--format", required = true, paramLabel = "FORMAT",
                completionCandidates = Candidates.ExportFormats.class,
                description = "csv, json, openmetrics (OpenMetrics 1.0 text) or prometheus (text format 0.0.4).")
        String name;

        String name() {
            return csv ? "csv" : json ? "json" : name;
        }
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Format format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write to FILE instead of standard output.")
    Path output;

    @Parameters(paramLabel = "SELECTION", arity = "0..*", description = "Labels, run:N or result ids (default: all).")
    List<String> selections = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        Output.check(spec, output, "-o");
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
            String name = format.name();
            if (!List.of("csv", "json", "openmetrics", "prometheus").contains(name)) {
                throw OptionRanges.usage(spec, "--format " + name + ": give csv, json, openmetrics or prometheus");
            }
            Output.write(spec, output, out -> {
                switch (name) {
                    case "csv" -> CsvExport.write(results, out);
                    case "json" -> out.println(Json.pretty(ResultsDocument.of(results)));
                    // monitoring takes finished results only: an interrupted test's figure is not the link's
                    case "openmetrics" -> out.print(new MetricsExposition().addAll(ResultFilter.FINISHED.apply(results))
                            .openMetrics());
                    default -> out.print(new MetricsExposition().addAll(ResultFilter.FINISHED.apply(results))
                            .prometheusText());
                }
            });
        }
        return ExitCode.OK;
    }
}
