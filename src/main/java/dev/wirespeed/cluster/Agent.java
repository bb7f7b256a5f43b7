package dev.wirespeed.cluster;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.Version;
import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.Io;
import dev.wirespeed.measure.HostName;
import dev.wirespeed.rdma.PerftestService;
import dev.wirespeed.rdma.PerftestServiceConfig;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * {@code wirespeed agent}: a wirespeed server (peers' agents test against it) that also serves
 * coordinator sessions on the same port ({@link AgentSession}). It runs only its own tests.
 */
public final class Agent implements AutoCloseable {
    private final AgentConfig config;
    private final Server server;
    private final AgentMetrics metrics;
    private final PerftestRunner perftest;
    private final BwResult.Peer self;
    /** Null with --insecure. */
    private final AgentTls tls;
    /** One client test at a time: a mesh never asks for two, and two would share the NIC. */
    private final Semaphore testSlot = new Semaphore(1);
    /** The test port's admission budget: one test at a time, widened for an incast round (issue 29). */
    private final Budget budget = new Budget(ONE_TEST_AT_A_TIME);
    private final Set<AgentSession> sessions = ConcurrentHashMap.newKeySet();
    /** The server's log line of the self-test is not news to anyone. */
    private volatile boolean selfTesting;

    public Agent(AgentConfig config) throws IOException {
        this.config = config;
        this.self = localPeer();
        this.tls = config.insecure() ? null : AgentTls.forAgent(config.token());
        this.metrics = new AgentMetrics(self.host(), self.software());
        this.perftest = new PerftestRunner(config.perftestDir());
        this.server = new Server(new ServerConfig(config.bindAddress(), config.port(), false, config.limits(),
                config.handshakeMillis(), line -> {
                    if (!selfTesting) {
                        config.log().accept(Printable.line(line));
                    }
                }, ONE_TEST_AT_A_TIME, budget));
        server.withholdVersion();
        server.serveSessions(Wire.KIND_AGENT, (ch, in, ticket) -> new AgentSession(this, ch, in, ticket).run());
        // kind R carries no token: an agent that has one leaves perftest to its coordinator's sessions
        server.serveSessions(Wire.KIND_PERFTEST, new PerftestService(new PerftestServiceConfig(
                config.limits().maxDurationMillis(), config.handshakeMillis(), config.perftestDir(), config.log(),
                Server.WITHHELD_SOFTWARE, config.token() == null ? null : PERFTEST_NEEDS_TOKEN)));
        AgentMessage.warmUp(self);
    }

    /**
     * A mesh round gives each agent at most one pair, so its port serves one test at a time: a test
     * from anyone else (tests on this port need no token) is refused while a pair's test runs, and
     * a pair's test arriving during someone else's fails with "server busy" instead of being
     * measured beside it (issue 32: an unauthenticated test silently distorted a round).
     */
    static final ServerLimits ONE_TEST_AT_A_TIME = ServerLimits.DEFAULT.withBudget(ServerLimits.defaultMemoryBytes(),
            ServerLimits.DEFAULT.maxTotalStreams(), 1);

    /** What a `bw --rdma` client hears from an agent with a token (docs/SECURITY.md). */
    static final String PERFTEST_NEEDS_TOKEN = "this agent runs perftest only for its coordinator (mesh --engine"
            + " perftest, with the token); for bw --rdma, start a wirespeed server there";

    /** This host as the agent introduces itself (the same fields a bw server's welcome carries). */
    static BwResult.Peer localPeer() {
        return new BwResult.Peer(HostName.get(), null, null, Version.software(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"));
    }

    /** Accepts until {@link #close()}. Blocks the caller. */
    public void serve() {
        server.serve();
    }

    /**
     * A short TCP test of this agent against itself, before it announces itself: the first mesh
     * round then runs warm code instead of a JVM busy compiling it (on a loaded host a cold server
     * can miss the client's 3-second heartbeat limit). Returns null, or why the test failed.
     */
    public String selfTest() {
        InetSocketAddress a = address();
        String host = a.getAddress().isAnyLocalAddress() ? "127.0.0.1" : a.getAddress().getHostAddress();
        // Bounded by bytes, not time: every path runs even when a busy host is slow to start the streams.
        TestSpec spec = TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(1)
                .bytes(16L << 20).build();
        selfTesting = true;
        try {
            BwResult r = new BwClient(BwClientConfig.builder().host(host)
                    .port(port()).spec(spec).streamsChosenBy("self-test").connectTimeoutMillis(5_000)
                    .handshakeTimeoutMillis(10_000).interrupted(() -> false).build())
                    .run(TestListener.none());
            return r.outcome().ok() ? null : r.outcome().message();
        } catch (IOException e) {
            return Io.reason(e);
        } finally {
            selfTesting = false;
        }
    }

    public Thread serveInBackground() {
        return server.serveInBackground();
    }

    public int port() {
        return server.port();
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) server.listenerAddress();
    }

    Budget budget() {
        return budget;
    }

    public AgentMetrics metrics() {
        return metrics;
    }

    AgentConfig config() {
        return config;
    }

    BwResult.Peer self() {
        return self;
    }

    AgentTls tls() {
        return tls;
    }

    /**
     * How coordinators reach this agent, for its start line: "TLS 1.3, key sha256:…" (the pin a
     * coordinator derives from the token) or the --insecure warning.
     */
    public String transport() {
        return tls == null ? "PLAIN TEXT (--insecure): sessions can be read and changed on the path"
                : "TLS 1.3, key " + tls.fingerprint();
    }

    PerftestRunner perftest() {
        return perftest;
    }

    Semaphore testSlot() {
        return testSlot;
    }

    Set<AgentSession> sessions() {
        return sessions;
    }

    List<String> engines() {
        return perftest.available() ? List.of("tcp", "perftest") : List.of("tcp");
    }

    void log(String line) {
        config.log().accept(Printable.line(line));
    }

    /** Stops accepting, ends sessions and running tests. */
    @Override
    public void close() {
        server.close();
        sessions.forEach(AgentSession::close);
    }

    public boolean awaitStopped(long timeout, TimeUnit unit) throws InterruptedException {
        return server.awaitStopped(timeout, unit);
    }
}
