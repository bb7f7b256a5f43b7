package dev.wirespeed.engine.stream;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The first bytes of every UDP bandwidth datagram, laid out as iperf3 lays them out (so the iperf3
 * server can feed iperf3 datagrams to the same receiver): big-endian uint32 seconds and uint32
 * microseconds of the sender's clock, then the packet counter, starting at 1 — uint64 (iperf3's
 * {@code udp_counters_64bit}, what wirespeed always uses) or uint32.
 */
public record UdpHeader(boolean counter64) {
    public static final UdpHeader WIRESPEED = new UdpHeader(true);
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

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

    /**
     * Stamps {@code count} datagrams of {@code stride} bytes from index 0 of {@code data}: each gets
     * {@code clock} and its own counter, {@code firstCounter} + k. The batched senders' loop: at 64 B
     * the stamping was 20-27 % of a C1-compiled sender through the ByteBuffer (four calls a store:
     * putLong, its scoped access, convEndian, reverseBytes), where C1 inlines a MemorySegment store
     * whole (its chain is @ForceInline) and the byte swap written out is arithmetic, no call
     * (docs/PERFORMANCE.md, "UDP -P 1").
     */
    void writeBatch(MemorySegment data, int stride, int count, long clock, long firstCounter) {
        long clockStored = bigEndian(clock);
        for (int k = 0; k < count; k++) {
            long at = (long) k * stride;
            data.set(ValueLayout.JAVA_LONG_UNALIGNED, at, clockStored);
            long counter = firstCounter + k;
            if (counter64) {
                long v = counter;
                if (LITTLE_ENDIAN) { // Long.reverseBytes written out: C1 compiles a call to the method
                    v = (v & 0x00ff00ff00ff00ffL) << 8 | (v >>> 8) & 0x00ff00ff00ff00ffL;
                    v = (v << 48) | ((v & 0xffff0000L) << 16) | ((v >>> 16) & 0xffff0000L) | (v >>> 48);
                }
                data.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 8, v);
            } else {
                data.set(ValueLayout.JAVA_INT_UNALIGNED, at + 8, LITTLE_ENDIAN ? Integer.reverseBytes((int) counter)
                        : (int) counter);
            }
        }
    }

    /** {@code v} as a native-order store must hold it to read back big-endian (once per batch). */
    private static long bigEndian(long v) {
        return LITTLE_ENDIAN ? Long.reverseBytes(v) : v;
    }

    static long sentMicros(ByteBuffer b, int at) {
        return Integer.toUnsignedLong(b.getInt(at)) * 1_000_000 + Integer.toUnsignedLong(b.getInt(at + 4));
    }

    long counter(ByteBuffer b, int at) {
        return counter64 ? b.getLong(at + 8) : Integer.toUnsignedLong(b.getInt(at + 8));
    }
}
