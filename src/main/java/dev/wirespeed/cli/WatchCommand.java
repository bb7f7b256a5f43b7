package dev.wirespeed.cli;

import dev.wirespeed.report.JsonStream;

import dev.wirespeed.Version;
import dev.wirespeed.inspect.RootedFs;
import dev.wirespeed.report.WatchText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.WatchResult;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.units.Numbers;
import dev.wirespeed.watch.CounterWatch;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.OffsetDateTime;
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

@Command(name = "watch",
        header = "Show live the counters of a netdev or RDMA port that move.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Read the counters of IF (or RDMA-DEV, or DEV/PORT; all netdevs and RDMA ports when none is",
            "named) every interval and print what moved: bytes and packets per second, and the counters doctor",
            "reads as a signal (drops, discards, pauses, CRC and symbol errors, out_of_buffer, port_xmit_wait …)",
            "under doctor's severity, rule and cause. Counters come from /sys/class/net/IF/statistics and",
            "`ethtool -S IF`, and /sys/class/infiniband/DEV/ports/N/counters and hw_counters, as doctor reads them."},
        footer = {"", "Examples:",
            "  wirespeed watch eth0                   every second until Ctrl-C",
            "  wirespeed watch mlx5_0 -i 0.5 -t 30    both ports of an RDMA device, 30 s",
            "  wirespeed watch ib0 --count 10 --json  ten intervals, one JSON document (docs/json/watch.schema.json)",
            "  wirespeed watch lo --json-stream       one JSON event a line as it runs",
            "  wirespeed watch eth0 -t 60 --save      keep the series in the store for 'results report'",
            "",
            "Exit codes: 0 ok, 1 failure, 2 bad usage (no such IF), 130 Ctrl-C.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class WatchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "IF|RDMA-DEV",
            description = "A netdev (with the RDMA ports behind it), an RDMA device, or DEV/PORT (mlx5_0/1).")
    String subject;

    @Option(names = {"-i", "--interval"}, paramLabel = "SEC", defaultValue = "1",
            description = "Seconds between readings (default ${DEFAULT-VALUE}; 0.1 … 3600).")
    double intervalSeconds;

    @Option(names = {"-t", "--time"}, paramLabel = "SEC",
            description = "Stop after SEC seconds (default: at Ctrl-C or after --count).")
    Double seconds;

    @Option(names = "--count", paramLabel = "N", description = "Stop after N intervals.")
    Integer count;

    @Option(names = {"-J", "--json"}, description = "Print only the whole series as JSON at the end "
            + "(schema: docs/json/watch.schema.json).")
    boolean json;

    @Option(names = "--json-stream", description = "One JSON object a line as it runs: "
            + "{\"event\":\"start\"|\"interval\"|\"end\",\"data\":…}.")
    boolean jsonStream;

    @Mixin
    HostOptions host;

    @Mixin
    WatchSaveOptions save;

    @Override
    public Integer call() throws IOException {
        OptionRanges.seconds(spec, "-i", intervalSeconds, 0.1, 3600);
        if (seconds != null) {
            OptionRanges.seconds(spec, "-t", seconds, intervalSeconds, 7 * 86_400);
        }
        if (count != null) {
            OptionRanges.range(spec, "--count", count, 1, 10_000_000);
        }
        if (json && jsonStream) {
            throw OptionRanges.usage(spec, "--json-stream and --json exclude each other: a stream of events or one document");
        }
        Path root = host.root(spec);
        RootedFs fs = new RootedFs(root);
        List<CounterWatch.Subject> subjects = CounterWatch.resolve(fs, subject);
        if (subjects.isEmpty()) {
            throw OptionRanges.usage(spec, subject == null ? "no netdev or RDMA port below " + root
                    : "no netdev, RDMA device or DEV/PORT named '" + subject + "' (see ip link, rdma link)");
        }
        var sink = save.open(spec);
        try (sink) {
            return watch(fs, subjects, root, sink);
        }
    }

    private int watch(RootedFs fs, List<CounterWatch.Subject> subjects, Path root,
                      ResultsSink sink) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        CounterWatch watch = new CounterWatch(fs, subjects);
        List<String> names = subjects.stream().map(CounterWatch.Subject::name).toList();
        String startedAt = OffsetDateTime.now().withNano(0).toString();
        String hostName = fs.isLiveHost() ? hostName() : root.toString();
        WatchText text = new WatchText(out);
        if (jsonStream) {
            JsonStream.event(out, "start", Map.of("host", hostName, "subjects", names,
                    "intervalSeconds", intervalSeconds));
        } else if (!json) {
            text.header(names, intervalSeconds, count != null ? count + (count == 1 ? " interval" : " intervals")
                    : seconds != null ? Numbers.plain(seconds) + " s" : "Ctrl-C to stop");
        }
        long intervalNanos = Math.round(intervalSeconds * 1e9);
        long limit = count != null ? count : seconds != null ? Math.max(1, Math.round(seconds / intervalSeconds))
                : Long.MAX_VALUE;
        List<WatchResult.Interval> intervals = new ArrayList<>();
        long start = System.nanoTime();
        watch.start(start);
        OutcomeStatus status = OutcomeStatus.OK;
        for (long k = 1; k <= limit; k++) {
            if (!sleepUntil(start + k * intervalNanos)) {
                status = OutcomeStatus.INTERRUPTED;
                break;
            }
            WatchResult.Interval i = watch.next(System.nanoTime());
            intervals.add(i);
            if (jsonStream) {
                JsonStream.event(out, "interval", i);
            } else if (!json) {
                text.interval(i);
            }
        }
        WatchResult result = new WatchResult(WatchResult.SCHEMA, new BwResult.Tool("wirespeed",
                Version.get()), startedAt, hostName, intervalSeconds, names, intervals,
                status == OutcomeStatus.OK ? BwResult.Outcome.OK : new BwResult.Outcome(status, "stopped by Ctrl-C"));
        if (json) {
            out.println(Json.pretty(result));
        } else if (jsonStream) {
            JsonStream.event(out, "end", result);
        } else {
            text.summary(result);
        }
        out.flush();
        save.save(spec, sink, result, json || jsonStream);
        return status == OutcomeStatus.OK ? ExitCode.OK : ExitCode.INTERRUPTED;
    }

    /** Sleeps until {@code deadline} (System.nanoTime) in short steps; false when Ctrl-C came first. */
    private static boolean sleepUntil(long deadline) {
        while (true) {
            if (Interrupts.raised()) {
                return false;
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            try {
                Thread.sleep(Math.min(100, Math.max(1, left / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}
