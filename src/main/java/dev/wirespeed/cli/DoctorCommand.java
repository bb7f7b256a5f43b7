package dev.wirespeed.cli;

import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.diagnose.DoctorReport;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.facts.Context;
import dev.wirespeed.host.CpuList;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Capture;
import dev.wirespeed.inspect.Inspection;
import dev.wirespeed.report.DoctorText;
import dev.wirespeed.results.Json;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "doctor",
        header = "Find what in this host holds the network back: NICs, PCIe, CPU.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Inspect this host's NICs, RDMA ports, PCIe links, NUMA and CPU governor from /sys and /proc,",
            "and report what holds the network back, with the numbers and the fix. Reads only; runs no command."},
        footer = {"", "Examples:",
            "  wirespeed doctor                       inspect this host",
            "  wirespeed doctor --json                the same as JSON (docs/json/doctor.schema.json)",
            "  wirespeed doctor --capture /tmp/host1  also copy every file read into /tmp/host1",
            "  wirespeed doctor --root /tmp/host1     inspect a capture instead of this host",
            "",
            "Exit codes: 0 healthy (info findings only), 3 warnings or errors found, 1 failure, 2 bad usage.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class DoctorCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    HostOptions host;

    @Option(names = "--capture", paramLabel = "DIR",
            description = "Copy every file read into DIR (new or empty), keeping paths and links: a fixture tree to send us.")
    Path captureDir;

    @Option(names = "--test-cpus", paramLabel = "LIST",
            description = "CPUs a test would run on (e.g. 0-9,20-29), for the NUMA check; default: this process's CPUs.")
    String testCpus;

    @Option(names = {"-J", "--json"}, description = "Print only JSON.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        Path root = host.root(spec);
        CpuList cpus = null;
        if (testCpus != null) {
            try {
                cpus = CpuList.parse(testCpus);
            } catch (IllegalArgumentException e) {
                throw OptionRanges.usage(spec, "--test-cpus: " + e.getMessage());
            }
        }
        Capture capture = captureDir == null ? null : Inspection.capture(captureDir);
        Facts facts = Inspection.read(root, capture, new CommandFacts());
        Context context = cpus != null ? new Context(cpus) : Inspection.context(root, facts);
        DoctorReport report = DoctorReport.of(facts, RuleSet.standard().diagnose(facts, context));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.pretty(report));
        } else {
            new DoctorText(out).print(report);
        }
        out.flush();
        if (capture != null) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("doctor: captured the files read into " + capture.dir() + " (read it with --root " + capture.dir() + ")");
            err.flush();
        }
        return report.healthy() ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
