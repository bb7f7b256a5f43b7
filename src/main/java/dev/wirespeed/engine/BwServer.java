package dev.wirespeed.engine;

import dev.wirespeed.io.Io;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PushbackInputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Serves wirespeed clients on one port, many tests at once. Each connection first gets a
 * virtual thread that reads its preamble under a timeout; control connections then run their
 * test there, data connections are handed to the test that owns their id.
 */
public final class BwServer implements AutoCloseable {
    /** Unauthenticated connections still in their preamble; more wait in the kernel's backlog. */
    static final int MAX_HANDSHAKES = 256;

    /**
     * @param bindAddress       null = every address
     * @param port              0 = any free port (tests)
     * @param once              stop after the first test
     * @param handshakeMillis   per-read timeout before a test runs, and for data connections to arrive
     * @param log               one line per test and per dropped peer
     */
    public record Config(String bindAddress, int port, boolean once, TestSpec.Limits limits, int handshakeMillis,
                         Consumer<String> log) {}

    private final Config config;
    private final ServerSocketChannel listener;
    private final Map<String, ServerTest> pending = new ConcurrentHashMap<>();
    private final Set<ServerTest> running = ConcurrentHashMap.newKeySet();
    private final Semaphore handshakes = new Semaphore(MAX_HANDSHAKES);
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final UdpSetup.Listener udpListener;
    private final java.util.concurrent.atomic.AtomicInteger dataConnections = new java.util.concurrent.atomic.AtomicInteger();
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
         * @param handshakeDone  frees the connection's handshake slot once its test runs
         * @return true when the connection ran a test (a --once server then stops)
         */
        boolean serve(SocketChannel ch, DataInputStream in, byte[] head, long acceptSequence, String peer,
                      Runnable handshakeDone) throws IOException;

        /**
         * A datagram on the server's UDP port that is no wirespeed hello (an iperf3 client's UDP
         * stream setup). Runs on the UDP listener's thread: return quickly.
         *
         * @param localUdp the address the server's UDP port is bound to
         */
        default void datagram(java.nio.ByteBuffer datagram, int length, java.net.SocketAddress from,
                              InetSocketAddress localUdp) {}

        /** Ends its running tests (the server shuts down). */
        void close();
    }

    /** Hands connections of another protocol to {@code handler}; without one they are refused. */
    public void serveForeign(ForeignProtocol handler) {
        this.foreign = handler;
    }

    public BwServer(Config config) throws IOException {
        this.config = config;
        this.listener = ServerSocketChannel.open();
        try {
            InetSocketAddress bind = config.bindAddress() == null
                    ? new InetSocketAddress(config.port()) : new InetSocketAddress(config.bindAddress(), config.port());
            if (bind.isUnresolved()) {
                throw new IOException("cannot resolve bind address '" + config.bindAddress() + "'");
            }
            listener.bind(bind, 512);
        } catch (IOException e) {
            listener.close();
            throw new IOException("cannot listen on " + (config.bindAddress() == null ? "*" : config.bindAddress())
                    + ":" + config.port() + ": " + Io.reason(e), e);
        }
        udpListener = openUdpListener();
    }

    /** UDP tests use the same port number; without it the server still serves TCP tests. */
    private UdpSetup.Listener openUdpListener() {
        InetSocketAddress tcp = (InetSocketAddress) listenerAddress();
        try {
            return new UdpSetup.Listener(new InetSocketAddress(tcp.getAddress(), tcp.getPort()));
        } catch (IOException e) {
            config.log().accept("UDP tests unavailable: cannot bind UDP port " + tcp.getPort() + ": "
                    + Io.reason(e));
            return null;
        }
    }

    /** The server's UDP port (same number as the TCP port), or null when UDP could not be bound. */
    InetSocketAddress udpAddress() {
        return udpListener == null ? null : udpListener.localAddress();
    }

    private void udpHello(Preamble.DataHeader header, java.net.SocketAddress from) {
        ServerTest test = pending.get(header.testIdHex());
        if (test != null) {
            test.attachUdp(header.streamIndex(), from);
        }
    }

    public int port() {
        return ((InetSocketAddress) listenerAddress()).getPort();
    }

    public java.net.SocketAddress listenerAddress() {
        try {
            return listener.getLocalAddress();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    Config config() {
        return config;
    }

    /** Accepts until {@link #close()} (or after one test with --once). Blocks the caller. */
    public void serve() {
        long sequence = 0;
        if (udpListener != null) {
            udpListener.start(new UdpSetup.Listener.HelloHandler() {
                @Override
                public void hello(Preamble.DataHeader header, java.net.SocketAddress from) {
                    udpHello(header, from);
                }

                @Override
                public void other(java.nio.ByteBuffer datagram, int length, java.net.SocketAddress from) {
                    ForeignProtocol handler = foreign;
                    if (handler != null) {
                        handler.datagram(datagram, length, from, udpListener.localAddress());
                    }
                }
            });
        }
        try {
            while (!closing) {
                SocketChannel ch;
                try {
                    ch = listener.accept();
                } catch (ClosedChannelException e) {
                    break;
                } catch (IOException e) {
                    if (closing) {
                        break;
                    }
                    config.log().accept("accept failed: " + Io.reason(e));
                    continue;
                }
                if (!handshakes.tryAcquire()) {
                    Io.closeQuietly(ch);
                    continue;
                }
                long acceptSequence = sequence++;
                Thread.ofVirtual().name("ws-conn").start(() -> {
                    java.util.concurrent.atomic.AtomicBoolean held = new java.util.concurrent.atomic.AtomicBoolean(true);
                    Runnable release = () -> {
                        if (held.getAndSet(false)) {
                            handshakes.release();
                        }
                    };
                    try {
                        handle(ch, acceptSequence, release);
                    } finally {
                        release.run();
                    }
                });
            }
        } finally {
            stopped.countDown();
        }
    }

    /** Starts {@link #serve()} on a daemon thread (for tests and loopback runs). */
    public Thread serveInBackground() {
        return Thread.ofPlatform().name("ws-server-accept").daemon(true).start(this::serve);
    }

    /** @param handshakeDone frees this connection's handshake slot once it is a running test */
    private void handle(SocketChannel ch, long acceptSequence, Runnable handshakeDone) {
        String peer = peerOf(ch);
        try {
            ch.socket().setSoTimeout(config.handshakeMillis());
            PushbackInputStream pushback = new PushbackInputStream(ch.socket().getInputStream(), Wire.MAGIC.length);
            DataInputStream in = new DataInputStream(pushback);
            byte[] head = in.readNBytes(Wire.MAGIC.length);
            if (head.length == 0) {
                Io.closeQuietly(ch);
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
                        runTest(ch, in, peer, handshakeDone);
                    } else if (kind == Wire.KIND_DATA) {
                        attachData(ch, in, peer);
                    } else {
                        serveSession(kind, ch, in, peer, handshakeDone);
                    }
                }
                case IPERF3 -> {
                    ForeignProtocol handler = foreign;
                    if (handler == null) {
                        throw new ProtocolException("an iperf3 client; this server does not serve iperf3");
                    }
                    if (handler.serve(ch, in, head, acceptSequence, peer, handshakeDone) && config.once()) {
                        close();
                    }
                }
                case UNKNOWN -> throw new ProtocolException("not a wirespeed peer (first bytes 0x"
                        + java.util.HexFormat.of().formatHex(head) + ")");
            }
        } catch (SocketTimeoutException e) {
            drop(ch, peer, "silent for " + config.handshakeMillis() + " ms");
        } catch (EOFException e) {
            drop(ch, peer, "closed during the handshake");
        } catch (IOException | RuntimeException e) {
            drop(ch, peer, Io.reason(e));
        }
    }

    private void runTest(SocketChannel control, DataInputStream in, String peer, Runnable handshakeDone)
            throws IOException {
        ServerTest test = new ServerTest(this, control, in, peer, handshakeDone);
        running.add(test);
        try {
            test.run();
        } finally {
            running.remove(test);
            if (config.once()) {
                close();
            }
        }
    }

    private void attachData(SocketChannel ch, DataInputStream in, String peer) throws IOException {
        Preamble.DataHeader header = Preamble.readDataHeader(in);
        ServerTest test = pending.get(header.testIdHex());
        if (test == null || !test.attach(header.streamIndex(), ch)) {
            throw new ProtocolException("data connection for an unknown test or stream");
        }
        dataConnections.incrementAndGet();
    }

    /** Serves connections of another kind than test control and data: the cluster agent's sessions. */
    public interface SessionHandler {
        /**
         * Runs the session on the connection's own virtual thread, after its preamble.
         * @param handshakeDone frees the connection's handshake slot (call it once authenticated)
         */
        void serve(SocketChannel ch, DataInputStream in, String peer, Runnable handshakeDone) throws IOException;
    }

    private final Map<Byte, SessionHandler> sessionHandlers = new ConcurrentHashMap<>();

    /** Hands connections whose preamble has {@code kind} to {@code handler} (e.g. {@link Wire#KIND_AGENT}). */
    public void serveSessions(byte kind, SessionHandler handler) {
        sessionHandlers.put(kind, handler);
    }

    private void serveSession(byte kind, SocketChannel ch, DataInputStream in, String peer, Runnable handshakeDone)
            throws IOException {
        SessionHandler handler = sessionHandlers.get(kind);
        if (handler == null) {
            throw new ProtocolException("connection kind '" + (char) kind + "' is not served here"
                    + (kind == Wire.KIND_AGENT ? " (a cluster agent session to a plain server)" : ""));
        }
        handler.serve(ch, in, peer, handshakeDone);
    }

    void register(String testIdHex, ServerTest test) {
        pending.put(testIdHex, test);
    }

    void unregister(String testIdHex) {
        pending.remove(testIdHex);
    }

    private void drop(SocketChannel ch, String peer, String why) {
        Io.closeQuietly(ch);
        if (!closing) {
            config.log().accept("dropped " + peer + ": " + why);
        }
    }

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
        try {
            listener.close();
        } catch (IOException ignored) {
            // already closed
        }
        if (udpListener != null) {
            udpListener.close();
        }
        for (ServerTest t : running) {
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
}
