package dev.wirespeed.iperf3;

import dev.wirespeed.admission.Admission;
import dev.wirespeed.admission.Budget;
import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.io.Io;
import dev.wirespeed.iperf3.Iperf3Error.Errno;
import dev.wirespeed.wire.TestSpec;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.nio.channels.SocketChannel;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import tools.jackson.databind.node.ObjectNode;

/**
 * One iperf3 client's test on a wirespeed server, from its cookie to IPERF_DONE. The data moves
 * through wirespeed's engine ({@link TcpServerSide}, {@link UdpServerSide}); the control
 * connection speaks iperf3 (iperf_run_server and iperf_handle_message_server in esnet/iperf
 * src/iperf_server_api.c).
 */
final class Iperf3ServerTest {
    /** How often the running test looks at its control connection and its limits. */
    static final int POLL_MILLIS = 200;
    /** Between SERVER_TERMINATE and closing the streams, so that an iperf3 client reports the former. */
    static final long ABORT_NOTICE_NANOS = TimeUnit.MILLISECONDS.toNanos(200);
    /** errno ETIMEDOUT, sent when the data connections do not all arrive. */
    private static final int ETIMEDOUT = 110;

    private final Iperf3Service service;
    private final Control control;
    private final String cookie;
    private final String peer;
    /** Done once the test has its streams; lines before that go through its rate limit. */
    private final Admission.Ticket ticket;
    /** Room in admission for this test's own TCP data connections while they arrive. */
    private Admission.Expectation expected;
    private volatile ServerSide side;
    private volatile String abortReason;
    private String clientVersion;
    /** This test's share of the server's budget, given back when it ends. */
    private Budget.Reservation reservation;

    Iperf3ServerTest(Iperf3Service service, Control control, String cookie, Admission.Ticket ticket) {
        this.service = service;
        this.control = control;
        this.cookie = cookie;
        this.peer = ticket.peer();
        this.ticket = ticket;
    }

    void run() {
        int handshakeMillis = service.config().handshakeMillis();
        InetAddress udpClient = null;
        try {
            control.channel().setOption(StandardSocketOptions.TCP_NODELAY, true);
            control.deadline(handshakeMillis);
            control.writeState(Iperf3.PARAM_EXCHANGE);
            var json = control.readJson(Iperf3.MAX_PARAMS_BYTES, "parameters", Iperf3Error.RECEIVE_PARAMS);
            if (json.path("client_version").isString()) {
                clientVersion = ParamExchange.printable(json.path("client_version").stringValue());
            }
            ParamExchange.Request request = ParamExchange.parse(json, service.config().limits());
            TestSpec spec = request.spec();
            checkCongestion(spec);
            reservation = service.reserve(spec, who());
            // admitted: bounded by the budget and the streams' arrival time from here, not the handshake deadline
            ticket.done();
            // its own data connections are no crowd in admission (issue 32)
            Admission.Expectation exp = spec.udp() ? null : ticket.expect(spec.connections());
            expected = exp;
            ServerSide.Arrivals arrivals = exp == null ? new ServerSide.Arrivals(spec.connections())
                    : new ServerSide.Arrivals(spec.connections(), exp::arrived);
            if (spec.udp()) {
                udpClient = ((InetSocketAddress) control.channel().getRemoteAddress()).getAddress();
                UdpServerSide udp = new UdpServerSide(spec, request.tos(), request.udpCounters64(), arrivals);
                side = udp;
                service.awaitingUdpStreams(udpClient, udp, handshakeMillis);
            } else {
                TcpServerSide tcp = new TcpServerSide(spec, request.tos(), arrivals);
                side = tcp;
                service.awaitingStreams(cookie, tcp);
            }
            control.writeState(Iperf3.CREATE_STREAMS);
            if (!arrivals.await(handshakeMillis)) {
                throw new Iperf3Refusal(Iperf3Error.STREAM_ACCEPT, ETIMEDOUT, "only " + arrivals.count() + " of "
                        + spec.connections() + " " + (spec.udp() ? "UDP streams" : "data connections")
                        + " arrived within " + handshakeMillis + " ms");
            }
            service.streamsComplete(cookie, udpClient, side);
            closeExpectation();
            side.prepare();
            if (request.mptcp() && side instanceof TcpServerSide tcp) {
                int mptcp = tcp.mptcpConnections();
                log(who() + " asked for MPTCP (-m): " + mptcp + " of " + spec.connections() + " data connections are"
                        + " MPTCP" + (mptcp < spec.connections()
                        ? " (the others fell back to TCP: this server's listener is plain TCP unless started with --mptcp)"
                        : ""));
            }
            runData(spec, request);
        } catch (Iperf3Refusal r) {
            if (!r.logged()) {
                peerEvent("refused " + who() + ": " + r.getMessage());
            }
            try {
                control.writeServerError(r.error(), r.errno());
                control.closeAfterLastWords();
            } catch (IOException ignored) {
                // the client is gone; the log says why it was refused
            }
        } catch (SocketTimeoutException e) {
            peerEvent("dropped " + who() + ": silent for " + handshakeMillis + " ms before its test started");
        } catch (EOFException e) {
            peerEvent("dropped " + who() + ": closed before its test started");
        } catch (IOException e) {
            peerEvent("dropped " + who() + ": " + Io.reason(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeExpectation();
            service.streamsComplete(cookie, udpClient, side);
            ServerSide s = side;
            if (s != null) {
                s.close();
            }
            control.close();
            if (reservation != null) {
                reservation.close();
            }
        }
    }

    /**
     * A line about a client that did not get to run its test: rate-limited (anyone can cause it),
     * and silent when admission closed the connection (it logged why).
     */
    private void peerEvent(String line) {
        if (ticket.droppedBecause() == null) {
            ticket.event(line);
        }
    }

    private void closeExpectation() {
        Admission.Expectation e = expected;
        if (e != null) {
            e.close();
        }
    }

    /** An algorithm this host lacks is refused before any stream exists, as iperf3 clients understand. */
    private static void checkCongestion(TestSpec spec) throws IOException {
        if (spec.congestion() == null) {
            return;
        }
        try (SocketChannel probe = SocketChannel.open()) {
            NativeSockets.setCongestion(probe, spec.congestion());
        } catch (IOException e) {
            throw new Iperf3Refusal(Iperf3Error.SET_CONGESTION, Errno.ENOENT, Io.reason(e));
        }
    }

    private void runData(TestSpec spec, ParamExchange.Request request) throws IOException {
        control.writeState(Iperf3.TEST_START);
        long t0 = side.start();
        control.writeState(Iperf3.TEST_RUNNING);
        String problem = awaitTestEnd(spec, t0);
        long testEnd = System.nanoTime();
        ServerSide.Measured measured = side.end(testEnd, problem == null);
        Iperf3Service.ClientTotals theirs = null;
        if (problem == null) {
            try {
                theirs = exchangeResults(spec, request, measured, testEnd - t0);
            } catch (IOException e) {
                problem = "results exchange failed: " + Io.reason(e);
            }
        }
        log(who() + " " + measured.line().of(testEnd - t0, problem)
                + (request.title() != null ? " [" + request.title() + "]" : "")
                + Budget.sharing(reservation));
        service.finished(new Iperf3Service.Served(peer, clientVersion, spec, measured.tcp(), measured.udp(), theirs,
                problem));
    }

    /**
     * Null when the client sent TEST_END, else why the test ended. A test ends at its time (or
     * --max-duration when it asked for bytes or blocks), its warm-up and the server's grace,
     * whatever the client sends (issue 32); iperf3's own server allows 40 s of grace
     * (create_server_timers), a wirespeed server its --test-grace.
     */
    private String awaitTestEnd(TestSpec spec, long t0) {
        long maxMillis = service.config().limits().maxDurationMillis();
        long graceMillis = service.config().budget().limits().graceMillis();
        long limitNanos = TimeUnit.MILLISECONDS.toNanos((spec.durationMillis() > 0
                ? Math.min(spec.durationMillis(), maxMillis) : maxMillis) + spec.omitMillis() + graceMillis);
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
                    tellTerminated();
                    return "the server ended the test: no TEST_END within " + TimeUnit.NANOSECONDS.toSeconds(limitNanos)
                            + " s (its time, warm-up and " + graceMillis / 1000 + " s of grace)";
                }
            }
        } catch (EOFException e) {
            return abortReason != null ? abortReason : "the client went away";
        } catch (IOException e) {
            return abortReason != null ? abortReason : Io.reason(e);
        }
    }

    /** EXCHANGE_RESULTS → the client's results → ours → DISPLAY_RESULTS → IPERF_DONE. */
    private Iperf3Service.ClientTotals exchangeResults(TestSpec spec, ParamExchange.Request request,
                                                       ServerSide.Measured measured, long wallNanos)
            throws IOException {
        control.deadline(service.config().handshakeMillis());
        control.writeState(Iperf3.EXCHANGE_RESULTS);
        ResultsExchange theirs = ResultsExchange.parse(control.readJson(Iperf3.MAX_RESULTS_BYTES, "results",
                Iperf3Error.RECEIVE_RESULTS), spec.connections());
        ObjectNode json = measured.json();
        if (request.getServerOutput()) {
            json.put("server_output_text", measured.line().of(wallNanos, null) + "\n");
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
        Map<Integer, Long> packets = new HashMap<>();
        Map<Integer, Long> lost = new HashMap<>();
        for (ResultsExchange.Stream s : theirs.streams()) {
            bytes.put(s.index(), s.bytes());
            packets.put(s.index(), s.packets());
            lost.put(s.index(), s.errors());
        }
        return new Iperf3Service.ClientTotals(Map.copyOf(bytes), Map.copyOf(packets), Map.copyOf(lost));
    }

    /** SERVER_TERMINATE, which an iperf3 client reports as "the server has terminated". */
    private void tellTerminated() {
        try {
            control.writeState(Iperf3.SERVER_TERMINATE);
        } catch (IOException ignored) {
            // the client is gone already
        }
    }

    /**
     * Ends the test from outside (server shutdown): SERVER_TERMINATE, then every stream closes —
     * a moment later, so that the client reads why before its streams fail.
     */
    void abort(String reason) {
        abortReason = reason;
        try {
            control.writeState(Iperf3.SERVER_TERMINATE);
            LockSupport.parkNanos(ABORT_NOTICE_NANOS);
        } catch (IOException ignored) {
            // the client is gone already
        }
        ServerSide s = side;
        if (s != null) {
            s.close();
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
