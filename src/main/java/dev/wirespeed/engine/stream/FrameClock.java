package dev.wirespeed.engine.stream;

import dev.wirespeed.wire.Isochronous;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * The sender's frame clock of an isochronous test (iperf2's --isochronous): frame k is due at
 * {@code k / fps} seconds after the stream's pacing origin; its datagrams then go back to back.
 * When the sender reaches the next frame after its tick and a later tick has passed as well, the
 * ticks in between are slips (iperf2's word): those frames are never sent. Frame ids count the
 * frames sent (1, 2, 3 …), so a gap in them at the receiver is a frame lost on the way.
 *
 * <p>A frame's size is drawn from a log-normal with the given mean and standard deviation per
 * frame (the rates divided by fps): σ² = ln(1 + s²/m²), μ = ln m − σ²/2, so E[X] = m and
 * SD[X] = s. Used by the stream's thread only.
 */
final class FrameClock {
    /** A frame of more datagrams than this is cut to it (1.5 GB at 1472 B: far above any frame). */
    static final int MAX_FRAME_DATAGRAMS = 1 << 20;
    private static final ValueLayout.OfInt INT_BE = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfLong LONG_BE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private final int framesPerSecond;
    private final int datagramBytes;
    private final double meanBitsPerFrame;
    private final double mu;
    private final double sigma;
    private final SplittableRandom random;
    /** The next tick to send a frame at (0, 1, 2 … from the origin). */
    private long tick;
    /** Bits drawn but not yet sent in whole datagrams (negative: sent ahead), carried to the next frame. */
    private double carryBits;
    private long frameId;
    private int count;
    private int index;
    private long startMicros;
    private long sent;
    private long slips;

    FrameClock(Isochronous iso, int datagramBytes, long seed) {
        this.framesPerSecond = iso.framesPerSecond();
        this.datagramBytes = datagramBytes;
        this.meanBitsPerFrame = (double) iso.meanBitsPerSecond() / framesPerSecond;
        double sd = (double) iso.stdevBitsPerSecond() / framesPerSecond;
        double variance = Math.log(1 + (sd * sd) / (meanBitsPerFrame * meanBitsPerFrame));
        this.sigma = Math.sqrt(variance);
        this.mu = Math.log(meanBitsPerFrame) - variance / 2;
        this.random = new SplittableRandom(seed);
    }

    /** Datagrams of the current frame not sent yet (0 between frames). */
    int remaining() {
        return count - index;
    }

    /** System.nanoTime() when the next frame is due, for a stream whose pacing began at {@code originNanos}. */
    long nextDueNanos(long originNanos) {
        return originNanos + tickNanos(tick);
    }

    private long tickNanos(long k) {
        return k * 1_000_000_000L / framesPerSecond;
    }

    /**
     * Begins the next frame at {@code nowNanos} (at or after {@link #nextDueNanos}): ticks wholly
     * passed count as slips, the frame's size is drawn, and its start is kept in the header's clock
     * ({@code clockOriginNanos}, as {@link UdpStream} stamps).
     */
    void begin(long nowNanos, long originNanos, long clockOriginNanos) {
        // the tick whose period holds now: the ticks before it, not yet sent, were missed
        long current = (nowNanos - originNanos) * framesPerSecond / 1_000_000_000L;
        if (current > tick) {
            slips += current - tick;
            tick = current;
        }
        // the frame starts when its first datagram leaves, not at its tick: a sender's late wake-up is
        // its slips' and its own jitter's, not the path's
        startMicros = (nowNanos - clockOriginNanos) / 1000;
        tick++;
        frameId++;
        count = datagrams(frameBits());
        index = 0;
    }

    /** One frame's size in bits, from the log-normal (the mean itself without variation). */
    double frameBits() {
        return sigma == 0 ? meanBitsPerFrame : Math.exp(mu + sigma * random.nextGaussian());
    }

    /**
     * Whole datagrams for a frame of {@code bits}: the bits a frame's whole datagrams could not carry
     * (or carried beyond it) go to the next frame's, so the frames' average is the mean rate; at least
     * one datagram, at most {@link #MAX_FRAME_DATAGRAMS}.
     */
    int datagrams(double bits) {
        double wanted = bits + carryBits;
        double datagramBits = datagramBytes * 8.0;
        int n = (int) Math.max(1, Math.min(MAX_FRAME_DATAGRAMS, Math.floor(wanted / datagramBits)));
        carryBits = Math.max(-datagramBits, wanted - n * datagramBits);
        return n;
    }

    /** The frame fields of datagram {@code k} of those due, at index {@code at} of {@code b} (after the header). */
    void write(ByteBuffer b, int at, int k) {
        b.putInt(at, (int) frameId);
        b.putInt(at + 4, index + k);
        b.putInt(at + 8, count);
        b.putLong(at + 12, startMicros);
    }

    /** The same for {@code due} datagrams of {@code stride} bytes from index 0 of {@code data}, fields at {@code offset}. */
    void write(MemorySegment data, int stride, int due, int offset) {
        for (int k = 0; k < due; k++) {
            long at = (long) k * stride + offset;
            data.set(INT_BE, at, (int) frameId);
            data.set(INT_BE, at + 4, index + k);
            data.set(INT_BE, at + 8, count);
            data.set(LONG_BE, at + 12, startMicros);
        }
    }

    /** {@code datagrams} of the current frame left; a frame whose last one left counts as sent. */
    void sent(int datagrams) {
        if (count == 0) {
            return;
        }
        index += datagrams;
        if (index >= count) {
            sent++;
            count = 0;
            index = 0;
        }
    }

    long framesSent() {
        return sent;
    }

    long slips() {
        return slips;
    }
}
