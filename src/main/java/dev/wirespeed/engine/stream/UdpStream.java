package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.DataThreadPriority;
import dev.wirespeed.engine.sys.NativeBulk;
import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.engine.sys.NativeUdp;
import dev.wirespeed.engine.sys.UdpSetup;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.KernelClock;
import dev.wirespeed.measure.UdpStats;
import dev.wirespeed.wire.Wire;
import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;
import java.util.function.LongSupplier;

/**
 * One UDP stream of a udp-bw test, as its {@link StreamIo}s see it: a paced sender or a receiver
 * that keeps {@link UdpStats}. The io moves datagrams one at a time or in batches; this class keeps
 * the accounting per datagram, whatever the batch: the sender's pacing says how many datagrams
 * are due ({@link #due}), each datagram gets its own sequence number and send time
 * ({@link #stamp}), and the receiver records each datagram it finds in what a call returned
 * ({@link #received}), so loss and reordering stay exact.
 *
 * <p>The sender is paced by budget, not by timer: datagram k may leave once {@code k × length × 8}
 * bits fit into the elapsed time at the target rate, so the average rate is exact whatever the
 * sleep granularity; a sender behind its schedule sends what fell due in a burst of at most
 * {@link #MAX_CATCH_UP_NANOS} at twice the target, then at twice the target until it caught up
 * ({@link #catchUpCount}).
 */
public final class UdpStream extends StreamLoop<DatagramChannel> {
    /** Longest sleep between pacing checks, so a stop is seen promptly. */
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /**
     * Most of a late start the sender makes up: its pacing begins at the test's start (as iperf3's
     * throttle counts from the test's start), so the datagrams due while its thread started and
     * set up go at once, but never more than this much of them (a burst of 10 ms at the target
     * rate), so a thread that started very late does not flood the receiver's socket buffer. Also
     * the tolerance of the catch-up bound mid-test ({@link #catchUpCount}).
     */
    static final long MAX_CATCH_UP_NANOS = TimeUnit.MILLISECONDS.toNanos(10);
    /**
     * How much faster than -b a sender behind its schedule may catch up, after a burst of
     * {@link #MAX_CATCH_UP_NANOS} at this rate ({@link #catchUpCount}).
     */
    static final double CATCH_UP_RATE = 2.0;
    /** errno.h (Linux): a datagram too long for the path with Don't Fragment set. */
    private static final int EMSGSIZE = 90;

    private final UdpStats stats;
    private final UdpHeader header;
    private final int datagramBytes;
    private final long rateBitsPerSecond;
    private final List<StreamIo<UdpStream>> ios;
    /** The test's start on this side (System.nanoTime()), where pacing counts from; set before the threads start. */
    private final LongSupplier testStartNanos;
    /** Test hook: datagrams (counted from 1 as read) the receiver pretends never came; null = none. */
    private final LongPredicate drop;
    // The sender's state, on the stream's thread only: plain fields (no fence per datagram), read after the join.
    /** System.nanoTime() when a sender's pacing began (its thread started). */
    private long sendStartNanos;
    private double nanosPerBit;
    /** The catch-up bound's theoretical arrival time ({@link #catchUpCount}), System.nanoTime() (which may be negative). */
    private long catchUpTatNanos = Long.MIN_VALUE;
    private long bitsSent;
    private long sent;
    /**
     * When {@link #due} last let datagrams go, their send time since the start as the header has
     * it (seconds, microseconds, {@link UdpHeader#clock}): split once per batch, not per datagram (a long division is a
     * runtime call in C1's code, 2 % of a GSO sender's time).
     */
    private long dueClock;
    /**
     * Where the header's clock counts from, on System.nanoTime(): the sender's start, or with trip
     * times the epoch (minus {@link KernelClock#realtimeOffsetNanos}), so the header carries
     * CLOCK_REALTIME at no extra clock read or branch per batch.
     */
    private long clockOriginNanos;
    /** Receiver: the receive buffer to ask for before the first read ({@link UdpReceiveBuffer}); 0 = as set up. */
    int receiveBufferBytes;
    /** Trip times (--trip-times): a sender stamps wall-clock send times, a receiver records into this. */
    boolean stamps;
    TripLog.Recorder trip;
    /** Isochronous (--isochronous): a sender's frame clock, a receiver's frame log; null otherwise. */
    FrameClock frames;
    FrameLog frameLog;
    /** Receiver with trip times: the earliest wall-clock send time of a datagram counted. */
    private long firstSentMicros = Long.MAX_VALUE;
    // The receiver's state, likewise.
    private long originNanos;
    private long read;
    /** System.nanoTime() of the last datagram counted by a receiver; 0 before the first. */
    private long lastArrivalNanos;
    /**
     * Receiver: the earliest (arrival − the send time its header carries) of every datagram counted:
     * when the sender's clock started, on this host's clock, plus the path's least delay. Only a
     * wirespeed sender's header counts from its start (iperf3's carries the time of day, which
     * makes this far from the test's start: {@link UdpGroup} then ignores it).
     */
    private long senderOriginNanos = Long.MAX_VALUE;
    /** Datagrams the receiving socket's full queue dropped (SO_RXQ_OVFL, SO_MEMINFO); -1 where unknown. */
    private volatile long socketDrops = -1;
    /** The descriptor a direct io opened; -1 before (or never): then closing the channel ends the loop. */
    private volatile int openFd = -1;
    /** The receive loop's way of waiting ({@link #receiveWait()}); set by the stream's thread. */
    private volatile UdpReceiveWait receiveWait;
    /** Whether a direct io may still try to open the descriptor (false after it was refused once). */
    private boolean descriptorUsable = true;

    UdpStream(DatagramChannel channel, StreamCounter counter, UdpHeader header, int datagramBytes,
              long rateBitsPerSecond, StopFlag stop, CpuAccumulator cpu, LongPredicate drop,
              List<StreamIo<UdpStream>> ios, LongSupplier testStartNanos) {
        super(channel, counter, stop, cpu);
        this.testStartNanos = testStartNanos;
        this.stats = counter.sending() ? null : new UdpStats();
        this.header = header;
        this.datagramBytes = datagramBytes;
        this.rateBitsPerSecond = rateBitsPerSecond;
        this.drop = drop;
        this.ios = ios;
    }

    /** Receiver statistics (null on a sending stream). */
    UdpStats stats() {
        return stats;
    }

    long sendStartNanos() {
        return sendStartNanos;
    }

    long lastArrivalNanos() {
        return lastArrivalNanos;
    }

    /** Receiver, after the join: see {@link #senderOriginNanos}; Long.MAX_VALUE before any datagram. */
    long senderOriginNanos() {
        if (trip != null && senderOriginNanos != Long.MAX_VALUE) {
            // the header has the wall clock, not the time since the sender's start: its earliest
            // send time stands for that start (its first datagram leaves at once)
            return senderOriginNanos + firstSentMicros * 1000;
        }
        return senderOriginNanos;
    }

    int datagramBytes() {
        return datagramBytes;
    }

    /** Datagrams sent so far (every datagram of a stream has the same length). */
    long packetsSent() {
        return counter.bytes() / datagramBytes;
    }

    @Override
    boolean endedOnPurpose() {
        return closing || !channel.isOpen();
    }

    @Override
    protected void send() throws IOException {
        sendStartNanos = pacingOrigin(testStartNanos.getAsLong(), System.nanoTime());
        clockOriginNanos = stamps ? -KernelClock.realtimeOffsetNanos() : sendStartNanos;
        nanosPerBit = rateBitsPerSecond > 0 ? 1e9 / rateBitsPerSecond : 0;
        if (rateBitsPerSecond > 0 && frames == null) { // a frame leaves as a burst: no kernel spacing
            UdpPacing.capSocket(channel, rateBitsPerSecond, datagramBytes);
        }
        StreamIo.run(this, ios);
    }

    /**
     * Where a sender's pacing counts from: the test's start, or {@link #MAX_CATCH_UP_NANOS} before
     * the thread's own start when that came later (0 = no test start known: the thread's).
     */
    static long pacingOrigin(long testStartNanos, long threadStartNanos) {
        if (testStartNanos == 0) {
            return threadStartNanos;
        }
        return threadStartNanos - testStartNanos > MAX_CATCH_UP_NANOS ? threadStartNanos - MAX_CATCH_UP_NANOS
                : Math.min(testStartNanos, threadStartNanos);
    }

    @Override
    protected void receive() throws IOException {
        note(UdpReceiveBuffer.widen(channel, receiveBufferBytes));
        originNanos = System.nanoTime();
        StreamIo.run(this, ios);
    }

    /** Random bytes from {@code buffer}'s position to its limit, so no link compression flatters the result. */
    static void fillRandom(ByteBuffer buffer) {
        byte[] random = new byte[buffer.remaining()];
        ThreadLocalRandom.current().nextBytes(random);
        buffer.put(buffer.position(), random);
    }

    /**
     * Sender: waits until the pacing lets the next datagram go, and returns how many are due now, at
     * most {@code max} (an io that sends one at a time asks for 1); 0 once the test stopped.
     */
    int due(int max) {
        if (frames != null) {
            return dueFrame(max);
        }
        if (nanosPerBit == 0) { // -b 0: as fast as the socket takes them (kept small, so C1 inlines it)
            if (stop.isSet()) {
                return 0;
            }
            setDue(System.nanoTime());
            return max;
        }
        return duePaced(max);
    }

    private void setDue(long nanos) {
        long micros = (nanos - clockOriginNanos) / 1000;
        dueClock = UdpHeader.clock((int) (micros / 1_000_000), (int) (micros % 1_000_000));
    }

    private int duePaced(int max) {
        while (!stop.isSet()) {
            long now = System.nanoTime();
            long dueAt = sendStartNanos + (long) (bitsSent * nanosPerBit);
            if (now < dueAt) {
                LockSupport.parkNanos(Math.min(dueAt - now, MAX_PARK_NANOS));
                continue;
            }
            int due = dueCount(now - sendStartNanos, nanosPerBit, bitsSent, datagramBytes * 8L, max);
            double catchUpNanos = datagramBytes * 8L * nanosPerBit / CATCH_UP_RATE;
            int allowed = catchUpCount(catchUpTatNanos, now, catchUpNanos, MAX_CATCH_UP_NANOS, due);
            if (allowed == 0) { // a catch-up at its bound: the next datagram may go at TAT - tolerance
                LockSupport.parkNanos(Math.clamp(catchUpTatNanos - MAX_CATCH_UP_NANOS - now, 1, MAX_PARK_NANOS));
                continue;
            }
            catchUpTatNanos = Math.max(catchUpTatNanos, now) + (long) (allowed * catchUpNanos);
            setDue(now);
            return allowed;
        }
        return 0;
    }

    /**
     * How many of the {@code due} datagrams the catch-up bound lets go at {@code nowNanos}: a
     * sender behind its schedule (it started late, the host stopped it, it was slow for a while)
     * makes it all up, so -b's average holds, but never faster than {@link #CATCH_UP_RATE} times
     * the target beyond a burst of {@code toleranceNanos} of that (GCRA, the virtual-scheduling
     * form of a token bucket: {@code tatNanos} is when the bucket would be empty, each datagram
     * adds {@code nanosPerDatagram}, a datagram may go while that stays within the tolerance). At
     * least 1 when the bucket has room, 0 when it has none. Why: without it a thread the host
     * stopped for 100 ms sent 100 ms of datagrams at once when it ran again, more than a default
     * socket buffer holds (rmem_default 212,992 B is 8.5 ms at 200 Mbit/s), so the receiver lost
     * what a steady sender at -b would not have lost. In steady pacing the bound never binds.
     */
    static int catchUpCount(long tatNanos, long nowNanos, double nanosPerDatagram, long toleranceNanos, int due) {
        long from = Math.max(tatNanos, nowNanos);
        long room = nowNanos + toleranceNanos - from;
        if (room < 0) {
            return 0;
        }
        return (int) Math.min(due, 1 + (long) (room / nanosPerDatagram));
    }

    /** Isochronous: the rest of the current frame, or, between frames, the next frame once its tick came. */
    private int dueFrame(int max) {
        while (!stop.isSet()) {
            long now = System.nanoTime();
            if (frames.remaining() == 0) {
                long dueAt = frames.nextDueNanos(sendStartNanos);
                if (now < dueAt) {
                    LockSupport.parkNanos(Math.min(dueAt - now, MAX_PARK_NANOS));
                    continue;
                }
                frames.begin(now, sendStartNanos, clockOriginNanos);
            }
            setDue(now);
            return Math.min(max, frames.remaining());
        }
        return 0;
    }

    /**
     * How many datagrams of {@code datagramBits} are due {@code elapsedNanos} after the start at
     * {@code nanosPerBit}, {@code bitsSent} having gone: datagram k (from 0) falls due once
     * {@code bitsSent + k × datagramBits} bits fit into the elapsed time. At least 1 (the caller
     * waited for the first), at most {@code max}.
     */
    static int dueCount(long elapsedNanos, double nanosPerBit, long bitsSent, long datagramBits, int max) {
        long bitsDue = (long) (elapsedNanos / nanosPerBit) - bitsSent;
        return (int) Math.min(max, 1 + Math.max(0, bitsDue / datagramBits));
    }

    /**
     * Sender: the header of datagram {@code k} (from 0) of those {@link #due} let go, written at index
     * {@code at} of {@code buffer}: its send time and its own sequence number.
     */
    void stamp(ByteBuffer buffer, int at, int k) {
        header.writeClock(buffer, at, dueClock, sent + 1 + k);
        if (frames != null) {
            frames.write(buffer, at + header.bytes(), k);
        }
    }

    /**
     * Sender: the headers of the first {@code due} datagrams of {@code stride} bytes in {@code data},
     * as {@link #stamp} would write each, in one loop.
     */
    void stamp(MemorySegment data, int stride, int due) {
        header.writeBatch(data, stride, due, dueClock, sent + 1);
        if (frames != null) {
            frames.write(data, stride, due, header.bytes());
        }
    }

    /** Sender: {@code datagrams} of those stamped left (the kernel took them). */
    void sent(int datagrams) {
        sent += datagrams;
        bitsSent += datagrams * (datagramBytes * 8L);
        counter.add(datagrams * (long) datagramBytes);
        if (frames != null) {
            frames.sent(datagrams);
        }
    }

    /**
     * Receiver: one datagram of {@code length} bytes at index {@code at} of {@code buffer}, arrived at
     * {@code arrivalNanos} (a call that returns several datagrams reports each). Hellos, runts and
     * datagrams the test hook drops are not counted.
     */
    void received(ByteBuffer buffer, int at, int length, long arrivalNanos) {
        read++;
        if (length < header.bytes() || UdpSetup.isHello(buffer, at, length) || (drop != null && drop.test(read))) {
            return;
        }
        long sentMicros = UdpHeader.sentMicros(buffer, at);
        stats.record(header.counter(buffer, at), sentMicros, (arrivalNanos - originNanos) / 1000, length);
        if (trip != null) { // one-way: this host's wall clock at arrival minus the sender's at sending
            trip.oneWay(arrivalNanos + trip.realtimeOffsetNanos - sentMicros * 1000);
            if (sentMicros < firstSentMicros) {
                firstSentMicros = sentMicros;
            }
        }
        if (frameLog != null) {
            frameLog.datagram(buffer, at + header.bytes(), arrivalNanos);
        }
        counted(sentMicros, arrivalNanos, length);
    }

    /**
     * How this receiver waits for data: polling first at -b 0 when the process's data threads fit
     * its cores ({@link UdpReceiveWait}), else blocking.
     */
    UdpReceiveWait receiveWait() {
        receiveWait = new UdpReceiveWait(UdpReceiveWait.polls(rateBitsPerSecond, DataThreadPriority.fitsCores()));
        return receiveWait;
    }

    /** The receive loop's {@link #receiveWait()}, once it started; null before (tests). */
    UdpReceiveWait lastReceiveWait() {
        return receiveWait;
    }

    /**
     * The socket's descriptor for direct calls, made blocking. Refused when direct calls are
     * unavailable: with the note the first time, quietly after, so the stream falls back to the
     * DatagramChannel once.
     */
    int descriptor() throws IOException {
        if (openFd >= 0) {
            return openFd;
        }
        if (!descriptorUsable) {
            throw new StreamIo.Refused(null);
        }
        descriptorUsable = false;
        if (!NativeUdp.available()) {
            throw new StreamIo.Refused("direct UDP calls unavailable (" + NativeUdp.unavailableReason()
                    + "); DatagramChannel instead");
        }
        int fd;
        try {
            fd = NativeSockets.descriptor(channel);
        } catch (IOException e) {
            throw new StreamIo.Refused("direct UDP calls unavailable (" + e.getMessage() + "); DatagramChannel instead");
        }
        try (Arena arena = Arena.ofConfined()) {
            int e = NativeBulk.makeBlocking(NativeSockets.errnoCapture(arena), fd);
            if (e != 0) {
                throw new StreamIo.Refused("direct UDP calls unavailable (cannot make the socket blocking: "
                        + NativeSockets.strerror(e) + "); DatagramChannel instead");
            }
        }
        openFd = fd;
        descriptorUsable = true;
        if (closing || !channel.isOpen()) { // closed while we opened it: the loop must not start
            throw new EOFException("the UDP socket was closed");
        }
        return fd;
    }

    /** After a failed direct call: EINTR returns (the io retries); anything else ends the stream, quietly when the side closed it. */
    void check(String call, int errno) throws IOException {
        if (errno == NativeUdp.EINTR) {
            return;
        }
        if (closing || !channel.isOpen()) {
            throw new EOFException("the UDP socket was closed");
        }
        if (errno == EMSGSIZE) {
            // ip(7): with IP_PMTUDISC_DO (--dont-fragment) a datagram above the path MTU is refused, not fragmented
            throw new PathMtuExceeded("datagrams of " + datagramBytes + " bytes " + PathMtuExceeded.WORDS + " (" + call
                    + ": " + NativeSockets.strerror(errno) + "); use a smaller -l, or drop --dont-fragment");
        }
        throw new IOException(call + " on the UDP socket failed: " + NativeSockets.strerror(errno));
    }

    /** A send the kernel refused as longer than the path MTU allows unfragmented (EMSGSIZE): this side's, not the peer's. */
    public static final class PathMtuExceeded extends IOException {
        /** The words that name this failure, also in the server's Error when its sending side met it (-R). */
        static final String WORDS = "do not fit the path MTU unfragmented";

        PathMtuExceeded(String message) {
            super(message);
        }

        /** Whether a reason (ours, or the server's Error) is this failure. */
        public static boolean describes(String reason) {
            return reason != null && reason.contains(WORDS);
        }
    }

    /**
     * Receiver: {@code length} bytes at index 0 of {@code buffer} that a call returned as datagrams of
     * {@code segmentBytes} each, the last maybe shorter (a UDP_GRO read); each is counted alone.
     */
    void receivedSegments(ByteBuffer buffer, int length, int segmentBytes, long arrivalNanos) {
        receivedSegments(buffer, 0, length, segmentBytes, arrivalNanos);
    }

    /** As {@link #receivedSegments(ByteBuffer, int, int, long)}, for a read that landed at {@code offset} of {@code buffer}. */
    void receivedSegments(ByteBuffer buffer, int offset, int length, int segmentBytes, long arrivalNanos) {
        if (segmentBytes > 0 && length > segmentBytes && receivedRun(buffer, offset, length, segmentBytes, arrivalNanos)) {
            return;
        }
        int step = segmentBytes <= 0 ? length : segmentBytes;
        for (int at = 0; at < length; at += step) {
            received(buffer, offset + at, Math.min(step, length - at), arrivalNanos);
        }
    }

    /** Reads counted as one run ({@link #receivedRun}). */
    private long runs;

    /**
     * A GRO read whose datagrams are one unbroken run (consecutive counters, one timestamp: a GSO
     * message kept whole, the usual case) counted at once, as {@link #received} would count each;
     * false, with nothing counted, for anything else (a gap, reordering, a runt, a hello, trip
     * times, frames, the test hook's drops), which the caller counts one by one. At 1472 B a read
     * holds 44 datagrams, and per-datagram counting was what the receiver spent beside the copy
     * (docs/PERFORMANCE.md, "udp8").
     */
    private boolean receivedRun(ByteBuffer buffer, int offset, int length, int segmentBytes, long arrivalNanos) {
        int n = (length + segmentBytes - 1) / segmentBytes;
        int lastBytes = length - (n - 1) * segmentBytes;
        if (trip != null || frameLog != null || drop != null || lastBytes < header.bytes()
                || segmentBytes == Wire.DATA_PREAMBLE_BYTES || lastBytes == Wire.DATA_PREAMBLE_BYTES) {
            return false;
        }
        long firstCounter = header.counter(buffer, offset);
        long sentMicros = UdpHeader.sentMicros(buffer, offset);
        for (int k = 1, at = offset + segmentBytes; k < n; k++, at += segmentBytes) {
            if (header.counter(buffer, at) != firstCounter + k || UdpHeader.sentMicros(buffer, at) != sentMicros) {
                return false;
            }
        }
        if (!stats.recordRun(firstCounter, n, sentMicros, (arrivalNanos - originNanos) / 1000, length)) {
            return false;
        }
        read += n;
        counted(sentMicros, arrivalNanos, length);
        runs++;
        return true;
    }

    /** What follows the statistics for datagrams of {@code bytes} sent at {@code sentMicros}: the sender's clock origin, the byte count, the last arrival. */
    private void counted(long sentMicros, long arrivalNanos, long bytes) {
        long senderOrigin = arrivalNanos - sentMicros * 1000;
        if (senderOrigin < senderOriginNanos) {
            senderOriginNanos = senderOrigin;
        }
        counter.add(bytes);
        lastArrivalNanos = arrivalNanos;
    }

    /** Reads counted as one run (tests). */
    long runs() {
        return runs;
    }

    /** Receiver: the socket's cumulative drop count as last read (only ever grows). */
    void socketDrops(long drops) {
        if (drops > socketDrops) {
            socketDrops = drops;
        }
    }

    /** Datagrams the receiving socket dropped because its queue was full; -1 where unknown. */
    long socketDrops() {
        return socketDrops;
    }

    /**
     * Ends the stream's loop: a direct io's socket is shut down (which wakes a blocked call; NIO
     * does not know of it, so the channel is closed only after the thread left,
     * {@link #closeChannel}); otherwise the channel is closed, which ends NIO's blocked call.
     */
    void closeQuietly() {
        closing = true;
        int fd = openFd;
        if (fd >= 0) {
            NativeUdp.shutdown(fd);
        } else {
            closeChannel();
        }
    }

    void closeChannel() {
        closing = true;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to report
        }
    }
}
