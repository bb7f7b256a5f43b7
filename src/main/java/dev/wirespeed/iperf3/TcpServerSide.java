package dev.wirespeed.iperf3;

import dev.wirespeed.engine.sys.Mptcp;
import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.engine.tcp.TcpDrivenSide;
import dev.wirespeed.io.Io;
import dev.wirespeed.iperf3.Iperf3Error.Errno;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** TCP data connections of an iperf3 client's test, on {@link TcpDrivenSide}. */
final class TcpServerSide implements ServerSide {
    /** After TEST_END, receivers read on until nothing arrived for this long (data still in flight). */
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Senders blocked in a write to a client that stopped reading (iperf3 --bidir) get this long. */
    static final long SENDER_STOP_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How long closed streams' threads get to end and book their CPU time. */
    static final long CPU_BOOKING_NANOS = TimeUnit.MILLISECONDS.toNanos(300);

    private final TestSpec spec;
    private final int tos;
    private final List<Arrival> arrivals = new ArrayList<>();
    private final Arrivals arrived;
    private volatile TcpDrivenSide driven;
    /** What the data sockets run, read after tuning: iperf3's server names it even when it only received. */
    private volatile String congestionRead;

    private record Arrival(long sequence, SocketChannel channel) {}

    TcpServerSide(TestSpec spec, int tos, Arrivals arrived) {
        this.spec = spec;
        this.tos = tos;
        this.arrived = arrived;
    }

    /** From a data connection's thread; false when the test has all it asked for. */
    synchronized boolean attach(SocketChannel ch, long sequence) {
        if (arrivals.size() >= spec.connections()) {
            return false;
        }
        arrivals.add(new Arrival(sequence, ch));
        arrived.arrived();
        return true;
    }

    /** Streams in the order the client opened them, which is the order of their ids. */
    private synchronized List<SocketChannel> inOrder() {
        return arrivals.stream().sorted(Comparator.comparingLong(Arrival::sequence)).map(Arrival::channel).toList();
    }

    /** How many of the data connections are MPTCP (a client's -m reaches a plain listener as TCP). */
    int mptcpConnections() {
        return (int) inOrder().stream().filter(Mptcp::isMptcp).count();
    }

    @Override
    public void prepare() throws IOException {
        List<SocketChannel> channels = inOrder();
        for (SocketChannel ch : channels) {
            try {
                TcpDrivenSide.tuneAfterConnect(ch, spec, true);
            } catch (IOException e) {
                throw new Iperf3Refusal(Iperf3Error.SET_CONGESTION, Errno.EINVAL, Io.reason(e));
            }
        }
        ServerSide.applyTos(channels, tos);
        congestionRead = channels.isEmpty() ? null : NativeSockets.congestion(channels.getFirst()).orElse(null);
        driven = new TcpDrivenSide("ws-iperf3-server", channels, false, spec, "option", null);
    }

    @Override
    public long start() {
        return driven.start();
    }

    @Override
    public Measured end(long testEndNanos, boolean clientEnded) {
        TcpDrivenSide p = driven;
        p.stopSending();
        if (clientEnded) {
            drainReceivers(p, testEndNanos);
            p.awaitSendersEnded(System.nanoTime() + SENDER_STOP_NANOS);
        }
        long end = System.nanoTime();
        p.finish(end);
        // iperf3's server closes its streams at TEST_END too: that ends reads still waiting and a
        // sender still blocked, and their threads then book their CPU time for the results
        p.close();
        p.join(System.nanoTime() + CPU_BOOKING_NANOS);
        Message.Results totals = capAt(p.results(end), testEndNanos - p.omitEndNanoTime());
        return new Measured(totals, null, ResultsExchange.write(totals,
                congestionRead != null ? congestionRead : spec.congestion()),
                (wallNanos, problem) -> TcpDrivenSide.summaryLine(spec, totals.streams(), wallNanos, problem));
    }

    /**
     * The client stopped writing before it sent TEST_END, but its last bytes may still be in
     * flight: read on until the streams fall quiet (iperf3's own server stops counting at TEST_END).
     */
    private static void drainReceivers(TcpDrivenSide p, long from) {
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
        return new Message.Results(capped, r.cpu(), r.retransmitsHostWide(), r.dataPath());
    }

    @Override
    public void close() {
        TcpDrivenSide p = driven;
        if (p != null) {
            p.close();
        }
        synchronized (this) {
            arrivals.forEach(a -> Io.closeQuietly(a.channel()));
        }
    }
}
