package dev.wirespeed.cli;

import dev.wirespeed.engine.BwClient;
import dev.wirespeed.report.BwText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "check", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"One-shot health check of this host: a TCP test over loopback, then a one-line verdict",
            "and the loopback latency (p50/p99 one-way at 64 B).",
            "It is the first thing to run on a new machine."},
        footer = {"", "Examples:",
            "  wirespeed check",
            "  wirespeed check -t 10 --json"})
public final class CheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-t", "--time"}, paramLabel = "SEC", defaultValue = "5",
            description = "Seconds of the bandwidth test (default ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--json", description = "Print only JSON.")
    boolean json;

    @Mixin
    SaveOptions save;

    @Override
    public Integer call() throws IOException {
        Check.seconds(spec, "-t", seconds, 0.5, 600);
        PrintWriter out = spec.commandLine().getOut();
        try (ResultsSink sink = save.open(spec)) {
            return check(out, sink);
        }
    }

    private int check(PrintWriter out, ResultsSink sink) throws IOException {
        int streams = BwOptions.defaultStreams();
        TestSpec test = new TestSpec(TestSpec.MODE_TCP_BW, Direction.UPLOAD, streams, Math.round(seconds * 1000), 0,
                0, 0, 128 * 1024, 0, null, 0, false);
        if (!json) {
            out.printf(Locale.ROOT, "check: TCP over loopback, %d %s (%s), %s s…%n", streams,
                    streams == 1 ? "stream" : "streams", BwOptions.defaultStreamsRule(), trim(seconds));
            out.flush();
        }
        BwResult result;
        LatResult latency = null;
        try (BwCommand.LoopbackServer server = BwCommand.LoopbackServer.start()) {
            BwClient client = new BwClient(new BwClient.Config("127.0.0.1", server.port(), test,
                    BwOptions.defaultStreamsRule(), 5000, 5000, Interrupts::raised));
            result = client.run(new BwClient.Listener() {});
            if (result.outcome().ok()) {
                latency = CheckLatency.run(server.port());
            }
        }
        String verdict = verdict(result);
        if (json) {
            out.println(Json.pretty(new CheckResult(CheckResult.SCHEMA, result, verdict, latency)));
        } else {
            new BwText(out, false).summary(result);
            if (latency != null) {
                out.println(CheckLatency.line(latency));
            }
        }
        out.flush();
        // Saved before the verdict is printed: the verdict stays the last line.
        java.util.List<dev.wirespeed.results.Measurement> measured = new java.util.ArrayList<>(Measurements.of(result));
        if (latency != null) {
            measured.add(Measurements.of(latency));
        }
        Saving.save(spec, save.labels(spec), sink, "check", measured, "wirespeed-check-json",
                Json.MAPPER.writeValueAsString(new CheckResult(CheckResult.SCHEMA, result, verdict, latency)),
                Saving.thisHost(), json);
        if (!json) {
            out.println(verdict);
            out.flush();
        }
        return BwCommand.exitCodeOf(result, spec.commandLine().getErr(), spec.qualifiedName(" "));
    }

    /** "loopback: 26.4 Gbit/s with 2 streams — this host can drive about 26 Gbit/s of TCP; …". */
    static String verdict(BwResult r) {
        BwResult.Summary s = r.directions().getFirst().receiverSummary();
        if (s == null || !r.outcome().ok()) {
            return "verdict: the loopback test did not finish (" + r.outcome().message() + ")";
        }
        double bps = s.bitsPerSecond();
        int streams = r.params().streams();
        return String.format(Locale.ROOT,
                "verdict: loopback %s with %d %s — this host can drive about %.0f Gbit/s of TCP; "
                        + "a faster NIC will be CPU-bound here",
                Rate.format(bps), streams, streams == 1 ? "stream" : "streams", bps / 1e9);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** JSON of `check`: the loopback bandwidth result, the verdict line, and the 64 B TCP ping-pong. */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    record CheckResult(String schema, BwResult bandwidth, String verdict, LatResult latency) {
        static final String SCHEMA = "wirespeed.check/1";
    }
}
