package dev.wirespeed.iperf3;

import dev.wirespeed.engine.session.PeerTotals;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.stream.DrivenSide;
import dev.wirespeed.engine.sys.LocalEnd;
import dev.wirespeed.engine.sys.Mptcp;
import dev.wirespeed.engine.sys.Sockets;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.tcp.TcpDrivenSide;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SocketChannel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.node.ObjectNode;

/** TCP streams of a {@code bw --iperf3} test, on {@link TcpDrivenSide}. */
final class TcpClientSide implements ClientSide<BwResult> {
    /** Senders blocked in a write get this long to finish it before TEST_END goes out anyway. */
    static final long SENDER_STOP_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** After EXCHANGE_RESULTS, how long receivers may take to read what the server sent before it closed. */
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final BwClientConfig config;
    private final TestListener<BwResult.BwParams, BwResult.IntervalReport> listener;
    private final TestSpec spec;
    private final List<SocketChannel> data = new ArrayList<>();
    private TcpDrivenSide driven;
    private Message.Results local;
    private long endNanos;
    private BwResult.Mptcp mptcp;

    TcpClientSide(BwClientConfig config, TestListener<BwResult.BwParams, BwResult.IntervalReport> listener) {
        this.config = config;
        this.listener = listener;
        this.spec = config.spec();
    }

    @Override
    public void open(InetSocketAddress target, byte[] cookie, int index) throws IOException {
        data.add(Sockets.openData(target, LocalEnd.of(config.bindAddress(), config.bindDevice(), config.flowLabel(),
                config.mptcp()), config.clientPortOf(index),
                config.connectTimeoutMillis(), spec, cookie, index));
    }

    @Override
    public boolean mptcp() {
        return config.mptcp();
    }

    @Override
    public DrivenSide prepare(BwResult.Peer server) {
        if (config.mptcp()) {
            // after connect: the kernel falls back to TCP silently where the server's listener is plain
            mptcp = new BwResult.Mptcp(data.size(), (int) data.stream().filter(Mptcp::isMptcp).count());
        }
        driven = new TcpDrivenSide("ws-iperf3", data, true, spec, config.streamsChosenBy(), listener::interval);
        driven.pinTo(config.cpu());
        listener.connected(server, TcpDrivenSide.params(spec, config.streamsChosenBy()));
        return driven;
    }

    @Override
    public long start() {
        return driven.start();
    }

    @Override
    public long bytesMoved() {
        return driven.bytes(true) + driven.bytes(false);
    }

    @Override
    public boolean byteCountReached() {
        boolean sends = spec.direction().clientSends();
        boolean receives = spec.direction().clientReceives();
        return spec.bytes() > 0 && (!sends || driven.sendersEnded()) && (!receives || driven.bytes(false) >= spec.bytes());
    }

    @Override
    public long senderStopNanos() {
        return SENDER_STOP_NANOS;
    }

    /** The server closes its streams at TEST_END: receivers read to that end. */
    @Override
    public void drain() {
        driven.awaitEnded(System.nanoTime() + DRAIN_LIMIT_NANOS);
    }

    /** The totals end now, after the drain: the server's streams closed at TEST_END. */
    @Override
    public void settle(long stopNanos) {
        endNanos = System.nanoTime();
        driven.finish(endNanos);
        local = driven.results(endNanos);
    }

    @Override
    public ObjectNode results() {
        return ResultsExchange.write(local, spec.congestion());
    }

    @Override
    public BwResult result(Instant startedAt, BwResult.Peer server, ResultsExchange remote, BwResult.Outcome outcome) {
        // after a loss the streams were closed: a short wait lets their threads book their CPU time
        driven.join(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(outcome.ok() ? 2000 : 300));
        Message.Results remoteTotals = remote == null ? null
                : remote.toTotals(i -> !driven.sends(i), endNanos - driven.omitEndNanoTime());
        // the server's figures, checked against the path and the time: 8192 PiB at 0 bit/s is refused
        String refused = PeerTotals.problem(remoteTotals, local, spec, local.cpu().wallNanos());
        if (refused != null) {
            remote = null;
            remoteTotals = null;
            outcome = PeerTotals.refused(outcome, refused);
        }
        BwResult result = driven.assemble(startedAt, server, local, remoteTotals, outcome);
        result = remote == null ? result : PeerRetransmits.apply(result, remote, i -> !driven.sends(i));
        result = remote == null ? result : withServerCongestion(result, remote.congestionUsed());
        return PeerTotals.nothingMoved(result, local.cpu().wallNanos()).withMptcp(mptcp);
    }

    /** An iperf3 server's "congestion_used" (its socket's TCP_CONGESTION) names the algorithm of what it sent. */
    static BwResult withServerCongestion(BwResult result, String congestionUsed) {
        if (congestionUsed == null || congestionUsed.isBlank()) {
            return result;
        }
        return result.withDirections(result.directions().stream()
                .map(d -> "server".equals(d.sender()) && d.congestion() == null ? d.withCongestion(congestionUsed) : d)
                .toList());
    }

    @Override
    public void close() {
        data.forEach(Io::closeQuietly);
    }
}
