package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeUdp;
import dev.wirespeed.engine.sys.UdpSetup;
import dev.wirespeed.measure.UdpStats;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;

/**
 * One side's UDP streams of one udp-bw test ({@link StreamSide}): paced senders and loss/jitter
 * receivers on connected sockets, with iperf3's header ({@code new UdpHeader(false)} without
 * {@code udp_counters_64bit}), and the side's results (per-stream datagram counts, CPU).
 */
public final class UdpGroup extends StreamSide<UdpStream> {
    /** After the senders stopped, receivers read until this long passes without a datagram. */
    static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    static final long DRAIN_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    /** How long closed streams' threads get to leave (and book their CPU time). */
    static final long CLOSE_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final UdpStats.Snapshot[] previous;
    private final UdpStats.Snapshot[] atOmit;
    /** How this side's paced senders are paced (a note of its dataPath); null when it sends none or at -b 0. */
    private final CompletableFuture<String> pacing;

    /**
     * @param channels sockets connected to the peer's, by stream index
     * @param client   true on the client (it sends on the upload streams)
     * @param drop     test hook: the receivers drop the datagrams it selects, counted from 1 as read (null = none)
     */
    public UdpGroup(String threadPrefix, List<DatagramChannel> channels, boolean client, TestSpec spec, UdpHeader header,
             LongPredicate drop) {
        super(threadPrefix, spec, client, channels.size());
        List<StreamIo<UdpStream>> ios = DataPath.of(spec).udp();
        NativeUdp.available(); // the downcall handles (~100 ms the first time) before Start, not in the streams
        int receiving = 0;
        for (int i = 0; i < channels.size(); i++) {
            receiving += sends(i) ? 0 : 1;
        }
        int receiveBufferBytes = UdpReceiveBuffer.wanted(spec, receiving, UdpSetup.bufferBytes(spec));
        for (int i = 0; i < channels.size(); i++) {
            UdpStream stream = new UdpStream(channels.get(i), new StreamCounter(i, sends(i)), header,
                    spec.bufferBytes(), spec.rateBitsPerSecond(), stop, cpu, sends(i) ? null : drop, ios,
                    this::startNanoTime);
            stream.receiveBufferBytes = sends(i) ? 0 : receiveBufferBytes;
            if (spec.tripTimes()) {
                stream.stamps = sends(i);
                stream.trip = sends(i) ? null : trips().recorder();
            }
            if (spec.isochronous() != null) {
                if (sends(i)) {
                    stream.frames = new FrameClock(spec.isochronous(), spec.bufferBytes(), System.nanoTime() + i);
                } else {
                    stream.frameLog = new FrameLog(spec.isochronous().periodNanos(), spec.tripTimes());
                }
            }
            streams.add(stream);
        }
        pacing = spec.rateBitsPerSecond() > 0 && spec.isochronous() == null && anySends() ? UdpPacing.describeInBackground(localAddress(channels))
                : null;
        previous = new UdpStats.Snapshot[channels.size()];
        atOmit = new UdpStats.Snapshot[channels.size()];
        Arrays.fill(previous, UdpStats.Snapshot.ZERO);
        Arrays.fill(atOmit, UdpStats.Snapshot.ZERO);
    }

    private InetAddress localAddress(List<DatagramChannel> channels) {
        for (int i = 0; i < channels.size(); i++) {
            if (sends(i)) {
                try {
                    return ((InetSocketAddress) channels.get(i).getLocalAddress()).getAddress();
                } catch (IOException | RuntimeException e) {
                    return null;
                }
            }
        }
        return null;
    }

    /**
     * What ran on this side ({@link #pathUsed}), with how its senders were paced as the last note
     * (after the streams' fallbacks, which say why a better call did not run).
     */
    public Message.DataPathUsed pathUsedWithPacing() {
        Message.DataPathUsed used = pathUsed(List.of());
        if (pacing == null) {
            return used;
        }
        List<String> notes = new ArrayList<>(used.fallbacks());
        notes.add(UdpPacing.note(pacing));
        return new Message.DataPathUsed(used.send(), used.receive(), List.copyOf(notes));
    }

    @Override
    String threadKind() {
        return "-udp-";
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

    /**
     * Stops the senders, closes every socket, waits (2 s at most) for the threads, and takes the last
     * sample where the data ended ({@link #dataEndNanos}). Idempotent.
     */
    public void close(long stopNanos) {
        cancelStart();
        stop.set();
        streams.forEach(UdpStream::closeQuietly);
        joinAll(threads(), System.nanoTime() + CLOSE_LIMIT_NANOS);
        streams.forEach(UdpStream::closeChannel);
        finish(dataEndNanos(stopNanos));
    }

    /**
     * Ends the streams without a last sample (an abort): a direct io's socket is shut down, which
     * wakes its thread, and the threads get {@link #CLOSE_LIMIT_NANOS} to leave before the caller
     * closes the channels, so no descriptor is closed (and reused) under a call in flight.
     */
    public void shutdownStreams() {
        cancelStart();
        stop.set();
        streams.forEach(UdpStream::closeQuietly);
        joinAll(threads(), System.nanoTime() + CLOSE_LIMIT_NANOS);
    }

    /** This side's results after {@link #close}: totals up to {@code stopNanos}, CPU from the start to it. */
    public Message.UdpResults results(long stopNanos) {
        return new Message.UdpResults(totals(stopNanos), cpu(stopNanos), pathUsedWithPacing());
    }

    /**
     * The receiving streams' counts since the previous sample; called by the interval sampler
     * (serially). A warm-up sample also marks the counts the summary starts from.
     */
    public Message.UdpInterval interval(IntervalSampler.Sample s) {
        List<Integer> indices = new ArrayList<>();
        List<Message.UdpCounts> counts = new ArrayList<>();
        for (UdpStream stream : streams) {
            if (stream.stats() == null) {
                continue;
            }
            int i = stream.counter().index();
            UdpStats.Snapshot now = stream.stats().snapshot();
            counts.add(withFrames(counts(now.minus(previous[i])),
                    stream.frameLog == null ? null : stream.frameLog.interval(s.omitted())));
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
    long dataEndNanos(long fallbackNanos) {
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
    public List<Message.UdpTotal> totals(long stopNanos) {
        long[] bytesAtOmit = bytesAtOmit();
        long omitEndNanos = omitEndNanoTime();
        List<Message.UdpTotal> out = new ArrayList<>();
        for (UdpStream s : streams) {
            StreamCounter c = s.counter();
            long end = c.sending() ? (c.ended() ? c.endNanos() : stopNanos)
                    : (s.lastArrivalNanos() > 0 ? s.lastArrivalNanos() : stopNanos);
            // a sender's time starts where its pacing counts from, not before; a receiver's where
            // the sender started, when that came before this side's start
            long begin = c.sending() ? Math.max(omitEndNanos, s.sendStartNanos()) : receiverBegin(s, omitEndNanos);
            long measuredNanos = Math.max(0, end - begin);
            if (c.sending()) {
                long packets = s.packetsSent();
                long omitPackets = bytesAtOmit[c.index()] / s.datagramBytes();
                Message.UdpCounts all = new Message.UdpCounts(packets, c.bytes(), 0, 0, 0);
                Message.UdpCounts measured = new Message.UdpCounts(packets - omitPackets,
                        c.bytes() - bytesAtOmit[c.index()], 0, 0, 0, s.frames == null ? null
                        : new Message.FrameCounts(s.frames.framesSent(), s.frames.slips(), 0, 0, 0, 0, 0, null));
                out.add(new Message.UdpTotal(c.index(), true, all, measured, measuredNanos));
            } else {
                UdpStats.Snapshot all = s.stats().snapshot();
                out.add(new Message.UdpTotal(c.index(), false, counts(all), withFrames(counts(all.minus(atOmit[c.index()])),
                        s.frameLog == null ? null : s.frameLog.total()),
                        measuredNanos, s.socketDrops() < 0 ? null : s.socketDrops()));
            }
        }
        return out;
    }

    /** How much earlier than this side's start a receiver's time may begin: the Start's way and this side's set-up. */
    static final long EARLIEST_SENDER_START_NANOS = TimeUnit.SECONDS.toNanos(2);

    /**
     * Where a receiver's measured time begins: at this side's start, or, without a warm-up, where
     * the sender began by its datagrams' own send times ({@link UdpStream#senderOriginNanos}) when
     * that came earlier — the first datagrams waited in the socket while this side set up (a cold
     * server's first test read 1.05-1.57 Mbit/s at -b 1M, its time 0.1-0.7 s short).
     */
    long receiverBegin(UdpStream s, long omitEndNanos) {
        long origin = s.senderOriginNanos();
        return receiverBegin(spec.omitMillis(), startNanoTime(), omitEndNanos, origin);
    }

    static long receiverBegin(long omitMillis, long startNanos, long omitEndNanos, long senderOriginNanos) {
        if (omitMillis > 0 || senderOriginNanos == Long.MAX_VALUE || senderOriginNanos >= omitEndNanos
                || startNanos - senderOriginNanos > EARLIEST_SENDER_START_NANOS) {
            return omitEndNanos;
        }
        return senderOriginNanos;
    }

    private static Message.UdpCounts withFrames(Message.UdpCounts c, Message.FrameCounts frames) {
        return frames == null ? c : new Message.UdpCounts(c.packets(), c.bytes(), c.lost(), c.outOfOrder(),
                c.jitterMicros(), frames);
    }

    static Message.UdpCounts counts(UdpStats.Snapshot s) {
        return new Message.UdpCounts(s.packets(), s.bytes(), s.lost(), s.outOfOrder(), s.jitterMicros());
    }
}
