package dev.wirespeed.measure;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Receiver-side statistics of one UDP stream, updated per datagram by the receiving thread only
 * and read by the interval sampler with opaque reads (no fence on the hot path).
 *
 * <p>Loss and reordering follow the datagrams' counters (starting at 1), as iperf3 counts them: a
 * counter above the next expected one counts the gap as lost; a counter below it is out of order
 * and takes one back from the lost count. Jitter is the interarrival jitter of RFC 3550 A.8:
 * {@code D = (Rj − Ri) − (Sj − Si)}, {@code J += (|D| − J) / 16}, in arrival order, from the
 * sender's timestamps (microseconds) and our arrival clock; the clocks' offset cancels in D.
 */
public final class UdpStats {
    private static final VarHandle PACKETS;
    private static final VarHandle BYTES;
    private static final VarHandle LOST;
    private static final VarHandle OUT_OF_ORDER;
    private static final VarHandle JITTER_BITS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PACKETS = l.findVarHandle(UdpStats.class, "packets", long.class);
            BYTES = l.findVarHandle(UdpStats.class, "bytes", long.class);
            LOST = l.findVarHandle(UdpStats.class, "lost", long.class);
            OUT_OF_ORDER = l.findVarHandle(UdpStats.class, "outOfOrder", long.class);
            JITTER_BITS = l.findVarHandle(UdpStats.class, "jitterBits", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Counts at one moment; {@code total = packets + lost} is what the sender had sent up to the highest counter. */
    public record Snapshot(long packets, long bytes, long lost, long outOfOrder, double jitterMicros) {
        public Snapshot minus(Snapshot earlier) {
            return new Snapshot(packets - earlier.packets, bytes - earlier.bytes, lost - earlier.lost,
                    outOfOrder - earlier.outOfOrder, jitterMicros);
        }

        public long total() {
            return packets + lost;
        }

        public static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0);
    }

    @SuppressWarnings("unused") private long packets;
    @SuppressWarnings("unused") private long bytes;
    @SuppressWarnings("unused") private long lost;
    @SuppressWarnings("unused") private long outOfOrder;
    @SuppressWarnings("unused") private long jitterBits;
    // receiver thread only
    private long highestCounter;
    private long previousTransitMicros;
    private boolean first = true;
    private double jitterMicros;

    /**
     * One datagram.
     *
     * @param counter        the datagram's packet counter (1, 2, 3 … as sent)
     * @param sentMicros     the sender's timestamp in the datagram
     * @param arrivalMicros  our clock when it arrived (any origin)
     */
    public void record(long counter, long sentMicros, long arrivalMicros, int lengthBytes) {
        PACKETS.setOpaque(this, (long) PACKETS.getOpaque(this) + 1);
        BYTES.setOpaque(this, (long) BYTES.getOpaque(this) + lengthBytes);
        if (counter > highestCounter) {
            if (counter > highestCounter + 1) {
                LOST.setOpaque(this, (long) LOST.getOpaque(this) + (counter - 1 - highestCounter));
            }
            highestCounter = counter;
        } else {
            OUT_OF_ORDER.setOpaque(this, (long) OUT_OF_ORDER.getOpaque(this) + 1);
            long lostNow = (long) LOST.getOpaque(this);
            if (lostNow > 0) {
                LOST.setOpaque(this, lostNow - 1);
            }
        }
        long transit = arrivalMicros - sentMicros;
        if (first) {
            first = false;
        } else {
            long d = Math.abs(transit - previousTransitMicros);
            jitterMicros += (d - jitterMicros) / 16.0;
            JITTER_BITS.setOpaque(this, Double.doubleToRawLongBits(jitterMicros));
        }
        previousTransitMicros = transit;
    }

    /**
     * {@code n} datagrams of one receive call, arrived together, whose counters run from
     * {@code firstCounter} without a gap and which carry the same timestamp (a GSO message that GRO
     * kept whole: the sender stamps a batch once): the same counts and jitter as {@link #record}
     * called for each in order, with the shared counters stored once. False, and nothing recorded,
     * when the run does not start above the highest counter so far (then each is recorded alone).
     */
    public boolean recordRun(long firstCounter, int n, long sentMicros, long arrivalMicros, long lengthBytes) {
        if (firstCounter <= highestCounter) {
            return false;
        }
        PACKETS.setOpaque(this, (long) PACKETS.getOpaque(this) + n);
        BYTES.setOpaque(this, (long) BYTES.getOpaque(this) + lengthBytes);
        if (firstCounter > highestCounter + 1) {
            LOST.setOpaque(this, (long) LOST.getOpaque(this) + (firstCounter - 1 - highestCounter));
        }
        highestCounter = firstCounter + n - 1;
        long transit = arrivalMicros - sentMicros;
        if (first) {
            first = false;
        } else {
            long d0 = Math.abs(transit - previousTransitMicros);
            jitterMicros += (d0 - jitterMicros) / 16.0;
        }
        for (int i = 1; i < n; i++) { // the run's later datagrams: the same transit, D = 0
            long d = 0;
            jitterMicros += (d - jitterMicros) / 16.0; // as record computes it, so the two agree to the bit
        }
        JITTER_BITS.setOpaque(this, Double.doubleToRawLongBits(jitterMicros));
        previousTransitMicros = transit;
        return true;
    }

    public Snapshot snapshot() {
        return new Snapshot((long) PACKETS.getOpaque(this), (long) BYTES.getOpaque(this), (long) LOST.getOpaque(this),
                (long) OUT_OF_ORDER.getOpaque(this), Double.longBitsToDouble((long) JITTER_BITS.getOpaque(this)));
    }
}
