package dev.wirespeed.engine.server;

import dev.wirespeed.admission.Admission;
import dev.wirespeed.admission.Budget;
import dev.wirespeed.engine.lat.CrrServerPlane;
import dev.wirespeed.engine.session.Heartbeat;
import dev.wirespeed.engine.session.PathCounterReport;
import dev.wirespeed.engine.session.ResultAssembler;
import dev.wirespeed.engine.session.ServerPlane;
import dev.wirespeed.engine.session.TripClocks;
import dev.wirespeed.engine.sys.SocketTuning;
import dev.wirespeed.engine.sys.UdpSetup;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.units.Numbers;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestMode;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Tos;
import dev.wirespeed.wire.Wire;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

/**
 * One test on the server, driven by its control connection from hello to results, whatever its
 * mode: the handshake, the budget (through {@link Budget}), the data connections' arrival, the
 * heartbeat, the client's Stop, peer loss, the server's limits, the outcome, the results and the
 * lingering close. The data itself is the mode's {@link ServerPlane} (see {@link ServerPlanes}).
 */
final class ServerSession {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** While the test runs the client heartbeats every second; this much silence ends the test. */
    static final int RUNNING_SILENCE_MILLIS = 10_000;

    /** How a running test ended, and why when it did not end with the client's Stop. */
    record Ending(OutcomeStatus status, String reason) {
        static final Ending STOPPED = new Ending(OutcomeStatus.OK, null);

        boolean clean() {
            return status == OutcomeStatus.OK;
        }
    }

    private final Server server;
    private final SocketChannel control;
    private final FrameCodec codec;
    /** The control connection's bytes, under {@link #codec}: watched for the client's close before Ready. */
    private final DataInputStream in;
    private final String peer;
    /** This connection's handshake: done once the test has its data connections. */
    private final Admission.Ticket ticket;
    /** This test's share of the server's budget (docs/SECURITY.md), given back when it ends. */
    private Budget.Reservation reservation;
    /** Room in admission for this test's own data connections while they arrive. */
    private Admission.Expectation expected;
    private SocketChannel[] data;
    private DatagramChannel[] udp = new DatagramChannel[0];
    /** -S/--dscp with udp-bw: the TOS each stream's hello arrived with, by stream index (null: not read). */
    private Integer[] udpTos = new Integer[0];
    private TestSpec spec;
    private byte[] idBytes;
    private CountDownLatch arrived;
    private volatile ServerPlane plane;
    private volatile String abortReason;
    /** --get-server-output: the lines this server logs for the test, for its results; null when not asked. */
    private List<String> output;

    ServerSession(Server server, SocketChannel control, DataInputStream in, Admission.Ticket ticket)
            throws IOException {
        this.server = server;
        this.control = control;
        this.in = in;
        this.codec = new FrameCodec(in, control.socket().getOutputStream());
        this.peer = ticket.peer();
        this.ticket = ticket;
    }

    /** Runs the test from Hello to results; true when it reached its data phase (a --once server then stops). */
    boolean run() throws IOException {
        ServerConfig cfg = server.config();
        String testId = null;
        try {
            Message.Hello hello = codec.expect(Message.Hello.class);
            if (hello.protocolVersion() != Wire.PROTOCOL_VERSION) {
                fail("protocol version " + hello.protocolVersion() + " is not supported (this server speaks "
                        + Wire.PROTOCOL_VERSION + ")");
                return false;
            }
            codec.write(new Message.Welcome(Wire.PROTOCOL_VERSION, server.welcomeSoftware(), ResultAssembler.hostName(),
                    Runtime.getRuntime().availableProcessors(), ResultAssembler.osName(), cfg.limits().maxStreams(),
                    cfg.limits().maxDurationMillis()));
            Message.TestRequest request = codec.expect(Message.TestRequest.class);
            TestSpec spec = request.spec();
            if (spec == null) {
                throw new ProtocolException("test request without a spec");
            }
            try {
                spec.validate(cfg.limits());
                if (request.clock() != null) {
                    request.clock().validate();
                }
            } catch (ProtocolException e) {
                fail("test refused: " + e.getMessage());
                return false;
            }
            if (Boolean.TRUE.equals(request.serverOutput())) {
                output = new ArrayList<>();
            }
            ServerPlane.Factory factory = ServerPlanes.forMode(spec.testMode());
            if (factory == null) {
                fail("test refused: this server does not serve " + spec.testMode() + " tests");
                return false;
            }
            byte[] id = new byte[Wire.TEST_ID_BYTES];
            RANDOM.nextBytes(id);
            idBytes = id;
            testId = HexFormat.of().formatHex(id);
            if (spec.udp() && server.udpAddress() == null) {
                fail("this server cannot serve UDP tests (its UDP port could not be bound)");
                return false;
            }
            try {
                // before anything is allocated: the buffers of every data connection, both directions
                reservation = cfg.budget().reserve(spec.connections(), spec.bufferBytes());
            } catch (Budget.Exceeded e) {
                fail("test refused: " + e.getMessage());
                return false;
            }
            synchronized (this) {
                this.spec = spec;
                data = new SocketChannel[spec.udp() ? 0 : spec.connections()];
                udp = new DatagramChannel[spec.udp() ? spec.connections() : 0];
                udpTos = new Integer[udp.length];
                arrived = new CountDownLatch(spec.connections());
                // its own data connections are no crowd: `-P 128 --bidir` opens 256 at once (issue 32)
                expected = spec.udp() ? null : ticket.expect(spec.connections());
            }
            // admitted: the test holds its share of the budget, and its data connections have
            // handshakeMillis to arrive; the handshake deadline no longer applies (on a loaded host
            // 256 data connections took longer than the 5 s, and the client saw EOFException)
            ticket.done();
            server.register(testId, this);
            // read beside the data connections' arrival; awaited before Ready (docs/PERFORMANCE.md)
            PathCounterReport counters = PathCounterReport.startInBackground(control);
            codec.write(new Message.TestAccepted(testId, spec.tripTimes() ? TripClocks.serverClock() : null));
            if (!awaitDataConnections(cfg.handshakeMillis())) {
                fail("only " + (spec.connections() - arrived.getCount()) + " of " + spec.connections()
                        + " data connections arrived within " + cfg.handshakeMillis() + " ms");
                return false;
            }
            server.unregister(testId);
            testId = null;
            closeExpectation();
            try {
                for (SocketChannel ch : data) {
                    SocketTuning.afterConnect(ch, spec, true);
                }
            } catch (IOException e) {
                fail("server cannot apply the socket options: " + Io.reason(e));
                return false;
            }
            // before Ready, so reading the counters (and running ethtool) never delays the test's clock
            counters.awaitBefore();
            counters.watchUdp(Arrays.asList(udp)); // the test's own UDP sockets' drops (issue 26)
            if (spec.testMode() == TestMode.TCP_CRR) {
                transactionsId = HexFormat.of().formatHex(idBytes);
                server.registerTransactions(transactionsId, this); // from Ready on: the client starts at once
            }
            // the plane and its threads before Ready: making 256 threads took seconds on a loaded host,
            // which fell inside the client's clock when done after Start (StartGate)
            ServerPlane made = factory.open(new ServerPlane.Setup(spec, Arrays.asList(data), Arrays.asList(udp),
                    this::sendQuietly, counters, line -> testLine(peer + " " + line)));
            boolean started = false;
            try {
                made.spawn();
                codec.write(new Message.Ready());
                codec.expect(Message.Start.class);
                started = true;
            } finally {
                if (!started) {
                    made.close(); // its threads leave without running; the channels close below
                }
            }
            runData(made);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SocketTimeoutException e) {
            peerEvent("dropped " + peer + ": silent for " + cfg.handshakeMillis() + " ms before the test started");
        } catch (EOFException e) {
            peerEvent("dropped " + peer + ": closed before the test started");
        } catch (IOException e) {
            if (abortReason != null) {
                log(peer + " aborted before the test started: " + abortReason);
                return false;
            }
            peerEvent("dropped " + peer + ": " + Io.reason(e));
            sendQuietly(new Message.Error(Io.reason(e)));
        } finally {
            if (testId != null) {
                server.unregister(testId);
            }
            if (transactionsId != null) {
                server.unregisterTransactions(transactionsId);
            }
            closeExpectation();
            closeAll();
            releaseBudget();
        }
        return false;
    }

    /** How long the data connections may take before the control connection is watched as well. */
    static final long ARRIVAL_FAST_MILLIS = 200;
    /** How often the watch looks at the data connections again while it reads the control connection. */
    static final int ARRIVAL_WATCH_SLICE_MILLIS = 50;

    /**
     * Waits for the test's data connections while watching its control connection. A client that
     * closes it now (a --trip-times test it refused because the clocks may disagree, a client that
     * gave up or died) used to hold its reservation and its test slot for the whole
     * --handshake-timeout; its close now ends the wait at once. Nothing may arrive on the control
     * connection before Ready (the client's next word is Start), so a byte read here is a protocol
     * error, not a message to keep. The watch starts only after {@link #ARRIVAL_FAST_MILLIS}: data
     * connections that arrive at once (the usual case) cost no extra wait.
     *
     * @return true when every data connection arrived in time
     */
    private boolean awaitDataConnections(int waitMillis) throws IOException, InterruptedException {
        long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitMillis);
        if (arrived.await(Math.min(ARRIVAL_FAST_MILLIS, waitMillis), TimeUnit.MILLISECONDS)) {
            return true;
        }
        try {
            while (arrived.getCount() > 0) {
                long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
                if (leftMillis <= 0) {
                    return false;
                }
                control.socket().setSoTimeout((int) Math.max(1, Math.min(ARRIVAL_WATCH_SLICE_MILLIS, leftMillis)));
                int b;
                try {
                    b = in.read();
                } catch (SocketTimeoutException e) {
                    continue; // the client is still there: look at the data connections again
                }
                if (b < 0) {
                    throw new EOFException();
                }
                throw new ProtocolException("the client sent on its control connection before Ready");
            }
            return true;
        } finally {
            control.socket().setSoTimeout(waitMillis);
        }
    }

    /** A line about a peer that did not get to run a test: rate-limited, and silent when admission closed it. */
    private void peerEvent(String line) {
        if (ticket.droppedBecause() == null) {
            ticket.event(line);
        }
    }

    private synchronized void closeExpectation() {
        if (expected != null) {
            expected.close();
        }
    }

    private void releaseBudget() {
        Budget.Reservation r = reservation;
        if (r != null) {
            r.close();
        }
    }

    /** From Start to the results: the plane moves the data while the control connection carries heartbeats. */
    private void runData(ServerPlane p) {
        plane = p;
        if (abortReason != null) {
            p.close(); // the server shut down while the plane was being made
        }
        // heartbeats from Start until the results: the start and the results of 256 streams each took
        // more than the client's 3 s of patience on a loaded host (DocumentedMaximumIT)
        Heartbeat heart = Heartbeat.start("ws-server-heartbeat", this::sendQuietly);
        long t0 = p.start();
        Ending ending = awaitStop(t0 + limitNanos(spec, server.config().limits(), server.config().admission().graceMillis()));
        p.end(ending.clean());
        if (ending.clean()) {
            // the streams ended and freed their buffers: the budget is free before the lingering close
            releaseBudget();
            Message results = withSharing(withReceivedTos(p.results()), reservation);
            // the summary line before the results go: with --get-server-output they carry it
            String summary = peer + " " + p.summary(ending.reason()) + udpTosSeen() + Budget.sharing(reservation);
            keep(summary);
            heart.stopThen(withOutput(results)); // the last word: no heartbeat after it
            lingeringClose(control);
            server.testLine(summary);
            return;
        }
        boolean overrun = ending.reason() != null && ending.reason().startsWith(OVERRUN);
        heart.stopThen(overrun ? new Message.Error(ending.reason()) : null);
        p.close();
        releaseBudget();
        // logged before the lingering close: the line is written when the client reads the Error,
        // not up to 2 s later (HeartbeatDeadlineIT read the log as the client closed, and missed it)
        server.testLine(peer + " " + p.summary(ending.reason()) + Budget.sharing(reservation));
        if (overrun) {
            // the client is still heartbeating: a plain close with its heartbeats unread sends a
            // reset, which can discard our Error before the client reads it (CI saw "Broken pipe")
            lingeringClose(control);
        }
    }

    /** A line of this test for the log, kept for the client too when it asked (--get-server-output). */
    private void testLine(String line) {
        keep(line, Message.MAX_SERVER_OUTPUT_LINES - 1);
        server.testLine(line);
    }

    /** The summary line, last: the one slot the plane's lines leave is its own. */
    private void keep(String summary) {
        keep(summary, Message.MAX_SERVER_OUTPUT_LINES);
    }

    private synchronized void keep(String line, int maxLines) {
        if (output != null && output.size() < maxLines) {
            output.add(Printable.of(line, Message.MAX_SERVER_OUTPUT_LINE_CHARS));
        }
    }

    /** The results with the lines kept for the client, when it asked for them. */
    private synchronized Message withOutput(Message results) {
        if (output == null) {
            return results;
        }
        List<String> lines = List.copyOf(output);
        return switch (results) {
            case Message.Results r -> r.withServerOutput(lines);
            case Message.UdpResults r -> r.withServerOutput(lines);
            default -> results;
        };
    }

    /** ", TOS received 0x88 (DSCP 34 AF41)" for a udp-bw test with -S/--dscp, as TCP's summary has it; else "". */
    private synchronized String udpTosSeen() {
        if (spec.tos() == null || !spec.udp() || udpTos.length == 0) {
            return "";
        }
        String seen = Arrays.stream(udpTos).filter(Objects::nonNull).distinct().sorted().map(Tos::describe)
                .collect(Collectors.joining(", "));
        return ", TOS received " + (seen.isEmpty() ? "unreadable" : seen);
    }

    /** A udp-bw test's results with the TOS each stream's hello arrived with (-S/--dscp; TCP's come from its streams). */
    private synchronized Message withReceivedTos(Message results) {
        if (spec.tos() == null || !(results instanceof Message.UdpResults r)) {
            return results;
        }
        return r.withReceivedTos(Arrays.asList(udpTos.clone()));
    }

    /**
     * The results of a test with the server's word on the tests it ran beside it (issue 29): every
     * mode's results, TCP and UDP bandwidth and latency alike, carry it.
     */
    static Message withSharing(Message results, Budget.Reservation reservation) {
        if (reservation == null) {
            return results;
        }
        return switch (results) {
            case Message.Results r -> r.withSharedWithTests(reservation.othersAtOnce());
            case Message.UdpResults r -> r.withSharedWithTests(reservation.othersAtOnce());
            default -> results;
        };
    }

    /** How the server's end of a test that outlasts its time begins (the client's error and the log say it). */
    static final String OVERRUN = "the server ended the test:";

    /**
     * How long after its start a test may run, whatever its client sends: its asked duration (or,
     * bounded by bytes or iterations, the server's --max-duration), no longer than --max-duration,
     * plus the warm-up and the grace (issue 32: heartbeats kept a test and its budget forever).
     */
    static long limitNanos(TestSpec spec, TestSpec.Limits limits, long graceMillis) {
        long asked = spec.durationMillis() > 0 ? Math.min(spec.durationMillis(), limits.maxDurationMillis())
                : limits.maxDurationMillis();
        return TimeUnit.MILLISECONDS.toNanos(asked + spec.omitMillis() + graceMillis);
    }

    /** Reads heartbeats until the client's Stop, or the test's time is over; says how the test ended. */
    private Ending awaitStop(long deadlineNanos) {
        Ending ending;
        try {
            readUntilStop(deadlineNanos);
            ending = Ending.STOPPED;
        } catch (Overrun e) {
            ending = new Ending(OutcomeStatus.FAILED, e.getMessage());
        } catch (SocketTimeoutException e) {
            ending = new Ending(OutcomeStatus.PEER_LOST, "client silent for " + RUNNING_SILENCE_MILLIS / 1000 + " s");
        } catch (EOFException e) {
            ending = new Ending(OutcomeStatus.PEER_LOST, "client went away");
        } catch (IOException e) {
            ending = new Ending(OutcomeStatus.FAILED, Io.reason(e));
            if (abortReason == null) {
                sendQuietly(new Message.Error(ending.reason()));
            }
        }
        String aborted = abortReason;
        return aborted != null ? new Ending(OutcomeStatus.INTERRUPTED, aborted) : ending;
    }

    /** The test's time and grace are over. */
    private static final class Overrun extends IOException {
        Overrun(String message) {
            super(message);
        }
    }

    /**
     * Reads the client's heartbeats until its Stop. Throws when the client sends anything else,
     * is silent for {@link #RUNNING_SILENCE_MILLIS}, or when the deadline passes — each read waits
     * no longer than the deadline, so a client that keeps heartbeating is ended on time.
     */
    private void readUntilStop(long deadlineNanos) throws IOException {
        while (true) {
            long leftNanos = deadlineNanos - System.nanoTime();
            if (leftNanos <= 0) {
                throw overrun();
            }
            control.socket().setSoTimeout((int) Math.min(RUNNING_SILENCE_MILLIS,
                    TimeUnit.NANOSECONDS.toMillis(leftNanos) + 1));
            Message m;
            try {
                m = codec.read();
            } catch (SocketTimeoutException e) {
                if (System.nanoTime() - deadlineNanos >= 0) {
                    throw overrun();
                }
                throw e;
            }
            if (m instanceof Message.Stop) {
                return;
            }
            if (!(m instanceof Message.Heartbeat)) {
                throw new ProtocolException("expected Stop or Heartbeat but was " + m.getClass().getSimpleName());
            }
        }
    }

    private Overrun overrun() {
        long graceMillis = server.config().admission().graceMillis();
        long maxMillis = server.config().limits().maxDurationMillis();
        String asked = spec.durationMillis() > 0 && spec.durationMillis() <= maxMillis
                ? "its " + seconds(spec.durationMillis()) + " s" : "the server's limit of " + seconds(maxMillis)
                        + " s (--max-duration)";
        return new Overrun(OVERRUN + " it ran past " + asked
                + (spec.omitMillis() > 0 ? " and " + seconds(spec.omitMillis()) + " s of warm-up" : "")
                + " and " + seconds(graceMillis) + " s of grace without the client's Stop");
    }

    private static String seconds(long millis) {
        return Numbers.plain(millis / 1000.0);
    }

    /** How long the lingering close waits for the client's FIN, in all. */
    static final long LINGER_MILLIS = 2_000;

    /**
     * Half-closes the control connection and waits (briefly) for the client to close its end:
     * closing with unread bytes would send a RST that can destroy the Results in flight.
     */
    static void lingeringClose(SocketChannel control) {
        try {
            control.shutdownOutput();
            long deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LINGER_MILLIS);
            var in = control.socket().getInputStream();
            byte[] sink = new byte[256];
            long leftMillis;
            // bounded in total, not per read: a client that keeps heartbeating must not hold us
            while ((leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())) > 0) {
                control.socket().setSoTimeout((int) leftMillis);
                if (in.read(sink) < 0) {
                    break;
                }
            }
        } catch (IOException ignored) {
            // closed, reset or timed out: either way we are done
        }
    }

    /** A tcp-crr test's id while it takes transactions, null otherwise. */
    private volatile String transactionsId;

    /**
     * One transaction of this tcp-crr test, on its connection's thread. Transactions that arrive
     * between Start and the plane's making wait for it, at most {@link #PLANE_WAIT_MILLIS}.
     */
    void transact(int index, SocketChannel ch, DataInputStream in) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PLANE_WAIT_MILLIS);
        ServerPlane p;
        while ((p = plane) == null && System.nanoTime() - deadline < 0 && transactionsId != null) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
        }
        if (!(p instanceof CrrServerPlane crr)) {
            throw new ProtocolException("transaction for a test that is not taking them");
        }
        crr.serve(index, ch, in);
    }

    private static final long PLANE_WAIT_MILLIS = 2_000;

    /** Called from a data connection's handshake thread. False = unknown index or already taken. */
    synchronized boolean attach(int index, SocketChannel ch) {
        if (data == null || index < 0 || index >= data.length || data[index] != null) {
            return false;
        }
        data[index] = ch;
        arrived.countDown();
        if (expected != null) {
            expected.arrived();
        }
        return true;
    }

    /**
     * Called from the UDP listener for each hello: opens this stream's socket on the server's port,
     * connected to the sender, and answers from it. A repeated hello (our answer was lost) is answered again.
     */
    synchronized void attachUdp(int index, SocketAddress from, Integer tos) {
        if (index < 0 || index >= udp.length) {
            return;
        }
        if (udp[index] == null && spec.tos() != null) {
            udpTos[index] = tos; // the first hello's: the stream's socket was marked before it (UdpSetup.connect)
        }
        try {
            DatagramChannel ch = udp[index];
            if (ch == null) {
                ch = UdpSetup.openOnServerPort(server.udpAddress(), UdpSetup.bufferBytes(spec));
                try {
                    UdpSetup.mark(ch, spec, UdpSetup.family(server.udpAddress()));
                } catch (IOException | RuntimeException e) {
                    ch.close();
                    throw e;
                }
                ch.connect(from);
                udp[index] = ch;
                arrived.countDown();
            } else if (!from.equals(ch.getRemoteAddress())) {
                return;
            }
            ch.write(ByteBuffer.wrap(Preamble.data(idBytes, index)));
        } catch (IOException | RuntimeException e) {
            peerEvent("UDP stream " + (index + 1) + " of " + peer + " failed: " + Io.reason(e));
        }
    }

    /** Ends the test from outside (server shutdown): tells the client, closes every connection. */
    void abort(String reason) {
        abortReason = reason;
        sendQuietly(new Message.Error(reason));
        ServerPlane p = plane;
        if (p != null) {
            p.close();
        }
        closeAll();
    }

    private void fail(String message) {
        peerEvent("refused " + peer + ": " + message);
        sendQuietly(new Message.Error(message));
    }

    private void sendQuietly(Message m) {
        try {
            codec.write(m);
        } catch (IOException ignored) {
            // the peer is gone; the control loop reports that
        }
    }

    /** The control connection, and the data channels unless a plane owns them (it closes them in order). */
    private synchronized void closeAll() {
        Io.closeQuietly(control);
        if (plane != null) {
            return;
        }
        for (DatagramChannel ch : udp) {
            Io.closeQuietly(ch);
        }
        if (data != null) {
            for (SocketChannel ch : data) {
                Io.closeQuietly(ch);
            }
        }
    }

    private void log(String line) {
        server.config().log().accept(Printable.line(line));
    }

    String peer() {
        return peer;
    }
}
