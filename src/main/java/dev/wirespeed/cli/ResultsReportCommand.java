package dev.wirespeed.cli;

import dev.wirespeed.report.HtmlReport;
import dev.wirespeed.report.ReportBuilder;
import dev.wirespeed.report.ReportModel;
import dev.wirespeed.report.ResultFilter;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.Numbers;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "report",
        header = "Write an offline HTML report with charts.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Write an offline HTML report with charts.",
            "One self-contained file (no network, no scripts): fio IOPS/bandwidth/latency vs iodepth per block size",
            "and label; bandwidth and message rate vs message size; latency percentiles vs size; bandwidth/latency",
            "grids; interval time series (per stream for a single bw run); latency percentile distributions;",
            "the tables behind the charts; the hosts. It opens with the findings of the runs it covers.",
            "Only results that ended as done are shown, unless --include-partial."},
        footer = {"", "Examples:", "  wirespeed results report run:3 -o campaign3.html",
            "  wirespeed results report nfs-rdma nfs-tcp -o nfs.html --title 'NFS: RDMA vs TCP'"})
public final class ResultsReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "The HTML file to write.")
    Path output;

    @Option(names = "--title", paramLabel = "TEXT", description = "Title of the report (default: wirespeed results).")
    String title;

    @Parameters(paramLabel = "SELECTION", arity = "0..*", description = "Labels, run:N or result ids (default: all).")
    List<String> selections = new ArrayList<>();

    @Mixin
    FilterOptions filters;

    @Override
    public Integer call() throws IOException {
        ResultFilter filter = filters.filter(spec);
        Output.check(spec, output, "-o");
        try (ResultStore store = db.openExisting()) {
            Map<Long, StoredResult> unique = new LinkedHashMap<>();
            if (selections.isEmpty()) {
                store.find(ResultStore.Query.all()).forEach(r -> unique.put(r.id(), r));
            }
            for (String s : selections) {
                Selections.read(spec, store, s).forEach(r -> unique.putIfAbsent(r.id(), r));
            }
            List<StoredResult> chosen = filter.apply(List.copyOf(unique.values()));
            if (chosen.isEmpty()) {
                throw new Failure("no results in " + store.file() + " to report"
                        + (unique.isEmpty() || filter.includePartial() ? ""
                        : " (only done results count; --include-partial takes the others)"));
            }
            ReportModel model = ReportBuilder.build(title != null ? title : "wirespeed results",
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), store.file().toString(), selections,
                    chosen, filter.leftOutNote(List.copyOf(unique.values())), raws(store, chosen));
            try {
                Output.write(spec, output, out -> HtmlReport.write(model, out));
            } catch (IllegalStateException e) {
                throw new Failure(e.getMessage());
            }
            int charts = model.sections().stream().mapToInt(s -> s.charts().size()).sum();
            spec.commandLine().getOut().println("wrote " + output + ": " + Numbers.count(chosen.size(), "result") + ", "
                    + Numbers.count(model.sections().size(), "section") + ", " + Numbers.count(charts, "chart"));
            spec.commandLine().getOut().flush();
        }
        return ExitCode.OK;
    }

    /** The raw output of wirespeed's own results, for the charts that need more than the common model. */
    private static Map<Long, String> raws(ResultStore store, List<StoredResult> results) throws IOException {
        Map<Long, String> out = new LinkedHashMap<>();
        for (StoredResult r : results) {
            if (ReportBuilder.wantsRaw(r)) {
                store.raw(r.id()).ifPresent(raw -> out.put(r.id(), raw));
            }
        }
        return out;
    }
}
