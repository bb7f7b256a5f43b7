package dev.wirespeed.engine.session;

import dev.wirespeed.Version;
import dev.wirespeed.engine.stream.TestClock;
import dev.wirespeed.engine.sys.LocalEnd;
import dev.wirespeed.engine.sys.Sockets;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.units.Numbers;
import dev.wirespeed.wire.ClockState;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The client side of one test of wirespeed's own protocol (docs/PROTOCOL.md), whatever its mode:
 * control connection, Hello → Welcome, TestRequest → TestAccepted, the data streams of its
 * {@link ClientPlane}, Ready → Start, heartbeats, the wait for the end (-t, a byte count, Ctrl-C, a
 * lost server, a failed stream), Stop, the server's results and the outcome. Errors before data
 * flows are thrown; once data flows, every outcome returns a result holding all that was measured.
 *
 * <p>The streams must start in time: opening them, the server's Ready and the first byte moved
 * all come within {@link #startLimitMillis} of the test's acceptance — the longer of -t and
 * {@value #START_LIMIT_MIN_MILLIS} ms, so a short test against a loaded server ends near its -t
 * and says why, instead of waiting on each stream's connect timeout in turn.
 */
public final class ClientSession<M extends Message, R> {
    /** How long the client waits for a silent server once the test runs (server heartbeats every second). */
    public static final long SILENCE_LIMIT_MILLIS = 3_000;
    /** After the end, how long receivers may take to drain and the server to answer. */
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** How long a failed data stream waits for the server's reason on the control connection. */
    static final long STREAM_FAILURE_GRACE_MILLIS = 500;
    /** The least time the data streams get to start, whatever -t. */
    static final long START_LIMIT_MIN_MILLIS = 5_000;
    /** The problem when the server's results did not come. */
    public static final String NO_RESULTS = "no results from the server";

    private final String host;
    private final int port;
    private final TestSpec spec;
    private final ClientPlane<M, R> plane;
    private LocalEnd bind = LocalEnd.ANY;
    private int connectTimeoutMillis = 5_000;
    private int handshakeTimeoutMillis = 5_000;
    private BooleanSupplier interrupted = () -> false;
    private Consumer<String> warnings = line -> { };
    private boolean serverOutput;
    /** A trip-times test's collector of the server's TripTimes messages; null otherwise. */
    private TripCollector trip;

    public ClientSession(String host, int port, TestSpec spec, ClientPlane<M, R> plane) {
        this.host = host;
        this.port = port;
        this.spec = spec;
        this.plane = plane;
    }

    /** Runs one test: {@code plane} in a session to the server, -B, timeouts and Ctrl-C flag of {@code config}. */
    public static <M extends Message, R> R run(ClientTarget config, ClientPlane<M, R> plane, Consumer<String> warnings)
            throws IOException {
        return of(config, plane, warnings).run();
    }

    /** The same, collecting a trip-times test's clocks and one-way figures into {@code trip}. */
    public static <M extends Message, R> R run(ClientTarget config, ClientPlane<M, R> plane, Consumer<String> warnings,
                                               TripCollector trip) throws IOException {
        return of(config, plane, warnings).trip(trip).run();
    }

    private static <M extends Message, R> ClientSession<M, R> of(ClientTarget config, ClientPlane<M, R> plane,
                                                                 Consumer<String> warnings) {
        return new ClientSession<>(config.host(), config.port(), config.spec(), plane)
                .bind(LocalEnd.of(config.bindAddress(), config.bindDevice(), config.flowLabel(), config.mptcp()))
                .timeouts(config.connectTimeoutMillis(), config.handshakeTimeoutMillis())
                .interrupted(config.interrupted())
                .serverOutput(config.serverOutput())
                .warnings(warnings);
    }

    /** -B and --bind-dev: where the control and data connections start from. */
    public ClientSession<M, R> bind(LocalEnd local) {
        this.bind = local;
        return this;
    }

    public ClientSession<M, R> timeouts(int connectMillis, int handshakeMillis) {
        this.connectTimeoutMillis = connectMillis;
        this.handshakeTimeoutMillis = handshakeMillis;
        return this;
    }

    /** Polled while the test runs; true (Ctrl-C) ends it early with a result. */
    public ClientSession<M, R> interrupted(BooleanSupplier flag) {
        if (flag != null) {
            this.interrupted = flag;
        }
        return this;
    }

    /** --get-server-output: the test request asks for the server's own lines about the test. */
    public ClientSession<M, R> serverOutput(boolean asked) {
        this.serverOutput = asked;
        return this;
    }

    /** Gets a line when the test is stopped for a reason the user should read before the result. */
    public ClientSession<M, R> trip(TripCollector collector) {
        this.trip = collector;
        return this;
    }

    public ClientSession<M, R> warnings(Consumer<String> sink) {
        if (sink != null) {
            this.warnings = sink;
        }
        return this;
    }

    /** The longer of -t and {@link #START_LIMIT_MIN_MILLIS}: the time the streams get to start. */
    static long startLimitMillis(TestSpec spec) {
        return Math.max(spec.durationMillis(), START_LIMIT_MIN_MILLIS);
    }

    public R run() throws IOException {
        InetAddress address = Sockets.resolve(host);
        InetSocketAddress target = new InetSocketAddress(address, port);
        SocketChannel control = Sockets.connect(target, bind, connectTimeoutMillis, "control");
        try {
            plane.connected(control);
            control.setOption(StandardSocketOptions.TCP_NODELAY, true);
            control.socket().setSoTimeout(handshakeTimeoutMillis);
            control.socket().getOutputStream().write(Preamble.control());
            FrameCodec codec = new FrameCodec(control.socket().getInputStream(), control.socket().getOutputStream());
            codec.write(new Message.Hello(Wire.PROTOCOL_VERSION, Version.software()));
            String stage = "before answering wirespeed's hello";
            try {
                Message.Welcome welcome;
                try {
                    welcome = welcome(codec, target);
                } catch (ProtocolException e) {
                    if (trip != null && e.getMessage() != null && e.getMessage().contains("is an iperf3 server")) {
                        throw new TripTimesRefusal(Io.describe(target) + " is an iperf3 server, and iperf3 has no"
                                + " --trip-times (one-way latency): run `wirespeed server` there", true);
                    }
                    throw e;
                }
                BwResult.Peer server = new BwResult.Peer(welcome.host(), Io.literal(address), port,
                        welcome.software(), welcome.cores(), welcome.os());
                ClockState clock = trip == null ? null : TripClocks.clientClock();
                codec.write(new Message.TestRequest(spec, serverOutput ? Boolean.TRUE : null, clock));
                stage = "after the test request, before accepting it";
                Message.TestAccepted accepted = codec.expect(Message.TestAccepted.class);
                byte[] testId = parseTestId(accepted.testId());
                if (trip != null) {
                    if (accepted.clock() != null) {
                        accepted.clock().validate();
                    }
                    // before any data: a test whose clocks may disagree does not run (the server sees the close)
                    trip.clocks(TripClocks.decide(clock, accepted.clock(), address.isLoopbackAddress() && !TripClocks.hooked(),
                            Io.describe(target)));
                }
                long startDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(startLimitMillis(spec));
                stage = "while the data streams opened";
                openInTime(codec, control, new ClientPlane.Links(target, testId, bind, connectTimeoutMillis,
                        startDeadline));
                plane.ready(server, control);
                plane.spawn();
                stage = null; // the test runs: its own errors name themselves
                return new Running(codec, control, server, startDeadline, welcome.maxDurationMillis()).execute();
            } catch (EOFException e) {
                if (stage == null) {
                    throw e;
                }
                throw closedEarly(target, stage, e);
            }
        } catch (IOException | RuntimeException e) {
            plane.close();
            Io.closeQuietly(control);
            throw e;
        }
    }

    /** Opens the plane's streams and waits for Ready, both before the start deadline. */
    private void openInTime(FrameCodec codec, SocketChannel control, ClientPlane.Links links) throws IOException {
        try {
            plane.open(links);
            control.socket().setSoTimeout((int) Math.max(1, Math.min(handshakeTimeoutMillis,
                    ClientPlane.Links.millisLeft(links.deadlineNanos()))));
            codec.expect(Message.Ready.class);
            control.socket().setSoTimeout(handshakeTimeoutMillis);
        } catch (IOException e) {
            if (System.nanoTime() - links.deadlineNanos() < 0) {
                throw e;
            }
            String limit = seconds(TimeUnit.MILLISECONDS.toNanos(startLimitMillis(spec)));
            String opened = plane.opened() + " of " + plane.streams() + " data streams open";
            warnings.accept("warning: the data streams did not start within " + limit + " s (" + opened
                    + "); stopping the test");
            throw new IOException("the data streams did not start within " + limit + " s, the longer of -t and "
                    + START_LIMIT_MIN_MILLIS / 1000 + " s (" + opened + (plane.opened() == plane.streams()
                    ? ", no Ready from the server" : "") + "; is the server overloaded?)", e);
        }
    }

    /**
     * The server's answer to our hello. An iperf3 server answers a hello of 37 bytes or more with its
     * PARAM_EXCHANGE state byte (FrameCodec names it) and a shorter one with silence, as it waits for
     * the rest of its 37-byte cookie: both end in one line that names --iperf3.
     */
    static Message.Welcome welcome(FrameCodec codec, InetSocketAddress target) throws IOException {
        try {
            return codec.expectFirstAnswer(Message.Welcome.class);
        } catch (SocketTimeoutException e) {
            throw new IOException(Io.describe(target) + " did not answer wirespeed's hello (an iperf3 server"
                    + " waits like this: if it is one, add --iperf3)", e);
        } catch (ProtocolException e) {
            if (e.getMessage() != null && e.getMessage().contains("iperf3")) {
                throw new ProtocolException(Io.describe(target) + " is an iperf3 server" + (e.getMessage().contains("busy")
                        ? ", busy with another test; add --iperf3 and try again later" : "; add --iperf3"), e);
            }
            throw e;
        }
    }

    /**
     * A server that closes without a word before the test runs: a refusal it had no answer slot
     * for (a flood, its limits), its handshake deadline, or its stop. The bare EOFException said
     * none of that (issue 32).
     */
    static IOException closedEarly(InetSocketAddress target, String stage, EOFException e) {
        return new IOException(Io.describe(target) + " closed the connection " + stage + ", without a reason: it is"
                + " busy (its test or handshake limits), refusing this address, or stopping; its log says which", e);
    }

    static byte[] parseTestId(String hex) throws ProtocolException {
        try {
            byte[] id = HexFormat.of().parseHex(hex);
            if (id.length == Wire.TEST_ID_BYTES) {
                return id;
            }
        } catch (IllegalArgumentException | NullPointerException ignored) {
            // reported below
        }
        throw new ProtocolException("server sent a malformed test id");
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e9);
    }

    /** One running test: Start, the wait for its end, Stop and the results. */
    private final class Running {
        private final FrameCodec codec;
        private final SocketChannel control;
        private final BwResult.Peer server;
        private final long startDeadline;
        /** The server's longest test (Welcome): where a test that runs until stopped (-t 0) ends. */
        private final long serverMaxMillis;
        private final ControlReader<M> reader;
        private volatile String peerProblem;
        private volatile boolean finished;

        Running(FrameCodec codec, SocketChannel control, BwResult.Peer server, long startDeadline,
                long serverMaxMillis) {
            this.serverMaxMillis = serverMaxMillis;
            this.codec = codec;
            this.control = control;
            this.server = server;
            this.startDeadline = startDeadline;
            long silence = plane.silenceLimitMillis();
            this.reader = new ControlReader<>(codec, plane.resultsType(), this::remoteMessage, () -> finished,
                    this::lose, "no word from the server for " + Numbers.plain(silence / 1000.0) + " s");
        }

        R execute() throws IOException {
            control.socket().setSoTimeout((int) plane.silenceLimitMillis());
            codec.write(new Message.Start());
            long t0 = System.nanoTime();
            Instant startedAt = Instant.now();
            plane.start(t0);
            String threads = "ws-" + spec.mode();
            Thread readerThread = reader.start(threads + "-control");
            Heartbeat heart = Heartbeat.start(threads + "-heartbeat", this::sendQuietly);

            OutcomeStatus status = waitForEnd(t0);
            plane.stopSending();
            long stopNanos = System.nanoTime();
            boolean drainFirst = plane.drainsBeforeStop();
            long endNanos = drainFirst ? plane.drain(stopNanos, System.nanoTime() + DRAIN_LIMIT_NANOS) : 0;
            heart.stopThen(peerProblem == null ? new Message.Stop() : null);
            long drainDeadline = System.nanoTime() + (peerProblem == null ? DRAIN_LIMIT_NANOS : 0);
            if (!drainFirst) {
                endNanos = plane.drain(stopNanos, drainDeadline);
            }
            M remote = awaitRemoteResults(drainDeadline);
            plane.afterResults(peerProblem == null, endNanos);
            finished = true;
            heart.stop();
            plane.finish(peerProblem == null);
            Io.closeQuietly(control);
            readerThread.interrupt();

            if (status == OutcomeStatus.OK && peerProblem != null) {
                status = OutcomeStatus.PEER_LOST;
            }
            String failure = plane.failure();
            if (status == OutcomeStatus.OK && failure != null) {
                status = OutcomeStatus.PEER_LOST;
                peerProblem = failure;
            }
            return plane.result(new ClientPlane.Ending<>(status, peerProblem, startedAt, t0, endNanos, server,
                    remote));
        }

        private OutcomeStatus waitForEnd(long t0) {
            TestClock clock = TestClock.of(spec, t0, interrupted, serverMaxMillis);
            long stallLimit = plane.stallLimitNanos();
            long lastProgress = plane.progress();
            long lastChange = t0;
            boolean moved = !plane.progressStarts();
            while (true) {
                long now = System.nanoTime();
                OutcomeStatus due = clock.due(now);
                if (due != null) {
                    if (due == OutcomeStatus.OK && spec.untilStopped()) {
                        warnings.accept("warning: -t 0 ran until the server's limit of " + serverMaxMillis / 1000
                                + " s (its --max-duration); stopping the test");
                    }
                    return due;
                }
                if (plane.failure() != null) {
                    // A server that ends a test (SIGTERM, its limits) says why on the control connection and
                    // then closes the data connections: let that word arrive before the broken pipe it causes.
                    long graceEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STREAM_FAILURE_GRACE_MILLIS);
                    while (peerProblem == null && System.nanoTime() - graceEnd < 0) {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
                    }
                    // else the stream's own error, not the missing results that follow from it
                    lose(plane.failure());
                }
                if (peerProblem != null) {
                    return OutcomeStatus.PEER_LOST;
                }
                if (plane.ended()) {
                    return OutcomeStatus.OK;
                }
                // once the data moved, counters are read only where a stall ends the test: the stream
                // threads write them, and every read from here costs their cache line a trip
                long progress = !moved || stallLimit > 0 ? plane.progress() : lastProgress;
                if (progress != lastProgress) {
                    lastProgress = progress;
                    lastChange = now;
                    moved = true;
                } else if (stallLimit > 0 && now - lastChange > stallLimit) {
                    lose("no answer for " + Numbers.plain(stallLimit / 1e9) + " s");
                    continue;
                }
                if (!moved && now - startDeadline >= 0) {
                    String limit = seconds(TimeUnit.MILLISECONDS.toNanos(startLimitMillis(spec)));
                    warnings.accept("warning: no data moved within " + limit + " s; stopping the test");
                    lose("no data moved within " + limit + " s, the longer of -t and "
                            + START_LIMIT_MIN_MILLIS / 1000 + " s");
                    continue;
                }
                String stop = plane.tick(now);
                if (stop != null) {
                    lose(stop);
                    continue;
                }
                clock.pause(now);
            }
        }

        private M awaitRemoteResults(long deadlineNanos) {
            if (peerProblem != null) {
                return reader.now();
            }
            M r = reader.await(Math.max(deadlineNanos, System.nanoTime() + TimeUnit.SECONDS.toNanos(1)));
            if (r == null) {
                lose(NO_RESULTS);
            }
            return r;
        }

        private void remoteMessage(Message m) throws ProtocolException {
            if (m instanceof Message.TripTimes t) {
                if (trip == null) {
                    throw new ProtocolException("unexpected trip times (this test did not ask for them)");
                }
                trip.remote(t);
                return;
            }
            if (!(m instanceof Message.Heartbeat) && !plane.remote(m)) {
                throw new ProtocolException("unexpected " + m.getClass().getSimpleName());
            }
        }

        /** Keeps the first reason the server was lost. */
        private void lose(String reason) {
            if (peerProblem == null) {
                peerProblem = reason;
            }
        }

        private void sendQuietly(Message m) {
            try {
                codec.write(m);
            } catch (IOException e) {
                if (!finished) {
                    lose(Io.reason(e));
                }
            }
        }
    }
}
