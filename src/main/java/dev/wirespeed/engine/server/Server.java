package dev.wirespeed.engine.server;

import dev.wirespeed.Version;
import dev.wirespeed.admission.Admission;
import dev.wirespeed.admission.FdBudget;
import dev.wirespeed.admission.RateLimitedLog;
import dev.wirespeed.admission.ServerLimits;
import dev.wirespeed.engine.sys.Mptcp;
import dev.wirespeed.engine.sys.NativeMemory;
import dev.wirespeed.engine.sys.UdpSetup;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.Io;
import dev.wirespeed.io.VirtualThreadIo;
import dev.wirespeed.results.Json;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.Wire;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PushbackInputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Serves wirespeed clients on one port, many tests at once. Each connection first gets a
 * virtual thread that reads its preamble under a timeout; control connections then run their
 * test there, data connections are handed to the test that owns their id.
 */
public final class Server implements AutoCloseable {
    private final ServerConfig config;
    /** What the Welcome names as the software: an agent says only "wirespeed" before authentication. */
    private volatile String welcomeSoftware = Version.software();
    private final ServerSocketChannel listener;
    private final Map<String, ServerSession> pending = new ConcurrentHashMap<>();
    private final Set<ServerSession> running = ConcurrentHashMap.newKeySet();
    private final Admission admission;
    /** Lines a peer can cause before it runs a test: refusals, drops, deadlines (docs/SECURITY.md). */
    private final RateLimitedLog peerLog;
    /** One line per test; a peer can run many short ones. */
    private final RateLimitedLog testLog;
    /** accept(2) failures (EMFILE, ENFILE, ENOBUFS): once a second with a count. */
    private final RateLimitedLog acceptLog;
    private final FdBudget fds = FdBudget.ofThisProcess();
    private final Semaphore refusalAnswers;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final UdpSetup.Listener udpListener;
    private final AtomicInteger dataConnections = new AtomicInteger();
    private volatile boolean closing;
    private volatile ForeignProtocol foreign;

    /** Serves connections that open with another protocol's first bytes (iperf3 clients). */
    public interface ForeignProtocol {
        /**
         * Takes over a connection whose first four bytes ({@code head}) the server has read; the
         * socket's read timeout is the handshake timeout. Runs on the connection's own thread.
         *
         * @param acceptSequence rises with every accepted connection: data connections of one
         *                       client arrive in the order the client opened them
         * @param ticket         the connection's handshake: {@code done()} once its test runs,
         *                       {@code event(line)} for lines the peer causes before that
         * @return true when the connection ran a test (a --once server then stops); the handler
         *         owns the connection once this returns: it closed it or gave it to a test
         */
        boolean serve(SocketChannel ch, DataInputStream in, byte[] head, long acceptSequence, Admission.Ticket ticket)
                throws IOException;

        /**
         * A datagram on the server's UDP port that is no wirespeed hello (an iperf3 client's UDP
         * stream setup). Runs on the UDP listener's thread: return quickly.
         *
         * @param localUdp the address the server's UDP port is bound to
         */
        default void datagram(ByteBuffer datagram, int length, SocketAddress from,
                              InetSocketAddress localUdp) {}

        /** Ends its running tests (the server shuts down). */
        void close();
    }

    /** Hands connections of another protocol to {@code handler}; without one they are refused. */
    public void serveForeign(ForeignProtocol handler) {
        this.foreign = handler;
    }

    /**
     * Welcomes name "wirespeed" without a version (issue 19: an agent says nothing about its software
     * before authentication; its port also serves the bandwidth tests of its peers, unauthenticated).
     */
    public void withholdVersion() {
        welcomeSoftware = WITHHELD_SOFTWARE;
    }

    /** The software named in a Welcome on this server. */
    String welcomeSoftware() {
        return welcomeSoftware;
    }

    /** The software a server that withholds its version names. */
    public static final String WITHHELD_SOFTWARE = "wirespeed";

    public Server(ServerConfig config) throws IOException {
        this.config = config;
        // a test's buffers are returned to the kernel when it ends (issue 19); where this cannot be done they are still freed
        NativeMemory.releaseFreedBuffers();
        // handshakes run on virtual threads: their poller must not first start when descriptors ran out
        VirtualThreadIo.startPoller();
        this.peerLog = new RateLimitedLog(this::log);
        this.testLog = RateLimitedLog.perSecond(this::log, TEST_LINES_BURST, TEST_LINES_PER_SECOND);
        this.acceptLog = new RateLimitedLog(this::log);
        this.admission = new Admission(config.admission(), peerLog);
        this.refusalAnswers = new Semaphore(config.admission().refusalAnswers());
        this.listener = ServerSocketChannel.open();
        try {
            if (config.mptcp()) {
                Mptcp.use(listener); // before bind: the JDK's listener is replaced by an MPTCP one
            }
            InetSocketAddress bind = config.bindAddress() == null
                    ? new InetSocketAddress(config.port()) : new InetSocketAddress(config.bindAddress(), config.port());
            if (bind.isUnresolved()) {
                throw new IOException("cannot resolve bind address '" + config.bindAddress() + "'");
            }
            listener.bind(bind, 512);
        } catch (IOException e) {
            listener.close();
            throw new IOException("cannot listen on " + Io.hostPort(config.bindAddress() == null ? "*"
                    : config.bindAddress(), config.port()) + ": " + Io.reason(e), e);
        }
        udpListener = openUdpListener();
    }

    /** UDP tests use the same port number; without it the server still serves TCP tests. */
    private UdpSetup.Listener openUdpListener() {
        InetSocketAddress tcp = (InetSocketAddress) listenerAddress();
        try {
            return new UdpSetup.Listener(new InetSocketAddress(tcp.getAddress(), tcp.getPort()));
        } catch (IOException e) {
            log("UDP tests unavailable: cannot bind UDP port " + tcp.getPort() + ": "
                    + Io.reason(e));
            return null;
        }
    }

    /** The server's UDP port (same number as the TCP port), or null when UDP could not be bound. */
    InetSocketAddress udpAddress() {
        return udpListener == null ? null : udpListener.localAddress();
    }

    private void udpHello(Preamble.DataHeader header, SocketAddress from, Integer tos) {
        ServerSession test = pending.get(header.testIdHex());
        if (test != null) {
            test.attachUdp(header.streamIndex(), from, tos);
        }
    }

    public int port() {
        return ((InetSocketAddress) listenerAddress()).getPort();
    }

    public SocketAddress listenerAddress() {
        try {
            return listener.getLocalAddress();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    ServerConfig config() {
        return config;
    }

    /** Accepts until {@link #close()} (or after one test with --once). Blocks the caller. */
    public void serve() {
        long sequence = 0;
        if (udpListener != null) {
            udpListener.start(new UdpSetup.Listener.HelloHandler() {
                @Override
                public void hello(Preamble.DataHeader header, SocketAddress from) {
                    udpHello(header, from, null);
                }

                @Override
                public void hello(Preamble.DataHeader header, SocketAddress from, Integer tos) {
                    udpHello(header, from, tos);
                }

                @Override
                public void other(ByteBuffer datagram, int length, SocketAddress from) {
                    ForeignProtocol handler = foreign;
                    if (handler != null) {
                        handler.datagram(datagram, length, from, udpListener.localAddress());
                    }
                }
            });
        }
        long backoffMillis = 0;
        try {
            while (!closing) {
                SocketChannel ch;
                try {
                    ch = listener.accept();
                    backoffMillis = 0;
                } catch (ClosedChannelException e) {
                    break;
                } catch (IOException e) {
                    if (closing) {
                        break;
                    }
                    // EMFILE/ENFILE: the failure repeats until descriptors are freed; a spinning
                    // loop wrote 7 MB of log a second (issue 32)
                    backoffMillis = Math.clamp(backoffMillis * 2, ACCEPT_BACKOFF_MIN_MILLIS, ACCEPT_BACKOFF_MAX_MILLIS);
                    acceptLog.event("accept failed: " + Io.reason(e) + "; retrying in " + backoffMillis + " ms");
                    sleepQuietly(backoffMillis);
                    continue;
                }
                try {
                    // at the budget of open files a newcomer only takes the place of a handshake that gives way
                    boolean roomForMore = fds.admit();
                    String peer = peerOf(ch);
                    Admission.Decision decision = admission.admit(ch, sourceOf(ch), peer, roomForMore);
                    if (decision instanceof Admission.Refusal refusal) {
                        if (roomForMore) {
                            answerRefusal(ch, refusal.reason());
                        } else {
                            Io.closeQuietly(ch);
                            acceptLog.event("closed " + peer + " at once: " + fds.lastCount() + " files open, the budget is "
                                    + fds.budget() + " of the process's limit of " + fds.limit() + " (ulimit -n)");
                        }
                        continue;
                    }
                    Admission.Ticket ticket = (Admission.Ticket) decision;
                    long acceptSequence = sequence++;
                    try {
                        Thread.ofVirtual().name("ws-conn").start(() -> {
                            try {
                                handle(ch, acceptSequence, ticket);
                            } finally {
                                ticket.done();
                            }
                        });
                    } catch (RuntimeException | OutOfMemoryError e) {
                        ticket.done();
                        Io.closeQuietly(ch);
                        acceptLog.event("cannot serve a connection: " + e);
                    }
                } catch (RuntimeException | Error e) {
                    // the accept loop is the server: whatever one connection throws, the next is accepted
                    // (an InternalError from counting descriptors at the limit once ended it for good)
                    Io.closeQuietly(ch);
                    acceptLog.event("cannot serve a connection: " + e);
                }
            }
        } finally {
            stopped.countDown();
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static final long ACCEPT_BACKOFF_MIN_MILLIS = 10;
    static final long ACCEPT_BACKOFF_MAX_MILLIS = 1000;
    /** Test lines logged at once before the rate applies (64 tests may end together) … */
    static final int TEST_LINES_BURST = 64;
    /** … and a second after that. */
    static final int TEST_LINES_PER_SECOND = 10;

    /** Starts {@link #serve()} on a daemon thread (for tests and loopback runs). */
    public Thread serveInBackground() {
        return Thread.ofPlatform().name("ws-server-accept").daemon(true).start(this::serve);
    }

    /**
     * Reads the connection's opening and serves it by kind. Every path ends with the connection
     * closed here unless it was handed to a test (a data connection) or to the foreign protocol,
     * which then owns it: a refused or finished connection never stays open (issue 32: refused
     * perftest requests stayed in CLOSE_WAIT until the server ran out of descriptors).
     *
     * @param ticket its {@code done} frees this connection's handshake slot once it is a running test
     */
    private void handle(SocketChannel ch, long acceptSequence, Admission.Ticket ticket) {
        String peer = ticket.peer();
        boolean handedOver = false;
        try {
            ch.socket().setSoTimeout(config.handshakeMillis());
            PushbackInputStream pushback = new PushbackInputStream(ch.socket().getInputStream(), Wire.MAGIC.length);
            DataInputStream in = new DataInputStream(pushback);
            byte[] head = in.readNBytes(Wire.MAGIC.length);
            ticket.openingArrived();
            if (head.length == 0) {
                return;
            }
            if (head.length < Wire.MAGIC.length) {
                throw new EOFException();
            }
            switch (Wire.classify(head)) {
                case WIRESPEED -> {
                    pushback.unread(head, 1, head.length - 1);
                    byte kind = Preamble.readRest(head[0], in);
                    if (kind == Wire.KIND_CONTROL) {
                        runTest(ch, in, ticket);
                    } else if (kind == Wire.KIND_DATA) {
                        attachData(ch, in);
                        handedOver = true;
                    } else if (kind == Wire.KIND_TRANSACTION) {
                        transact(ch, in);
                    } else {
                        serveSession(kind, ch, in, ticket);
                    }
                }
                case IPERF3 -> {
                    ForeignProtocol handler = foreign;
                    if (handler == null) {
                        throw new ProtocolException("an iperf3 client; this server does not serve iperf3");
                    }
                    boolean ran = handler.serve(ch, in, head, acceptSequence, ticket);
                    handedOver = true; // the handler closed it, or gave it to its test
                    if (ran && config.once()) {
                        close();
                    }
                }
                case UNKNOWN -> throw new ProtocolException("not a wirespeed peer (first bytes 0x"
                        + HexFormat.of().formatHex(head) + ")");
            }
        } catch (SocketTimeoutException e) {
            drop(ticket, "silent for " + config.handshakeMillis() + " ms");
        } catch (EOFException e) {
            drop(ticket, "closed during the handshake");
        } catch (IOException | RuntimeException e) {
            drop(ticket, Io.reason(e));
        } finally {
            if (!handedOver) {
                Io.closeQuietly(ch);
            }
        }
    }

    private void runTest(SocketChannel control, DataInputStream in, Admission.Ticket ticket) throws IOException {
        ServerSession test = new ServerSession(this, control, in, ticket);
        running.add(test);
        boolean ran = false;
        try {
            ran = test.run();
        } finally {
            running.remove(test);
            // --once: after one test that ran, not after a refused or garbage connection (issue 32)
            if (ran && config.once()) {
                close();
            }
        }
    }

    private void attachData(SocketChannel ch, DataInputStream in) throws IOException {
        Preamble.DataHeader header = Preamble.readDataHeader(in);
        ServerSession test = pending.get(header.testIdHex());
        if (test == null || !test.attach(header.streamIndex(), ch)) {
            throw new ProtocolException("data connection for an unknown test or stream");
        }
        dataConnections.incrementAndGet();
    }

    /** Running tcp-crr tests by test id: each transaction names its test (issue 29). */
    private final Map<String, ServerSession> transactionTests = new ConcurrentHashMap<>();

    void registerTransactions(String testIdHex, ServerSession test) {
        transactionTests.put(testIdHex, test);
    }

    void unregisterTransactions(String testIdHex) {
        transactionTests.remove(testIdHex);
    }

    /**
     * One connection-rate transaction, on this connection's own thread while it still counts as a
     * handshake of its address (admission's caps and deadline hold, the ticket is done when it
     * closes); its test bounds how many run at once. The connection is closed by {@link #handle}.
     */
    private void transact(SocketChannel ch, DataInputStream in) throws IOException {
        Preamble.DataHeader header = Preamble.readDataHeader(in);
        ServerSession test = transactionTests.get(header.testIdHex());
        if (test == null) {
            throw new ProtocolException("transaction for an unknown or finished test");
        }
        test.transact(header.streamIndex(), ch, in);
    }

    /** Serves connections of another kind than test control and data: the cluster agent's sessions. */
    public interface SessionHandler {
        /**
         * Runs the session on the connection's own virtual thread, after its preamble. The server
         * closes the connection when this returns.
         *
         * @param ticket the connection's handshake: {@code done()} once authenticated (or once the
         *               session holds what it asked for), {@code event(line)} for lines the peer
         *               causes before that, at the rate limit
         */
        void serve(SocketChannel ch, DataInputStream in, Admission.Ticket ticket) throws IOException;
    }

    private final Map<Byte, SessionHandler> sessionHandlers = new ConcurrentHashMap<>();

    /** Hands connections whose preamble has {@code kind} to {@code handler} (e.g. {@link Wire#KIND_AGENT}). */
    public void serveSessions(byte kind, SessionHandler handler) {
        sessionHandlers.put(kind, handler);
    }

    private void serveSession(byte kind, SocketChannel ch, DataInputStream in, Admission.Ticket ticket)
            throws IOException {
        SessionHandler handler = sessionHandlers.get(kind);
        if (handler == null) {
            throw new ProtocolException("connection kind '" + (char) kind + "' is not served here"
                    + (kind == Wire.KIND_AGENT ? " (a cluster agent session to a plain server)"
                            : kind == Wire.KIND_PERFTEST ? " (perftest runs are not served here)" : ""));
        }
        handler.serve(ch, in, ticket);
    }

    void register(String testIdHex, ServerSession test) {
        pending.put(testIdHex, test);
    }

    void unregister(String testIdHex) {
        pending.remove(testIdHex);
    }

    /**
     * Logs why a connection ended before it ran a test, at the rate limit. Admission logs the
     * connections it closed itself (deadline, eviction); the thread that was reading from one sees
     * only an AsynchronousCloseException, which is no news.
     */
    private void drop(Admission.Ticket ticket, String why) {
        if (ticket.droppedBecause() == null && !closing) {
            ticket.event("dropped " + ticket.peer() + ": " + why);
        }
    }

    private static InetAddress sourceOf(SocketChannel ch) {
        try {
            return ((InetSocketAddress) ch.getRemoteAddress()).getAddress();
        } catch (IOException | RuntimeException e) {
            return InetAddress.getLoopbackAddress();
        }
    }

    /**
     * Tells a refused peer why in its own protocol, then closes: wirespeed clients get an Error
     * frame, agent coordinators a Refused message, iperf3 clients ACCESS_DENIED (which iperf3
     * shows as "the server is busy running a test"). The peer's opening is read first, and the
     * rest drained briefly after the answer, so the close does not reset the answer away. At most
     * {@link ServerLimits#refusalAnswers()} at once, each under a 1 s deadline; past that, closed.
     */
    private void answerRefusal(SocketChannel ch, String reason) {
        if (!refusalAnswers.tryAcquire()) {
            Io.closeQuietly(ch);
            return;
        }
        Thread.ofVirtual().name("ws-refuse").start(() -> {
            try {
                ch.socket().setSoTimeout(REFUSAL_MILLIS);
                InputStream in = ch.socket().getInputStream();
                OutputStream out = ch.socket().getOutputStream();
                byte[] head = in.readNBytes(Wire.PREAMBLE_BYTES);
                if (head.length >= Wire.MAGIC.length
                        && Wire.classify(Arrays.copyOf(head, Wire.MAGIC.length)) == Wire.Opening.WIRESPEED) {
                    boolean agent = head.length == Wire.PREAMBLE_BYTES && head[5] == Wire.KIND_AGENT;
                    out.write(agent ? FrameCodec.frame(Json.MAPPER.createObjectNode().put("type", "refused")
                            .put("message", reason).toString().getBytes(StandardCharsets.UTF_8))
                            : FrameCodec.encode(new Message.Error(reason)));
                } else if (head.length >= Wire.MAGIC.length
                        && Wire.classify(Arrays.copyOf(head, Wire.MAGIC.length)) == Wire.Opening.IPERF3) {
                    in.readNBytes(IPERF3_COOKIE_BYTES - head.length);
                    out.write(ACCESS_DENIED);
                }
                out.flush();
                ch.shutdownOutput();
                in.readNBytes(64 * 1024);
            } catch (IOException | RuntimeException e) {
                // the peer left: nothing to tell
            } finally {
                Io.closeQuietly(ch);
                refusalAnswers.release();
            }
        });
    }

    /** A client writes its opening at once; a refused trickler does not keep an answer slot longer. */
    private static final int REFUSAL_MILLIS = 300;
    /** iperf3's ACCESS_DENIED state (-1), as the one byte the iperf3 server writes. */
    private static final int ACCESS_DENIED = 0xff;

    /** iperf3 clients open with a 37-byte cookie (36 characters and a NUL). */
    private static final int IPERF3_COOKIE_BYTES = 37;

    static String peerOf(SocketChannel ch) {
        try {
            return Io.describe((InetSocketAddress) ch.getRemoteAddress());
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /** Data connections accepted into a test since start (tests check -P N opens N connections). */
    public int acceptedDataConnections() {
        return dataConnections.get();
    }

    public boolean isClosing() {
        return closing;
    }

    /** Stops accepting, aborts running tests (their clients get an error message), returns when done. */
    @Override
    public void close() {
        closing = true;
        admission.close();
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
        if (udpListener != null) {
            udpListener.close();
        }
        for (ServerSession t : running) {
            t.abort("server shutting down");
        }
        ForeignProtocol handler = foreign;
        if (handler != null) {
            handler.close();
        }
    }

    /** Waits for the accept loop to end and for running tests to finish their last words (bounded). */
    public boolean awaitStopped(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        if (!stopped.await(timeout, unit)) {
            return false;
        }
        while (!running.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return running.isEmpty();
    }

    /** A test's own line (its summary, its plane's notes), at the rate a peer cannot turn into a flood. */
    void testLine(String line) {
        testLog.event(line);
    }

    private void log(String line) {
        config.log().accept(Printable.line(line));
    }
}
