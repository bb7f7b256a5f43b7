package dev.wirespeed.engine;

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
        b.putInt(at, (int) (clockMicros / 1_000_000));
        b.putInt(at + 4, (int) (clockMicros % 1_000_000));
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
