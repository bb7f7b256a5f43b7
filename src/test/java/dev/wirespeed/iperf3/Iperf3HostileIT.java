package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Hand-written malicious iperf3 peers against a wirespeed server, each while a normal iperf3 test
 * (wirespeed's own iperf3 client, so no binary is needed) runs beside it: every attack is refused
 * or timed out, and the normal test completes untouched.
 */
// mostly waits out a peer's deadline: runs in the second lane, beside the serial ITs (pom.xml)
@Execution(ExecutionMode.CONCURRENT)
@Timeout(120)
class Iperf3HostileIT {
    /** Short, so that stalled peers are dropped quickly; the normal test needs far less. */
    private static final int HANDSHAKE_MILLIS = 2500;
    /** How long a peer waits for the server's verdict before the test fails: bounds every read here. */
    private static final int VERDICT_MILLIS = 10_000;

    private Server server;
    private final BlockingQueue<Iperf3Service.Served> served = new LinkedBlockingQueue<>();
    private final List<String> log = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, HANDSHAKE_MILLIS,
                log::add));
        server.serveForeign(new Iperf3Service(new Iperf3ServiceConfig(TestSpec.Limits.DEFAULT, HANDSHAKE_MILLIS,
                log::add), served::add));
        server.serveInBackground();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        server.awaitStopped(5, TimeUnit.SECONDS);
    }

    @FunctionalInterface
    private interface Attack {
        void run() throws Exception;
    }

    /** Starts a normal test, runs the attack while it runs, then checks the test was not disturbed. */
    private void besideANormalTest(Attack attack) throws Exception {
        TestSpec spec = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(2).durationMillis(5000)
                .intervalMillis(1000).bufferBytes(128 * 1024).build();
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<BwResult> normal = new CompletableFuture<>();
        Thread.ofPlatform().name("normal-test").start(() -> {
            try {
                normal.complete(new Iperf3Client(BwClientConfig.builder().host("127.0.0.1").port(server.port())
                        .spec(spec).streamsChosenBy("option").connectTimeoutMillis(5000).handshakeTimeoutMillis(5000)
                        .build()).run(new TestListener<BwResult.BwParams, BwResult.IntervalReport>() {
                            @Override
                            public void connected(BwResult.Peer peer, BwResult.BwParams params) {
                                started.countDown();
                            }
                        }));
            } catch (IOException | RuntimeException e) {
                normal.completeExceptionally(e);
            }
        });
        assertThat(started.await(10, TimeUnit.SECONDS)).as("normal test started; log %s", log).isTrue();
        attack.run();
        assertThat(normal).as("the normal test still runs after the attack").isNotDone();
        BwResult result;
        try {
            result = normal.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("normal test failed: " + e.getCause() + "; server log: " + log, e);
        }
        assertThat(result.outcome().ok()).as("normal test: %s; server log: %s", result.outcome(), log).isTrue();
        assertThat(result.directions().getFirst().receiverSummary().bytes()).isPositive();
        Iperf3Service.Served normalServed = null;
        for (int i = 0; i < 5 && normalServed == null; i++) {
            Iperf3Service.Served s = served.poll(10, TimeUnit.SECONDS);
            assertThat(s).as("the server finished the normal test; log: %s", log).isNotNull();
            if (s.clientVersion().startsWith("wirespeed")) {
                normalServed = s;
            }
        }
        assertThat(normalServed).isNotNull();
        assertThat(normalServed.problem()).isNull();
    }

    /** The server logs after it answered: wait (bounded) for the line. */
    private void awaitLog(String... parts) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            if (log.stream().anyMatch(l -> Arrays.stream(parts).allMatch(l::contains))) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no log line with " + Arrays.toString(parts) + " in " + log);
    }

    private Socket connect() throws IOException {
        Socket s = new Socket();
        s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5000);
        s.setSoTimeout(VERDICT_MILLIS);
        return s;
    }

    private static byte[] cookie(String prefix) {
        byte[] c = Cookie.random();
        byte[] p = prefix.getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(p, 0, c, 0, p.length);
        return c;
    }

    /** After the cookie: PARAM_EXCHANGE, then whatever {@code params} holds. */
    private Socket atParameters() throws IOException {
        Socket s = connect();
        s.getOutputStream().write(Cookie.random());
        assertThat(new DataInputStream(s.getInputStream()).readByte()).isEqualTo((byte) Iperf3.PARAM_EXCHANGE);
        return s;
    }

    private static void expectServerError(Socket s, int error, int errno) throws IOException {
        DataInputStream in = new DataInputStream(s.getInputStream());
        assertThat(in.readByte()).isEqualTo((byte) Iperf3.SERVER_ERROR);
        assertThat(in.readInt()).as("iperf3 error number").isEqualTo(error);
        assertThat(in.readInt()).as("errno").isEqualTo(errno);
        expectClosed(s);
    }

    /** The server closes the connection: EOF (or a reset) before our read times out. */
    private static void expectClosed(Socket s) throws IOException {
        try {
            assertThat(s.getInputStream().read()).isEqualTo(-1);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the server kept the connection open for " + VERDICT_MILLIS + " ms", e);
        } catch (IOException reset) {
            // a reset is a close too
        }
    }

    private static void sendJson(OutputStream out, String json) throws IOException {
        byte[] b = json.getBytes(StandardCharsets.UTF_8);
        out.write(new byte[] {(byte) (b.length >>> 24), (byte) (b.length >>> 16), (byte) (b.length >>> 8), (byte) b.length});
        out.write(b);
        out.flush();
    }

    /** CVE-2023-38403: a length of 0xFFFFFFFF once corrupted iperf3's heap. */
    @Test
    void hugeLengthIsRefusedWithoutAllocating() throws Exception {
        besideANormalTest(() -> {
            try (Socket s = atParameters()) {
                s.getOutputStream().write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, '{', '"'});
                expectServerError(s, Iperf3Error.RECEIVE_PARAMS.number(), Iperf3Error.Errno.EMSGSIZE);
            }
        });
        awaitLog("refused", "4294967295 bytes");
    }

    /** CVE-2024-53580: values of the wrong JSON type once crashed iperf3's server. */
    @Test
    void wrongJsonTypesAreRefused() throws Exception {
        List<String> payloads = List.of(
                "{\"tcp\":true,\"time\":\"10\",\"parallel\":1}",
                "{\"tcp\":true,\"parallel\":{\"n\":4}}",
                "{\"tcp\":true,\"title\":7}",
                "{\"tcp\":\"yes\"}",
                "{\"tcp\":true,\"len\":1e400}",
                "[{\"tcp\":true}]",
                "{\"tcp\":true,\"time\":2",
                "{\"tcp\":true}{\"udp\":true}");
        besideANormalTest(() -> {
            for (String payload : payloads) {
                try (Socket s = atParameters()) {
                    sendJson(s.getOutputStream(), payload);
                    expectServerError(s, Iperf3Error.RECEIVE_PARAMS.number(), Iperf3Error.Errno.EINVAL);
                }
            }
        });
        // each was refused (expectServerError above); the log has the first, the rest a second
        // later at most as a count: refusals are rate-limited (docs/SECURITY.md, issue 32)
        awaitLog("refused", "malformed parameters");
    }

    /** CVE-2023-7250: a client that sends part of its cookie and stalls once hung iperf3's server. */
    @Test
    void shortCookieThenStallIsDropped() throws Exception {
        besideANormalTest(() -> {
            try (Socket s = connect()) {
                s.getOutputStream().write("abcdefghij".getBytes(StandardCharsets.US_ASCII));
                expectClosed(s);
            }
        });
        awaitLog("dropped", "silent");
    }

    /**
     * A data connection whose cookie belongs to no test looks exactly like a new client (iperf3
     * sends nothing else first): it is asked for parameters and dropped when none come.
     */
    @Test
    void dataConnectionWithWrongCookieTimesOut() throws Exception {
        besideANormalTest(() -> {
            try (Socket s = connect()) {
                s.getOutputStream().write(cookie("zzzz"));
                assertThat(s.getInputStream().read()).isEqualTo(Iperf3.PARAM_EXCHANGE);
                expectClosed(s);
            }
        });
        awaitLog("dropped", "silent for " + HANDSHAKE_MILLIS);
    }

    /** One data connection more than asked for, with the right cookie, once the test runs: ACCESS_DENIED. */
    @Test
    void extraDataConnectionOfARunningTestIsDenied() throws Exception {
        besideANormalTest(() -> {
            byte[] cookie = Cookie.random();
            try (Socket control = connect(); Socket data = connect()) {
                DataInputStream in = new DataInputStream(control.getInputStream());
                control.getOutputStream().write(cookie);
                assertThat(in.readByte()).isEqualTo((byte) Iperf3.PARAM_EXCHANGE);
                sendJson(control.getOutputStream(), "{\"tcp\":true,\"omit\":0,\"time\":1,\"num\":0,\"blockcount\":0,"
                        + "\"parallel\":1,\"len\":131072,\"client_version\":\"3.12\"}");
                assertThat(in.readByte()).isEqualTo((byte) Iperf3.CREATE_STREAMS);
                data.getOutputStream().write(cookie);
                assertThat(in.readByte()).isEqualTo((byte) Iperf3.TEST_START);
                assertThat(in.readByte()).isEqualTo((byte) Iperf3.TEST_RUNNING);
                try (Socket extra = connect()) {
                    extra.getOutputStream().write(cookie);
                    assertThat(extra.getInputStream().read()).isEqualTo(Iperf3.ACCESS_DENIED & 0xff);
                    expectClosed(extra);
                }
            }
        });
        awaitLog("denied", "already runs");
        awaitLog("(iperf3 3.12) upload 1 stream", "aborted: the client went away");
    }

    /**
     * A UDP test whose streams never say hello: refused (iperf3 error 204, ETIMEDOUT) after the
     * handshake time, and stray 4-byte datagrams from an address with no UDP test waiting are ignored.
     */
    @Test
    void udpStreamsThatNeverComeAreRefusedOnTime() throws Exception {
        besideANormalTest(() -> {
            try (DatagramChannel stray = DatagramChannel.open()) {
                stray.connect(new InetSocketAddress("127.0.0.1", server.port()));
                stray.write(ByteBuffer.wrap(new byte[] {'9', '8', '7', '6'}));
            }
            try (Socket s = atParameters()) {
                sendJson(s.getOutputStream(), "{\"udp\":true,\"time\":1,\"parallel\":2,\"len\":1400,"
                        + "\"bandwidth\":1000000}");
                DataInputStream in = new DataInputStream(s.getInputStream());
                assertThat(in.readByte()).isEqualTo((byte) Iperf3.CREATE_STREAMS);
                expectServerError(s, Iperf3Error.STREAM_ACCEPT.number(), 110);
            }
        });
        awaitLog("refused", "only 0 of 2 UDP streams arrived within " + HANDSHAKE_MILLIS + " ms");
    }

    /** Bytes that are no cookie (a NUL inside, no NUL at the end, an HTTP request) end the connection. */
    @Test
    void nonCookiesAreDropped() throws Exception {
        besideANormalTest(() -> {
            byte[] nulInside = Cookie.random();
            nulInside[10] = 0;
            byte[] noTerminator = Cookie.random();
            noTerminator[36] = 'a';
            byte[] http = "GET / HTTP/1.1\r\nHost: x\r\n\r\n1234567890".getBytes(StandardCharsets.US_ASCII);
            for (byte[] opening : List.of(nulInside, noTerminator, http)) {
                try (Socket s = connect()) {
                    s.getOutputStream().write(opening);
                    expectClosed(s);
                }
            }
        });
        // each was closed (expectClosed above); drops are rate-limited in the log (issue 32)
        awaitLog("dropped", "not an iperf3 cookie");
    }

    /**
     * The other way round: a malicious iperf3 server that runs a test and then announces results of
     * 0xFFFFFFFF bytes. wirespeed's client refuses the length and still reports what it measured.
     */
    @Test
    void clientRefusesAHugeResultsLengthAndKeepsItsMeasurement() throws Exception {
        try (ServerSocket fake = new ServerSocket(0, 4, InetAddress.getLoopbackAddress())) {
            fake.setSoTimeout(VERDICT_MILLIS);
            CompletableFuture<BwResult> client = new CompletableFuture<>();
            TestSpec spec = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(1000)
                    .intervalMillis(1000).bufferBytes(128 * 1024).build();
            Thread.ofPlatform().start(() -> {
                try {
                    client.complete(new Iperf3Client(BwClientConfig.builder().host("127.0.0.1")
                            .port(fake.getLocalPort()).spec(spec).streamsChosenBy("option").connectTimeoutMillis(5000)
                            .handshakeTimeoutMillis(5000).build()).run(TestListener.none()));
                } catch (IOException | RuntimeException e) {
                    client.completeExceptionally(e);
                }
            });
            try (Socket control = fake.accept()) {
                control.setSoTimeout(VERDICT_MILLIS);
                DataInputStream in = new DataInputStream(control.getInputStream());
                OutputStream out = control.getOutputStream();
                in.readFully(new byte[Iperf3.COOKIE_BYTES]);
                out.write(Iperf3.PARAM_EXCHANGE);
                in.readFully(new byte[in.readInt()]);
                out.write(Iperf3.CREATE_STREAMS);
                try (Socket data = fake.accept()) {
                    data.setSoTimeout(VERDICT_MILLIS);
                    out.write(new byte[] {Iperf3.TEST_START, Iperf3.TEST_RUNNING});
                    Thread sink = Thread.ofPlatform().start(() -> {
                        try {
                            data.getInputStream().transferTo(OutputStream.nullOutputStream());
                        } catch (IOException ignored) {
                            // closed at the end
                        }
                    });
                    assertThat(in.readByte()).isEqualTo((byte) Iperf3.TEST_END);
                    out.write(Iperf3.EXCHANGE_RESULTS);
                    in.readFully(new byte[in.readInt()]);
                    out.write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
                    BwResult r = client.get(30, TimeUnit.SECONDS);
                    assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.PEER_LOST);
                    assertThat(r.outcome().message()).contains("4294967295 bytes is out of range");
                    assertThat(r.directions().getFirst().senderSummary().bytes()).as("what we sent is kept").isPositive();
                    assertThat(r.directions().getFirst().receiverSummary()).as("no receiver figures").isNull();
                    data.close();
                    sink.join(5000);
                }
            }
        }
    }
}
