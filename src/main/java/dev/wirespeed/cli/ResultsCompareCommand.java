package dev.wirespeed.cli;

import dev.wirespeed.report.CompareText;
import dev.wirespeed.report.Comparison;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
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
            "A point is named by the parameters that change within a set (bs, iodepth, streams, size);",
            "repetitions of a point are averaged (their count in parentheses)."},
        footer = {"", "Examples:",
            "  wirespeed results compare nfs-rdma nfs-tcp              IOPS per bs × iodepth (seed 000's table)",
            "  wirespeed results compare wirespeed iperf3 --metric bitsPerSecond",
            "  wirespeed results compare run:3 run:5 --json",
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

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        try (ResultStore store = db.openExisting()) {
            List<StoredResult> ra = Selections.read(spec, store, a);
            List<StoredResult> rb = Selections.read(spec, store, b);
            if (metric != null && ra.stream().noneMatch(r -> r.measurement().metric(metric).isPresent())
                    && rb.stream().noneMatch(r -> r.measurement().metric(metric).isPresent())) {
                throw Check.usage(spec, "--metric " + metric + ": no selected result has it");
            }
            Comparison c = Comparison.of(a, ra, b, rb, metric);
            if (json) {
                out.println(Json.pretty(c));
                out.flush();
            } else {
                CompareText.print(c, out);
            }
        }
        return ExitCode.OK;
    }
}
