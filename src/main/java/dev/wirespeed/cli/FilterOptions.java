package dev.wirespeed.cli;

import dev.wirespeed.report.ResultFilter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** --test, --label, --host, --since, --until and --include-partial of `results compare` and `results report`. */
final class FilterOptions {
    @Option(names = "--test", paramLabel = "TEST",
            description = "Only this test: bw (tcp-bw), lat (tcp-lat), udp (udp-bw), udp-lat, fio, or a test name "
                    + "such as rdma-write-bw.")
    String test;

    @Option(names = "--label", paramLabel = "LABEL", description = "Only results that also carry this label.")
    String label;

    @Option(names = "--host", paramLabel = "NAME", description = "Only results measured on this host.")
    String host;

    @Option(names = "--since", paramLabel = "DATE", description = "Only results saved at or after DATE "
            + "(2026-03-01 or 2026-03-01T12:00:00Z, UTC).")
    String since;

    @Option(names = "--until", paramLabel = "DATE", description = "Only results saved before DATE (a date includes "
            + "that whole day).")
    String until;

    @Option(names = "--include-partial", description = "Also take results that did not finish (interrupted, failed, "
            + "incomplete); without it only done results count.")
    boolean includePartial;

    ResultFilter filter(CommandSpec spec) {
        try {
            return new ResultFilter(test, label, host, since, until, includePartial);
        } catch (IllegalArgumentException e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
    }
}
