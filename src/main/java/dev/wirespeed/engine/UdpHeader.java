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

    void write(ByteBuffer b, long clockMicros, long counter) {
        b.putInt(0, (int) (clockMicros / 1_000_000));
        b.putInt(4, (int) (clockMicros % 1_000_000));
        if (counter64) {
            b.putLong(8, counter);
        } else {
            b.putInt(8, (int) counter);
        }
    }

    static long sentMicros(ByteBuffer b) {
        return Integer.toUnsignedLong(b.getInt(0)) * 1_000_000 + Integer.toUnsignedLong(b.getInt(4));
    }

    long counter(ByteBuffer b) {
        return counter64 ? b.getLong(8) : Integer.toUnsignedLong(b.getInt(8));
    }
}
