package dev.wirespeed.cli;

import com.sun.net.httpserver.HttpServer;
import dev.wirespeed.Version;
import dev.wirespeed.cluster.Agent;
import dev.wirespeed.cluster.AgentConfig;
import dev.wirespeed.cluster.FactsSource;
import dev.wirespeed.cluster.MetricsEndpoint;
import dev.wirespeed.cluster.Token;
import dev.wirespeed.guard.BoundedRead;
import dev.wirespeed.io.Io;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "agent",
        header = "Run a cluster agent that answers a coordinator (wirespeed mesh).",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Cluster agent: a wirespeed server that also answers a coordinator (`wirespeed mesh`):",
            "its doctor facts, and tests to a peer with bounded parameters. It runs only wirespeed's own",
            "tests (and perftest, when installed): never a command sent over the wire.",
            "Off loopback it needs --token-file: a shared secret proven by HMAC challenge-response.",
            "Sessions run over TLS 1.3; the agent's key derives from the token, which pins it for the",
            "coordinator (docs/SECURITY.md). --insecure (both sides) turns TLS off."},
        footer = {"", "Examples:",
            "  head -c 32 /dev/urandom | base64 > /etc/wirespeed/token; chmod 600 /etc/wirespeed/token",
            "  wirespeed agent --token-file /etc/wirespeed/token",
            "  wirespeed agent --token-file /etc/wirespeed/token --metrics :9301",
            "      Prometheus on http://127.0.0.1:9301/metrics (0.0.0.0:9301: every address)",
            "  wirespeed agent --bind 127.0.0.1 -p 5401      loopback, no token (tests)",
            "  srun --ntasks-per-node=1 wirespeed agent --token-file ~/.wirespeed-token &   (see docs/cluster.md)",
            "",
            "Exit codes: 0 stopped, 1 cannot listen, 2 bad usage.",
            "", Docs.FOOTER, Docs.FOOTER_DIR})
public final class AgentCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-B", "--bind"}, paramLabel = "ADDR", description = "Listen on this address only (default: all).")
    String bind;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + Wire.DEFAULT_PORT,
            description = "Port for coordinators and peers' tests (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "Shared secret (16+ characters) a coordinator must prove; required off loopback.")
    Path tokenFile;

    @Option(names = "--insecure",
            description = "Coordinator sessions in plain text, without TLS (the coordinator needs --insecure too).")
    boolean insecure;

    @Option(names = "--metrics", paramLabel = "[ADDR]:PORT",
            description = {"Serve Prometheus metrics of the latest result per peer and test on http://ADDR:PORT/metrics.",
                "No ADDR (:9301) is loopback only: the endpoint has no authentication; 0.0.0.0 or [::] is every address."})
    String metrics;

    @Option(names = "--metrics-port", paramLabel = "PORT",
            description = "Older spelling of --metrics :PORT.")
    Integer metricsPort;

    @Option(names = "--metrics-bind", paramLabel = "ADDR",
            description = "Older spelling of the ADDR of --metrics (with --metrics-port).")
    String metricsBind;

    @Option(names = "--max-duration", paramLabel = "SEC", defaultValue = "300",
            description = "Longest test a coordinator or peer may ask for, in seconds (default ${DEFAULT-VALUE}).")
    long maxDurationSeconds;

    @Option(names = "--max-streams", paramLabel = "N", defaultValue = "64",
            description = "Most streams per direction a test may use (1..1024; default ${DEFAULT-VALUE}).")
    int maxStreams;

    @Option(names = "--perftest-dir", paramLabel = "DIR",
            description = "Where the perftest binaries (ib_write_bw …) are; default: PATH.")
    Path perftestDir;

    @Option(names = "--handshake-timeout", paramLabel = "SEC", defaultValue = "10",
            description = "Seconds a connection may stay silent before it is authenticated (default ${DEFAULT-VALUE}).")
    double handshakeSeconds;

    @Override
    public Integer call() throws IOException, InterruptedException {
        OptionRanges.range(spec, "-p", port, 0, 65535);
        MetricsEndpoint.Address metricsAt = metricsAddress();
        OptionRanges.range(spec, "--max-duration", maxDurationSeconds, 1, 86_400);
        OptionRanges.range(spec, "--max-streams", maxStreams, 1, 1024);
        OptionRanges.seconds(spec, "--handshake-timeout", handshakeSeconds, 0.1, 600);
        Token token = readToken(spec, tokenFile);
        if (token == null && !loopback(bind)) {
            throw OptionRanges.usage(spec, (bind == null ? "listening on every address" : "--bind " + bind)
                    + " needs --token-file (a shared secret; see 'wirespeed agent --help'), or use --bind 127.0.0.1");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (token != null && Token.readableByOthers(tokenFile)) {
            ServerCommand.log(out, "warning: " + tokenFile + " is readable by others (chmod 600 it)");
        }
        Agent agent = new Agent(new AgentConfig(bind, port, token, new TestSpec.Limits(maxStreams,
                maxDurationSeconds * 1000), (int) Math.round(handshakeSeconds * 1000), perftestDir, FactsSource.sysfs(Path.of("/")),
                line -> ServerCommand.log(out, line), insecure));
        if (insecure) {
            ServerCommand.log(out, "warning: --insecure: coordinator sessions travel in plain text; facts, test requests"
                    + " and results can be read and changed on the path");
        }
        HttpServer metrics = null;
        try {
            if (metricsAt != null) {
                metrics = MetricsEndpoint.serve(agent.metrics(), metricsAt);
            }
        } catch (IOException e) {
            agent.close();
            throw new IOException("cannot serve metrics on " + (metricsAt.host() == null ? "loopback" : metricsAt.host()) + ":"
                    + metricsAt.port() + ": " + e.getMessage(), e);
        }
        Interrupts.onRaise(agent::close);
        Thread accepting = agent.serveInBackground();
        String selfTest = agent.selfTest();
        if (selfTest != null) {
            ServerCommand.log(out, "warning: a test of this agent against itself failed: " + selfTest);
        }
        InetSocketAddress a = agent.address();
        ServerCommand.log(out, Version.software() + " agent listening on " + hostText(a) + ":" + a.getPort()
                + (token != null ? " (token required)" : " (no token: loopback only)") + ", " + agent.transport()
                + (metrics != null ? ", metrics on http://" + hostText(metrics.getAddress()) + ":" + metrics.getAddress().getPort() + "/metrics" : ""));
        accepting.join();
        agent.awaitStopped(5, TimeUnit.SECONDS);
        if (metrics != null) {
            metrics.stop(0);
        }
        ServerCommand.log(out, "stopped");
        return ExitCode.OK;
    }

    /** The shared secret in {@code file} (agent and mesh), null without the option; a bad file is bad usage. */
    static Token readToken(CommandSpec spec, Path file) throws IOException {
        if (file == null) {
            return null;
        }
        try {
            return Token.read(file);
        } catch (NoSuchFileException | IllegalArgumentException | BoundedRead.Refused e) {
            throw OptionRanges.usage(spec, e.getMessage());
        }
    }

    /** True for a loopback bind address; "every address" is not loopback. */
    static boolean loopback(String bind) {
        if (bind == null) {
            return false;
        }
        try {
            return InetAddress.getByName(bind).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /** Where to serve metrics, null for nowhere; --metrics-port/--metrics-bind are the older spelling. */
    private MetricsEndpoint.Address metricsAddress() {
        if (metrics != null && (metricsPort != null || metricsBind != null)) {
            throw OptionRanges.usage(spec, "--metrics replaces --metrics-port and --metrics-bind: give only --metrics [ADDR]:PORT");
        }
        if (metrics != null) {
            try {
                return MetricsEndpoint.parse(metrics);
            } catch (IllegalArgumentException e) {
                throw OptionRanges.usage(spec, "--metrics " + e.getMessage());
            }
        }
        if (metricsBind != null && metricsPort == null) {
            throw OptionRanges.usage(spec, "--metrics-bind needs --metrics-port (or use --metrics "
                    + (metricsBind.contains(":") ? "[" + metricsBind + "]" : metricsBind) + ":PORT)");
        }
        if (metricsPort == null) {
            return null;
        }
        OptionRanges.range(spec, "--metrics-port", metricsPort, 0, 65535);
        return new MetricsEndpoint.Address(metricsBind, metricsPort);
    }

    private static String hostText(InetSocketAddress a) {
        String host = a.getAddress().isAnyLocalAddress() ? "*" : Io.literal(a.getAddress());
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
