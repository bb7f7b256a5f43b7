package dev.wirespeed.iperf3;

import dev.wirespeed.admission.Admission;
import dev.wirespeed.admission.Budget;
import dev.wirespeed.admission.RateLimitedLog;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.io.Io;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Serves iperf3 clients on a wirespeed server's port(s), many tests at once (iperf3's own server
 * runs one at a time and answers everyone else ACCESS_DENIED). A connection's cookie says what it
 * is: the cookie of a test waiting for its streams makes it a data connection, the cookie of a
 * running test is refused, any other cookie starts a new test.
 */
public final class Iperf3Service implements Server.ForeignProtocol {
    /**
     * One finished iperf3 test as this server saw it.
     *
     * @param server    TCP: totals of this server's side (warm-up excluded in measuredBytes); else null
     * @param serverUdp UDP: totals of this server's side; else null
     * @param client    the client's results as it sent them, or null when none arrived
     * @param problem   why the test ended early, or null
     */
    public record Served(String peer, String clientVersion, TestSpec spec, Message.Results server,
                         Message.UdpResults serverUdp, ClientTotals client, String problem) {}

    /**
     * What an iperf3 client reported of its side, by connection index, after the warm-up: bytes,
     * and for UDP its datagram count (sent, or received + lost) and losses.
     */
    public record ClientTotals(Map<Integer, Long> bytesByIndex, Map<Integer, Long> packetsByIndex,
                               Map<Integer, Long> lostByIndex) {
        public long bytes() {
            return bytesByIndex.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final Iperf3ServiceConfig config;
    private final Consumer<Served> onFinished;
    /** TCP tests waiting for their data connections, by cookie. */
    private final Map<String, TcpServerSide> pending = new ConcurrentHashMap<>();
    /** Cookies of tests past that point: a data connection more is refused. */
    private final Set<String> running = ConcurrentHashMap.newKeySet();
    /**
     * UDP tests waiting for their streams, by the client's address: iperf3's UDP hello carries no
     * cookie, so one UDP setup per client address at a time (a second waits its turn).
     */
    private final Map<InetAddress, UdpServerSide> pendingUdp = new ConcurrentHashMap<>();
    private final Set<Iperf3ServerTest> tests = ConcurrentHashMap.newKeySet();
    /** Over-budget requests come in floods: one line a second says how many (docs/SECURITY.md). */
    private final RateLimitedLog refusals;
    private final RateLimitedLog lines;
    private volatile boolean closed;

    public Iperf3Service(Iperf3ServiceConfig config) {
        this(config, served -> { });
    }

    /** @param onFinished called after each test that reached its data phase (tests use it) */
    public Iperf3Service(Iperf3ServiceConfig config, Consumer<Served> onFinished) {
        this.config = config;
        this.onFinished = onFinished;
        this.refusals = new RateLimitedLog(line -> config.log().accept(Printable.line(line)));
        this.lines = RateLimitedLog.perSecond(line -> config.log().accept(Printable.line(line)), 64, 10);
        Thread.ofVirtual().name("iperf3-warm-up").start(Iperf3Service::warmUp);
    }

    /**
     * Loads what the first test needs (JSON mapper, native socket handles, the random source) in
     * the background: cold, that took seconds on a busy host, and the first client would wait.
     */
    private static void warmUp() {
        try {
            ParamExchange.parse(Control.MAPPER.readTree("{\"tcp\":true,\"time\":1}"), TestSpec.Limits.DEFAULT);
            Cookie.random();
            NativeSockets.available();
        } catch (IOException | RuntimeException ignored) {
            // only a warm-up
        }
    }

    Iperf3ServiceConfig config() {
        return config;
    }

    @Override
    public boolean serve(SocketChannel ch, DataInputStream in, byte[] head, long acceptSequence,
                         Admission.Ticket ticket) throws IOException {
        String peer = ticket.peer();
        Control control = new Control(ch, in);
        control.deadline(config.handshakeMillis());
        byte[] cookie = new byte[Iperf3.COOKIE_BYTES];
        System.arraycopy(head, 0, cookie, 0, head.length);
        byte[] rest = control.readFully(cookie.length - head.length);
        System.arraycopy(rest, 0, cookie, head.length, rest.length);
        String text = Cookie.text(cookie);
        TcpServerSide waiting = pending.get(text);
        if (waiting != null) {
            if (!waiting.attach(ch, acceptSequence)) {
                deny(ch, ticket, "one data connection more than its test asked for");
            }
            return false;
        }
        if (running.contains(text)) {
            deny(ch, ticket, "data connection for a test that already runs");
            return false;
        }
        if (closed) {
            deny(ch, ticket, "the server is shutting down");
            return false;
        }
        Iperf3ServerTest test = new Iperf3ServerTest(this, control, text, ticket);
        tests.add(test);
        try {
            test.run();
        } finally {
            tests.remove(test);
            running.remove(text);
        }
        return true;
    }

    /**
     * A datagram on the UDP port that is no wirespeed hello: an iperf3 client's UDP stream
     * hello is 4 bytes ("9876", or 123456789 before iperf3 3.12), from the client's address.
     */
    @Override
    public void datagram(ByteBuffer datagram, int length, SocketAddress from, InetSocketAddress localUdp) {
        if (length != 4 || !(from instanceof InetSocketAddress client)) {
            return;
        }
        UdpServerSide waiting = pendingUdp.get(client.getAddress());
        if (waiting == null) {
            return;
        }
        try {
            waiting.attach(from, localUdp);
        } catch (IOException | RuntimeException e) {
            log("UDP stream from " + client + " (iperf3) not set up: " + Io.reason(e));
        }
    }

    /** As iperf3 answers a connection it will not serve: the byte ACCESS_DENIED, then close. */
    private void deny(SocketChannel ch, Admission.Ticket ticket, String why) {
        try {
            ch.write(ByteBuffer.wrap(new byte[] {(byte) Iperf3.ACCESS_DENIED}));
        } catch (IOException ignored) {
            // the peer is gone already
        }
        Io.closeQuietly(ch);
        ticket.event("denied " + ticket.peer() + " (iperf3): " + why);
    }

    void awaitingStreams(String cookie, TcpServerSide side) {
        pending.put(cookie, side);
    }

    /** Takes the client address's UDP setup turn, waiting for another test's to end (bounded). */
    void awaitingUdpStreams(InetAddress client, UdpServerSide side, long millis) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (pendingUdp.putIfAbsent(client, side) != null) {
            if (System.nanoTime() > deadline) {
                throw new Iperf3Refusal(Iperf3Error.ACCESS_DENIED, "another UDP test from " + client.getHostAddress()
                        + " was still setting up its streams");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    /** The test has its streams, or ended: further connections with its cookie are refused. */
    void streamsComplete(String cookie, InetAddress udpClient, ServerSide side) {
        if (side instanceof TcpServerSide tcp) {
            pending.remove(cookie, tcp);
        }
        if (udpClient != null && side instanceof UdpServerSide udp) {
            pendingUdp.remove(udpClient, udp);
        }
        running.add(cookie);
    }

    /**
     * The test's share of the server's budget, before any stream or buffer exists: the buffers of
     * every data connection, both directions (as wirespeed's own tests reserve them). Over the
     * budget, an iperf3 client is told IENEWTEST with ENOMEM ("unable to create a new test: Cannot
     * allocate memory"), or ACCESS_DENIED when the server runs all the tests it may.
     */
    Budget.Reservation reserve(TestSpec spec, String who) throws Iperf3Refusal {
        try {
            return config.budget().reserve(spec.connections(), spec.bufferBytes());
        } catch (Budget.Exceeded e) {
            refusals.event("refused " + who + ": " + e.getMessage());
            throw e.limit() == Budget.Limit.TESTS ? new Iperf3Refusal(Iperf3Error.ACCESS_DENIED, e.getMessage(), true)
                    : new Iperf3Refusal(Iperf3Error.NEW_TEST, Iperf3Error.Errno.ENOMEM, e.getMessage(), true);
        }
    }

    void finished(Served served) {
        onFinished.accept(served);
    }

    /**
     * A test's line or a stream's problem: 64 at once, then 10 a second, as the server's own test
     * lines (a client can run many short tests; issue 32).
     */
    void log(String line) {
        lines.event(line);
    }

    @Override
    public void close() {
        closed = true;
        tests.parallelStream().forEach(t -> t.abort("server shutting down"));
    }

    /** Waits (bounded) until every test has ended and logged; true when none is left. */
    public boolean awaitFinished(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        while (!tests.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return tests.isEmpty();
    }
}
