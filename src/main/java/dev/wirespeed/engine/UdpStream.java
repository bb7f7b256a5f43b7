package dev.wirespeed.engine;

import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.UdpStats;
import java.io.IOException;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The hot loop of one UDP stream: a paced sender or a receiver that keeps {@link UdpStats}.
 * The sender is paced by budget, not by timer: datagram k may leave once {@code k × length × 8}
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
    /** Test hook: datagrams (counted from 1 as read) the receiver pretends never came; null = none. */
    private final java.util.function.LongPredicate drop;
    /**
     * System.nanoTime() of the last datagram counted by a receiver; 0 before the first. Plain on
     * purpose (no fence per datagram): read after the thread was joined.
     */
    private long lastArrivalNanos;
    /** System.nanoTime() when a sender's pacing began (its thread started); read after the join. */
    private long sendStartNanos;

    UdpStream(DatagramChannel channel, StreamCounter counter, UdpHeader header, int datagramBytes,
              long rateBitsPerSecond, StopFlag stop, CpuAccumulator cpu, java.util.function.LongPredicate drop) {
        super(channel, counter, stop, cpu);
        this.stats = counter.sending() ? null : new UdpStats();
        this.header = header;
        this.datagramBytes = datagramBytes;
        this.rateBitsPerSecond = rateBitsPerSecond;
        this.drop = drop;
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
        ByteBuffer buffer = ByteBuffer.allocateDirect(datagramBytes);
        byte[] random = new byte[datagramBytes];
        ThreadLocalRandom.current().nextBytes(random);
        buffer.put(0, random);
        long start = System.nanoTime();
        sendStartNanos = start;
        double nanosPerBit = rateBitsPerSecond > 0 ? 1e9 / rateBitsPerSecond : 0;
        long bitsSent = 0;
        long sent = 0;
        while (!stop.isSet()) {
            long now = System.nanoTime();
            if (nanosPerBit > 0) {
                long due = start + (long) (bitsSent * nanosPerBit);
                if (now < due) {
                    LockSupport.parkNanos(Math.min(due - now, MAX_PARK_NANOS));
                    continue;
                }
            }
            header.write(buffer, (now - start) / 1000, sent + 1);
            buffer.clear();
            try {
                channel.write(buffer);
            } catch (PortUnreachableException e) {
                continue; // ICMP from the peer's port for an earlier datagram: the control connection decides
            }
            sent++;
            bitsSent += datagramBytes * 8L;
            counter.add(datagramBytes);
        }
    }

    @Override
    void receive() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
        long origin = System.nanoTime();
        long read = 0;
        int minimum = header.bytes();
        while (true) {
            buffer.clear();
            int n;
            try {
                n = channel.read(buffer);
            } catch (PortUnreachableException e) {
                continue;
            }
            long arrival = System.nanoTime();
            read++;
            if (n < minimum || UdpSetup.isHello(buffer, n) || (drop != null && drop.test(read))) {
                continue;
            }
            stats.record(header.counter(buffer), UdpHeader.sentMicros(buffer), (arrival - origin) / 1000, n);
            counter.add(n);
            lastArrivalNanos = arrival;
        }
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
