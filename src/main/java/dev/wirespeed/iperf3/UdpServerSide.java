package dev.wirespeed.iperf3;

import dev.wirespeed.engine.stream.UdpHeader;
import dev.wirespeed.engine.udp.UdpDrivenSide;
import dev.wirespeed.io.Io;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * UDP sockets of an iperf3 client's test, on {@link UdpDrivenSide}. Each stream arrives as iperf3
 * sets it up (iperf_udp_accept): a 4-byte datagram on the server's port; the server answers from
 * a socket on that port connected to the sender, which then carries the stream.
 */
final class UdpServerSide implements ServerSide {
    /** Senders finish the datagram in hand; pacing sleeps at most 10 ms. */
    static final long SENDER_STOP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final TestSpec spec;
    private final int tos;
    private final boolean counters64;
    /** Streams by the client socket they answer, in arrival order (iperf3 opens one at a time). */
    private final Map<SocketAddress, DatagramChannel> streams = new LinkedHashMap<>();
    private final Arrivals arrived;
    private volatile UdpDrivenSide driven;
    private long stopNanos;

    UdpServerSide(TestSpec spec, int tos, boolean counters64, Arrivals arrived) {
        this.spec = spec;
        this.tos = tos;
        this.counters64 = counters64;
        this.arrived = arrived;
    }

    /**
     * A client socket's hello (from the UDP listener's thread): opens the stream's socket and
     * answers from it. A repeated hello is answered again; one more stream than asked is ignored.
     */
    synchronized void attach(SocketAddress from, InetSocketAddress localUdp) throws IOException {
        DatagramChannel ch = streams.get(from);
        if (ch == null) {
            if (streams.size() >= spec.connections()) {
                return;
            }
            ch = UdpDrivenSide.openServer(localUdp, spec, from);
            streams.put(from, ch);
            arrived.arrived();
        }
        ch.write(ByteBuffer.wrap(UdpClientSide.REPLY));
    }

    @Override
    public void prepare() throws IOException {
        List<DatagramChannel> channels;
        synchronized (this) {
            channels = new ArrayList<>(streams.values());
        }
        ServerSide.applyTos(channels, tos);
        driven = new UdpDrivenSide("ws-iperf3-server", channels, false, spec, new UdpHeader(counters64), null);
    }

    @Override
    public long start() {
        return driven.start();
    }

    @Override
    public Measured end(long testEndNanos, boolean clientEnded) {
        UdpDrivenSide p = driven;
        p.stopSending();
        p.awaitSendersEnded(System.nanoTime() + SENDER_STOP_NANOS);
        stopNanos = System.nanoTime();
        if (clientEnded) {
            p.drainReceivers();
        }
        p.close(stopNanos);
        Message.UdpResults totals = p.results(stopNanos);
        return new Measured(null, totals, ResultsExchange.writeUdp(totals),
                (wallNanos, problem) -> UdpDrivenSide.summaryLine(spec, totals.streams(), wallNanos, problem));
    }

    @Override
    public void close() {
        UdpDrivenSide p = driven;
        if (p != null) {
            p.close(stopNanos == 0 ? System.nanoTime() : stopNanos);
        }
        synchronized (this) {
            streams.values().forEach(Io::closeQuietly);
        }
    }
}
