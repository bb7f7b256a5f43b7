package dev.wirespeed.iperf3;

import dev.wirespeed.engine.session.PeerTotals;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.engine.stream.DrivenSide;
import dev.wirespeed.engine.stream.UdpHeader;
import dev.wirespeed.engine.udp.UdpBwClient;
import dev.wirespeed.engine.udp.UdpDrivenSide;
import dev.wirespeed.io.Io;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.UdpResult;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.node.ObjectNode;

/**
 * UDP streams of a {@code bw --iperf3 --udp} test, on {@link UdpDrivenSide}. Each stream is set up
 * as iperf3 does (iperf_udp_connect): one 4-byte datagram to the server's port, then wait for the
 * 4-byte answer from the socket the server connected to us.
 */
final class UdpClientSide implements ClientSide<UdpResult> {
    /** iperf3 writes UDP_CONNECT_MSG 0x36373839 in host order: on every little-endian host, "9876". */
    static final byte[] HELLO = {'9', '8', '7', '6'};
    /** UDP_CONNECT_REPLY 0x39383736, little-endian: "6789". */
    static final byte[] REPLY = {'6', '7', '8', '9'};
    /** Servers before 3.12 answer 987654321 (LEGACY_UDP_CONNECT_REPLY), little-endian. */
    static final byte[] LEGACY_REPLY = {(byte) 0xb1, 0x68, (byte) 0xde, 0x3a};
    /** With -R the server's first data may overtake its answer: iperf3 reads past a few datagrams. */
    static final int MAX_DATAGRAMS_BEFORE_REPLY = 3;
    /** Senders finish the datagram in hand; pacing sleeps at most 10 ms. */
    static final long SENDER_STOP_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final TestSpec spec;
    private final int answerTimeoutMillis;
    private final TestListener<TestSpec, UdpResult.UdpInterval> listener;
    private final List<DatagramChannel> channels = new ArrayList<>();
    private UdpDrivenSide driven;
    private Message.UdpResults local;
    private long stopNanos;

    /** @param answerTimeoutMillis how long each stream waits for the server's answer to its hello */
    UdpClientSide(TestSpec spec, int answerTimeoutMillis, TestListener<TestSpec, UdpResult.UdpInterval> listener) {
        this.spec = spec;
        this.answerTimeoutMillis = answerTimeoutMillis;
        this.listener = listener;
    }

    @Override
    public void open(InetSocketAddress target, byte[] cookie, int index) throws IOException {
        DatagramChannel ch = UdpDrivenSide.openClient(target, spec);
        channels.add(ch);
        ch.write(ByteBuffer.wrap(HELLO));
        // non-blocking polls, not a timed receive, which would leave the JDK's socket non-blocking for good
        ch.configureBlocking(false);
        ByteBuffer answer = ByteBuffer.allocate(64 * 1024);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(answerTimeoutMillis);
        int datagrams = 0;
        while (true) {
            answer.clear();
            int n;
            try {
                n = ch.read(answer);
            } catch (PortUnreachableException e) {
                throw new IOException("UDP port " + target.getPort() + " of " + Io.describe(target)
                        + " is unreachable (UDP blocked?)");
            }
            if (n == 4 && (matches(answer, REPLY) || matches(answer, LEGACY_REPLY))) {
                break;
            }
            if (n > 0 && ++datagrams > MAX_DATAGRAMS_BEFORE_REPLY) {
                throw new IOException("UDP stream " + (index + 1) + ": the server sent data but no answer");
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("no answer to UDP stream " + (index + 1) + " from " + Io.describe(target)
                        + " within " + answerTimeoutMillis + " ms (is UDP to that port blocked?)");
            }
            if (n == 0) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while setting up UDP stream " + (index + 1));
                }
            }
        }
        ch.configureBlocking(true);
    }

    private static boolean matches(ByteBuffer b, byte[] expected) {
        for (int i = 0; i < expected.length; i++) {
            if (b.get(i) != expected[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public DrivenSide prepare(BwResult.Peer server) {
        // we ask for udp_counters_64bit, which every server since 3.1 honours
        driven = new UdpDrivenSide("ws-iperf3", channels, true, spec, new UdpHeader(true), listener::interval);
        listener.connected(server, spec);
        return driven;
    }

    @Override
    public long start() {
        return driven.start();
    }

    @Override
    public long bytesMoved() {
        return driven.bytes();
    }

    @Override
    public boolean byteCountReached() {
        return false;
    }

    @Override
    public long senderStopNanos() {
        return SENDER_STOP_NANOS;
    }

    @Override
    public void drain() {
        driven.drainReceivers();
    }

    @Override
    public void settle(long stopNanos) {
        this.stopNanos = stopNanos;
        driven.close(stopNanos);
        local = driven.results(stopNanos);
    }

    @Override
    public ObjectNode results() {
        return ResultsExchange.writeUdp(local);
    }

    @Override
    public UdpResult result(Instant startedAt, BwResult.Peer server, ResultsExchange remote, BwResult.Outcome outcome) {
        Message.UdpResults remoteTotals = remote == null ? null
                : remote.toUdpTotals(i -> !driven.sends(i), stopNanos - driven.omitEndNanoTime());
        String refused = PeerTotals.problem(remoteTotals, local, spec, local.cpu().wallNanos());
        if (refused != null) {
            remoteTotals = null;
            outcome = PeerTotals.refused(outcome, refused);
        }
        UdpResult result = driven.assemble(startedAt, server, local, remoteTotals, outcome);
        BwResult.Outcome checked = PeerTotals.nothingMoved(result, local.cpu().wallNanos());
        return checked == result.outcome() ? result : driven.assemble(startedAt, server, local, remoteTotals, checked);
    }

    @Override
    public void close() {
        channels.forEach(Io::closeQuietly);
    }
}
