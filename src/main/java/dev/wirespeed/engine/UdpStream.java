package dev.wirespeed.engine;

import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.UdpStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;

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
 * sleep granularity, and a late wake-up sends the datagrams that fell due in one burst.
 */
final class UdpStream extends StreamLoop<DatagramChannel> {
    /** Longest sleep between pacing checks, so a stop is seen promptly. */
    private static final long MAX_PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final UdpStats stats;
    private final UdpHeader header;
    private final int datagramBytes;
    private final long rateBitsPerSecond;
    private final List<StreamIo<UdpStream>> ios;
    /** Test hook: datagrams (counted from 1 as read) the receiver pretends never came; null = none. */
    private final LongPredicate drop;
    // The sender's state, on the stream's thread only: plain fields (no fence per datagram), read after the join.
    /** System.nanoTime() when a sender's pacing began (its thread started). */
    private long sendStartNanos;
    private double nanosPerBit;
    private long bitsSent;
    private long sent;
    /** When {@link #due} last let datagrams go: their send time. */
    private long dueNanos;
    // The receiver's state, likewise.
    private long originNanos;
    private long read;
    /** System.nanoTime() of the last datagram counted by a receiver; 0 before the first. */
    private long lastArrivalNanos;

    UdpStream(DatagramChannel channel, StreamCounter counter, UdpHeader header, int datagramBytes,
              long rateBitsPerSecond, StopFlag stop, CpuAccumulator cpu, LongPredicate drop,
              List<StreamIo<UdpStream>> ios) {
        super(channel, counter, stop, cpu);
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
    void send() throws IOException {
        sendStartNanos = System.nanoTime();
        nanosPerBit = rateBitsPerSecond > 0 ? 1e9 / rateBitsPerSecond : 0;
        StreamIo.run(this, ios);
    }

    @Override
    void receive() throws IOException {
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
        if (nanosPerBit == 0) { // -b 0: as fast as the socket takes them (kept small, so C1 inlines it)
            if (stop.isSet()) {
                return 0;
            }
            dueNanos = System.nanoTime();
            return max;
        }
        return duePaced(max);
    }

    private int duePaced(int max) {
        while (!stop.isSet()) {
            long now = System.nanoTime();
            long dueAt = sendStartNanos + (long) (bitsSent * nanosPerBit);
            if (now < dueAt) {
                LockSupport.parkNanos(Math.min(dueAt - now, MAX_PARK_NANOS));
                continue;
            }
            dueNanos = now;
            return dueCount(now - sendStartNanos, nanosPerBit, bitsSent, datagramBytes * 8L, max);
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
        header.write(buffer, at, (dueNanos - sendStartNanos) / 1000, sent + 1 + k);
    }

    /** Sender: {@code datagrams} of those stamped left (the kernel took them). */
    void sent(int datagrams) {
        sent += datagrams;
        bitsSent += datagrams * (datagramBytes * 8L);
        counter.add(datagrams * (long) datagramBytes);
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
        stats.record(header.counter(buffer, at), UdpHeader.sentMicros(buffer, at), (arrivalNanos - originNanos) / 1000,
                length);
        counter.add(length);
        lastArrivalNanos = arrivalNanos;
    }

    void closeQuietly() {
        closing = true;
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to report
        }
    }
}
