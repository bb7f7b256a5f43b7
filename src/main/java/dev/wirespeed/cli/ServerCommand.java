package dev.wirespeed.cli;

import dev.wirespeed.Version;
import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.Io;
import dev.wirespeed.iperf3.Iperf3;
import dev.wirespeed.iperf3.Iperf3Service;
import dev.wirespeed.iperf3.Iperf3ServiceConfig;
import dev.wirespeed.rdma.PerftestService;
import dev.wirespeed.rdma.PerftestServiceConfig;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "server",
        header = "Serve wirespeed and iperf3 clients until stopped.",
        sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Serve wirespeed tests: many clients at once, each test isolated, one log line per test.",
            "iperf3 clients (iperf3 -c) are served too, several at once, on the same port (and on 5201 with --iperf3).",
            "For 'bw --rdma'/'lat --rdma' clients it starts the perftest server (ib_*_bw/_lat on PATH), one at a time.",
            "Ctrl-C (or SIGTERM) stops it; running tests are told and end cleanly."},
        footer = {"", "Examples:",
            "  wirespeed server                         every address, port 5301",
            "  wirespeed server --bind 10.0.0.1 -p 6000",
            "  wirespeed server --once                  exit after one test (scripts; iperf3's --one-off)",
            "  wirespeed server --exclusive             one client at a time, as iperf3 -s",
            "  wirespeed server -D --logfile /var/log/wirespeed.log --pidfile /run/wirespeed.pid   in the background",
            "  wirespeed server --mptcp                 an MPTCP listener: bw -m clients get MPTCP, others TCP",
            "  wirespeed server --iperf3                also on 5201: 'iperf3 -c HOST' works unchanged",
            "  wirespeed server --iperf3 -p 6000        only on 6000, as 'iperf3 -s -p 6000'",
            "  wirespeed server --max-duration 60 --max-streams 16   limits for a shared box",
            "  wirespeed server --test-grace 3          end a test 3 s after its time, whatever the client sends",
            "  wirespeed server --handshake-deadline 3 --max-pending-per-address 16   stricter admission"})
public final class ServerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = {"-B", "--bind"}, paramLabel = "ADDR", description = "Listen on this address only (default: all).")
    String bind;

    @Option(names = {"-p", "--port"}, paramLabel = "PORT", defaultValue = "" + Wire.DEFAULT_PORT,
            description = "Port to listen on (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = {"-1", "--once", "--one-off"}, description = "Exit after the first test that ran (refused or "
            + "broken connections do not count; --one-off is iperf3's name).")
    boolean once;

    @Option(names = "--exclusive", description = "One test at a time, as iperf3's server: a second client is refused "
            + "while a test runs (wirespeed: 'server busy', iperf3: 'the server is busy running a test'). Same as "
            + "--max-tests 1.")
    boolean exclusive;

    @Option(names = {"-m", "--mptcp"}, description = "Listen with an MPTCP socket (IPPROTO_MPTCP), so that bw -m "
            + "clients get MPTCP; plain TCP clients are served as before. Needs net.mptcp.enabled=1.")
    boolean mptcp;

    @Option(names = {"-D", "--daemon"}, description = "Run in the background (as iperf3 -D): returns once the server "
            + "listens, or with its error; it logs to --logfile, or nowhere. Stop it with kill PID (--pidfile).")
    boolean daemon;

    @Option(names = "--logfile", paramLabel = "FILE",
            description = "Append the log to FILE instead of standard output (as iperf3).")
    Path logfile;

    @Option(names = {"-I", "--pidfile"}, paramLabel = "FILE",
            description = "Write the server's process id to FILE; removed when the server stops (as iperf3).")
    Path pidfile;

    @Option(names = "--iperf3", description = "Also listen on port " + Iperf3.DEFAULT_PORT
            + ", iperf3's default, for iperf3 clients; with -p, only on that port (as iperf3 -s -p).")
    boolean iperf3;

    @Option(names = "--max-duration", paramLabel = "SEC", defaultValue = "3600",
            description = "Longest test a client may ask for, in seconds (default ${DEFAULT-VALUE}).")
    long maxDurationSeconds;

    @Option(names = "--test-grace", paramLabel = "SEC", defaultValue = "10",
            description = "Seconds a running test may go on past its time (or --max-duration) before the server "
                    + "ends it, whatever its client sends (default ${DEFAULT-VALUE}).")
    double graceSeconds;

    @Option(names = "--max-streams", paramLabel = "N", defaultValue = "128",
            description = "Most streams per direction a client may open (1..1024; default ${DEFAULT-VALUE}).")
    int maxStreams;

    @Option(names = "--handshake-timeout", paramLabel = "SEC", defaultValue = "10",
            description = "Seconds a connection may stay silent before its test starts (default ${DEFAULT-VALUE}).")
    double handshakeSeconds;

    @Option(names = "--handshake-deadline", paramLabel = "SEC", defaultValue = "5",
            description = "Seconds from accept to a running test (or an authenticated agent session), however "
                    + "the bytes trickle in (default ${DEFAULT-VALUE}).")
    double handshakeDeadlineSeconds;

    @Option(names = "--max-pending-per-address", paramLabel = "N", defaultValue = "64",
            description = "Handshakes pending from one address; more are refused with 'server busy' "
                    + "(default ${DEFAULT-VALUE}).")
    int maxPendingPerAddress;

    @Option(names = "--max-pending", paramLabel = "N", defaultValue = "256",
            description = "Handshakes pending from everyone (default ${DEFAULT-VALUE}).")
    int maxPending;

    @Option(names = "--max-memory", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Buffer memory of all running tests together; a test that would pass it is refused "
                    + "before anything is allocated (default: a quarter of this machine's memory, at most 4 GiB).")
    Long maxMemoryBytes;

    @Option(names = "--max-total-streams", paramLabel = "N", defaultValue = "1024",
            description = "Data streams of all running tests together (default ${DEFAULT-VALUE}).")
    int maxTotalStreams;

    @Option(names = "--max-tests", paramLabel = "N", defaultValue = "64",
            description = "Tests running at once (default ${DEFAULT-VALUE}).")
    int maxTests;

    @Override
    public Integer call() throws IOException, InterruptedException {
        OptionRanges.range(spec, "-p", port, 0, 65535);
        OptionRanges.range(spec, "--max-duration", maxDurationSeconds, 1, 86_400);
        OptionRanges.range(spec, "--max-streams", maxStreams, 1, 1024);
        OptionRanges.seconds(spec, "--handshake-timeout", handshakeSeconds, 0.1, 600);
        OptionRanges.seconds(spec, "--handshake-deadline", handshakeDeadlineSeconds, 0.1, 600);
        OptionRanges.range(spec, "--max-pending", maxPending, 1, 65_536);
        OptionRanges.range(spec, "--max-total-streams", maxTotalStreams, 1, 65_536);
        OptionRanges.range(spec, "--max-tests", maxTests, 1, 4096);
        if (maxMemoryBytes != null) {
            OptionRanges.sizeRange(spec, "--max-memory", maxMemoryBytes, 1L << 20, 1L << 50);
        }
        OptionRanges.range(spec, "--max-pending-per-address", maxPendingPerAddress, 1, maxPending);
        OptionRanges.seconds(spec, "--test-grace", graceSeconds, 0.1, 3600);
        if (exclusive) {
            if (spec.commandLine().getParseResult().hasMatchedOption("--max-tests") && maxTests != 1) {
                throw OptionRanges.usage(spec, "--exclusive runs one test at a time: it excludes --max-tests " + maxTests);
            }
            maxTests = 1;
        }
        ServerLimits admission = ServerLimits.DEFAULT
                .withHandshakeDeadlineMillis((int) Math.round(handshakeDeadlineSeconds * 1000))
                .withPending(maxPendingPerAddress, maxPending)
                .withGraceMillis(Math.round(graceSeconds * 1000))
                .withBudget(maxMemoryBytes != null ? maxMemoryBytes : ServerLimits.defaultMemoryBytes(), maxTotalStreams,
                        maxTests);
        Budget budget = new Budget(admission);
        // every listener serves iperf3 clients too: --iperf3 only adds 5201, unless -p names the port
        boolean extraIperf3Port = iperf3 && !spec.commandLine().getParseResult().hasMatchedOption("-p");
        PrintWriter stdout = spec.commandLine().getOut();
        if (daemon && !Daemon.isChild()) {
            Daemon.Started started = Daemon.start(spec.commandLine().getParseResult().originalArgs());
            started.lines().forEach(stdout::println);
            log(stdout, "running in the background as process " + started.pid()
                    + (logfile != null ? ", logging to " + logfile : ", logging nowhere (--logfile FILE to keep its log)"));
            return ExitCode.OK;
        }
        // the background server: its standard output is the starting command's pipe, which closes
        PrintWriter ready = daemon ? stdout : null;
        Path logTo = logfile == null && daemon ? Path.of("/dev/null") : logfile;
        try (ServerLog serverLog = ServerLog.open(stdout, logTo);
             PidFile pid = PidFile.write(pidfile)) {
            return serve(serverLog, ready, admission, budget, extraIperf3Port);
        }
    }

    /** @param ready with -D, where the listening line and {@link Daemon#READY} go once it listens */
    private int serve(ServerLog serverLog, PrintWriter ready, ServerLimits admission, Budget budget,
                      boolean extraIperf3Port) throws IOException, InterruptedException {
        PrintWriter out = serverLog.writer();
        TestSpec.Limits limits = new TestSpec.Limits(maxStreams, maxDurationSeconds * 1000);
        int handshakeMillis = (int) Math.round(handshakeSeconds * 1000);
        Iperf3Service iperf3Service = new Iperf3Service(new Iperf3ServiceConfig(limits, handshakeMillis,
                line -> log(out, line), budget));
        List<Server> servers = new ArrayList<>();
        try {
            servers.add(new Server(new ServerConfig(bind, port, once, limits, handshakeMillis, line -> log(out, line),
                    admission, budget).withMptcp(mptcp)));
            if (extraIperf3Port) {
                servers.add(new Server(new ServerConfig(bind, Iperf3.DEFAULT_PORT, once, limits, handshakeMillis,
                        line -> log(out, line), admission, budget).withMptcp(mptcp)));
            }
        } catch (IOException e) {
            servers.forEach(Server::close);
            throw e;
        }
        servers.forEach(s -> s.serveForeign(iperf3Service));
        PerftestService perftest = new PerftestService(
                new PerftestServiceConfig(limits.maxDurationMillis(), handshakeMillis, null,
                        line -> log(out, line)));
        servers.forEach(s -> s.serveSessions(Wire.KIND_PERFTEST, perftest));
        Interrupts.onRaise(() -> servers.forEach(Server::close));
        StringBuilder where = new StringBuilder(describe(servers.getFirst()));
        if (extraIperf3Port) {
            where.append(" and ").append(describe(servers.get(1))).append(" (iperf3)");
        }
        String listening = Version.software() + " listening on " + where + " (up to " + maxStreams
                + " streams and " + maxDurationSeconds + " s per test; " + ByteSize.format(admission.maxMemoryBytes())
                + " of buffers, " + maxTotalStreams + " streams and " + (exclusive ? "1 test (--exclusive)" : maxTests
                + " tests") + " at once; iperf3 clients too)";
        log(out, listening);
        if (ready != null) {
            log(ready, listening);
            ready.println(Daemon.READY);
            ready.flush();
        }
        servers.forEach(Server::serveInBackground);
        // one listener stopping (Ctrl-C, --once) stops them all; so does a log that cannot be written
        String logFailure = serverLog.failure();
        while (logFailure == null && servers.stream().noneMatch(s -> awaitQuietly(s, 200))) {
            logFailure = serverLog.failure();
        }
        servers.forEach(Server::close);
        for (Server s : servers) {
            s.awaitStopped(5, TimeUnit.SECONDS);
        }
        iperf3Service.awaitFinished(2, TimeUnit.SECONDS);
        if (logFailure != null) {
            throw new Failure(logFailure + "; the server stopped");
        }
        log(out, "stopped");
        return ExitCode.OK;
    }

    private static boolean awaitQuietly(Server server, long millis) {
        try {
            return server.awaitStopped(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private static String describe(Server server) {
        var a = (InetSocketAddress) server.listenerAddress();
        String host = a.getAddress().isAnyLocalAddress() ? "*" : Io.literal(a.getAddress());
        return Io.hostPort(host, a.getPort());
    }

    static void log(PrintWriter out, String line) {
        synchronized (out) {
            out.println(Instant.now().truncatedTo(ChronoUnit.SECONDS) + "  " + Printable.line(line));
            out.flush();
        }
    }
}
