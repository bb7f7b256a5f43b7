package dev.wirespeed.cluster;

import dev.wirespeed.engine.BwServer;
import dev.wirespeed.measure.HostName;
import dev.wirespeed.Version;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@code wirespeed agent}: a wirespeed server (peers' agents test against it) that also serves
 * coordinator sessions on the same port ({@link AgentSession}). It runs only its own tests.
 */
public final class Agent implements AutoCloseable {
    /**
     * @param token          null only on a loopback address (the command enforces it)
     * @param limits         bounds of every test a coordinator or peer may ask for
     * @param handshakeMillis per-read timeout before a session is authenticated
     * @param perftestDir    where perftest binaries are; null = PATH
     */
    public record Config(String bindAddress, int port, Token token, TestSpec.Limits limits, int handshakeMillis,
                         Path perftestDir, FactsSource facts, Consumer<String> log) {}

    private final Config config;
    private final BwServer server;
    private final AgentMetrics metrics;
    private final PerftestRunner perftest;
    private final BwResult.Peer self;
    /** One client test at a time: a mesh never asks for two, and two would share the NIC. */
    private final Semaphore testSlot = new Semaphore(1);
    private final Set<AgentSession> sessions = ConcurrentHashMap.newKeySet();

    public Agent(Config config) throws IOException {
        this.config = config;
        this.self = localPeer();
        this.metrics = new AgentMetrics(self.host(), self.software());
        this.perftest = new PerftestRunner(config.perftestDir());
        this.server = new BwServer(new BwServer.Config(config.bindAddress(), config.port(), false, config.limits(),
                config.handshakeMillis(), config.log()));
        server.serveSessions(Wire.KIND_AGENT, (ch, in, peer, handshakeDone) ->
                new AgentSession(this, ch, in, peer, handshakeDone).run());
        warmUp();
    }

    /**
     * Builds the JSON readers and writers of every session message now, so that the first
     * coordinator's handshake is answered in milliseconds, not after seconds of class loading on a
     * busy host.
     */
    private void warmUp() throws IOException {
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        FrameCodec codec = new FrameCodec(java.io.InputStream.nullInputStream(), buf, AgentMessage.MAX_FRAME_BYTES);
        String nonce = Token.nonce();
        List<AgentMessage> samples = List.of(new AgentMessage.Hello(Wire.PROTOCOL_VERSION, self.software(), nonce),
                new AgentMessage.Challenge(nonce, true, self.software()), new AgentMessage.Auth(nonce),
                new AgentMessage.Welcome(nonce, self, 1, 1, engines()), new AgentMessage.Ping(1),
                new AgentMessage.RunTest(1, "localhost", 1, null), new AgentMessage.Cancel(1));
        for (AgentMessage m : samples) {
            codec.writeValue(m);
        }
        FrameCodec reader = new FrameCodec(new java.io.ByteArrayInputStream(buf.toByteArray()), java.io.OutputStream.nullOutputStream(),
                AgentMessage.MAX_FRAME_BYTES);
        for (int i = 0; i < samples.size(); i++) {
            reader.readValue(AgentMessage.class);
        }
    }

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
        TestSpec spec = new TestSpec(TestSpec.MODE_TCP_BW, dev.wirespeed.wire.Direction.BIDIR, 1, 300, 0, 0, 0,
                128 * 1024, 0, null, 0, false);
        try {
            BwResult r = new dev.wirespeed.engine.BwClient(new dev.wirespeed.engine.BwClient.Config(host, port(), spec,
                    "self-test", 5_000, 10_000, () -> false)).run(new dev.wirespeed.engine.BwClient.Listener() {});
            return r.outcome().ok() ? null : r.outcome().message();
        } catch (IOException e) {
            return AgentSession.reason(e);
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

    public AgentMetrics metrics() {
        return metrics;
    }

    Config config() {
        return config;
    }

    BwResult.Peer self() {
        return self;
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
        config.log().accept(line);
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
