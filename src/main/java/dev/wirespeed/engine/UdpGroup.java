package dev.wirespeed.engine;

import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.UdpStats;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One side's UDP streams of one udp-bw test, one platform thread each (as {@link StreamGroup} for
 * TCP). Public for the iperf3 compatibility layer: give it connected sockets (e.g. from
 * {@link UdpSetup#openOnServerPort}), a spec carrying datagram length and rate, and iperf3's header
 * ({@code new UdpHeader(false)} without {@code udp_counters_64bit}).
 */
public final class UdpGroup {
    /** After the senders stopped, receivers read until this long passes without a datagram. */
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final List<UdpStream> streams = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final StopFlag stop = new StopFlag();
    private final CpuAccumulator cpu = new CpuAccumulator();
    private final String threadPrefix;
    private final UdpStats.Snapshot[] previous;
    private final UdpStats.Snapshot[] atOmit;

    public UdpGroup(String threadPrefix, List<DatagramChannel> channels, boolean[] sends, TestSpec spec, UdpHeader header,
             java.util.function.LongPredicate drop) {
        this.threadPrefix = threadPrefix;
        for (int i = 0; i < channels.size(); i++) {
            streams.add(new UdpStream(channels.get(i), new StreamCounter(i, sends[i]), header, spec.bufferBytes(),
                    spec.rateBitsPerSecond(), stop, cpu, sends[i] ? null : drop));
        }
        previous = new UdpStats.Snapshot[channels.size()];
        atOmit = new UdpStats.Snapshot[channels.size()];
        java.util.Arrays.fill(previous, UdpStats.Snapshot.ZERO);
        java.util.Arrays.fill(atOmit, UdpStats.Snapshot.ZERO);
    }

    public List<StreamCounter> counters() {
        return StreamLoop.counters(streams);
    }

    public CpuAccumulator cpu() {
        return cpu;
    }

    public void start() {
        for (UdpStream s : streams) {
            String name = threadPrefix + (s.counter().sending() ? "-udp-send-" : "-udp-recv-") + s.counter().index();
            threads.add(StreamLoop.thread(name, s));
        }
        threads.forEach(Thread::start);
    }

    public void stopSending() {
        stop.set();
    }

    public Throwable firstFailure() {
        return StreamLoop.firstFailure(streams);
    }

    /** Waits until the receivers were quiet for {@link #QUIET_NANOS} (the last datagrams landed), bounded. */
    public void drainReceivers() {
        long deadline = System.nanoTime() + DRAIN_LIMIT_NANOS;
        long last = receivedPackets();
        long quietSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            long now = receivedPackets();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince >= QUIET_NANOS) {
                return;
            }
        }
    }

    private long receivedPackets() {
        long n = 0;
        for (UdpStream s : streams) {
            if (s.stats() != null) {
                n += s.stats().snapshot().packets();
            }
        }
        return n;
    }

    /** Stops senders, closes every socket, waits for the threads. */
    public void close(long deadlineNanos) {
        stop.set();
        streams.forEach(UdpStream::closeQuietly);
        StreamGroup.joinAll(threads, deadlineNanos);
    }

    /**
     * The receiving streams' counts since the previous sample; called by the interval sampler
     * (serially). A warm-up sample also marks the counts the summary starts from.
     */
    Message.UdpInterval interval(IntervalSampler.Sample s) {
        List<Integer> indices = new ArrayList<>();
        List<Message.UdpCounts> counts = new ArrayList<>();
        for (UdpStream stream : streams) {
            if (stream.stats() == null) {
                continue;
            }
            int i = stream.counter().index();
            UdpStats.Snapshot now = stream.stats().snapshot();
            counts.add(counts(now.minus(previous[i])));
            indices.add(i);
            previous[i] = now;
            if (s.omitted()) {
                atOmit[i] = now;
            }
        }
        if (indices.isEmpty()) {
            return null;
        }
        return new Message.UdpInterval(s.startNanos(), s.endNanos(), s.omitted(), s.last(),
                indices.stream().mapToInt(Integer::intValue).toArray(), counts);
    }

    /**
     * When this side's data ended, after {@link #close}: the last datagram a receiver counted, or
     * (no receiver got any) {@code fallbackNanos}. Intervals and summaries end there, so the time a
     * Stop spends on the control connection is not counted as time without data.
     */
    public long dataEndNanos(long fallbackNanos) {
        long end = 0;
        for (UdpStream s : streams) {
            if (s.stats() != null) {
                end = Math.max(end, s.lastArrivalNanos());
            }
        }
        return end == 0 ? fallbackNanos : end;
    }

    /**
     * Per-stream totals, after {@link #close}; senders count datagrams written up to their stop,
     * receivers datagrams read up to their last one.
     */
    public List<Message.UdpTotal> totals(long[] bytesAtOmit, long omitEndNanos, long stopNanos) {
        List<Message.UdpTotal> out = new ArrayList<>();
        for (UdpStream s : streams) {
            StreamCounter c = s.counter();
            long end = c.sending() ? (c.ended() ? c.endNanos() : stopNanos)
                    : (s.lastArrivalNanos() > 0 ? s.lastArrivalNanos() : stopNanos);
            // a sender's time starts when its thread did (pacing starts there), not before
            long begin = c.sending() ? Math.max(omitEndNanos, s.sendStartNanos()) : omitEndNanos;
            long measuredNanos = Math.max(0, end - begin);
            if (c.sending()) {
                long packets = s.packetsSent();
                long omitPackets = bytesAtOmit[c.index()] / s.datagramBytes();
                Message.UdpCounts all = new Message.UdpCounts(packets, c.bytes(), 0, 0, 0);
                Message.UdpCounts measured = new Message.UdpCounts(packets - omitPackets,
                        c.bytes() - bytesAtOmit[c.index()], 0, 0, 0);
                out.add(new Message.UdpTotal(c.index(), true, all, measured, measuredNanos));
            } else {
                UdpStats.Snapshot all = s.stats().snapshot();
                out.add(new Message.UdpTotal(c.index(), false, counts(all), counts(all.minus(atOmit[c.index()])),
                        measuredNanos));
            }
        }
        return out;
    }

    static Message.UdpCounts counts(UdpStats.Snapshot s) {
        return new Message.UdpCounts(s.packets(), s.bytes(), s.lost(), s.outOfOrder(), s.jitterMicros());
    }
}
