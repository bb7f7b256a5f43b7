package dev.wirespeed.cli;

import dev.wirespeed.cluster.Endpoint;
import dev.wirespeed.cluster.HostListException;
import dev.wirespeed.cluster.Hosts;
import dev.wirespeed.cluster.Mesh;
import dev.wirespeed.cluster.MeshConfig;
import dev.wirespeed.cluster.MeshEngine;
import dev.wirespeed.cluster.MeshHtml;
import dev.wirespeed.cluster.MeshMeasurements;
import dev.wirespeed.cluster.MeshPattern;
import dev.wirespeed.cluster.MeshResult;
import dev.wirespeed.cluster.MeshText;
import dev.wirespeed.cluster.Pair;
import dev.wirespeed.cluster.PerftestSpec;
import dev.wirespeed.cluster.Round;
import dev.wirespeed.cluster.Token;
import dev.wirespeed.guard.BoundedRead;
import dev.wirespeed.results.Json;
import dev.wirespeed.store.HostSummary;
import dev.wirespeed.store.ResultsSink;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "mesh",
        header = "Test every pair of agents and name the slow links.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Test every pair of hosts running `wirespeed agent`, in rounds of disjoint pairs at once,",
            "and name the slow links and the host behind them. Prints the time it will take first,",
            "a line per round, then the pair matrix, the hosts' differences and a verdict."},
        footer = {"", "Examples:",
            "  wirespeed mesh --hosts 'node[01-16]' --token-file ~/.wirespeed-token",
            "  wirespeed mesh --hosts 'rack[1-2]-n[1-4]' -t 10 --bidir --html mesh.html",
            "  wirespeed mesh --hostfile hosts.txt --pattern ring",
            "  wirespeed mesh --hosts 'gpu[01-08]' --pattern star:gpu01 --expect 95",
            "  wirespeed mesh --pattern pairs:cables.txt            hosts taken from the pairs file",
            "  wirespeed mesh --hosts 'node[01-09]' --pattern incast --to node01   8 senders into node01 at once",
            "  wirespeed mesh --hosts 'node[01-33]' --pattern incast --to node01 --fan-in 16 -J",
            "  wirespeed mesh --engine perftest --rdma-device mlx5_0   ib_write_bw between agents",
            "  srun -N $SLURM_NNODES wirespeed agent … & wirespeed mesh   hosts from $SLURM_JOB_NODELIST",
            "  wirespeed mesh --hosts 'node[01-99]' --dry-run       show the rounds and the time, run nothing",
            "",
            "Exit codes: 0 all pairs fine, 1 fewer than two agents, 2 bad usage, 3 findings, 130 Ctrl-C.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class MeshCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--hosts", paramLabel = "EXPR",
            description = "Hosts as a Slurm host list: node[01-16,20], rack[1-2]-n[1-4], host:port.")
    String hostsExpression;

    @Option(names = "--hostfile", paramLabel = "FILE", description = "One host (or host list) per line; '#' comments.")
    Path hostFile;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + Wire.DEFAULT_PORT,
            description = "Agent port of hosts given without one (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--pattern", paramLabel = "PATTERN", defaultValue = "all-pairs",
            completionCandidates = Candidates.MeshPatterns.class,
            description = "all-pairs (default), ring, star:HOST, pairs:FILE ('client server' per line), or incast"
                    + " (with --to HOST: every sender into HOST at once).")
    String pattern;

    @Option(names = "--to", paramLabel = "HOST",
            description = "With --pattern incast: the receiver every sender sends to at the same moment.")
    String incastTo;

    @Option(names = "--fan-in", paramLabel = "N",
            description = "With --pattern incast: how many senders (the first N other hosts; default all of them).")
    Integer fanIn;

    @Option(names = {"-t", "--time"}, paramLabel = "SEC", defaultValue = "5",
            description = "Seconds each pair is measured (default ${DEFAULT-VALUE}; 0.5..600).")
    double seconds;

    @Option(names = {"-O", "--omit"}, paramLabel = "SEC", defaultValue = "1",
            description = "Warm-up seconds before each measurement, excluded (default ${DEFAULT-VALUE}; 0..60).")
    double omitSeconds;

    @Option(names = {"-P", "--parallel"}, paramLabel = "STREAMS",
            description = "TCP streams per direction (1..128; default: the client's cores, up to 8).")
    Integer streams;

    @Option(names = "--bidir", description = "Both directions of each pair at once.")
    boolean bidir;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "tcp", converter = EngineConverter.class,
            description = "tcp (wirespeed's own test, default) or perftest (RDMA, ib_write_bw … on the agents).")
    MeshEngine engine;

    /** --engine by its label; the error names the choices. */
    static final class EngineConverter implements CommandLine.ITypeConverter<MeshEngine> {
        @Override
        public MeshEngine convert(String value) {
            return MeshEngine.of(value).orElseThrow(() -> new CommandLine.TypeConversionException(
                    "--engine '" + value + "' is not one of " + MeshEngine.labels()));
        }
    }

    @Option(names = "--perftest", paramLabel = "TEST", defaultValue = "ib_write_bw",
            description = "With --engine perftest: ib_write_bw (default), ib_send_bw or ib_read_bw.")
    String perftestName;

    @Option(names = "--rdma-device", paramLabel = "DEV", description = "With --engine perftest: the RDMA device (-d).")
    String rdmaDevice;

    @Option(names = "--size", paramLabel = "BYTES", converter = SizeConverter.class, defaultValue = "64K",
            description = "With --engine perftest: message size (default 64K).")
    long sizeBytes;

    @Option(names = "--gid-index", paramLabel = "N", description = "With --engine perftest on RoCE: GID index (-x).")
    Integer gidIndex;

    @Option(names = "--expect", paramLabel = "PCT", defaultValue = "90",
            description = "A pair below this %% of the median (or of its link's ceiling) is slow (default ${DEFAULT-VALUE}).")
    double expectPercent;

    @Option(names = "--token-file", paramLabel = "FILE", description = "The agents' shared secret.")
    Path tokenFile;

    @Option(names = "--insecure",
            description = "Talk to agents in plain text, without TLS (only to agents started with --insecure).")
    boolean insecure;

    @Option(names = "--connect-timeout", paramLabel = "SEC", defaultValue = "5",
            description = "Seconds to wait for each agent to connect and answer (default ${DEFAULT-VALUE}).")
    double connectTimeoutSeconds;

    @Option(names = {"-J", "--json"}, description = "Print only the result as JSON (schema: docs/json/mesh.schema.json); progress goes to stderr.")
    boolean json;

    @Option(names = "--html", paramLabel = "FILE", description = "Also write an HTML report: N×N heatmap and findings.")
    Path htmlFile;

    @Mixin
    SaveOptions save;

    @Option(names = "--dry-run", description = "Print the rounds and the time they would take; contact no agent.")
    boolean dryRun;

    @Override
    public Integer call() throws IOException, InterruptedException {
        OptionRanges.range(spec, "-p", port, 1, 65535);
        OptionRanges.seconds(spec, "-t", seconds, 0.5, 600);
        OptionRanges.seconds(spec, "-O", omitSeconds, 0, 60);
        OptionRanges.seconds(spec, "--connect-timeout", connectTimeoutSeconds, 0.1, 600);
        OptionRanges.percent(spec, "--expect", expectPercent, 1, 100);
        if (streams != null) {
            OptionRanges.range(spec, "-P", streams, 1, 128);
        }
        Output.check(spec, htmlFile, "--html");
        PerftestSpec perftest = perftestSpec();
        MeshPattern meshPattern;
        List<Endpoint> hosts;
        List<Round> rounds;
        try {
            meshPattern = pattern();
            hosts = hosts(meshPattern);
            if (hosts.size() < 2) {
                throw OptionRanges.usage(spec, "a mesh needs at least two hosts (got " + hosts.size() + ")");
            }
            rounds = meshPattern.rounds(hosts);
        } catch (HostListException | NoSuchFileException | BoundedRead.Refused e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
        Token token = AgentCommand.readToken(spec, tokenFile);
        List<String> labels = save.labels(spec);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        MeshText progress = new MeshText(json ? err : out);
        MeshConfig config = MeshConfig.builder().hosts(hosts).rounds(rounds).pattern(meshPattern.text())
                .engine(engine).seconds(seconds).omitSeconds(engine == MeshEngine.PERFTEST ? 0 : omitSeconds)
                .streams(engine == MeshEngine.PERFTEST ? null : streams).bidir(bidir).expectPercent(expectPercent)
                .perftest(perftest).token(token).insecure(insecure).connectTimeoutMillis((int) Math.round(connectTimeoutSeconds * 1000))
                .interrupted(Interrupts::raised).build();
        if (dryRun) {
            return dryRun(config, out);
        }
        if (insecure) {
            err.println("warning: --insecure: sessions with the agents travel in plain text; facts, test requests and"
                    + " results can be read and changed on the path");
            err.flush();
        }
        MeshResult result;
        try (ResultsSink sink = save.open(spec)) {
            // this host's facts are read while the mesh runs: after Ctrl-C or SIGTERM the JVM gives the
            // save seconds (Interrupts), and reading sysfs on a busy host can take them all
            CompletableFuture<HostSummary> thisHost = sink.describe() == null
                    ? CompletableFuture.completedFuture(null)
                    : CompletableFuture.supplyAsync(Saving::thisHost);
            result = new Mesh(config).run(progress);
            if (json) {
                out.println(Json.pretty(result));
            } else {
                progress.summary(result);
            }
            out.flush();
            PrintWriter notes = json ? err : out;
            if (htmlFile != null) {
                Output.write(spec, htmlFile, "--html", w -> w.print(MeshHtml.render(result)));
                notes.println("report: " + htmlFile);
            }
            List<Long> ids = Saving.saveItems(spec, sink, "mesh", MeshMeasurements.items(result, labels),
                    thisHost.join());
            if (!ids.isEmpty()) {
                notes.println("saved: mesh as result " + ids.getFirst() + (ids.size() > 1 ? ", its " + (ids.size() - 1)
                        + " flows as results " + ids.get(1) + "–" + ids.getLast() : "") + " in " + sink.describe());
            }
            notes.flush();
        }
        int code = Outcomes.exitCode(result.outcome().status());
        return code == ExitCode.OK && result.hasFindings() ? ExitCode.FINDINGS : code;
    }

    /** --pattern, with --to and --fan-in for incast (and refused beside any other pattern). */
    private MeshPattern pattern() {
        boolean incast = pattern.equals("incast") || pattern.startsWith(MeshPattern.IncastTo.PREFIX);
        if (!incast && (incastTo != null || fanIn != null)) {
            throw OptionRanges.usage(spec, (incastTo != null ? "--to" : "--fan-in") + " works with --pattern incast only");
        }
        if (fanIn != null) {
            OptionRanges.range(spec, "--fan-in", fanIn, 1, 4096);
        }
        if (!incast) {
            return MeshPattern.parse(pattern);
        }
        if (engine == MeshEngine.PERFTEST) {
            throw OptionRanges.usage(spec, "--pattern incast works with --engine tcp only");
        }
        if (bidir) {
            throw OptionRanges.usage(spec, "--pattern incast sends one way, into --to; --bidir does not apply");
        }
        String to = pattern.equals("incast") ? incastTo : pattern.substring(MeshPattern.IncastTo.PREFIX.length());
        if (pattern.equals("incast") && incastTo == null) {
            throw OptionRanges.usage(spec, "--pattern incast needs --to HOST, the receiver");
        }
        if (incastTo != null && !incastTo.equals(to)) {
            throw OptionRanges.usage(spec, "--pattern " + pattern + " and --to " + incastTo + " name different receivers");
        }
        if (to.isEmpty()) {
            throw OptionRanges.usage(spec, "--pattern incast needs --to HOST, the receiver");
        }
        return new MeshPattern.IncastTo(to, fanIn);
    }

    private List<Endpoint> hosts(MeshPattern meshPattern) throws IOException {
        List<Endpoint> hosts = Hosts.resolve(hostsExpression, hostFile, System.getenv(), port);
        if (hosts.isEmpty() && meshPattern instanceof MeshPattern.Pairs pairs) {
            hosts = Hosts.endpoints(pairs.hostNames(), port);
        }
        if (hosts.isEmpty()) {
            throw OptionRanges.usage(spec, "no hosts: give --hosts EXPR or --hostfile FILE, run inside a Slurm allocation ($"
                    + Hosts.SLURM_NODELIST + "), or use --pattern pairs:FILE");
        }
        return hosts;
    }

    private PerftestSpec perftestSpec() {
        if (engine != MeshEngine.PERFTEST) {
            return null;
        }
        if (bidir) {
            throw OptionRanges.usage(spec, "--bidir works with --engine tcp only");
        }
        OptionRanges.sizeRange(spec, "--size", sizeBytes, 2, 8 << 20);
        PerftestSpec p = new PerftestSpec(perftestName, rdmaDevice, (int) sizeBytes, (int) Math.ceil(seconds),
                PerftestSpec.DEFAULT_PORT, gidIndex);
        try {
            p.validate(600_000);
        } catch (IllegalArgumentException e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
        return p;
    }

    private int dryRun(MeshConfig config, PrintWriter out) {
        int widest = config.rounds().stream().mapToInt(r -> r.pairs().size()).max().orElse(0);
        int pairs = config.rounds().stream().mapToInt(r -> r.pairs().size()).sum();
        new MeshText(out).planned(new MeshResult.Params(config.pattern(), config.engine(), config.seconds(),
                config.omitSeconds(), config.streams(), config.bidir(), config.expectPercent(), config.rounds().size(),
                pairs, Mesh.estimateSeconds(config.rounds().size(), config.seconds(), config.omitSeconds(),
                        config.engine()), config.perftest()), config.hosts().size(), widest);
        for (Round r : config.rounds()) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "round %d:", r.index() + 1));
            for (Pair p : r.pairs()) {
                b.append("  ").append(config.hosts().get(p.client()).label()).append(" → ")
                        .append(config.hosts().get(p.server()).label());
            }
            if (!r.idle().isEmpty() && r.idle().size() <= 2) {
                b.append("  (idle: ").append(String.join(", ", r.idle().stream()
                        .map(i -> config.hosts().get(i).label()).toList())).append(')');
            }
            out.println(b);
        }
        out.flush();
        return ExitCode.OK;
    }
}
