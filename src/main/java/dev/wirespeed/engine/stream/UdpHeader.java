package dev.wirespeed.engine.stream;

import java.nio.ByteBuffer;

/**
 * The first bytes of every UDP bandwidth datagram, laid out as iperf3 lays them out (so the iperf3
 * server can feed iperf3 datagrams to the same receiver): big-endian uint32 seconds and uint32
 * microseconds of the sender's clock, then the packet counter, starting at 1 — uint64 (iperf3's
 * {@code udp_counters_64bit}, what wirespeed always uses) or uint32.
 */
public record UdpHeader(boolean counter64) {
    public static final UdpHeader WIRESPEED = new UdpHeader(true);

    public int bytes() {
        return counter64 ? 16 : 12;
    }

    /** Writes the header of the datagram that starts at index {@code at} of {@code b}. */
    void write(ByteBuffer b, int at, long clockMicros, long counter) {
        write(b, at, (int) (clockMicros / 1_000_000), (int) (clockMicros % 1_000_000), counter);
    }

    /** The same with the clock already split (a batch's datagrams share one send time). */
    void write(ByteBuffer b, int at, int seconds, int micros, long counter) {
        writeClock(b, at, clock(seconds, micros), counter);
    }

    /** Seconds and microseconds as the header's first 8 bytes read as one big-endian long. */
    static long clock(int seconds, int micros) {
        return ((long) seconds << 32) | (micros & 0xffff_ffffL);
    }

    /**
     * The same with the clock as {@link #clock} made it, once per batch: two stores a datagram, not
     * three (at 64 B, stamping was 27 % of the sender's thread, a bounds-checked big-endian store
     * per field under C1; docs/PERFORMANCE.md "8972 B and 64 B").
     */
    void writeClock(ByteBuffer b, int at, long clock, long counter) {
        b.putLong(at, clock);
        if (counter64) {
            b.putLong(at + 8, counter);
        } else {
            b.putInt(at + 8, (int) counter);
        }
    }

    static long sentMicros(ByteBuffer b, int at) {
        return Integer.toUnsignedLong(b.getInt(at)) * 1_000_000 + Integer.toUnsignedLong(b.getInt(at + 4));
    }

    long counter(ByteBuffer b, int at) {
        return counter64 ? b.getLong(at + 8) : Integer.toUnsignedLong(b.getInt(at + 8));
    }
}
