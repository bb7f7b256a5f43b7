package dev.wirespeed.cli;

import dev.wirespeed.engine.lat.LatClient;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.report.LatText;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.results.LatResult;
import dev.wirespeed.wire.ModeBounds;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "lat",
        header = "Measure latency by ping-pong over TCP or UDP.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Measure latency by ping-pong to a wirespeed server, over TCP (TCP_NODELAY) or UDP.",
            "Prints perftest's columns per message size, one-way = RTT/2, in microseconds, plus 99.99 %% and the "
                + "round trip itself. Warm-up round trips are excluded from every figure."},
        footer = {"", "Examples:",
            "  wirespeed lat --loopback                 64 B TCP ping-pong against an in-process server",
            "  wirespeed lat 10.0.0.2                   64 B TCP, 100000 round trips after 1000 warm-up",
            "  wirespeed lat 10.0.0.2 --udp -s 4K       4 KiB UDP datagrams",
            "  wirespeed lat 10.0.0.2 -a                sweep 2 B … 8 MiB (UDP: … 32 KiB), 1000 round trips each",
            "  wirespeed lat 10.0.0.2 -t 5 --busy-poll  5 s, both sides spinning on non-blocking sockets",
            "  wirespeed lat 10.0.0.2 -A 2,3 -B 10.0.0.1  ping-pong on CPU 2, the server's echo on its CPU 3, from 10.0.0.1",
            "  wirespeed lat 10.0.0.2 --json            JSON only (docs/json/lat.schema.json)",
            "  wirespeed lat 10.0.0.2 --connect -P 8 -t 10   connection rate (netperf TCP_CRR): 8 at once, 10 s",
            "  wirespeed lat --rdma send 10.0.0.2 -a -- -c UD   ib_send_lat sweep over UD; HOST's server starts its side",
            "",
            "Exit codes: 0 ok, 1 failure (unreachable, server stopped answering), 2 bad usage, 130 Ctrl-C.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class LatCommand implements Callable<Integer> {
    static final long DEFAULT_ITERATIONS = 100_000;
    static final long DEFAULT_SWEEP_ITERATIONS = 1_000;
    static final long DEFAULT_WARMUP = 1_000;
    static final long DEFAULT_SWEEP_WARMUP = 100;
    /** Above this, one round trip takes long enough that the default count is the sweep's. */
    static final long LARGE_MESSAGE_BYTES = 64 * 1024;
    static final long MAX_ITERATIONS = 1_000_000_000L;

    @Mixin
    ClientOptions client;

    @Spec
    CommandSpec spec;

    @Mixin
    ConnectRateOptions connectRate;


    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + Wire.DEFAULT_PORT,
            description = "Server port (default ${DEFAULT-VALUE}; UDP uses the same number).")
    int port;


    @Option(names = {"-u", "--udp"}, description = "UDP ping-pong (default: TCP with TCP_NODELAY).")
    boolean udp;

    @Option(names = {"-s", "--size"}, paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Message size (default 64; 2..8M for TCP, 2..65507 for UDP).")
    Long sizeBytes;

    @Option(names = {"-a", "--all"}, description = "Sweep sizes 2 B … 8 MiB in powers of two (UDP: up to 32 KiB).")
    boolean all;

    @Option(names = {"-n", "--iterations"}, paramLabel = "N",
            description = "Measured round trips per size (default 100000; 1000 with -a or above 64 KiB).")
    Long iterations;

    @Option(names = {"-t", "--time"}, paramLabel = "SEC", description = "Measure for this long per size instead of -n.")
    Double seconds;

    @Option(names = "--warmup", paramLabel = "N",
            description = "Round trips per size before measuring, excluded (default 1000; 100 with -a).")
    Long warmup;

    @Option(names = "--busy-poll", description = "Both sides spin on non-blocking sockets instead of sleeping in "
            + "read: lowest latency, one core busy on each side.")
    boolean busyPoll;

    @Option(names = {"-A", "--affinity"}, paramLabel = "CPU[,SERVER_CPU]",
            description = "Pin this side's ping-pong thread to CPU, and the server's echo thread to SERVER_CPU "
                    + "(as iperf3 -A).")
    String affinity;

    @Option(names = {"-B", "--bind"}, paramLabel = "ADDR", description = "Connect from this local address.")
    String bindAddress;

    @Option(names = {"-J", "--json"}, description = "Print only the result as JSON.")
    boolean json;

    @Option(names = "--timeout", paramLabel = "SEC", defaultValue = "5",
            description = "Give up when the server has not answered for this long (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;






    @Override
    public Integer call() throws IOException {
        Target.Endpoint endpoint = Target.parse(spec, client.host);
        Integer hostPort = Target.portFromHost(spec, endpoint);
        client.host = endpoint.host();
        if (hostPort != null) {
            port = hostPort;
        }
        Target.check(spec, client.host, client.loopback);
        client.habits.check(spec, json, client.loopback);
        client.habits.refuseWhereMeaningless(spec, client.rdma.selected() ? Iperf3HabitOptions.Mode.RDMA
                : Iperf3HabitOptions.Mode.LATENCY);
        client.host = client.habits.host(client.host);
        if (client.rdma.selected()) {
            return runRdma();
        }
        if (client.passThrough != null && !client.passThrough.isEmpty()) {
            throw OptionRanges.usage(spec, "unexpected argument " + client.passThrough.getFirst()
                    + " (perftest options after -- need --rdma)");
        }
        connectRate.refuseAlone(spec);
        if (connectRate.connect) {
            return connectRate.run(this, client.habits.text(spec.commandLine().getOut(), !json));
        }
        LatClient.Config config = config();
        PrintWriter out = client.habits.text(spec.commandLine().getOut(), !json && !client.habits.jsonStream);
        try (ResultsSink sink = client.save.openInBackground(spec); Iperf3HabitOptions.Log log = client.habits.log(out)) {
            // --loopback: the in-process server listens on -p when given, else on any free port
            int targetPort = client.loopback && !spec.commandLine().getParseResult().hasMatchedOption("-p") ? 0 : port;
            LatResult result;
            // On a terminal (not --logfile, not JSON), a line says which size runs and for how long so far.
            try (ProgressLine progress = new ProgressLine(out, out == spec.commandLine().getOut() && !json
                    && !client.habits.jsonStream && Terminal.isTerminal())) {
                LatProgress running = new LatProgress();
                progress.show(running);
                result = Target.run(client.host, targetPort, client.loopback,
                        (h, p) -> run(at(config, h, p), progress.writer(), sink, running));
            }
            if (json) {
                out.println(Json.pretty(result));
            } else if (client.habits.jsonStream) {
                JsonStream.event(out, "end", result);
            } else {
                new LatText(out).summary(result);
            }
            out.flush();
            Saving.save(spec, client.save.labels(spec), sink, "lat", List.of(Measurements.of(result)), "wirespeed-lat-json",
                    Json.MAPPER.writeValueAsString(result), Saving.thisHost(), json || client.habits.jsonStream,
                    result.outcome(), Saving.peer(result.server(), client.loopback, result.serverSharedWithTests()));
            return Outcomes.exitCode(result.outcome(), spec.commandLine().getErr(), spec.qualifiedName(" "));
        }
    }

    private int runRdma() throws IOException {
        OptionRanges.range(spec, "-p", port, 1, 65535);
        OptionRanges.seconds(spec, "--connect-timeout", client.connectTimeoutSeconds, 0.1, 600);
        if (client.loopback || udp || busyPoll || affinity != null || bindAddress != null) {
            throw OptionRanges.usage(spec, "--rdma runs perftest against HOST's wirespeed server: not with --loopback, --udp, "
                    + "--busy-poll, -A or -B");
        }
        if (all && sizeBytes != null) {
            throw OptionRanges.usage(spec, "-a and -s exclude each other: sweep every size or give one");
        }
        if (iterations != null && seconds != null) {
            throw OptionRanges.usage(spec, "-n and -t exclude each other: count round trips or run for a time");
        }
        if (sizeBytes != null) {
            OptionRanges.range(spec, "-s", sizeBytes, 1, 8L << 20);
        }
        if (iterations != null) {
            OptionRanges.range(spec, "-n", iterations, 5, 100_000_000);
        }
        Integer secs = null;
        if (seconds != null) {
            OptionRanges.seconds(spec, "-t", seconds, 1, 86_400);
            secs = (int) Math.ceil(seconds);
        }
        PerftestArgs.Options o = new PerftestArgs.Options(false, client.rdma.device, client.rdma.ibPort, client.rdma.gidIndex, client.rdma.mtuBytes,
                all, sizeBytes == null ? null : sizeBytes.intValue(), iterations, secs, null, client.rdma.perftestPort, false);
        PrintWriter out = client.habits.text(spec.commandLine().getOut(), !json);
        try (ResultsSink sink = client.save.open(spec); Iperf3HabitOptions.Log log = client.habits.log(out)) {
            return RdmaRun.run(spec, new RdmaRun.Request(client.host, port, client.connectTimeoutSeconds, client.rdma, o, client.passThrough, false,
                    json, "lat", client.save.labels(spec), false), sink, out);
        }
    }

    /** Checks every option (exit 2 on the first bad one) and builds the client's configuration. */
    LatClient.Config config() {
        OptionRanges.range(spec, "-p", port, 1, 65535);
        OptionRanges.seconds(spec, "--timeout", timeoutSeconds, 0.1, 3600);
        OptionRanges.seconds(spec, "--connect-timeout", client.connectTimeoutSeconds, 0.1, 600);
        if (all && sizeBytes != null) {
            throw OptionRanges.usage(spec, "-a and -s exclude each other: sweep every size or give one");
        }
        if (iterations != null && seconds != null) {
            throw OptionRanges.usage(spec, "-n and -t exclude each other: count round trips or run for a time");
        }
        int max = ModeBounds.maxLatencyBytes(udp);
        List<Integer> sizes = new ArrayList<>();
        if (all) {
            for (long s = ModeBounds.MIN_LAT_BYTES; s <= max; s *= 2) {
                sizes.add((int) s);
            }
        } else {
            long size = sizeBytes == null ? 64 : sizeBytes;
            OptionRanges.sizeRange(spec, "-s", size, ModeBounds.MIN_LAT_BYTES, max);
            sizes.add((int) size);
        }
        if (iterations != null) {
            OptionRanges.range(spec, "-n", iterations, 1, MAX_ITERATIONS);
        }
        if (seconds != null) {
            OptionRanges.seconds(spec, "-t", seconds, 0.01, 3600);
        }
        if (warmup != null) {
            OptionRanges.range(spec, "--warmup", warmup, 0, MAX_ITERATIONS);
        }
        boolean few = all || sizes.getFirst() > LARGE_MESSAGE_BYTES;
        Long n = seconds != null ? null : iterations != null ? iterations
                : few ? DEFAULT_SWEEP_ITERATIONS : DEFAULT_ITERATIONS;
        long warm = warmup != null ? warmup : all ? DEFAULT_SWEEP_WARMUP : DEFAULT_WARMUP;
        Integer[] cpus = affinity == null ? new Integer[2] : BwOptions.cpus(spec, affinity);
        return LatClient.Config.builder().cpu(cpus[0]).serverCpu(cpus[1]).bindAddress(BwOptions.bind(spec, bindAddress))
                .host(client.host).port(port).udp(udp).sizesBytes(sizes).iterations(n)
                .secondsPerSize(seconds).warmupIterations(warm).busyPoll(busyPoll)
                .connectTimeoutMillis(client.connectTimeoutMillis()).timeoutMillis(millis(timeoutSeconds))
                .interrupted(Interrupts::raised).build();
    }

    private static LatClient.Config at(LatClient.Config c, String host, int port) {
        return c.toBuilder().host(host).port(port).build();
    }

    private LatResult run(LatClient.Config config, PrintWriter out, ResultsSink sink, LatProgress running)
            throws IOException {
        LatText text = new LatText(out);
        LatClient.Listener shown = json ? new LatClient.Listener() {}
                : client.habits.jsonStream ? JsonStream.latListener(out) : new LatClient.Listener() {
            @Override
            public void connected(BwResult.Peer server, LatResult.LatParams params) {
                text.header(server, params);
            }

            @Override
            public void row(LatResult.LatRow row) {
                text.row(row);
            }
        };
        PrintWriter err = spec.commandLine().getErr();
        return new LatClient(config).run(new LatClient.Listener() {
            @Override
            public void connected(BwResult.Peer server, LatResult.LatParams params) {
                SaveOptions.awaitBeforeData(sink);
                shown.connected(server, params);
                running.started(params);
            }

            @Override
            public void row(LatResult.LatRow row) {
                shown.row(row);
                running.sizeDone();
            }

            /** Warnings go to stderr whatever stdout carries. */
            @Override
            public void warning(String line) {
                err.println(line);
                err.flush();
            }
        });
    }

    private static int millis(double seconds) {
        return (int) Math.round(seconds * 1000);
    }
}
