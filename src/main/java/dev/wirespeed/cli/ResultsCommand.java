package dev.wirespeed.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(name = "results",
        header = "List, show, compare, export and report saved results.",
        mixinStandardHelpOptions = true,
        description = {"Read the results history: every saved bw, lat, check, campaign point and explain --save import."},
        subcommands = {ResultsListCommand.class, ResultsShowCommand.class, ResultsCompareCommand.class,
            ResultsExportCommand.class, ResultsReportCommand.class},
        footer = {"", "Selections (compare, export, report):",
            "  run:N (a run, e.g. a campaign), 12 / 12,15 / 12-20 (result ids), nfs-rdma or label:nfs-rdma (a label)",
            "", "Examples:",
            "  wirespeed results list                       the newest 50 results",
            "  wirespeed results show 12                    one result, its intervals or sweep",
            "  wirespeed results compare nfs-rdma nfs-tcp   per parameter point, with the ratio",
            "  wirespeed results export --csv run:3 > r.csv",
            "  wirespeed results report run:3 -o r.html     one offline HTML file with charts"})
public final class ResultsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing subcommand: list, show, compare, export or report");
    }
}
