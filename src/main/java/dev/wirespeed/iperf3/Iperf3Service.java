package dev.wirespeed.iperf3;

import dev.wirespeed.engine.BwClient;
import dev.wirespeed.engine.BwServer;
import dev.wirespeed.engine.NativeSockets;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Serves iperf3 clients on a wirespeed server's port(s), many tests at once (iperf3's own server
 * runs one at a time and answers everyone else ACCESS_DENIED). A connection's cookie says what it
 * is: the cookie of a test waiting for its streams makes it a data connection, the cookie of a
 * running test is refused, any other cookie starts a new test.
 */
public final class Iperf3Service implements BwServer.ForeignProtocol {
    /**
     * @param handshakeMillis time a client has for each step before its test runs, and for its
     *                        data connections to arrive
     * @param log             one line per test, refusal and dropped peer
     */
    public record Config(TestSpec.Limits limits, int handshakeMillis, Consumer<String> log) {}

    /**
     * One finished iperf3 test as this server saw it.
     *
     * @param server totals of this server's side (warm-up excluded in measuredBytes)
     * @param client the client's results as it sent them, or null when none arrived
     * @param problem why the test ended early, or null
     */
    public record Served(String peer, String clientVersion, TestSpec spec, Message.Results server,
                         ClientTotals client, String problem) {}

    /** What an iperf3 client reported of its side: bytes after the warm-up, by connection index. */
    public record ClientTotals(Map<Integer, Long> bytesByIndex) {
        public long bytes() {
            return bytesByIndex.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    private final Config config;
    private final Consumer<Served> onFinished;
    private final Map<String, Iperf3ServerTest> pending = new ConcurrentHashMap<>();
    private final Map<String, Iperf3ServerTest> running = new ConcurrentHashMap<>();
    private final Set<Iperf3ServerTest> tests = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    public Iperf3Service(Config config) {
        this(config, served -> { });
    }

    /** @param onFinished called after each test that reached its data phase (tests use it) */
    public Iperf3Service(Config config, Consumer<Served> onFinished) {
        this.config = config;
        this.onFinished = onFinished;
        Thread.ofVirtual().name("iperf3-warm-up").start(Iperf3Service::warmUp);
    }

    /**
     * Loads what the first test needs (JSON mapper, native socket handles, the random source) in
     * the background: cold, that took seconds on a busy host, and the first client would wait.
     */
    private static void warmUp() {
        try {
            Params.parse(Control.MAPPER.readTree("{\"tcp\":true,\"time\":1}"), TestSpec.Limits.DEFAULT);
            Cookie.random();
            NativeSockets.available();
        } catch (IOException | RuntimeException ignored) {
            // only a warm-up
        }
    }

    Config config() {
        return config;
    }

    @Override
    public boolean serve(SocketChannel ch, DataInputStream in, byte[] head, long acceptSequence, String peer,
                         Runnable handshakeDone) throws IOException {
        Control control = new Control(ch, in);
        control.deadline(config.handshakeMillis());
        byte[] cookie = new byte[Iperf3.COOKIE_BYTES];
        System.arraycopy(head, 0, cookie, 0, head.length);
        byte[] rest = control.readFully(cookie.length - head.length);
        System.arraycopy(rest, 0, cookie, head.length, rest.length);
        String text = Cookie.text(cookie);
        Iperf3ServerTest waiting = pending.get(text);
        if (waiting != null) {
            if (!waiting.attach(ch, acceptSequence)) {
                deny(ch, peer, "one data connection more than its test asked for");
            }
            return false;
        }
        if (running.containsKey(text)) {
            deny(ch, peer, "data connection for a test that already runs");
            return false;
        }
        if (closed) {
            deny(ch, peer, "the server is shutting down");
            return false;
        }
        Iperf3ServerTest test = new Iperf3ServerTest(this, control, text, peer, handshakeDone);
        tests.add(test);
        try {
            test.run();
        } finally {
            tests.remove(test);
            pending.remove(text, test);
            running.remove(text, test);
        }
        return true;
    }

    /** As iperf3 answers a connection it will not serve: the byte ACCESS_DENIED, then close. */
    private void deny(SocketChannel ch, String peer, String why) {
        try {
            ch.write(ByteBuffer.wrap(new byte[] {(byte) Iperf3.ACCESS_DENIED}));
        } catch (IOException ignored) {
            // the peer is gone already
        }
        BwClient.closeQuietly(ch);
        log("denied " + peer + " (iperf3): " + why);
    }

    void awaitingStreams(String cookie, Iperf3ServerTest test) {
        pending.put(cookie, test);
    }

    void streamsComplete(String cookie, Iperf3ServerTest test) {
        running.put(cookie, test);
        pending.remove(cookie, test);
    }

    void finished(Served served) {
        onFinished.accept(served);
    }

    void log(String line) {
        config.log().accept(line);
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
