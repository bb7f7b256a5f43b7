package dev.wirespeed.engine;

import dev.wirespeed.Version;
import dev.wirespeed.io.Io;
import dev.wirespeed.measure.TcpCounters;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.BwResult.IntervalReport;
import dev.wirespeed.results.BwResult.Outcome;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The client side of a bandwidth test against a wirespeed server. Errors before data flows are
 * thrown; once data flows, every outcome (done, Ctrl-C, server lost) returns a result holding all
 * that was measured, so nothing is lost.
 */
public final class BwClient {
    /** How long the client waits for a silent server once the test runs (server heartbeats every second). */
    static final long SILENCE_LIMIT_MILLIS = 3_000;
    /** After the end, how long receivers may take to drain and the server to answer. */
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** How long a failed data stream waits for the server's reason on the control connection. */
    static final long STREAM_FAILURE_GRACE_MILLIS = 500;

    /**
     * @param streamsChosenBy "option" or the rule that picked the stream count, for the report
     * @param interrupted     polled while the test runs; true (Ctrl-C) ends it early with a result
     * @param bindAddress     local address of every connection (-B), null = the kernel's choice
     * @param cpu             the CPU the client's data threads are pinned to (-A), null = none
     * @param placeCpus       without -A: the CPUs (the NIC's NUMA node) the data threads may run on, null = any
     * @param clientPort      0 for ephemeral ports, else data connection i binds clientPort + i (--cport)
     */
    public record Config(String host, int port, TestSpec spec, String streamsChosenBy, int connectTimeoutMillis,
                         int handshakeTimeoutMillis, BooleanSupplier interrupted, InetAddress bindAddress,
                         Integer cpu, java.util.BitSet placeCpus, int clientPort) {
        public Config {
            if (interrupted == null) {
                interrupted = () -> false;
            }
        }

        public Config(String host, int port, TestSpec spec, String streamsChosenBy, int connectTimeoutMillis,
                      int handshakeTimeoutMillis, BooleanSupplier interrupted) {
            this(host, port, spec, streamsChosenBy, connectTimeoutMillis, handshakeTimeoutMillis, interrupted, null,
                    null, null, 0);
        }

        public Config(String host, int port, TestSpec spec, String streamsChosenBy, int connectTimeoutMillis,
                      int handshakeTimeoutMillis, BooleanSupplier interrupted, InetAddress bindAddress, Integer cpu) {
            this(host, port, spec, streamsChosenBy, connectTimeoutMillis, handshakeTimeoutMillis, interrupted,
                    bindAddress, cpu, null, 0);
        }

        /** The local port data connection {@code index} binds, 0 for any (iperf_client_api.c: cport + i). */
        public int clientPortOf(int index) {
            return clientPort == 0 ? 0 : clientPort + index;
        }
    }

    /** Receives what happens as it happens: the text output prints from these calls. */
    public interface Listener {
        default void connected(BwResult.Peer server, BwResult.BwParams params) {}

        default void interval(IntervalReport report) {}
    }

    private final Config config;

    public BwClient(Config config) {
        this.config = config;
    }

    public BwResult run(Listener listener) throws IOException {
        TestSpec spec = config.spec();
        InetAddress address = resolve(config.host());
        InetSocketAddress target = new InetSocketAddress(address, config.port());
        SocketChannel control = connect(target, config.bindAddress(), config.connectTimeoutMillis(), "control");
        List<SocketChannel> data = new ArrayList<>();
        try {
            control.setOption(StandardSocketOptions.TCP_NODELAY, true);
            control.socket().setSoTimeout(config.handshakeTimeoutMillis());
            control.socket().getOutputStream().write(Preamble.control());
            FrameCodec codec = new FrameCodec(control.socket().getInputStream(), control.socket().getOutputStream());
            codec.write(new Message.Hello(Wire.PROTOCOL_VERSION, Version.software()));
            Message.Welcome welcome = welcome(codec, target);
            BwResult.Peer server = new BwResult.Peer(welcome.host(), address.getHostAddress(), config.port(),
                    welcome.software(), welcome.cores(), welcome.os());
            codec.write(new Message.TestRequest(spec));
            byte[] testId = parseTestId(codec.expect(Message.TestAccepted.class).testId());
            for (int i = 0; i < spec.connections(); i++) {
                data.add(openData(target, config.bindAddress(), config.clientPortOf(i), config.connectTimeoutMillis(),
                        spec, Preamble.data(testId, i), i));
            }
            codec.expect(Message.Ready.class);
            listener.connected(server, ResultAssembler.params(spec, config.streamsChosenBy()));
            return new Run(spec, codec, control, data, server, listener).execute();
        } catch (IOException | RuntimeException e) {
            data.forEach(Io::closeQuietly);
            Io.closeQuietly(control);
            throw e;
        }
    }

    /**
     * The server's answer to our hello. An iperf3 server answers a hello of 37 bytes or more with its
     * PARAM_EXCHANGE state byte (FrameCodec names it) and a shorter one with silence, as it waits for
     * the rest of its 37-byte cookie: both end in one line that names --iperf3.
     */
    static Message.Welcome welcome(FrameCodec codec, InetSocketAddress target) throws IOException {
        try {
            return codec.expect(Message.Welcome.class);
        } catch (java.net.SocketTimeoutException e) {
            throw new IOException(Io.describe(target) + " did not answer wirespeed's hello (an iperf3 server"
                    + " waits like this: if it is one, add --iperf3)", e);
        } catch (ProtocolException e) {
            if (e.getMessage() != null && e.getMessage().contains("iperf3")) {
                throw new ProtocolException(Io.describe(target) + " is an iperf3 server; add --iperf3", e);
            }
            throw e;
        }
    }

    public static InetAddress resolve(String host) throws IOException {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new UnknownHostException("unknown host '" + host + "'");
        }
    }

    public static SocketChannel connect(InetSocketAddress target, int timeoutMillis, String what) throws IOException {
        return connect(target, null, timeoutMillis, what);
    }

    /** @param bind local address (-B), null = the kernel's choice */
    public static SocketChannel connect(InetSocketAddress target, InetAddress bind, int timeoutMillis, String what)
            throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            bind(ch, bind);
            ch.socket().connect(target, timeoutMillis);
            return ch;
        } catch (IOException e) {
            Io.closeQuietly(ch);
            throw new IOException("cannot connect " + what + " to " + Io.describe(target) + ": " + Io.reason(e), e);
        }
    }

    /** A data connection with the test's socket options, after which {@code opening} is written. */
    public static SocketChannel openData(InetSocketAddress target, int timeoutMillis, TestSpec spec, byte[] opening,
                                         int index) throws IOException {
        return openData(target, null, timeoutMillis, spec, opening, index);
    }

    public static SocketChannel openData(InetSocketAddress target, InetAddress bind, int timeoutMillis, TestSpec spec,
                                         byte[] opening, int index) throws IOException {
        return openData(target, bind, 0, timeoutMillis, spec, opening, index);
    }

    /** As above, bound to {@code localPort} of this host when it is not 0 (--cport). */
    public static SocketChannel openData(InetSocketAddress target, InetAddress bind, int localPort, int timeoutMillis,
                                         TestSpec spec, byte[] opening, int index) throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            if (localPort != 0) {
                // a rerun within TCP's TIME_WAIT (60 s on Linux) binds again; a listener on the port still refuses
                ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
                ch.bind(bind == null ? new InetSocketAddress(localPort) : new InetSocketAddress(bind, localPort));
            } else {
                bind(ch, bind);
            }
            SocketTuning.beforeConnect(ch, spec);
            ch.socket().connect(target, timeoutMillis);
            SocketTuning.afterConnect(ch, spec, false);
            ByteBuffer preamble = ByteBuffer.wrap(opening);
            while (preamble.hasRemaining()) {
                ch.write(preamble);
            }
            return ch;
        } catch (IOException e) {
            Io.closeQuietly(ch);
            throw new IOException("data connection " + (index + 1) + " to " + Io.describe(target) + ": "
                    + Io.reason(e), e);
        }
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

    /** -B: the source address of a connection, any free port. */
    static void bind(SocketChannel ch, InetAddress bind) throws IOException {
        if (bind != null) {
            try {
                ch.bind(new InetSocketAddress(bind, 0));
            } catch (IOException e) {
                throw new IOException("cannot bind to " + bind.getHostAddress() + " (-B): " + Io.reason(e), e);
            }
        }
    }

    /** One running test: owns the threads and assembles the result. */
    private final class Run {
        private final TestSpec spec;
        private final FrameCodec codec;
        private final SocketChannel control;
        private final StreamGroup group;
        private final IntervalSampler sampler;
        private final BwResult.Peer server;
        private final Listener listener;
        private final ResultAssembler assembler;
        private final ControlReader<Message.Results> reader;
        private volatile String peerProblem;
        private volatile boolean finished;

        Run(TestSpec spec, FrameCodec codec, SocketChannel control, List<SocketChannel> data, BwResult.Peer server,
            Listener listener) {
            this.spec = spec;
            this.codec = codec;
            this.control = control;
            this.server = server;
            this.listener = listener;
            boolean[] sends = new boolean[data.size()];
            for (int i = 0; i < sends.length; i++) {
                sends[i] = spec.direction().isUploadStream(i, spec.streams());
            }
            this.group = new StreamGroup("ws-client", data, sends, spec);
            group.pinTo(config.cpu());
            group.placeOn(config.placeCpus());
            this.assembler = new ResultAssembler(spec, config.streamsChosenBy());
            this.sampler = new IntervalSampler(group.counters(), TimeUnit.MILLISECONDS.toNanos(spec.intervalMillis()),
                    TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()), plannedEndNanos(spec), this::localSample);
            this.reader = new ControlReader<>(codec, Message.Results.class, this::remoteMessage, () -> finished,
                    this::lose, "no word from the server for " + SILENCE_LIMIT_MILLIS / 1000 + " s");
        }

        BwResult execute() throws IOException {
            OptionalLong retransBefore = TcpCounters.retransmittedSegments();
            PathCounterReport counters = PathCounterReport.start(control);
            control.socket().setSoTimeout((int) SILENCE_LIMIT_MILLIS);
            codec.write(new Message.Start());
            long t0 = System.nanoTime();
            Instant startedAt = Instant.now();
            group.start();
            sampler.start(t0);
            Thread readerThread = reader.start("ws-client-control");
            Heartbeat heart = Heartbeat.start("ws-client-heartbeat", this::sendQuietly);

            OutcomeStatus status = waitForEnd(t0);
            group.stopSending();
            heart.stopThen(peerProblem == null ? new Message.Stop() : null);
            long drainDeadline = System.nanoTime() + (peerProblem == null ? DRAIN_LIMIT_NANOS : 0);
            group.awaitEnded(drainDeadline);
            long endNanos = System.nanoTime();
            sampler.finish(endNanos);
            Message.Results remote = awaitRemoteResults(drainDeadline);
            finished = true;
            // after a loss the streams were closed: a short wait lets their threads book their CPU time
            group.join(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(peerProblem == null ? 2000 : 300));
            OptionalLong retransAfter = TcpCounters.retransmittedSegments();
            List<dev.wirespeed.host.Counters> counterDeltas = counters.deltas();
            Io.closeQuietly(control);
            readerThread.interrupt();

            if (status == OutcomeStatus.OK && peerProblem != null) {
                status = OutcomeStatus.PEER_LOST;
            }
            if (status == OutcomeStatus.OK && group.anyFailed()) {
                status = OutcomeStatus.PEER_LOST;
                peerProblem = "data connection failed: " + Io.reason(group.firstFailure());
            }
            Outcome outcome = ClientOutcome.of(status, endNanos - t0, peerProblem);
            Long localRetrans = retransBefore.isPresent() && retransAfter.isPresent()
                    ? retransAfter.getAsLong() - retransBefore.getAsLong() : null;
            Message.CpuTime localCpu = new Message.CpuTime(group.cpu().userNanos(), group.cpu().systemNanos(),
                    endNanos - t0);
            Message.Results local = new Message.Results(group.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime()),
                    localCpu, localRetrans, group.pathUsed());
            return assembler.build(startedAt, ResultAssembler.localPeer(), server, local, remote, outcome)
                    .withCounters(PathCounterReport.join(counters.interfaceName(), counterDeltas, remote));
        }

        private OutcomeStatus waitForEnd(long t0) {
            long end = spec.durationMillis() > 0
                    ? t0 + TimeUnit.MILLISECONDS.toNanos(spec.omitMillis() + spec.durationMillis()) : Long.MAX_VALUE;
            while (true) {
                long now = System.nanoTime();
                if (now >= end) {
                    return OutcomeStatus.OK;
                }
                if (config.interrupted().getAsBoolean()) {
                    return OutcomeStatus.INTERRUPTED;
                }
                if (group.anyFailed()) {
                    // A server that ends a test (SIGTERM, its limits) says why on the control connection and
                    // then closes the data connections: let that word arrive before the broken pipe it causes.
                    long graceEnd = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STREAM_FAILURE_GRACE_MILLIS);
                    while (peerProblem == null && System.nanoTime() < graceEnd) {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
                    }
                    // else the stream's own error, not the missing results that follow from it
                    lose("data connection failed: " + Io.reason(group.firstFailure()));
                }
                if (peerProblem != null) {
                    return OutcomeStatus.PEER_LOST;
                }
                if (spec.bytes() > 0 && group.allEnded()) {
                    return OutcomeStatus.OK;
                }
                LockSupport.parkNanos(Math.min(end - now, TimeUnit.MILLISECONDS.toNanos(5)));
            }
        }

        private Message.Results awaitRemoteResults(long deadlineNanos) {
            if (peerProblem != null) {
                return reader.now();
            }
            Message.Results r = reader.await(Math.max(deadlineNanos, System.nanoTime() + TimeUnit.SECONDS.toNanos(1)));
            if (r == null) {
                lose("no results from the server");
            }
            return r;
        }

        private void remoteMessage(Message m) throws ProtocolException {
            switch (m) {
                case Message.Interval iv -> {
                    IntervalReport r = assembler.remoteInterval(iv);
                    if (r != null && spec.intervalMillis() > 0) {
                        listener.interval(r);
                    }
                }
                case Message.Heartbeat h -> { }
                default -> throw new ProtocolException("unexpected " + m.getClass().getSimpleName());
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

        private void localSample(IntervalSampler.Sample sample) {
            IntervalReport r = assembler.localInterval(sample);
            if (r != null && spec.intervalMillis() > 0) {
                listener.interval(r);
            }
        }
    }

    static long plannedEndNanos(TestSpec spec) {
        return spec.durationMillis() > 0
                ? TimeUnit.MILLISECONDS.toNanos(spec.omitMillis() + spec.durationMillis()) : 0;
    }

    /** The direction whose data the client receives in a test of {@code direction}. */
    static String receivedDirection(Direction direction, int streamIndex, int streams) {
        return direction.isUploadStream(streamIndex, streams) ? "upload" : "download";
    }
}
