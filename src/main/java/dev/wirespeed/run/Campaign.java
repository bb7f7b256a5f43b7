package dev.wirespeed.run;

import dev.wirespeed.report.ResultsText;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.Item;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.RunInfo;
import dev.wirespeed.store.RunStatus;
import dev.wirespeed.units.Numbers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Runs a plan's points one after the other and saves each finished point with its results in one
 * transaction, so a killed campaign loses at most the point that was running; --resume continues
 * the newest unfinished campaign of the same plan name (refusing a changed plan) and runs only the
 * points that did not finish.
 */
public final class Campaign {
    private final Plan plan;
    private final String planText;
    private final String planSha256;
    private final List<Point> points;
    private final Engines engines;
    private final ResultStore store;
    private final PrintWriter out;
    private final BooleanSupplier stopped;
    private final Children children = new Children();

    public Campaign(Plan plan, String planText, String planSha256, List<Point> points, Engines engines,
                    ResultStore store, PrintWriter out, BooleanSupplier stopped) {
        this.plan = plan;
        this.planText = planText;
        this.planSha256 = planSha256;
        this.points = points;
        this.engines = engines;
        this.store = store;
        this.out = out;
        this.stopped = stopped;
    }

    /** The point running now, for {@link #runningLine}; null between points. */
    private volatile Running running;

    private record Running(String title, int number, long startNanos, double typicalSeconds) {}

    /**
     * What runs now, for a progress line: "[3/12] iperf3 streams=2 [iperf3] rep 1: 4 s of about
     * 11 s"; the estimate is the mean of this engine's points so far. Null between points.
     */
    public String runningLine() {
        Running r = running;
        if (r == null) {
            return null;
        }
        double seconds = (System.nanoTime() - r.startNanos()) / 1e9;
        int width = Integer.toString(points.size()).length();
        return String.format(Locale.ROOT, "[%" + width + "d/%d] %s: %s", r.number(), points.size(), r.title(),
                Double.isNaN(r.typicalSeconds()) ? Numbers.clock(seconds) + " so far"
                        : Numbers.clock(seconds) + " of about " + Numbers.clock(r.typicalSeconds()));
    }

    /** How it ended: its run id, points done now and before, failed points, stopped by Ctrl-C. */
    public record Summary(long runId, int ran, int skipped, int failed, boolean interrupted) {}

    /** Stops the tools running now (Ctrl-C); the campaign then ends as interrupted. */
    public void stopChildren() {
        children.stopAll();
    }

    public Summary run(boolean resume, String commandLine, HostSummary host) throws IOException, InterruptedException {
        long runId;
        Set<String> done = Set.of();
        Optional<ResultStore.Run> previous = store.unfinishedCampaign(plan.name());
        if (resume && previous.isPresent()) {
            ResultStore.Run r = previous.get();
            if (!planSha256.equals(r.planSha256())) {
                throw new PlanException("plan '" + plan.name() + "' changed since its campaign run " + r.id()
                        + " started; run it without --resume to start a new campaign");
            }
            runId = r.id();
            done = store.finishedPoints(runId);
            store.reopenRun(runId);
            say("resuming campaign '" + plan.name() + "' (run " + runId + "): " + done.size() + " of "
                    + Numbers.count(points.size(), "point") + " already done");
        } else {
            if (resume) {
                say("no unfinished campaign '" + plan.name() + "' to resume: starting a new one");
            } else if (previous.isPresent()) {
                say("note: campaign run " + previous.get().id() + " of '" + plan.name()
                        + "' did not finish; 'wirespeed run --resume' would continue it");
            }
            runId = store.beginRun(new RunInfo("campaign", commandLine, host,
                    new RunInfo.Plan(plan.name(), planSha256, planText, points.size())));
            say("campaign '" + plan.name() + "' (run " + runId + "): " + Numbers.count(points.size(), "point") + ", "
                    + Numbers.count(plan.series().size(), "series", "series") + " × grid × "
                    + Numbers.count(plan.repetitions(), "repetition") + ", saved in " + store.file());
        }
        Set<String> finished = done;
        Path scratch = Files.createTempDirectory("wirespeed-run-");
        RunContext context = new RunContext(scratch, stopped, children);
        int ran = 0;
        int failed = 0;
        int skipped = 0;
        long startNanos = System.nanoTime();
        int toRun = (int) points.stream().filter(p -> !finished.contains(p.key())).count();
        Eta eta = new Eta();
        points.stream().filter(p -> !finished.contains(p.key())).forEach(p -> eta.planned(p.engine()));
        boolean interrupted = false;
        try {
            for (Point point : points) {
                if (finished.contains(point.key())) {
                    skipped++;
                    continue;
                }
                if (stopped.getAsBoolean()) {
                    interrupted = true;
                    break;
                }
                long pointStart = System.nanoTime();
                if (ran > 0 && plan.pauseSeconds() > 0) {
                    Thread.sleep((long) (plan.pauseSeconds() * 1000));
                }
                running = new Running(point.title(), ran + skipped + 1, System.nanoTime(),
                        eta.secondsPerPoint(point.engine()));
                PlanEngine.Outcome outcome;
                try {
                    outcome = runWithRetries(point, context);
                } finally {
                    running = null;
                }
                if (stopped.getAsBoolean()) {
                    interrupted = true;
                    // What the stopped point measured is kept, marked incomplete; --resume runs it again.
                    String reason = "campaign stopped while this point ran";
                    store.savePoint(runId, point.key(), point.seq(), point.repetition(), outcome.items().stream()
                            .map(i -> i.withStatus(ResultStatus.INCOMPLETE, reason)).toList(), outcome.error(),
                            ResultStatus.INCOMPLETE);
                    break;
                }
                store.savePoint(runId, point.key(), point.seq(), point.repetition(), outcome.items(), outcome.error());
                ran++;
                if (outcome.error() != null) {
                    failed++;
                }
                eta.finished(point.engine(), (System.nanoTime() - pointStart) / 1e9);
                progress(point, outcome, ran, skipped, startNanos, eta);
            }
        } finally {
            children.stopAll();
            store.finishRun(runId, RunStatus.ofCampaign(interrupted, failed));
            deleteQuietly(scratch);
        }
        return new Summary(runId, ran, skipped, failed, interrupted);
    }

    private PlanEngine.Outcome runWithRetries(Point point, RunContext context) throws IOException, InterruptedException {
        PlanEngine engine = engines.named(point.engine());
        PlanEngine.Outcome outcome = null;
        for (int attempt = 0; attempt <= plan.retries(); attempt++) {
            if (attempt > 0) {
                say("  retrying " + point.title() + " (" + outcome.error() + ")");
            }
            outcome = engine.run(point, context);
            if (outcome.error() == null || stopped.getAsBoolean()) {
                break;
            }
        }
        return outcome;
    }

    private void progress(Point point, PlanEngine.Outcome outcome, int ran, int skipped, long startNanos, Eta eta) {
        double elapsed = (System.nanoTime() - startNanos) / 1e9;
        int done = ran + skipped;
        String result = outcome.error() != null ? "FAILED: " + outcome.error()
                : String.join(", ", outcome.items().stream().map(Item::measurement).map(ResultsText::headline).toList());
        int width = Integer.toString(points.size()).length();
        say(String.format(Locale.ROOT, "[%" + width + "d/%d] %3d %%  %s: %s  (elapsed %s, ETA %s)", done,
                points.size(), done * 100 / points.size(), point.title(), result, Numbers.clock(elapsed),
                Numbers.clock(eta.secondsLeft())));
    }

    private void say(String line) {
        out.println(line);
        out.flush();
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException ignored) {
            // a scratch folder under /tmp; the system cleans it
        }
    }
}
