package dev.wirespeed.cluster;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.admission.Admission;
import dev.wirespeed.diagnose.DoctorReport;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.TestCounters;
import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.Wire;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.SocketChannel;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import javax.net.ssl.SSLException;

/** One coordinator's session with an agent: handshake with the token, then requests until it leaves. */
final class AgentSession {
    /** A coordinator pings between rounds; this much silence means it is gone. */
    static final int IDLE_LIMIT_MILLIS = 15 * 60_000;
    /** Frames before authentication are small; nobody unauthenticated gets to allocate 4 MiB. */
    static final int HANDSHAKE_FRAME_BYTES = 16 * 1024;
    static final int CONNECT_TIMEOUT_MILLIS = 5_000;
    static final int TEST_HANDSHAKE_TIMEOUT_MILLIS = 10_000;
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:-]{1,253}");
    private static final Pattern NONCE = Pattern.compile("[0-9a-f]{" + 2 * Token.NONCE_BYTES + "}");

    private final Agent agent;
    private final SocketChannel ch;
    private final DataInputStream in;
    private final String peer;
    /** Done once the coordinator proved the token; lines before that go through its rate limit. */
    private final Admission.Ticket ticket;
    private final Set<Long> cancelled = ConcurrentHashMap.newKeySet();
    /** Ids of the requests being served now. */
    private final Set<Long> running = ConcurrentHashMap.newKeySet();
    private FrameCodec codec;
    /** The TLS socket over the channel once its handshake ran; the channel's own socket with --insecure. */
    private Socket socket;
    private InputStream input;
    private volatile boolean closed;

    AgentSession(Agent agent, SocketChannel ch, DataInputStream in, Admission.Ticket ticket) {
        this.agent = agent;
        this.ch = ch;
        this.in = in;
        this.peer = ticket.peer();
        this.ticket = ticket;
        this.socket = ch.socket();
    }

    void run() throws IOException {
        boolean authenticated = false;
        try {
            if (!handshake()) {
                return;
            }
            authenticated = true;
            agent.sessions().add(this);
            agent.metrics().sessions().incrementAndGet();
            agent.log("coordinator " + peer + " connected" + (agent.config().token() != null ? " (token ok)" : ""));
            loop();
        } catch (SocketTimeoutException e) {
            line(authenticated, "coordinator " + peer + " dropped: silent for "
                    + (authenticated ? IDLE_LIMIT_MILLIS / 1000 : agent.config().handshakeMillis() / 1000.0) + " s");
        } catch (EOFException e) {
            if (authenticated && !closed) {
                agent.log("coordinator " + peer + " left");
            }
        } catch (IOException e) {
            if (!closed) {
                line(authenticated, "coordinator " + peer + " dropped: " + Io.reason(e));
            }
        } finally {
            closed = true;
            if (authenticated) {
                agent.sessions().remove(this);
                agent.metrics().sessions().decrementAndGet();
            }
            closeChannel();
        }
    }

    /**
     * A session's line: before authentication it goes through the handshake's rate limit (anyone
     * can cause it), and not at all when admission closed the connection (it logged why).
     */
    private void line(boolean authenticated, String line) {
        if (authenticated) {
            agent.log(line);
        } else if (ticket.droppedBecause() == null) {
            ticket.event(line);
        }
    }

    /** True when the coordinator proved the token (or none is needed); false after a refusal. */
    private boolean handshake() throws IOException {
        ch.socket().setSoTimeout(agent.config().handshakeMillis());
        int first = in.read();
        if (first < 0) {
            throw new EOFException();
        }
        boolean tlsHello = first == AgentTls.HANDSHAKE_RECORD;
        AgentTls tls = agent.tls();
        if (tlsHello && tls == null) {
            line(false, "refused coordinator " + peer + ": it speaks TLS and this agent runs with --insecure");
            return false;
        }
        if (tlsHello) {
            try {
                socket = tls.accept(ch.socket(), first);
            } catch (SSLException e) {
                line(false, "refused coordinator " + peer + ": TLS handshake failed: " + Io.reason(e));
                return false;
            }
            input = socket.getInputStream();
        } else {
            input = new SequenceInputStream(new ByteArrayInputStream(new byte[] {(byte) first}), in);
        }
        FrameCodec small = new FrameCodec(input, socket.getOutputStream(), HANDSHAKE_FRAME_BYTES);
        AgentMessage.Hello hello = expect(small, AgentMessage.Hello.class);
        if (!tlsHello && tls != null) {
            // in clear, so nothing but the refusal: the coordinator shows it as its one-line error
            refuse(small, "this agent requires TLS; the coordinator runs with --insecure (drop it there,"
                    + " or start the agent with --insecure too)");
            return false;
        }
        if (hello.protocolVersion() != Wire.PROTOCOL_VERSION) {
            refuse(small, "protocol version " + hello.protocolVersion() + " is not supported (this agent speaks "
                    + Wire.PROTOCOL_VERSION + ")");
            return false;
        }
        if (hello.coordinatorNonce() == null || !NONCE.matcher(hello.coordinatorNonce()).matches()) {
            throw new ProtocolException("hello without a valid nonce");
        }
        Token token = agent.config().token();
        String agentNonce = Token.nonce();
        // nothing about the software before authentication (docs/SECURITY.md): the version comes with Welcome
        small.writeValue(new AgentMessage.Challenge(agentNonce, token != null, null));
        AgentMessage.Auth auth = expect(small, AgentMessage.Auth.class);
        if (token != null) {
            if (auth.mac() == null) {
                refuse(small, "this agent requires a token (give the coordinator --token-file)");
                return false;
            }
            if (!Token.matches(token.coordinatorMac(agentNonce, hello.coordinatorNonce()), auth.mac())) {
                refuse(small, "token refused: it does not match this agent's");
                return false;
            }
        }
        String proof = token == null ? null : token.agentProof(hello.coordinatorNonce(), agentNonce);
        small.writeValue(new AgentMessage.Welcome(proof, agent.self(), agent.config().limits().maxStreams(),
                agent.config().limits().maxDurationMillis(), agent.engines()));
        ticket.done();
        codec = new FrameCodec(input, socket.getOutputStream(), AgentMessage.MAX_FRAME_BYTES);
        return true;
    }

    private void refuse(FrameCodec small, String message) {
        line(false, "refused coordinator " + peer + ": " + message);
        try {
            small.writeValue(new AgentMessage.Refused(message));
        } catch (IOException ignored) {
            // it is gone already
        }
    }

    private void loop() throws IOException {
        socket.setSoTimeout(IDLE_LIMIT_MILLIS);
        while (!closed) {
            AgentMessage m = codec.readValue(AgentMessage.class);
            switch (m) {
                case AgentMessage.Ping p -> send(new AgentMessage.Pong(p.id()));
                case AgentMessage.Cancel c -> cancel(c.id());
                case AgentMessage.GetFacts g -> handle(g, () -> facts(g));
                case AgentMessage.RunTest r -> handle(r, () -> runTest(r));
                case AgentMessage.RunPerftest r -> handle(r, () -> runPerftest(r));
                case AgentMessage.OpenIncast o -> openIncast(o);
                default -> throw new ProtocolException("unexpected " + m.getClass().getSimpleName());
            }
        }
    }

    /**
     * Marks a running request to end early; a cancel for an id that is not running is answered
     * with a failure naming it (issue 32: it went unanswered, and its id was kept for ever).
     */
    private void cancel(long id) {
        if (running.contains(id)) {
            cancelled.add(id);
            if (!running.contains(id)) {
                cancelled.remove(id); // it ended meanwhile
            }
        } else {
            send(new AgentMessage.Failed(id, "cancel: no request " + id + " is running on this agent"));
        }
    }

    /**
     * Opens (or closes) the incast window of this agent's test port, bounded in tests and time; only
     * an authenticated coordinator reaches here (issue 29; the port otherwise runs one test at a time).
     */
    private void openIncast(AgentMessage.OpenIncast o) {
        if (o.tests() < 1 || o.tests() > MAX_INCAST_TESTS || o.millis() < 0 || o.millis() > MAX_INCAST_MILLIS) {
            send(new AgentMessage.Failed(o.id(), "open-incast: " + o.tests() + " tests for " + o.millis()
                    + " ms is out of bounds (1.." + MAX_INCAST_TESTS + " tests, at most " + MAX_INCAST_MILLIS + " ms)"));
            return;
        }
        agent.budget().widen(o.tests(), o.millis());
        agent.log(o.millis() == 0 ? "incast window closed" : "incast window: up to " + o.tests()
                + " tests at once for " + o.millis() / 1000.0 + " s");
        send(new AgentMessage.IncastOpen(o.id()));
    }

    static final int MAX_INCAST_TESTS = 4096;
    /** A test's longest time (600 s) and its warm-up (60 s), with a minute to connect. */
    static final long MAX_INCAST_MILLIS = 720_000;

    /** Runs a request on its own thread; a bug in it still answers, so the coordinator never waits in vain. */
    private void handle(AgentMessage.Request request, Runnable work) {
        running.add(request.id());
        Thread.ofVirtual().name("ws-agent-request").start(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                agent.log("internal error in " + request.getClass().getSimpleName() + ": " + e);
                send(new AgentMessage.Failed(request.id(), "internal error in the agent: " + e));
            } finally {
                running.remove(request.id());
                cancelled.remove(request.id());
            }
        });
    }

    private void facts(AgentMessage.GetFacts request) {
        try {
            FactsSource source = agent.config().facts();
            Facts facts = source.collect();
            List<Finding> findings = source.diagnose(facts);
            InetAddress local = ((InetSocketAddress) ch.getLocalAddress()).getAddress();
            NetworkInterface nic = NetworkInterface.getByInetAddress(local);
            NodeFacts summary = FactsSummary.of(facts, findings, nic == null ? null : nic.getName(),
                    local.getHostAddress(), agent.self());
            send(new AgentMessage.FactsReply(request.id(), summary,
                    Json.MAPPER.valueToTree(DoctorReport.of(facts, findings))));
        } catch (IOException | RuntimeException e) {
            send(new AgentMessage.Failed(request.id(), "cannot read this host's facts: " + Io.reason(e)));
        }
    }

    private void runTest(AgentMessage.RunTest r) {
        String target = r.peerHost() + ":" + r.peerPort();
        try {
            checkPeer(r.peerHost(), r.peerPort());
            if (r.spec() == null) {
                throw new ProtocolException("run-test without a spec");
            }
            r.spec().validate(agent.config().limits());
        } catch (ProtocolException e) {
            agent.log("refused test to " + target + " from " + peer + ": " + e.getMessage());
            send(new AgentMessage.Failed(r.id(), "test refused by the agent: " + e.getMessage()));
            return;
        }
        if (!agent.testSlot().tryAcquire()) {
            send(new AgentMessage.Failed(r.id(), "busy: this agent is already running a test"));
            return;
        }
        AgentMessage reply;
        try {
            BwClient client = new BwClient(BwClientConfig.builder().host(r.peerHost()).port(r.peerPort())
                    .spec(r.spec()).streamsChosenBy("coordinator").connectTimeoutMillis(CONNECT_TIMEOUT_MILLIS)
                    .handshakeTimeoutMillis(TEST_HANDSHAKE_TIMEOUT_MILLIS).interrupted(() -> stopping(r.id()))
                    .build());
            BwResult result = withoutIntervals(TestCounters.noted(client.run(TestListener.none())));
            agent.metrics().record(r.peerHost(), r.peerPort(), result);
            agent.log("test to " + target + ": " + describe(result));
            reply = new AgentMessage.TestDone(r.id(), result);
        } catch (IOException | RuntimeException e) {
            agent.metrics().recordFailure();
            agent.log("test to " + target + " failed: " + Io.reason(e));
            reply = new AgentMessage.Failed(r.id(), Io.reason(e));
        } finally {
            agent.testSlot().release();
            cancelled.remove(r.id());
        }
        // the slot is free before the coordinator hears the result: it may send this agent its next test at once
        // (a mesh's control re-test did, and was refused "busy" — MeshNetnsIT on a fresh clone)
        send(reply);
    }

    private void runPerftest(AgentMessage.RunPerftest r) {
        try {
            if (r.spec() == null) {
                throw new IllegalArgumentException("run-perftest without a spec");
            }
            r.spec().validate(agent.config().limits().maxDurationMillis());
            if (r.peerHost() != null) {
                checkPeer(r.peerHost(), r.spec().port());
            }
        } catch (IllegalArgumentException | ProtocolException e) {
            send(new AgentMessage.Failed(r.id(), "perftest refused by the agent: " + e.getMessage()));
            return;
        }
        if (r.peerHost() == null) {
            try {
                agent.perftest().startServer(r.spec(), agent::log);
                send(new AgentMessage.PerftestStarted(r.id()));
            } catch (IOException e) {
                send(new AgentMessage.Failed(r.id(), Io.reason(e)));
            }
            return;
        }
        if (!agent.testSlot().tryAcquire()) {
            send(new AgentMessage.Failed(r.id(), "busy: this agent is already running a test"));
            return;
        }
        AgentMessage reply;
        try {
            Measurement measured = agent.perftest().runClient(r.spec(), r.peerHost(), () -> stopping(r.id()));
            agent.metrics().recordPerftest(r.peerHost(), r.spec().test(), measured);
            agent.log(r.spec().test() + " to " + r.peerHost() + ": "
                    + Rate.format(measured.metric(Metrics.BITS_PER_SECOND).orElseThrow().value()));
            reply = new AgentMessage.PerftestDone(r.id(), measured);
        } catch (IOException e) {
            agent.metrics().recordFailure();
            reply = new AgentMessage.Failed(r.id(), Io.reason(e));
        } finally {
            agent.testSlot().release();
            cancelled.remove(r.id());
        }
        send(reply); // after the slot is free, as runTest's
    }

    private boolean stopping(long id) {
        return closed || cancelled.contains(id);
    }

    private static void checkPeer(String host, int port) throws ProtocolException {
        if (host == null || !HOST.matcher(host).matches()) {
            throw new ProtocolException("peer host '" + host + "' is not a host name or address");
        }
        if (port < 1 || port > 65535) {
            throw new ProtocolException("peer port " + port + " is out of range (1..65535)");
        }
    }

    /**
     * The coordinator needs the summary; intervals could outgrow a frame in a long test, and so
     * could every counter that moved: only the counters that matter travel, with the notes.
     */
    static BwResult withoutIntervals(BwResult r) {
        List<BwResult.DirectionResult> directions = r.directions().stream()
                .map(d -> new BwResult.DirectionResult(d.direction(), d.sender(), d.receiver(), List.of(), d.streams(),
                        d.senderSummary(), d.receiverSummary(), d.congestion()))
                .toList();
        // every other field travels: the receiver's word on sharing (issue 29), placement, MPTCP
        return r.withDirections(directions).withCounters(TestCounters.mattering(r.counters()));
    }

    private static String describe(BwResult r) {
        StringBuilder b = new StringBuilder();
        for (BwResult.DirectionResult d : r.directions()) {
            BwResult.Summary s = d.receiverSummary() != null ? d.receiverSummary() : d.senderSummary();
            if (s != null) {
                b.append(b.isEmpty() ? "" : ", ").append(Rate.format(s.bitsPerSecond())).append(' ').append(d.direction());
            }
        }
        if (!r.outcome().ok()) {
            b.append(b.isEmpty() ? "" : " — ").append(r.outcome().message());
        }
        return b.toString();
    }

    private void send(AgentMessage m) {
        try {
            codec.writeValue(m);
        } catch (IOException e) {
            closed = true;
        }
    }

    private static <T extends AgentMessage> T expect(FrameCodec c, Class<T> type) throws IOException {
        AgentMessage m = c.readValue(AgentMessage.class);
        if (!type.isInstance(m)) {
            throw new ProtocolException("expected " + type.getSimpleName() + " but was " + m.getClass().getSimpleName());
        }
        return type.cast(m);
    }

    void close() {
        closed = true;
        closeChannel();
    }

    private void closeChannel() {
        try {
            ch.close();
        } catch (IOException ignored) {
            // best effort
        }
    }
}
