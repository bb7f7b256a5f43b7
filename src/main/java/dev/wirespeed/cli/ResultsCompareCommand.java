package dev.wirespeed.cli;

import dev.wirespeed.report.CompareText;
import dev.wirespeed.report.Comparison;
import dev.wirespeed.report.ResultFilter;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "compare",
        header = "Compare two sets of results point by point.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Two sets of results side by side per parameter point, with the ratio A/B.",
            "A point is named by the parameters that change within a set (bs, iodepth, streams, size); sweeps",
            "are compared size by size. Repetitions of a point are averaged (count and range in parentheses);",
            "'within noise' when both sides' ranges overlap. One kind of result at a time: give --test when a",
            "selection holds several. Only results that ended as done count, unless --include-partial."},
        footer = {"", "Examples:",
            "  wirespeed results compare nfs-rdma nfs-tcp              IOPS per bs × iodepth, two campaigns side by side",
            "  wirespeed results compare wirespeed iperf3 --metric bitsPerSecond",
            "  wirespeed results compare run:3 run:5 --json",
            "  wirespeed results compare before after --test lat --since 2026-03-01",
            "", "Metrics: iops, bitsPerSecond, messagesPerSecond, latencyAvgMicros, latencyP99Micros, … (see 'results show')."})
public final class ResultsCompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    DbOption db;

    @Parameters(index = "0", paramLabel = "A", description = "First selection (label, run:N or result ids).")
    String a;

    @Parameters(index = "1", paramLabel = "B", description = "Second selection.")
    String b;

    @Option(names = "--metric", paramLabel = "NAME",
            description = "Summary metric to compare (default: iops for fio, else bandwidth, latency for -lat tests).")
    String metric;

    @Option(names = "--json", description = "Print JSON (schema wirespeed.compare/1).")
    boolean json;

    @Mixin
    FilterOptions filters;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        try (ResultStore store = db.openExisting()) {
            ResultFilter filter = filters.filter(spec);
            List<StoredResult> allA = Selections.read(spec, store, a);
            List<StoredResult> allB = Selections.read(spec, store, b);
            List<StoredResult> ra = filter.apply(allA);
            List<StoredResult> rb = filter.apply(allB);
            for (var side : List.of(Map.entry(a, ra), Map.entry(b, rb))) {
                if (side.getValue().isEmpty()) {
                    throw new Failure("'" + side.getKey() + "' has no results left to compare after the filters"
                            + (filter.includePartial() ? "" : " (only done results count; --include-partial takes the others)"));
                }
            }
            if (metric != null && ra.stream().noneMatch(r -> r.measurement().metric(metric).isPresent())
                    && rb.stream().noneMatch(r -> r.measurement().metric(metric).isPresent())) {
                throw OptionRanges.usage(spec, "--metric " + metric + ": no selected result has it");
            }
            Comparison c;
            try {
                c = Comparison.of(a, ra, b, rb, metric);
            } catch (Comparison.MixedKinds e) {
                throw OptionRanges.usage(spec, e.getMessage());
            }
            List<StoredResult> both = new ArrayList<>(allA);
            both.addAll(allB);
            if (json) {
                out.println(Json.pretty(c));
                out.flush();
            } else {
                CompareText.print(c, out, filter.leftOutNote(both));
            }
        }
        return ExitCode.OK;
    }
}
