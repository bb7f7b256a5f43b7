package dev.wirespeed.iperf3;

import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.Version;
import dev.wirespeed.engine.stream.DrivenSide;
import dev.wirespeed.engine.stream.TestClock;
import dev.wirespeed.engine.sys.LocalEnd;
import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.engine.sys.Sockets;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwResult.Outcome;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.ServerOutput;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiFunction;

/**
 * {@code bw --iperf3}: a bandwidth test against an iperf3 server, run by wirespeed's own engine
 * (one thread per stream) and reported like {@code bw} (or {@code bw --udp}), with the server's
 * totals included.
 *
 * <p>Sequence (iperf3 3.12 on loopback): cookie → PARAM_EXCHANGE → parameters → CREATE_STREAMS →
 * streams (TCP: each opens with the cookie; UDP: a 4-byte hello each) → TEST_START, TEST_RUNNING →
 * data → TEST_END → EXCHANGE_RESULTS → our results, the server's → DISPLAY_RESULTS → IPERF_DONE.
 */
public final class Iperf3Client {
    /** The iperf3 server says nothing while a test runs: this long without a byte moving ends it. */
    static final long STALL_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** After TEST_END, how long the server may take to ask for results. */
    static final long RESULTS_LIMIT_MILLIS = 10_000;
    private static final int MAX_HANDSHAKE_STATES = 8;

    private final BwClientConfig config;

    public Iperf3Client(BwClientConfig config) {
        this.config = config;
    }

    /** A TCP test (spec mode tcp-bw). */
    public BwResult run(TestListener<BwResult.BwParams, BwResult.IntervalReport> listener) throws IOException {
        return run(new TcpClientSide(config, listener), BwResult::withServerOutput);
    }

    /** A UDP test (spec mode udp-bw: -b is each stream's rate, -l the datagram length). */
    public UdpResult runUdp(TestListener<TestSpec, UdpResult.UdpInterval> listener) throws IOException {
        return run(new UdpClientSide(config.spec(), config.handshakeTimeoutMillis(), listener),
                UdpResult::withServerOutput);
    }

    /** @param withOutput puts the server's own report (--get-server-output) into the result */
    private <R> R run(ClientSide<R> side, BiFunction<R, ServerOutput, R> withOutput)
            throws IOException {
        TestSpec spec = config.spec();
        InetAddress address = Sockets.resolve(config.host());
        InetSocketAddress target = new InetSocketAddress(address, config.port());
        String where = Io.describe(target);
        // ready before connecting: a server may drop a client slow to speak (wirespeed, --handshake-timeout),
        // and the server's clock runs from TEST_START, so nothing slow may happen after it (loading the
        // native socket handles alone took over a second on a busy 2-core host)
        byte[] cookie = Cookie.random();
        var params = ParamExchange.request(spec, Version.software(), config.serverOutput(), side.mptcp());
        Control.MAPPER.writeValueAsBytes(params);
        NativeSockets.available();
        SocketChannel controlChannel = Sockets.connect(target, LocalEnd.of(config.bindAddress(), config.bindDevice()), config.connectTimeoutMillis(),
                "control");
        try {
            controlChannel.setOption(StandardSocketOptions.TCP_NODELAY, true);
            Control control = new Control(controlChannel, new DataInputStream(controlChannel.socket().getInputStream()));
            control.write(cookie);
            BwResult.Peer server = new BwResult.Peer(null, Io.literal(address), config.port(), "iperf3", null, null);
            int opened = 0;
            DrivenSide driven = null;
            for (int step = 0; ; step++) {
                if (step == MAX_HANDSHAKE_STATES) {
                    throw new ProtocolException("the server at " + where + " never started the test");
                }
                control.deadline(config.handshakeTimeoutMillis());
                int state = readState(control, where);
                if (state == Iperf3.TEST_RUNNING && driven != null) {
                    break;
                }
                switch (state) {
                    case Iperf3.PARAM_EXCHANGE -> control.writeJson(params);
                    case Iperf3.CREATE_STREAMS -> {
                        for (; opened < spec.connections(); opened++) {
                            side.open(target, cookie, opened);
                        }
                    }
                    case Iperf3.TEST_START -> {
                        if (opened != spec.connections()) {
                            throw new ProtocolException("the server at " + where
                                    + " started the test before asking for streams");
                        }
                        driven = side.prepare(server);
                    }
                    default -> throw refusal(control, state, where);
                }
            }
            Run<R> run = new Run<>(spec, control, server, side, driven);
            R result = run.execute();
            return run.serverOutput == null ? result : withOutput.apply(result, run.serverOutput);
        } catch (IOException | RuntimeException e) {
            side.close();
            Io.closeQuietly(controlChannel);
            throw e;
        }
    }

    private static int readState(Control control, String where) throws IOException {
        try {
            return control.readState();
        } catch (SocketTimeoutException e) {
            throw new IOException("no answer from the iperf3 server at " + where + " in time (is it an iperf3 server?)", e);
        } catch (EOFException e) {
            throw new IOException("the server at " + where + " closed the connection (is it an iperf3 server?)", e);
        }
    }

    /** The exception for a state that ends the test from the server's side. */
    private static IOException refusal(Control control, int state, String where) throws IOException {
        return switch (state) {
            case Iperf3.ACCESS_DENIED -> new IOException("the iperf3 server at " + where + " is busy with another test"
                    + " (iperf3 runs one test at a time); try again later");
            case Iperf3.SERVER_ERROR -> {
                int error = control.readInt();
                int errno = control.readInt();
                yield new IOException("the iperf3 server at " + where + " refused the test: "
                        + Iperf3Error.describe(error, errno));
            }
            case Iperf3.SERVER_TERMINATE -> new IOException("the iperf3 server at " + where + " shut down");
            default -> new ProtocolException("the server at " + where + " sent " + Iperf3.stateName(state)
                    + " out of turn");
        };
    }

    /** What the control connection said while the test ran: a state, or why it said nothing. */
    private record Event(int state, String problem) {}

    /** One running test: the control watcher, the end of the test and the results exchange. */
    private final class Run<R> {
        private final TestSpec spec;
        private final Control control;
        private final BwResult.Peer server;
        private final ClientSide<R> side;
        private final DrivenSide driven;
        private final CompletableFuture<Event> nextEvent = new CompletableFuture<>();
        private String peerProblem;
        /** What the server sent of its own report, when asked (--get-server-output). */
        private ServerOutput serverOutput;

        Run(TestSpec spec, Control control, BwResult.Peer server, ClientSide<R> side, DrivenSide driven) {
            this.spec = spec;
            this.control = control;
            this.server = server;
            this.side = side;
            this.driven = driven;
        }

        R execute() {
            Instant startedAt = Instant.now();
            long t0 = side.start();
            Thread watcher = Thread.ofPlatform().name("ws-iperf3-control").daemon(true).start(this::watchControl);
            OutcomeStatus status = waitForEnd(t0);
            driven.stopSending();
            driven.awaitSendersEnded(System.nanoTime() + side.senderStopNanos());
            long endNanos = System.nanoTime();
            ResultsExchange remote = null;
            boolean settled = false;
            if (peerProblem == null) {
                try {
                    control.writeState(Iperf3.TEST_END);
                    Event e = awaitEvent();
                    if (e.state() != Iperf3.EXCHANGE_RESULTS) {
                        throw new ProtocolException(e.problem() != null ? e.problem()
                                : "the server sent " + Iperf3.stateName(e.state()) + " instead of EXCHANGE_RESULTS");
                    }
                    side.drain();
                    side.settle(endNanos);
                    settled = true;
                    remote = exchangeResults();
                } catch (IOException e) {
                    peerProblem = Io.reason(e);
                }
            }
            if (!settled) {
                side.settle(endNanos);
            }
            if (peerProblem != null && status != OutcomeStatus.INTERRUPTED) {
                status = OutcomeStatus.PEER_LOST;
            }
            double seconds = (endNanos - t0) / 1e9;
            Outcome outcome = switch (status) {
                case OK -> Outcome.OK;
                case INTERRUPTED -> new Outcome(OutcomeStatus.INTERRUPTED, String.format(Locale.ROOT,
                        "stopped by the user after %.1f s", seconds));
                case PEER_LOST, FAILED -> new Outcome(OutcomeStatus.PEER_LOST, String.format(Locale.ROOT,
                        "the iperf3 server went away after %.1f s (%s)", seconds, peerProblem));
            };
            R result = side.result(startedAt, server, remote, outcome);
            control.close();
            watcher.interrupt();
            return result;
        }

        /** Ours first, then the server's; then DISPLAY_RESULTS and our IPERF_DONE. */
        private ResultsExchange exchangeResults() throws IOException {
            control.deadline(config.handshakeTimeoutMillis());
            control.writeJson(side.results());
            var json = control.readJson(Iperf3.MAX_RESULTS_BYTES, "iperf3 results", Iperf3Error.RECEIVE_RESULTS);
            ResultsExchange remote = ResultsExchange.parse(json, spec.connections());
            if (config.serverOutput()) {
                serverOutput = serverOutput(json);
            }
            int state = control.readState();
            if (state != Iperf3.DISPLAY_RESULTS) {
                throw new ProtocolException("the server sent " + Iperf3.stateName(state) + " instead of DISPLAY_RESULTS");
            }
            control.writeState(Iperf3.IPERF_DONE);
            return remote;
        }

        /**
         * The server's report in its results, as iperf3's client reads it (iperf_api.c,
         * get_results): server_output_json when the server ran with -J, else server_output_text;
         * null when it sent neither or either has the wrong type.
         */
        private static ServerOutput serverOutput(tools.jackson.databind.JsonNode results) {
            tools.jackson.databind.JsonNode json = results.get("server_output_json");
            if (json != null && json.isObject()) {
                return ServerOutput.ofJson(json);
            }
            tools.jackson.databind.JsonNode text = results.get("server_output_text");
            return text != null && text.isString() ? ServerOutput.ofText(text.stringValue()) : null;
        }

        private OutcomeStatus waitForEnd(long t0) {
            TestClock clock = TestClock.of(spec, t0, config.interrupted());
            long lastBytes = -1;
            long lastMove = t0;
            while (true) {
                long now = System.nanoTime();
                OutcomeStatus due = clock.due(now);
                if (due != null) {
                    return due;
                }
                if (nextEvent.isDone()) {
                    Event e = nextEvent.join();
                    peerProblem = e.problem() != null ? e.problem()
                            : "it sent " + Iperf3.stateName(e.state()) + " during the test";
                    return OutcomeStatus.PEER_LOST;
                }
                Throwable failure = driven.firstFailure();
                if (failure != null) {
                    peerProblem = "data connection failed: " + Io.reason(failure);
                    return OutcomeStatus.PEER_LOST;
                }
                if (side.byteCountReached()) {
                    return OutcomeStatus.OK;
                }
                long moved = side.bytesMoved();
                if (moved != lastBytes) {
                    lastBytes = moved;
                    lastMove = now;
                } else if (now - lastMove > STALL_LIMIT_NANOS) {
                    peerProblem = "no data moved for " + TimeUnit.NANOSECONDS.toSeconds(STALL_LIMIT_NANOS) + " s";
                    return OutcomeStatus.PEER_LOST;
                }
                clock.pause(now);
            }
        }

        private Event awaitEvent() throws IOException {
            try {
                return nextEvent.get(RESULTS_LIMIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw new IOException("no results exchange within " + RESULTS_LIMIT_MILLIS / 1000 + " s after the end");
            } catch (ExecutionException e) {
                throw new IOException(Io.reason(e.getCause()), e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted");
            }
        }

        /** The server says nothing while the test runs; the first thing it says is read here. */
        private void watchControl() {
            try {
                control.deadline(0);
                int state = control.readState();
                String problem = null;
                if (state == Iperf3.SERVER_ERROR) {
                    control.deadline(config.handshakeTimeoutMillis());
                    int error = control.readInt();
                    int errno = control.readInt();
                    problem = "server error: " + Iperf3Error.describe(error, errno);
                } else if (state == Iperf3.SERVER_TERMINATE) {
                    problem = "the server shut down";
                }
                nextEvent.complete(new Event(state, problem));
            } catch (IOException e) {
                nextEvent.complete(new Event(0, e instanceof EOFException ? "connection closed" : Io.reason(e)));
            }
        }
    }
}
