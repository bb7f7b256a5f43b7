package dev.wirespeed.engine.udp;

import dev.wirespeed.engine.session.ServerPlane;
import dev.wirespeed.engine.stream.UdpGroup;
import dev.wirespeed.engine.stream.UdpHeader;
import dev.wirespeed.engine.stream.UdpStream;
import dev.wirespeed.io.Io;
import dev.wirespeed.units.ByteSize;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** The server's side of a UDP bandwidth test (udp-bw): paced senders, loss and jitter receivers. */
public final class UdpBwServerPlane implements ServerPlane {
    private final TestSpec spec;
    private final List<DatagramChannel> channels;
    private final UdpGroup group;
    private long stopNanos;
    private List<Message.UdpTotal> totals = List.of();
    private final ServerPlane.Setup setup;

    public UdpBwServerPlane(ServerPlane.Setup setup) {
        this.setup = setup;
        this.spec = setup.spec();
        this.channels = setup.udp();
        this.group = new UdpGroup("ws-server", channels, false, spec, UdpHeader.WIRESPEED, null);
        group.sample(group.intervalNanos(), s -> {
            Message.UdpInterval iv = group.interval(s);
            if (iv != null) {
                setup.send().accept(iv);
            }
            Message.TripTimes trip = spec.tripTimes() ? group.tripInterval(s) : null;
            if (trip != null) {
                setup.send().accept(trip);
            }
        });
    }

    @Override
    public void spawn() {
        group.spawn();
    }

    @Override
    public long start() {
        long t0 = group.start();
        if (spec.dontFragment()) {
            Thread.ofVirtual().name("ws-udp-df-watch").start(this::watchForMtuRefusal);
        }
        return t0;
    }

    private volatile boolean ended;

    /**
     * --dont-fragment with -R or --bidir: a sending stream the kernel refuses (EMSGSIZE) fails here,
     * on the server, where the client cannot see it; the client is told the reason at once. Off the
     * data path: a look every 20 ms, only in tests with --dont-fragment.
     */
    private void watchForMtuRefusal() {
        while (!ended) {
            if (group.firstFailure() instanceof UdpStream.PathMtuExceeded tooLong) {
                setup.send().accept(new Message.Error(tooLong.getMessage()));
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    @Override
    public void end(boolean clean) {
        ended = true;
        group.stopSending();
        stopNanos = System.nanoTime();
        if (clean) {
            group.drainReceivers();
        }
        setup.counters().udpEnded(); // the sockets' drops, before closing them takes their rows away
        group.close(stopNanos);
        totals = group.totals(stopNanos);
    }

    @Override
    public Message results() {
        Message.TripTimes trip = spec.tripTimes() ? group.tripTotal() : null;
        if (trip != null) {
            setup.send().accept(trip); // before the results, on the same connection
        }
        return setup.counters().attach(new Message.UdpResults(totals, group.cpu(stopNanos), group.pathUsedWithPacing()));
    }

    @Override
    public String summary(String problem) {
        return summaryLine(spec, totals, stopNanos - group.startNanoTime(), problem);
    }

    @Override
    public void close() {
        ended = true;
        group.shutdownStreams(); // after end() a no-op; on an abort it wakes direct calls first
        channels.forEach(Io::closeQuietly);
    }

    /** "udp-bw upload 1 stream 10.0 s, received 1.16 GiB = 1.00 Gbit/s, lost 0/…" (the iperf3 side logs so too). */
    static String summaryLine(TestSpec spec, List<Message.UdpTotal> totals, long wallNanos, String problem) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "udp-bw %s %d %s %.1f s",
                spec.direction().label(), spec.streams(), spec.streams() == 1 ? "stream" : "streams", wallNanos / 1e9));
        long rxPackets = 0;
        long rxBytes = 0;
        long lost = 0;
        long nanos = 0;
        boolean received = false;
        for (Message.UdpTotal t : totals) {
            if (!t.sent()) {
                received = true;
                rxPackets += t.measured().packets();
                rxBytes += t.measured().bytes();
                lost += t.measured().lost();
                nanos = Math.max(nanos, t.measuredNanos());
            }
        }
        if (received) {
            long total = rxPackets + lost;
            b.append(String.format(Locale.ROOT, ", received %s = %s, lost %d/%d (%.2g %%)", ByteSize.format(rxBytes),
                    Rate.format(Rate.bitsPerSecond(rxBytes, nanos)), lost, total,
                    total == 0 ? 0.0 : 100.0 * lost / total));
        }
        if (problem != null) {
            b.append(" — aborted: ").append(problem);
        }
        return b.toString();
    }
}
