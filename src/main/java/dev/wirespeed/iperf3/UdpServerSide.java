package dev.wirespeed.iperf3;

import dev.wirespeed.engine.UdpDataPlane;
import dev.wirespeed.engine.UdpHeader;
import dev.wirespeed.iperf3.Iperf3Error.Errno;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.node.ObjectNode;

/**
 * UDP sockets of an iperf3 client's test, on {@link UdpDataPlane}. Each stream arrives as iperf3
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
    private final CountDownLatch arrived;
    private volatile UdpDataPlane plane;
    private long stopNanos;
    private Message.UdpResults totals;

    UdpServerSide(TestSpec spec, int tos, boolean counters64) {
        this.spec = spec;
        this.tos = tos;
        this.counters64 = counters64;
        this.arrived = new CountDownLatch(spec.connections());
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
            ch = UdpDataPlane.openServer(localUdp, spec, from);
            streams.put(from, ch);
            arrived.countDown();
        }
        ch.write(ByteBuffer.wrap(UdpClientSide.REPLY));
    }

    @Override
    public boolean awaitStreams(long millis) throws InterruptedException {
        return arrived.await(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public int arrived() {
        return (int) (spec.connections() - arrived.getCount());
    }

    @Override
    public void prepare() throws IOException {
        List<DatagramChannel> channels;
        synchronized (this) {
            channels = new ArrayList<>(streams.values());
        }
        for (DatagramChannel ch : channels) {
            if (tos > 0) {
                try {
                    ch.setOption(StandardSocketOptions.IP_TOS, tos);
                } catch (IOException | UnsupportedOperationException e) {
                    throw new Iperf3Refusal(Iperf3Error.SET_TOS, Errno.EINVAL, "cannot set TOS " + tos);
                }
            }
        }
        plane = new UdpDataPlane("ws-iperf3-server", channels, false, spec, new UdpHeader(counters64), null);
    }

    @Override
    public long start() {
        return plane.start();
    }

    @Override
    public void end(long testEndNanos, boolean clientEnded) {
        UdpDataPlane p = plane;
        p.stopSending();
        p.awaitSendersEnded(System.nanoTime() + SENDER_STOP_NANOS);
        stopNanos = System.nanoTime();
        if (clientEnded) {
            p.drainReceivers();
        }
        p.close(stopNanos);
        totals = p.results(stopNanos);
    }

    @Override
    public ObjectNode results() {
        return Results.writeUdp(totals);
    }

    @Override
    public String summary(long wallNanos, String problem) {
        return UdpDataPlane.summaryLine(spec, totals.streams(), wallNanos, problem);
    }

    @Override
    public Iperf3Service.Served served(String peer, String clientVersion, Iperf3Service.ClientTotals client,
                                       String problem) {
        return new Iperf3Service.Served(peer, clientVersion, spec, null, totals, client, problem);
    }

    @Override
    public void close() {
        UdpDataPlane p = plane;
        if (p != null) {
            p.close(stopNanos == 0 ? System.nanoTime() : stopNanos);
        }
        synchronized (this) {
            for (DatagramChannel ch : streams.values()) {
                try {
                    ch.close();
                } catch (IOException ignored) {
                    // closing is best effort
                }
            }
        }
    }
}
