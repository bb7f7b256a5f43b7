package dev.wirespeed.cli;

import dev.wirespeed.measure.Histograms;
import dev.wirespeed.report.ResultsText;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.Numbers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
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
            "  wirespeed results show 12 --raw      the engine's own output, as it printed it",
            "  wirespeed results show 12 --histogram > rtt.hgrm      round trips in HdrHistogram's percentile format",
            "  wirespeed results show 13 --histogram --size 64K      one size of a latency sweep"})
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

    @Option(names = "--histogram", description = "Print the round-trip times of a latency result in HdrHistogram's "
            + "percentile distribution format (microseconds), which its plotter and other tools read.")
    boolean histogram;

    @Option(names = "--size", paramLabel = "BYTES", converter = SizeConverter.class,
            description = "With --histogram: the message size of a sweep (64, 4K, 1M).")
    Long sizeBytes;

    @Override
    public Integer call() throws IOException {
        if ((json ? 1 : 0) + (raw ? 1 : 0) + (histogram ? 1 : 0) > 1) {
            throw OptionRanges.usage(spec, "--json, --raw and --histogram exclude each other");
        }
        if (sizeBytes != null && !histogram) {
            throw OptionRanges.usage(spec, "--size goes with --histogram");
        }
        PrintWriter out = spec.commandLine().getOut();
        try (ResultStore store = db.openExisting()) {
            StoredResult r = store.result(id).orElseThrow(() -> new Failure("no result " + id + " in " + db.database()));
            if (histogram) {
                printHistogram(r, out);
            } else if (raw) {
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

    private void printHistogram(StoredResult r, PrintWriter out) {
        List<Measurement.Row> rows = r.measurement().rows().stream().filter(x -> x.histogram() != null).toList();
        if (rows.isEmpty()) {
            throw new Failure("result " + id + " has no histogram kept (only wirespeed's latency tests keep one)");
        }
        Measurement.Row row;
        if (sizeBytes != null) {
            row = rows.stream().filter(x -> x.keyValue() == sizeBytes).findFirst().orElseThrow(() -> OptionRanges.usage(spec,
                    "result " + id + " has no histogram of " + sizeBytes + " bytes; sizes: " + sizes(rows)));
        } else if (rows.size() == 1) {
            row = rows.getFirst();
        } else {
            throw OptionRanges.usage(spec, "result " + id + " is a sweep of " + Numbers.count(rows.size(), "size")
                    + ": choose one with --size (" + sizes(rows) + ")");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            // recorded in nanoseconds, printed in microseconds
            Histograms.printPercentiles(Histograms.decode(row.histogram()), ps, 1000.0);
        } catch (IllegalArgumentException e) {
            throw new Failure("result " + id + ": the stored histogram is damaged (" + e.getMessage() + ")");
        }
        out.print(bytes.toString(StandardCharsets.UTF_8));
    }

    private static String sizes(List<Measurement.Row> rows) {
        return rows.stream().map(x -> Numbers.plain(x.keyValue())).collect(Collectors.joining(", "));
    }
}
