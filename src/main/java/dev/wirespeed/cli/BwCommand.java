package dev.wirespeed.cli;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.sys.NumaPlacement;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Inspection;
import dev.wirespeed.iperf3.Iperf3;
import dev.wirespeed.iperf3.Iperf3Client;
import dev.wirespeed.perftest.PerftestArgs;
import dev.wirespeed.report.BwText;
import dev.wirespeed.report.RateUnit;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurements;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "bw",
        header = "Measure TCP or UDP bandwidth to a wirespeed or iperf3 server.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Measure TCP bandwidth to a wirespeed server (many streams, intervals, reverse, both ways),",
            "UDP bandwidth with loss and jitter (--udp), or a message-size sweep (-a);",
            "against an iperf3 server with --iperf3.",
            "Rates are decimal (1 Gbit/s = 10^9 bit/s), sizes binary (1 GiB = 2^30 bytes)."},
        footer = {"", "Examples:",
            "  wirespeed bw --loopback              this host against itself (in-process server)",
            "  wirespeed bw 10.0.0.2                10 s upload, streams chosen for this host",
            "  wirespeed bw 10.0.0.2 -P 8 -t 30 -O 2   eight streams, 30 s measured after 2 s warm-up",
            "  wirespeed bw 10.0.0.2 -R             the server sends (download)",
            "  wirespeed bw 10.0.0.2 --bidir -P 4   four streams each way at once",
            "  wirespeed bw 10.0.0.2 -n 10G --json  send 10 GiB, print JSON only",
            "  wirespeed bw 10.0.0.2 --json-format iperf3 | jq .end.sum_received.bits_per_second   iperf3 -J's shape",
            "  wirespeed bw 10.0.0.2 -t 0           until Ctrl-C (or SIGTERM), as iperf3 -t 0",
            "  wirespeed bw 10.0.0.2 --dscp AF41    mark the data (= -S 0x88); the server says what it received",
            "  wirespeed bw 10.0.0.2 --udp -b 10G -l 8K   UDP at 10 Gbit/s per stream: loss, jitter, reordering",
            "  wirespeed bw 10.0.0.2 --udp -b 0 -R  UDP as fast as the server can send",
            "  wirespeed bw 10.0.0.2 -a             size sweep 2 B … 8 MiB: BW peak, average, MsgRate",
            "  wirespeed bw 10.0.0.2 --latency      latency under load: pings idle 3 s, then beside the load (bufferbloat)",
            "  wirespeed bw 10.0.0.2 --latency udp -R -t 30 --idle 5   UDP pings while the server sends",
            "  wirespeed bw --iperf3 10.0.0.2 -P 4  against an iperf3 server (iperf3 -s), port 5201",
            "  wirespeed bw 10.0.0.2 --get-server-output   then the server's own report of the test (as iperf3)",
            "  wirespeed bw --rdma write 10.0.0.2 -a   ib_write_bw sweep; HOST's wirespeed server starts its side",
            "  wirespeed bw --rdma write 10.0.0.2 -R   HOST writes to this host (its server runs perftest's client)",
            "  wirespeed bw --rdma write 10.0.0.2 --bidir -a   perftest -b: both directions, summed as perftest prints",
            "  wirespeed bw --rdma send 10.0.0.2 --ib-dev mlx5_0 --gid-index 3 -P 4 -- -c UD",
            "",
            "Exit codes: 0 ok, 1 failure (unreachable, refused, server lost), 2 bad usage, 130 Ctrl-C.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class BwCommand implements Callable<Integer> {
    @Mixin
    ClientOptions client;

    @Spec
    CommandSpec spec;


    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + Wire.DEFAULT_PORT,
            description = "Server port (default ${DEFAULT-VALUE}).")
    int port;


    @Option(names = "--iperf3", description = "HOST runs an iperf3 server (iperf3 -s): speak its protocol; port "
            + Iperf3.DEFAULT_PORT + " unless -p.")
    boolean iperf3;

    @Option(names = "--get-server-output", description = "After the result, print the server's own report of the "
            + "test (as iperf3): its log lines for the test, or an iperf3 server's text or -J document; in --json "
            + "as serverOutput. TCP and UDP tests.")
    boolean getServerOutput;

    @Mixin
    BwOptions options;

    @Mixin
    BwModeOptions modes;

    @Mixin
    LoadOptions load;

    @Option(names = {"-J", "--json"}, description = "Print only the result as JSON (schema: docs/json/bw.schema.json).")
    boolean json;

    @Mixin
    JsonFormatOption jsonFormat;



    @Option(names = {"-s", "--size"}, paramLabel = "SIZE", converter = SizeConverter.class,
            description = "RDMA message size with --rdma (perftest -s; TCP uses -l).")
    Long sizeBytes;


    /** The port HOST:PORT named, if it named one. */
    private Integer hostPort;

    @Override
    public Integer call() throws IOException {
        Target.Endpoint endpoint = Target.parse(spec, client.host);
        hostPort = Target.portFromHost(spec, endpoint);
        client.host = endpoint.host();
        if (hostPort != null) {
            port = hostPort;
        }
        if (client.host == null && !client.loopback) {
            throw OptionRanges.usage(spec, "missing HOST (or --loopback)");
        }
        if (client.host != null && client.loopback) {
            throw OptionRanges.usage(spec, "give HOST or --loopback, not both");
        }
        OptionRanges.range(spec, "-p", port, 1, 65535);
        OptionRanges.seconds(spec, "--connect-timeout", client.connectTimeoutSeconds, 0.1, 600);
        json = jsonFormat.check(spec, json, client.habits.jsonStream, client.rdma.selected(), modes.all);
        client.habits.check(spec, json, client.loopback);
        client.habits.refuseWhereMeaningless(spec, client.rdma.selected() ? Iperf3HabitOptions.Mode.RDMA
                : modes.udp ? Iperf3HabitOptions.Mode.UDP : modes.all ? Iperf3HabitOptions.Mode.SWEEP
                : Iperf3HabitOptions.Mode.TCP);
        load.refuseAlone(spec);
        if (load.selected() && client.rdma.selected()) {
            throw OptionRanges.usage(spec, "--latency runs beside a TCP test against a wirespeed server: not with --rdma");
        }
        if (iperf3 && !spec.commandLine().getParseResult().hasMatchedOption("-l")) {
            options.bufferBytes = Iperf3.DEFAULT_TCP_LEN; // speaking iperf3's protocol, write as iperf3 does
        }
        if (client.habits.blockCount != null) {
            options.bytes = client.habits.bytes(options.bufferBytes);
        }
        if (getServerOutput && (client.rdma.selected() || modes.all)) {
            throw OptionRanges.usage(spec, "--get-server-output asks a wirespeed or iperf3 server for its report of a TCP or"
                    + " UDP test: not with " + (modes.all ? "-a" : "--rdma"));
        }
        if (client.rdma.selected()) {
            options.refuseUnsupported(spec);
            if (options.fqRateBitsPerSecond != null) {
                throw OptionRanges.usage(spec, "--fq-rate paces wirespeed's TCP streams: not with --rdma");
            }
            if (options.tos != null || options.dscp != null) {
                throw OptionRanges.usage(spec, "-S/--dscp: with --rdma the traffic class is perftest's (-- --tclass N)");
            }
            client.host = client.habits.host(client.host);
            return runRdma();
        }
        if (sizeBytes != null || client.passThrough != null && !client.passThrough.isEmpty()) {
            throw OptionRanges.usage(spec, sizeBytes != null ? "-s is the RDMA message size (with --rdma); TCP uses -l"
                    : "unexpected argument " + client.passThrough.getFirst() + " (perftest options after -- need --rdma)");
        }
        TestSpec test = options.toSpec(spec);
        if (test.tos() != null && (modes.selected() || iperf3)) {
            throw OptionRanges.usage(spec, "-S/--dscp mark wirespeed's TCP test (the server reports what it received): not with "
                    + (iperf3 ? "--iperf3" : modes.udp ? "--udp" : modes.all ? "-a" : "-b"));
        }
        if (test.pacingBitsPerSecond() > 0 && (modes.selected() || iperf3)) {
            throw OptionRanges.usage(spec, "--fq-rate paces wirespeed's TCP streams: not with "
                    + (iperf3 ? "--iperf3" : modes.udp ? "--udp (use -b)" : modes.all ? "-a" : "-b"));
        }
        if (test.untilStopped() && (modes.selected() || iperf3)) {
            throw OptionRanges.usage(spec, "-t 0 (until stopped) runs a TCP test against a wirespeed server: not with "
                    + (iperf3 ? "--iperf3" : modes.udp ? "--udp" : modes.all ? "-a" : "-b"));
        }
        if (iperf3 && client.loopback) {
            throw OptionRanges.usage(spec, "--iperf3 tests against an iperf3 server: give its HOST, not --loopback");
        }
        if (iperf3 && test.omitMillis() % 1000 != 0) {
            throw OptionRanges.usage(spec, "-O must be whole seconds with --iperf3 (iperf3 counts its warm-up in seconds)");
        }
        if (load.selected()) {
            load.validate(this, test);
        }
        int targetPort = targetPort();
        client.host = client.habits.host(client.host);
        PrintWriter out = client.habits.text(spec.commandLine().getOut(), !json && !client.habits.jsonStream);
        PrintWriter err = spec.commandLine().getErr();
        try (ResultsSink sink = client.save.openInBackground(spec); Iperf3HabitOptions.Log log = client.habits.log(out)) {
            this.sink = sink;
            if (load.selected()) {
                return load.run(this, test, out);
            }
            if (modes.selected()) {
                return modes.run(this, test, out);
            }
            BwResult result;
            if (client.loopback) {
                try (LoopbackServer server = LoopbackServer.start(targetPort)) {
                    result = run("127.0.0.1", server.port(), test, out);
                }
            } else {
                result = run(client.host, targetPort, test, out);
            }
            int code = finish(result, out, err);
            saveResults(Measurements.of(result), "wirespeed-bw-json", result, result.outcome(), result.server(),
                    result.serverSharedWithTests());
            return code;
        }
    }

    private int runRdma() throws IOException {
        if (client.loopback || iperf3 || modes.udp || modes.bitsPerSecond != null) {
            throw OptionRanges.usage(spec, "--rdma runs perftest against HOST's wirespeed server: not with --loopback, "
                    + "--iperf3, --udp or -b");
        }
        if (options.reverse && options.bidir) {
            throw OptionRanges.usage(spec, "-R and --bidir exclude each other");
        }
        if (modes.all && sizeBytes != null) {
            throw OptionRanges.usage(spec, "give -a or -s, not both");
        }
        Integer size = null;
        if (sizeBytes != null) {
            OptionRanges.range(spec, "-s", sizeBytes, 1, 8L << 20);
            size = sizeBytes.intValue();
        }
        Long iterations = null;
        if (options.bytes != null) {
            if (modes.all || size == null) {
                throw OptionRanges.usage(spec, "-n with --rdma needs -s (the iterations are -n / -s)");
            }
            iterations = Math.max(5, options.bytes / size);
        }
        Integer seconds = null;
        if (spec.commandLine().getParseResult().hasMatchedOption("-t")) {
            OptionRanges.seconds(spec, "-t", options.seconds, 1, 86_400);
            seconds = (int) Math.ceil(options.seconds);
        }
        if (options.parallel != null) {
            OptionRanges.range(spec, "-P", options.parallel, 1, 16_384);
        }
        PerftestArgs.Options o = new PerftestArgs.Options(true, client.rdma.device, client.rdma.ibPort, client.rdma.gidIndex, client.rdma.mtuBytes,
                modes.all, size, iterations, seconds, options.parallel, client.rdma.perftestPort, options.bidir);
        PrintWriter out = client.habits.text(spec.commandLine().getOut(), !json);
        try (ResultsSink sink = client.save.open(spec); Iperf3HabitOptions.Log log = client.habits.log(out)) {
            return RdmaRun.run(spec, new RdmaRun.Request(client.host, port, client.connectTimeoutSeconds, client.rdma, o, client.passThrough, true,
                    json, "bw", client.save.labels(spec), options.reverse), sink, out);
        }
    }

    /** Where this run's results go (set while the command runs). */
    private ResultsSink sink = ResultsSink.NONE;

    /** Where this run's results go (its open is awaited before data flows). */
    ResultsSink sink() {
        return sink;
    }

    /** Saves what this bw run measured (TCP, UDP or a sweep) with its full JSON beside it. */
    void saveResults(List<Measurement> measurements, String rawFormat, Object raw,
                     BwResult.Outcome outcome, BwResult.Peer server) throws IOException {
        saveResults(measurements, rawFormat, raw, outcome, server, null);
    }

    /** @param sharedWithTests the server's word on the tests it ran beside this one (null: none given) */
    void saveResults(List<Measurement> measurements, String rawFormat, Object raw,
                     BwResult.Outcome outcome, BwResult.Peer server, Integer sharedWithTests) throws IOException {
        Saving.save(spec, client.save.labels(spec), sink, "bw", measurements, rawFormat, Json.MAPPER.writeValueAsString(raw),
                Saving.thisHost(), json || client.habits.jsonStream, outcome,
                Saving.peer(server, client.loopback, sharedWithTests));
    }

    /**
     * -p, or iperf3's port with --iperf3 when -p is not given; with --loopback, the in-process server's
     * port: -p when given, else any free one (0).
     */
    int targetPort() {
        boolean given = hostPort != null || spec.commandLine().getParseResult().hasMatchedOption("-p");
        if (client.loopback) {
            return given ? port : 0;
        }
        return iperf3 && !given ? Iperf3.DEFAULT_PORT : port;
    }

    private BwResult run(String target, int targetPort, TestSpec test, PrintWriter out) throws IOException {
        int timeoutMillis = client.connectTimeoutMillis();
        BitSet place = null;
        BwResult.Placement placed = null;
        if (options.affinity == null && !iperf3) {
            Optional<NumaPlacement.Placement> p = numaPlacement(target, targetPort, test);
            if (p.isPresent()) {
                place = p.get().cpus().cpus();
                placed = p.get().result();
                if (!json) {
                    out.println(placed.line());
                }
            }
        }
        BwClient.Config config = BwClient.Config.builder().host(target).port(targetPort).spec(test)
                .streamsChosenBy(options.streamsChosenBy()).connectTimeoutMillis(timeoutMillis)
                .handshakeTimeoutMillis(timeoutMillis).interrupted(Interrupts::raised).bindAddress(options.bind(spec))
                .cpu(options.clientCpu(spec)).placeCpus(place)
                .clientPort(client.habits.clientPort == null ? 0 : client.habits.clientPort)
                .bindDevice(options.bindDevice(spec))
                .serverOutput(getServerOutput).build();
        BwClient.Listener listener = warningsTo(spec.commandLine().getErr(), sink, json ? new BwClient.Listener() {}
                : client.habits.jsonStream ? JsonStream.listener(out) : textListener(out, test, client.habits.rateUnit()));
        BwResult result = iperf3 ? new Iperf3Client(config).run(listener) : new BwClient(config).run(listener);
        return placed == null ? result : result.withPlacement(placed);
    }

    /**
     * Without -A, a multi-stream test on a host with several NUMA nodes runs its streams on the node
     * of the NIC the kernel routes the peer through. Best effort: anything unreadable places nothing.
     */
    static Optional<NumaPlacement.Placement> numaPlacement(String target, int targetPort, TestSpec test) {
        int threads = test.streams() * (test.direction() == Direction.BIDIR ? 2 : 1);
        if (threads < 2) {
            return Optional.empty();
        }
        try (Stream<Path> nodes = Files.list(
                Path.of("/sys/devices/system/node"))) {
            // cheap first look: reading the whole host's facts is for hosts where there is a choice
            if (nodes.filter(n -> n.getFileName().toString().matches("node[0-9]+")).count() < 2) {
                return Optional.empty();
            }
            String nic = Routes.interfaceTo(target, targetPort).orElse(null);
            Facts facts = Inspection.read(Path.of("/"), null, new CommandFacts());
            return NumaPlacement.decide(facts, nic, threads, false);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The client's warnings (streams that cannot start in time) go to stderr, whatever stdout
     * carries; the store's open is awaited before the header (a damaged database ends the command there).
     */
    static BwClient.Listener warningsTo(PrintWriter err, ResultsSink sink, BwClient.Listener listener) {
        return new BwClient.Listener() {
            @Override
            public void connected(BwResult.Peer server, BwResult.BwParams params) {
                SaveOptions.awaitBeforeData(sink);
                listener.connected(server, params);
            }

            @Override
            public void interval(BwResult.IntervalReport report) {
                listener.interval(report);
            }

            @Override
            public void warning(String line) {
                err.println(line);
                err.flush();
            }
        };
    }

    static BwClient.Listener textListener(PrintWriter out, TestSpec test, RateUnit unit) {
        BwText text = new BwText(out, test.direction() == Direction.BIDIR, unit);
        return new BwClient.Listener() {
            @Override
            public void connected(BwResult.Peer server, BwResult.BwParams params) {
                text.header(server, params);
            }

            @Override
            public void interval(BwResult.IntervalReport report) {
                text.interval(report);
            }
        };
    }

    private int finish(BwResult result, PrintWriter out, PrintWriter err) {
        if (json) {
            out.println(jsonFormat.render(result));
        } else if (client.habits.jsonStream) {
            JsonStream.serverOutput(out, result.serverOutput());
            JsonStream.event(out, "end", result);
        } else {
            new BwText(out, false, client.habits.rateUnit()).summary(result);
        }
        out.flush();
        return exitCodeOf(result, err, spec.qualifiedName(" "));
    }

    static int exitCodeOf(BwResult result, PrintWriter err, String name) {
        return Outcomes.exitCode(result.outcome(), err, name);
    }

    /** An in-process server on 127.0.0.1, port chosen by the kernel, logging nowhere. */
    static final class LoopbackServer implements AutoCloseable {
        private final Server server;

        private LoopbackServer(Server server) {
            this.server = server;
        }

        static LoopbackServer start() throws IOException {
            return start(0);
        }

        /** On {@code port} of 127.0.0.1 (0: any free port). */
        static LoopbackServer start(int port) throws IOException {
            Server s = new Server(new Server.Config("127.0.0.1", port, false, TestSpec.Limits.DEFAULT, 10_000,
                    line -> { }));
            s.serveInBackground();
            return new LoopbackServer(s);
        }

        int port() {
            return server.port();
        }

        @Override
        public void close() {
            server.close();
        }
    }
}
