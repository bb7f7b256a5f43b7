package dev.wirespeed.cli;

import dev.wirespeed.guard.BoundedRead;
import dev.wirespeed.io.Programs;
import dev.wirespeed.report.TextTable;
import dev.wirespeed.run.Campaign;
import dev.wirespeed.run.PlanEngine;
import dev.wirespeed.run.Engines;
import dev.wirespeed.run.Expansion;
import dev.wirespeed.run.PointParams;
import dev.wirespeed.run.Plan;
import dev.wirespeed.run.PlanException;
import dev.wirespeed.run.PlanReader;
import dev.wirespeed.run.Point;
import dev.wirespeed.store.ResultStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import dev.wirespeed.units.Numbers;

@Command(name = "run",
        header = "Run a campaign of tests from a YAML plan.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Run a campaign: engines × parameter grid × repetitions from a YAML plan (docs/PLAN.md).",
            "Engines: wirespeed-bw, wirespeed-lat, iperf3, iperf2, qperf, sockperf, perftest, fio. Every finished point is saved",
            "at once with its results; a killed campaign continues with --resume, without repeating finished points."},
        footer = {"", "Examples:",
            "  wirespeed run examples/stream-sweep.yaml --dry-run    the expanded plan and its commands",
            "  wirespeed run examples/stream-sweep.yaml",
            "  wirespeed run examples/nfs-rdma-vs-tcp.yaml --resume  continue after Ctrl-C or a crash",
            "  wirespeed results compare nfs-rdma nfs-tcp            then read the results",
            "",
            "Exit codes: 0 every point done, 1 a point failed or a program is missing, 2 bad plan, 130 Ctrl-C.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class RunCommand implements Callable<Integer> {
    /** A plan is a page of YAML; larger inputs are refused unread. */
    static final long MAX_PLAN_BYTES = 1L << 20;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "PLAN.yaml", description = "The plan.")
    Path planFile;

    @Option(names = "--dry-run", description = "Print the expanded plan (every point and its command) and run nothing.")
    boolean dryRun;

    @Option(names = "--resume", description = "Continue the newest unfinished campaign of this plan.")
    boolean resume;

    @Option(names = "--label", paramLabel = "LABEL", description = "Add a label to every result (repeatable).")
    List<String> labels = new ArrayList<>();

    @Mixin
    DbOption db;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (dryRun && resume) {
            throw OptionRanges.usage(spec, "--dry-run and --resume exclude each other");
        }
        for (String l : labels) {
            if (!Labels.valid(l)) {
                throw OptionRanges.usage(spec, "--label '" + l + "' is not a label: " + Labels.RULE);
            }
        }
        String text;
        try {
            text = BoundedRead.utf8(BoundedRead.file(planFile, MAX_PLAN_BYTES, "run"), planFile.toString());
        } catch (NoSuchFileException e) {
            throw new Failure("no plan file " + planFile);
        } catch (BoundedRead.Refused e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
        Engines engines = Engines.standard();
        Plan plan;
        List<Point> points;
        try {
            plan = withLabels(PlanReader.read(text, planFile.toString()));
            points = Expansion.points(plan, engines);
        } catch (PlanException e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        String missing = missingPrograms(points, engines);
        if (dryRun) {
            printPlan(plan, points, engines, out);
            if (missing != null) {
                out.println("note: missing on this host: " + missing);
            }
            out.flush();
            return ExitCode.OK;
        }
        if (missing != null) {
            throw new Failure("missing programs, nothing was run: " + missing);
        }
        try (ResultStore store = ResultStore.openForSaving(db.database())) {
            Campaign.Summary s;
            // On a terminal, the point that runs shows a line of its own (its time so far), erased by the next line.
            try (ProgressLine progress = ProgressLine.on(out, false)) {
                Campaign campaign = new Campaign(plan, text, sha256(text), points, engines, store, progress.writer(),
                        Interrupts::raised);
                Interrupts.onRaise(campaign::stopChildren);
                progress.show(campaign::runningLine);
                try {
                    s = campaign.run(resume, Saving.commandLine(spec), Saving.thisHost());
                } catch (PlanException e) {
                    throw new Failure(e.getMessage());
                }
            }
            if (s.interrupted()) {
                out.println("interrupted: " + (s.ran() + s.skipped()) + " of " + points.size()
                        + " points done; 'wirespeed run --resume " + planFile + "' continues");
                out.flush();
                return ExitCode.INTERRUPTED;
            }
            out.println("done: run " + s.runId() + ", " + Numbers.count(s.ran() - s.failed(), "point") + " now"
                    + (s.skipped() > 0 ? " + " + s.skipped() + " before" : "") + (s.failed() > 0 ? ", " + s.failed()
                    + " failed" : "") + ". Read them: wirespeed results list --run " + s.runId()
                    + " · wirespeed results report run:" + s.runId() + " -o report.html");
            out.flush();
            if (s.failed() > 0) {
                throw new Failure(s.failed() + " of " + points.size() + " points failed (see above); 'wirespeed run "
                        + "--resume " + planFile + "' runs them again");
            }
        }
        return ExitCode.OK;
    }

    private Plan withLabels(Plan p) {
        if (labels.isEmpty()) {
            return p;
        }
        List<Plan.Series> series = p.series().stream().map(s -> {
            List<String> l = new ArrayList<>(s.labels());
            labels.stream().filter(x -> !l.contains(x)).forEach(l::add);
            return new Plan.Series(s.index(), s.engine(), List.copyOf(l), s.params(), s.grid());
        }).toList();
        return new Plan(p.name(), p.description(), p.repetitions(), p.retries(), p.pauseSeconds(), series);
    }

    /** "iperf (apt-get install iperf), ib_write_bw, ib_read_bw (apt-get install perftest)", or null when all are there. */
    static String missingPrograms(List<Point> points, Engines engines) {
        Map<String, List<String>> byPackage = new LinkedHashMap<>();
        for (Point p : points) {
            for (PlanEngine.Program prog : engines.named(p.engine()).programs(new PointParams(p.params(), p.title()))) {
                List<String> binaries = byPackage.computeIfAbsent(prog.debianPackage(), k -> new ArrayList<>());
                if (!binaries.contains(prog.binary()) && Programs.find(prog.binary()).isEmpty()) {
                    binaries.add(prog.binary());
                }
            }
        }
        byPackage.values().removeIf(List::isEmpty);
        if (byPackage.isEmpty()) {
            return null;
        }
        return byPackage.entrySet().stream().map(e -> String.join(", ", e.getValue()) + " (apt-get install "
                + e.getKey() + ")").collect(Collectors.joining(", "));
    }

    private static void printPlan(Plan plan, List<Point> points, Engines engines, PrintWriter out) {
        out.println("plan '" + plan.name() + "'" + (plan.description() == null ? "" : ": " + plan.description()));
        out.println(Numbers.count(points.size(), "point") + ": " + Numbers.count(plan.series().size(), "series", "series")
                + ", " + Numbers.count(plan.repetitions(), "repetition") + " each"
                + (plan.retries() > 0 ? ", a failed point tried up to " + (plan.retries() + 1) + " times" : ""));
        TextTable t = new TextTable(List.of("#", "series", "engine", "point", "rep", "labels", "command"));
        for (Point p : points) {
            String cell = p.gridValues().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(" "));
            t.row(List.of(Integer.toString(p.seq()), Integer.toString(p.series().index() + 1), p.engine(),
                    cell.isEmpty() ? "-" : cell, Integer.toString(p.repetition()),
                    p.labels().isEmpty() ? "-" : String.join(",", p.labels()),
                    engines.named(p.engine()).describe(new PointParams(p.params(), p.title()))));
        }
        t.print(out, "  ");
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
