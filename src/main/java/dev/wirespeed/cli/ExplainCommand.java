package dev.wirespeed.cli;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.explain.Explanation;
import dev.wirespeed.explain.FabricMembership;
import dev.wirespeed.guard.BoundedRead;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.report.ExplainText;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.ResultsSink;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
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

@Command(name = "explain",
        header = "Read pasted output of network tools and say what is wrong.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Read pasted terminal output of network tools and say what it shows and what is wrong.",
            "Reads ibstat, ibstatus, ibv_devinfo, iblinkinfo, ibnetdiscover, ibportstate, rdma link/statistic, lspci, lstopo, ip, ethtool,",
            "nfsstat, lsmod, mlxconfig/mstconfig, mlxfwmanager, mst, mlnx_tune, mlx5cmd, flint, iperf2, iperf3 (text",
            "and -J), qperf, perftest (ib_*_bw/lat), sockperf, fio (text and JSON), zerotier-cli and Huawei MD-CLI;",
            "counters: ethtool -S, ip -s link, nstat, netstat -s, sar -n, ss, perfquery, ibqueryerrors, show_counters;",
            "dmesg/journal device lines, mlnx_qos, nccl-tests (*_perf).",
            "A whole log is cut into commands at shell prompts; output without a prompt is recognized by content."},
        footer = {"", "Examples:",
            "  wirespeed explain session.log              every command, its values and the findings",
            "  wirespeed explain node1.txt node2.txt      several hosts: also compares them",
            "  ibstat | wirespeed explain -               read standard input",
            "  wirespeed explain --json session.log       the normalized records, results and findings",
            "  wirespeed explain fabric.txt --fabric-host node042   is node042 in the ibnetdiscover/iblinkinfo output?",
            "  wirespeed explain --save --label before iperf.txt   keep its results for 'wirespeed results'",
            "",
            "  wirespeed explain --strict session.log     exit 4 when any line was not recognized",
            "",
            "Exit codes: 0 read, no warnings; 2 nothing recognized or bad input; 3 warnings or errors found;",
            "4 (--strict) some lines were not recognized (they are listed in --json under \"unrecognized\")."})
public final class ExplainCommand implements Callable<Integer> {
    /**
     * Larger inputs, all files together, are refused: a terminal log is far smaller, and the cap keeps
     * explain within issue 32's 10 s and 512 MB on a 2-core VM — 4 MB took 5.2 s and 264 MB, 10 MB took
     * 12.5 s of CPU (docs/PERFORMANCE.md, "explain of a large paste").
     */
    static final long MAX_INPUT_BYTES = 4L << 20;
    /** An echoed input line is cut here, with a marker (a 50 MB single line is not echoed whole). */
    static final int ECHO_CHARS = 200;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", arity = "0..*",
            description = "Files to read; '-' or none reads standard input.")
    List<String> files = new ArrayList<>();

    @Option(names = {"-J", "--json"}, description = "Print only JSON (schema wirespeed.explain/1).")
    boolean json;

    @Option(names = "--strict", description = "Exit 4 when any non-blank line was not recognized (prose, an unknown "
            + "format, or a command whose output no parser read), after printing everything.")
    boolean strict;

    @Option(names = "--save", description = "Save the results read (iperf, qperf, perftest, sockperf, fio) in the "
            + "results database, with the pasted text beside them.")
    boolean save;

    @Option(names = "--fabric-host", paramLabel = "HOST", description = "Is HOST in the fabric? Looked up in the "
            + "ibnetdiscover/iblinkinfo output read (node descriptions name the host); repeatable; text only.")
    List<String> fabricHosts = new ArrayList<>();

    @Option(names = "--label", paramLabel = "LABEL", description = "Label the saved results (repeatable; with --save).")
    List<String> labels = new ArrayList<>();

    @Mixin
    DbOption db;

    InputStream stdin = System.in;

    @Override
    public Integer call() throws IOException {
        Map<String, String> inputs = new LinkedHashMap<>();
        List<String> names = files.isEmpty() ? List.of("-") : files;
        long left = MAX_INPUT_BYTES;
        for (String name : names) {
            byte[] bytes = read(name, left);
            left -= bytes.length;
            inputs.put(name, new String(bytes, StandardCharsets.UTF_8));
        }
        try (ResultsSink sink = sink()) {
            return explain(inputs, sink);
        }
    }

    /** The store with --save (opened before reading, so a bad database fails first), else nothing. */
    private ResultsSink sink() throws IOException {
        for (String l : labels) {
            if (!Labels.valid(l)) {
                throw OptionRanges.usage(spec, "--label '" + l + "' is not a label: " + Labels.RULE);
            }
        }
        if (!labels.isEmpty() && !save) {
            throw OptionRanges.usage(spec, "--label applies to --save");
        }
        return save ? ResultStore.openForSaving(db.database()) : ResultsSink.NONE;
    }

    private int explain(Map<String, String> inputs, ResultsSink sink) throws IOException {
        if (json && !fabricHosts.isEmpty()) {
            throw OptionRanges.usage(spec, "--fabric-host prints text only: leave out --json");
        }
        Explanation e = Explainer.standard().explain(inputs);
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(Json.pretty(e));
            out.flush();
        }
        if (e.nothingRecognized()) {
            String first = firstLine(inputs.values());
            if (!json) {
                out.println("unrecognized: " + first);
                out.flush();
            }
            return ExitCode.USAGE;
        }
        if (!json) {
            new ExplainText(out).print(e);
        }
        boolean missing = false;
        if (!fabricHosts.isEmpty()) {
            List<FabricMembership.Answer> answers = FabricMembership.find(e, fabricHosts);
            if (answers == null) {
                out.println("fabric: no ibnetdiscover or iblinkinfo output in the input to look in");
                missing = true;
            } else {
                for (FabricMembership.Answer a : answers) {
                    out.println(a.line());
                    missing |= !a.found();
                }
            }
            out.flush();
        }
        if (save && e.measurements().isEmpty() && !json) {
            out.println("saved: nothing (no tool results in the input)");
            out.flush();
        }
        List<String> failed = new ArrayList<>();
        for (int k = 0; k < e.measurements().size(); k++) {
            Explanation.Failure f = e.failureOf(k);
            failed.add(f == null ? null : f.tool() + " failed: " + f.message());
        }
        Saving.saveParsed(spec, labels, sink, "explain", e.measurements(), failed, "text",
                String.join("\n", inputs.values()), json);
        if (strict && e.unrecognizedLines() > 0) {
            if (!json) {
                out.println("strict: " + e.unrecognizedLines() + " line(s) not recognized");
                out.flush();
            }
            return ExitCode.UNRECOGNIZED;
        }
        boolean warn = e.findings().stream().map(Finding::severity).anyMatch(s -> s != Severity.INFO);
        return warn || missing ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /** One input, at most {@code left} bytes (what the files before it left of {@link #MAX_INPUT_BYTES}). */
    private byte[] read(String name, long left) throws IOException {
        byte[] bytes;
        try {
            bytes = name.equals("-") ? BoundedRead.stream(stdin, left, "standard input", "explain")
                    : BoundedRead.file(Path.of(name), left, "explain");
        } catch (NoSuchFileException ex) {
            // a runtime failure, as for `run PLAN` and every other command that reads a file
            throw new Failure("no such file: " + name);
        } catch (BoundedRead.Refused ex) {
            throw OptionRanges.usage(spec, left < MAX_INPUT_BYTES && ex.getMessage().contains(" is larger than ")
                    ? "the inputs are larger than " + (MAX_INPUT_BYTES >> 20) + " MiB together (" + name
                    + " goes past it); explain refuses larger inputs" : ex.getMessage());
        }
        return bytes;
    }

    private static String firstLine(Collection<String> texts) {
        for (String t : texts) {
            for (String line : t.split("\\R")) {
                if (!line.isBlank()) {
                    return Printable.of(line.strip(), ECHO_CHARS);
                }
            }
        }
        return "(empty input)";
    }
}
