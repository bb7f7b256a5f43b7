package dev.wirespeed.engine;

import dev.wirespeed.admission.Budget;
import dev.wirespeed.guard.Printable;
import dev.wirespeed.Version;
import dev.wirespeed.io.Io;
import dev.wirespeed.measure.TcpCounters;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.ProtocolException;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** One test on the server, driven by its control connection from hello to results. */
final class ServerTest {
    private static final SecureRandom RANDOM = new SecureRandom();
    /** While the test runs the client heartbeats every second; this much silence ends the test. */
    static final int RUNNING_SILENCE_MILLIS = 10_000;
    /** After Stop, how long receivers may take to see the client's last bytes. */
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(10);

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
    private volatile StreamGroup group;
    private volatile String abortReason;

    ServerTest(BwServer server, SocketChannel control, DataInputStream in, String peer, Runnable handshakeDone)
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
            codec.write(new Message.Welcome(Wire.PROTOCOL_VERSION, Version.software(), ResultAssembler.hostName(),
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
            PathCounterReport counters = PathCounterReport.start(control);
            codec.write(new Message.Ready());
            codec.expect(Message.Start.class);
            runData(spec, counters);
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
    synchronized void attachUdp(int index, java.net.SocketAddress from) {
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
            ch.write(java.nio.ByteBuffer.wrap(dev.wirespeed.wire.Preamble.data(idBytes, index)));
        } catch (IOException | RuntimeException e) {
            log("UDP stream " + (index + 1) + " of " + peer + " failed: " + Io.reason(e));
        }
    }

    private void runData(TestSpec spec, PathCounterReport counters) throws IOException {
        if (spec.testMode() != dev.wirespeed.wire.TestMode.TCP_BW) {
            new ModeServer(codec, control, server.config(), peer, spec, data, udp, () -> abortReason, counters).run();
            return;
        }
        boolean[] sends = new boolean[data.length];
        for (int i = 0; i < sends.length; i++) {
            sends[i] = !spec.direction().isUploadStream(i, spec.streams());
        }
        StreamGroup g = new StreamGroup("ws-server", Arrays.asList(data), sends, spec);
        g.pinTo(spec.serverCpu());
        group = g;
        List<Integer> receiving = new ArrayList<>();
        for (int i = 0; i < sends.length; i++) {
            if (!sends[i]) {
                receiving.add(i);
            }
        }
        int[] receivingIndex = receiving.stream().mapToInt(Integer::intValue).toArray();
        IntervalSampler sampler = new IntervalSampler(g.counters(), TimeUnit.MILLISECONDS.toNanos(spec.intervalMillis()),
                TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()), BwClient.plannedEndNanos(spec),
                s -> sendInterval(s, receivingIndex));
        OptionalLong retransBefore = TcpCounters.retransmittedSegments();
        long t0 = System.nanoTime();
        g.start();
        sampler.start(t0);
        Heartbeat heart = Heartbeat.start("ws-server-heartbeat", this::sendQuietly);
        String problem = null;
        long maxNanos = TimeUnit.MILLISECONDS.toNanos(server.config().limits().maxDurationMillis() + spec.omitMillis())
                + TimeUnit.SECONDS.toNanos(30);
        try {
            control.socket().setSoTimeout(RUNNING_SILENCE_MILLIS);
            while (true) {
                Message m = codec.read();
                if (m instanceof Message.Stop) {
                    break;
                }
                if (!(m instanceof Message.Heartbeat)) {
                    throw new ProtocolException("expected Stop or Heartbeat but was " + m.getClass().getSimpleName());
                }
                if (System.nanoTime() - t0 > maxNanos) {
                    throw new ProtocolException("test exceeded the server's limit of "
                            + server.config().limits().maxDurationMillis() / 1000 + " s");
                }
            }
        } catch (SocketTimeoutException e) {
            problem = "client silent for " + RUNNING_SILENCE_MILLIS / 1000 + " s";
        } catch (EOFException e) {
            problem = "client went away";
        } catch (IOException e) {
            problem = abortReason != null ? abortReason : Io.reason(e);
        }
        if (abortReason != null) {
            problem = abortReason;
        }
        g.stopSending();
        if (problem == null) {
            g.awaitEnded(System.nanoTime() + DRAIN_LIMIT_NANOS);
        } else {
            g.close();
        }
        long end = System.nanoTime();
        sampler.finish(end);
        OptionalLong retransAfter = TcpCounters.retransmittedSegments();
        Long retrans = retransBefore.isPresent() && retransAfter.isPresent()
                ? retransAfter.getAsLong() - retransBefore.getAsLong() : null;
        List<Message.StreamTotal> totals = g.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime());
        heart.stop();
        if (problem == null) {
            g.join(System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
            totals = g.totals(sampler.bytesAtOmit(), sampler.omitEndNanoTime());
            sendQuietly(new Message.Results(totals,
                    new Message.CpuTime(g.cpu().userNanos(), g.cpu().systemNanos(), end - t0), retrans, g.pathUsed())
                    .withCounterDeltas(counters.deltas()));
            lingeringClose(control);
        } else {
            g.close();
        }
        log(peer + " " + summaryLine(spec, totals, end - t0, problem));
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

    private void sendInterval(IntervalSampler.Sample s, int[] receivingIndex) {
        if (receivingIndex.length == 0) {
            return;
        }
        long[] bytes = new long[receivingIndex.length];
        for (int i = 0; i < receivingIndex.length; i++) {
            bytes[i] = s.bytes()[receivingIndex[i]];
        }
        sendQuietly(new Message.Interval(s.startNanos(), s.endNanos(), s.omitted(), s.last(), receivingIndex, bytes));
    }

    /** Ends the test from outside (server shutdown): tells the client, closes every connection. */
    void abort(String reason) {
        abortReason = reason;
        sendQuietly(new Message.Error(reason));
        StreamGroup g = group;
        if (g != null) {
            g.close();
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
            // the peer is gone; the caller reports that
        }
    }

    private synchronized void closeAll() {
        Io.closeQuietly(control);
        for (DatagramChannel ch : udp) {
            if (ch != null) {
                try {
                    ch.close();
                } catch (IOException ignored) {
                    // closing is best effort
                }
            }
        }
        if (data != null) {
            for (SocketChannel ch : data) {
                if (ch != null && group == null) {
                    Io.closeQuietly(ch);
                }
            }
        }
    }

    private void log(String line) {
        server.config().log().accept(Printable.line(line));
    }

    /** "127.0.0.1:40312 upload 4 streams 10.0 s: received 31.2 GiB = 26.8 Gbit/s". */
    static String summaryLine(TestSpec spec, List<Message.StreamTotal> totals, long wallNanos, String problem) {
        StringBuilder b = new StringBuilder();
        b.append(spec.direction().label()).append(' ').append(spec.streams())
                .append(spec.streams() == 1 ? " stream" : " streams");
        if (spec.direction() == dev.wirespeed.wire.Direction.BIDIR) {
            b.append(" each way");
        }
        b.append(String.format(Locale.ROOT, " %.1f s", wallNanos / 1e9));
        appendSide(b, "received", totals.stream().filter(t -> !t.sent()).toList());
        appendSide(b, "sent", totals.stream().filter(Message.StreamTotal::sent).toList());
        if (problem != null) {
            b.append(" — aborted: ").append(problem);
        }
        return b.toString();
    }

    private static void appendSide(StringBuilder b, String verb, List<Message.StreamTotal> totals) {
        if (totals.isEmpty()) {
            return;
        }
        long bytes = totals.stream().mapToLong(Message.StreamTotal::measuredBytes).sum();
        long nanos = totals.stream().mapToLong(Message.StreamTotal::measuredNanos).max().orElse(0);
        b.append(", ").append(verb).append(' ').append(ByteSize.format(bytes)).append(" = ")
                .append(Rate.format(Rate.bitsPerSecond(bytes, nanos)));
    }

    String peer() {
        return peer;
    }
}
