package dev.wirespeed.engine;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
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
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

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

    private final BwServer server;
    private final SocketChannel control;
    private final FrameCodec codec;
    private final String peer;
    private final Runnable handshakeDone;
    /** This test's share of the server's budget (docs/SECURITY.md), given back when it ends. */
    private Budget.Reservation reservation;
    private SocketChannel[] data;
    private DatagramChannel[] udp = new DatagramChannel[0];
    private TestSpec spec;
    private byte[] idBytes;
    private CountDownLatch arrived;
    private volatile ServerPlane plane;
    private volatile String abortReason;

    ServerSession(BwServer server, SocketChannel control, DataInputStream in, String peer, Runnable handshakeDone)
            throws IOException {
        this.server = server;
        this.control = control;
        this.codec = new FrameCodec(in, control.socket().getOutputStream());
        this.peer = peer;
        this.handshakeDone = handshakeDone;
    }

    void run() throws IOException {
        BwServer.Config cfg = server.config();
        String testId = null;
        try {
            Message.Hello hello = codec.expect(Message.Hello.class);
            if (hello.protocolVersion() != Wire.PROTOCOL_VERSION) {
                fail("protocol version " + hello.protocolVersion() + " is not supported (this server speaks "
                        + Wire.PROTOCOL_VERSION + ")");
                return;
            }
            codec.write(new Message.Welcome(Wire.PROTOCOL_VERSION, server.welcomeSoftware(), ResultAssembler.hostName(),
                    Runtime.getRuntime().availableProcessors(), ResultAssembler.osName(), cfg.limits().maxStreams(),
                    cfg.limits().maxDurationMillis()));
            TestSpec spec = codec.expect(Message.TestRequest.class).spec();
            if (spec == null) {
                throw new ProtocolException("test request without a spec");
            }
            try {
                spec.validate(cfg.limits());
            } catch (ProtocolException e) {
                fail("test refused: " + e.getMessage());
                return;
            }
            ServerPlane.Factory factory = ServerPlanes.forMode(spec.testMode());
            if (factory == null) {
                fail("test refused: this server does not serve " + spec.testMode() + " tests");
                return;
            }
            byte[] id = new byte[Wire.TEST_ID_BYTES];
            RANDOM.nextBytes(id);
            idBytes = id;
            testId = HexFormat.of().formatHex(id);
            if (spec.udp() && server.udpAddress() == null) {
                fail("this server cannot serve UDP tests (its UDP port could not be bound)");
                return;
            }
            try {
                // before anything is allocated: the buffers of every data connection, both directions
                reservation = cfg.budget().reserve(spec.connections(), spec.bufferBytes());
            } catch (Budget.Exceeded e) {
                fail("test refused: " + e.getMessage());
                return;
            }
            synchronized (this) {
                this.spec = spec;
                data = new SocketChannel[spec.udp() ? 0 : spec.connections()];
                udp = new DatagramChannel[spec.udp() ? spec.connections() : 0];
                arrived = new CountDownLatch(spec.connections());
            }
            server.register(testId, this);
            // read beside the data connections' arrival; awaited before Ready (docs/PERFORMANCE.md)
            PathCounterReport counters = PathCounterReport.startInBackground(control);
            codec.write(new Message.TestAccepted(testId));
            if (!arrived.await(cfg.handshakeMillis(), TimeUnit.MILLISECONDS)) {
                fail("only " + (spec.connections() - arrived.getCount()) + " of " + spec.connections()
                        + " data connections arrived within " + cfg.handshakeMillis() + " ms");
                return;
            }
            server.unregister(testId);
            testId = null;
            handshakeDone.run();
            try {
                for (SocketChannel ch : data) {
                    SocketTuning.afterConnect(ch, spec, true);
                }
            } catch (IOException e) {
                fail("server cannot apply the socket options: " + Io.reason(e));
                return;
            }
            // before Ready, so reading the counters (and running ethtool) never delays the test's clock
            counters.awaitBefore();
            counters.watchUdp(Arrays.asList(udp)); // the test's own UDP sockets' drops (issue 26)
            codec.write(new Message.Ready());
            codec.expect(Message.Start.class);
            runData(factory.open(new ServerPlane.Setup(spec, Arrays.asList(data), Arrays.asList(udp),
                    this::sendQuietly, counters, line -> log(peer + " " + line))));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SocketTimeoutException e) {
            log("dropped " + peer + ": silent for " + cfg.handshakeMillis() + " ms before the test started");
        } catch (EOFException e) {
            log("dropped " + peer + ": closed before the test started");
        } catch (IOException e) {
            if (abortReason != null) {
                log(peer + " aborted before the test started: " + abortReason);
                return;
            }
            log("dropped " + peer + ": " + Io.reason(e));
            sendQuietly(new Message.Error(Io.reason(e)));
        } finally {
            if (testId != null) {
                server.unregister(testId);
            }
            closeAll();
            if (reservation != null) {
                reservation.close();
            }
        }
    }

    /** From Start to the results: the plane moves the data while the control connection carries heartbeats. */
    private void runData(ServerPlane p) {
        plane = p;
        if (abortReason != null) {
            p.close(); // the server shut down while the plane was being made
        }
        long t0 = p.start();
        Heartbeat heart = Heartbeat.start("ws-server-heartbeat", this::sendQuietly);
        Ending ending = awaitStop(t0);
        p.end(ending.clean());
        heart.stop();
        if (ending.clean()) {
            sendQuietly(p.results());
            lingeringClose(control);
        } else {
            p.close();
        }
        log(peer + " " + p.summary(ending.reason()));
    }

    /** Reads heartbeats until the client's Stop; says how the test ended. */
    private Ending awaitStop(long t0) {
        Ending ending;
        try {
            control.socket().setSoTimeout(RUNNING_SILENCE_MILLIS);
            readUntilStop(t0);
            ending = Ending.STOPPED;
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

    /**
     * Reads the client's heartbeats until its Stop. Throws when the client sends anything else,
     * or when the test outlasts the server's limit plus the omitted warm-up and 30 s of grace.
     */
    private void readUntilStop(long t0) throws IOException {
        long maxDurationMillis = server.config().limits().maxDurationMillis();
        long maxNanos = TimeUnit.MILLISECONDS.toNanos(maxDurationMillis + spec.omitMillis())
                + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            Message m = codec.read();
            if (m instanceof Message.Stop) {
                return;
            }
            if (!(m instanceof Message.Heartbeat)) {
                throw new ProtocolException("expected Stop or Heartbeat but was " + m.getClass().getSimpleName());
            }
            if (System.nanoTime() - t0 > maxNanos) {
                throw new ProtocolException("test exceeded the server's limit of " + maxDurationMillis / 1000 + " s");
            }
        }
    }

    /**
     * Half-closes the control connection and waits (briefly) for the client to close its end:
     * closing with unread bytes would send a RST that can destroy the Results in flight.
     */
    static void lingeringClose(SocketChannel control) {
        try {
            control.shutdownOutput();
            control.socket().setSoTimeout(2000);
            var in = control.socket().getInputStream();
            byte[] sink = new byte[256];
            while (in.read(sink) >= 0) {
                // discard late heartbeats
            }
        } catch (IOException ignored) {
            // closed, reset or timed out: either way we are done
        }
    }

    /** Called from a data connection's handshake thread. False = unknown index or already taken. */
    synchronized boolean attach(int index, SocketChannel ch) {
        if (data == null || index < 0 || index >= data.length || data[index] != null) {
            return false;
        }
        data[index] = ch;
        arrived.countDown();
        return true;
    }

    /**
     * Called from the UDP listener for each hello: opens this stream's socket on the server's port,
     * connected to the sender, and answers from it. A repeated hello (our answer was lost) is answered again.
     */
    synchronized void attachUdp(int index, SocketAddress from) {
        if (index < 0 || index >= udp.length) {
            return;
        }
        try {
            DatagramChannel ch = udp[index];
            if (ch == null) {
                ch = UdpSetup.openOnServerPort(server.udpAddress(), UdpSetup.bufferBytes(spec));
                ch.connect(from);
                udp[index] = ch;
                arrived.countDown();
            } else if (!from.equals(ch.getRemoteAddress())) {
                return;
            }
            ch.write(ByteBuffer.wrap(Preamble.data(idBytes, index)));
        } catch (IOException | RuntimeException e) {
            log("UDP stream " + (index + 1) + " of " + peer + " failed: " + Io.reason(e));
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
        log("refused " + peer + ": " + message);
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
