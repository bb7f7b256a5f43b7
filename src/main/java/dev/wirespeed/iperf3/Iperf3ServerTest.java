package dev.wirespeed.iperf3;

import dev.wirespeed.engine.BwClient;
import dev.wirespeed.engine.DataPlane;
import dev.wirespeed.engine.NativeSockets;
import dev.wirespeed.iperf3.Iperf3Error.Errno;
import dev.wirespeed.measure.TcpCounters;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.EOFException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One iperf3 client's test on a wirespeed server, from its cookie to IPERF_DONE. The data moves
 * through wirespeed's engine; the control connection speaks iperf3 (iperf_run_server and
 * iperf_handle_message_server in esnet/iperf src/iperf_server_api.c).
 */
final class Iperf3ServerTest {
    /** iperf3's server allows a test its time plus a grace for state changes (create_server_timers). */
    static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** How often the running test looks at its control connection and its limits. */
    static final int POLL_MILLIS = 200;
    /** After TEST_END, receivers read on until nothing arrived for this long (data still in flight). */
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Senders blocked in a write to a client that stopped reading (iperf3 --bidir) get this long. */
    static final long SENDER_STOP_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How long closed streams' threads get to end and book their CPU time. */
    static final long CPU_BOOKING_NANOS = TimeUnit.MILLISECONDS.toNanos(300);
    /** Between SERVER_TERMINATE and closing the streams, so that an iperf3 client reports the former. */
    static final long ABORT_NOTICE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /** errno ETIMEDOUT, sent when the data connections do not all arrive. */
    private static final int ETIMEDOUT = 110;

    private final Iperf3Service service;
    private final Control control;
    private final String cookie;
    private final String peer;
    private final Runnable handshakeDone;
    private final List<Arrival> arrivals = new ArrayList<>();
    private int expected;
    private CountDownLatch arrived;
    private volatile DataPlane plane;
    private volatile String abortReason;
    private String clientVersion;

    private record Arrival(long sequence, SocketChannel channel) {}

    Iperf3ServerTest(Iperf3Service service, Control control, String cookie, String peer, Runnable handshakeDone) {
        this.service = service;
        this.control = control;
        this.cookie = cookie;
        this.peer = peer;
        this.handshakeDone = handshakeDone;
    }

    void run() {
        int handshakeMillis = service.config().handshakeMillis();
        try {
            control.channel().setOption(StandardSocketOptions.TCP_NODELAY, true);
            control.deadline(handshakeMillis);
            control.writeState(Iperf3.PARAM_EXCHANGE);
            var json = control.readJson(Iperf3.MAX_PARAMS_BYTES, "parameters", Iperf3Error.RECEIVE_PARAMS);
            if (json.path("client_version").isString()) {
                clientVersion = Params.printable(json.path("client_version").stringValue());
            }
            Params.Request request = Params.parse(json, service.config().limits());
            TestSpec spec = request.spec();
            checkCongestion(spec);
            synchronized (this) {
                expected = spec.connections();
                arrived = new CountDownLatch(expected);
            }
            service.awaitingStreams(cookie, this);
            control.writeState(Iperf3.CREATE_STREAMS);
            if (!arrived.await(handshakeMillis, TimeUnit.MILLISECONDS)) {
                throw new Iperf3Refusal(Iperf3Error.STREAM_ACCEPT, ETIMEDOUT, "only " + (expected - arrived.getCount())
                        + " of " + expected + " data connections arrived within " + handshakeMillis + " ms");
            }
            service.streamsComplete(cookie, this);
            handshakeDone.run();
            List<SocketChannel> channels = inOrder();
            tune(channels, spec, request.tos());
            runData(spec, channels, request);
        } catch (Iperf3Refusal r) {
            log("refused " + who() + ": " + r.getMessage());
            try {
                control.writeServerError(r.error(), r.errno());
                control.closeAfterLastWords();
            } catch (IOException ignored) {
                // the client is gone; the log says why it was refused
            }
        } catch (SocketTimeoutException e) {
            log("dropped " + who() + ": silent for " + handshakeMillis + " ms before its test started");
        } catch (EOFException e) {
            log("dropped " + who() + ": closed before its test started");
        } catch (IOException e) {
            log("dropped " + who() + ": " + BwClient.reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            DataPlane p = plane;
            if (p != null) {
                p.close();
            }
            synchronized (this) {
                arrivals.forEach(a -> BwClient.closeQuietly(a.channel()));
            }
            control.close();
        }
    }

    /** From a data connection's thread; false when the test has all it asked for. */
    synchronized boolean attach(SocketChannel ch, long sequence) {
        if (arrived == null || arrivals.size() >= expected) {
            return false;
        }
        arrivals.add(new Arrival(sequence, ch));
        arrived.countDown();
        return true;
    }

    /** Streams in the order the client opened them, which is the order of their ids. */
    private synchronized List<SocketChannel> inOrder() {
        return arrivals.stream().sorted(Comparator.comparingLong(Arrival::sequence)).map(Arrival::channel).toList();
    }

    /** An algorithm this host lacks is refused before any stream exists, as iperf3 clients understand. */
    private static void checkCongestion(TestSpec spec) throws IOException {
        if (spec.congestion() == null) {
            return;
        }
        try (SocketChannel probe = SocketChannel.open()) {
            NativeSockets.setCongestion(probe, spec.congestion());
        } catch (IOException e) {
            throw new Iperf3Refusal(Iperf3Error.SET_CONGESTION, Errno.ENOENT, BwClient.reason(e));
        }
    }

    private static void tune(List<SocketChannel> channels, TestSpec spec, int tos) throws IOException {
        for (SocketChannel ch : channels) {
            try {
                DataPlane.tuneAfterConnect(ch, spec, true);
            } catch (IOException e) {
                throw new Iperf3Refusal(Iperf3Error.SET_CONGESTION, Errno.EINVAL, BwClient.reason(e));
            }
            if (tos > 0) {
                try {
                    ch.setOption(StandardSocketOptions.IP_TOS, tos);
                } catch (IOException | UnsupportedOperationException e) {
                    throw new Iperf3Refusal(Iperf3Error.SET_TOS, Errno.EINVAL, "cannot set TOS " + tos);
                }
            }
        }
    }

    private void runData(TestSpec spec, List<SocketChannel> channels, Params.Request request) throws IOException {
        DataPlane p = new DataPlane("ws-iperf3-server", channels, false, spec, "option", null);
        plane = p;
        OptionalLong retransBefore = TcpCounters.retransmittedSegments();
        control.writeState(Iperf3.TEST_START);
        long t0 = p.start();
        control.writeState(Iperf3.TEST_RUNNING);
        String problem = awaitTestEnd(spec, t0);
        long testEnd = System.nanoTime();
        p.stopSending();
        if (problem == null) {
            drainReceivers(p, testEnd);
            p.awaitSendersEnded(System.nanoTime() + SENDER_STOP_NANOS);
        }
        long end = System.nanoTime();
        p.finish(end);
        OptionalLong retransAfter = TcpCounters.retransmittedSegments();
        // iperf3's server closes its streams at TEST_END too: that ends reads still waiting and a
        // sender still blocked, and their threads then book their CPU time for the results
        p.close();
        p.join(System.nanoTime() + CPU_BOOKING_NANOS);
        Message.Results ours = capAt(p.results(end, retransBefore.isPresent() && retransAfter.isPresent()
                ? retransAfter.getAsLong() - retransBefore.getAsLong() : null), testEnd - p.omitEndNanoTime());
        Iperf3Service.ClientTotals theirs = null;
        if (problem == null) {
            try {
                theirs = exchangeResults(spec, ours, request);
            } catch (IOException e) {
                problem = "results exchange failed: " + BwClient.reason(e);
            }
        }
        String line = DataPlane.summaryLine(spec, ours.streams(), testEnd - t0, problem);
        log(who() + " " + line + (request.title() != null ? " [" + request.title() + "]" : ""));
        service.finished(new Iperf3Service.Served(peer, clientVersion, spec, ours, theirs, problem));
    }

    /** Null when the client sent TEST_END, else why the test ended. */
    private String awaitTestEnd(TestSpec spec, long t0) {
        long limitNanos = (spec.durationMillis() > 0 ? TimeUnit.MILLISECONDS.toNanos(spec.durationMillis())
                : TimeUnit.MILLISECONDS.toNanos(service.config().limits().maxDurationMillis()))
                + TimeUnit.MILLISECONDS.toNanos(spec.omitMillis()) + GRACE_NANOS;
        try {
            while (true) {
                if (abortReason != null) {
                    return abortReason;
                }
                OptionalInt state = control.pollState(POLL_MILLIS);
                if (abortReason != null) {
                    return abortReason;
                }
                if (state.isPresent()) {
                    return switch (state.getAsInt()) {
                        case Iperf3.TEST_END -> null;
                        case Iperf3.CLIENT_TERMINATE -> "the client terminated the test";
                        default -> "the client sent " + Iperf3.stateName(state.getAsInt()) + " during the test";
                    };
                }
                if (System.nanoTime() - t0 > limitNanos) {
                    return "no TEST_END within " + TimeUnit.NANOSECONDS.toSeconds(limitNanos) + " s";
                }
            }
        } catch (EOFException e) {
            return abortReason != null ? abortReason : "the client went away";
        } catch (IOException e) {
            return abortReason != null ? abortReason : BwClient.reason(e);
        }
    }

    /**
     * The client stopped writing before it sent TEST_END, but its last bytes may still be in
     * flight: read on until the streams fall quiet (iperf3's own server stops counting at TEST_END).
     */
    private static void drainReceivers(DataPlane p, long from) {
        long last = p.bytes(false);
        long quietSince = from;
        long deadline = from + DRAIN_LIMIT_NANOS;
        while (true) {
            long now = System.nanoTime();
            if (now - quietSince >= QUIET_NANOS || now >= deadline) {
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            long bytes = p.bytes(false);
            if (bytes != last) {
                last = bytes;
                quietSince = System.nanoTime();
            }
        }
    }

    /** The measured time ends at TEST_END: the drain after it is not part of the test's time. */
    private static Message.Results capAt(Message.Results r, long measuredNanosAtEnd) {
        if (measuredNanosAtEnd <= 0) {
            return r;
        }
        List<Message.StreamTotal> capped = r.streams().stream()
                .map(t -> new Message.StreamTotal(t.index(), t.sent(), t.bytes(), t.measuredBytes(),
                        Math.min(t.measuredNanos(), measuredNanosAtEnd), t.tcp()))
                .toList();
        return new Message.Results(capped, r.cpu(), r.retransmitsHostWide());
    }

    /** EXCHANGE_RESULTS → the client's results → ours → DISPLAY_RESULTS → IPERF_DONE. */
    private Iperf3Service.ClientTotals exchangeResults(TestSpec spec, Message.Results ours, Params.Request request)
            throws IOException {
        control.deadline(service.config().handshakeMillis());
        control.writeState(Iperf3.EXCHANGE_RESULTS);
        Results theirs = Results.parse(control.readJson(Iperf3.MAX_RESULTS_BYTES, "results",
                Iperf3Error.RECEIVE_RESULTS), spec.connections());
        var json = Results.write(ours, spec.congestion());
        if (request.getServerOutput()) {
            json.put("server_output_text", DataPlane.summaryLine(spec, ours.streams(),
                    ours.cpu().wallNanos(), null) + "\n");
        }
        control.writeJson(json);
        control.writeState(Iperf3.DISPLAY_RESULTS);
        try {
            int state = control.readState();
            if (state != Iperf3.IPERF_DONE) {
                log(who() + " ended with " + Iperf3.stateName(state) + " instead of IPERF_DONE");
            }
        } catch (EOFException | SocketTimeoutException ignored) {
            // the results are complete; a client that leaves without IPERF_DONE loses nothing
        }
        Map<Integer, Long> bytes = new HashMap<>();
        theirs.streams().forEach(s -> bytes.put(s.index(), s.bytes()));
        return new Iperf3Service.ClientTotals(Map.copyOf(bytes));
    }

    /**
     * Ends the test from outside (server shutdown): SERVER_TERMINATE, then every connection
     * closes — a moment later, so that the client reads why before its streams fail.
     */
    void abort(String reason) {
        abortReason = reason;
        try {
            control.writeState(Iperf3.SERVER_TERMINATE);
            LockSupport.parkNanos(ABORT_NOTICE_NANOS);
        } catch (IOException ignored) {
            // the client is gone already
        }
        DataPlane p = plane;
        if (p != null) {
            p.close();
        }
        control.close();
    }

    private String who() {
        return peer + " (iperf3" + (clientVersion != null ? " " + clientVersion : "") + ")";
    }

    private void log(String line) {
        service.log(line);
    }
}
