package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeSockets;
import java.util.function.LongSupplier;

/**
 * Fewer wake-ups for a fast TCP receiver: once a stream has shown that it fills the receive buffer
 * within {@link #MAX_FILL_NANOS}, SO_RCVLOWAT (socket(7)) asks the kernel to wake the reader only
 * when a whole buffer is queued, not at every batch of segments. Each wake-up and each window update
 * the reader's small reads provoke is work for the sending CPU (on loopback it also runs the
 * receive path); on the project's bench the receiver's CPU fell by half with --skip-rx-copy and the
 * sender moved more bytes with the same CPU (docs/PERFORMANCE.md, "Receiver wake-ups").
 *
 * <p>The decision is taken once, after {@link #PROBE_BYTES}: a slow stream is left alone, so its
 * interval reports stay as smooth as before (at the threshold rate one buffer takes 10 ms, a tenth
 * of the shortest interval). Tests that fix the socket buffer (-w) are left alone too: the queue may
 * then never hold a whole buffer, and what they measure is that buffer's effect as the kernel gives it.
 */
final class ReceiveWake {
    /** Bytes a stream receives before its rate is judged. */
    static final long PROBE_BYTES = 16L << 20;
    /** A buffer must fill at least this fast for the reader to wait for a whole one. */
    static final long MAX_FILL_NANOS = 10_000_000;
    /**
     * The most a reader waits for, whatever its read length: the kernel queues (and allocates) a
     * whole low-water mark per socket before it wakes the reader, and grows the receive buffer to
     * twice it. At -l 16M and -P 32 that was 512 MiB queued in the receiving process, and seconds
     * in which no read returned (docs/PERFORMANCE.md, "-l 16M with many streams"). The default
     * -l of 1 MiB is not cut.
     */
    static final int MAX_LOW_WATER_BYTES = 1 << 20;

    private final int fd;
    private final int lowWaterBytes;
    private final LongSupplier nanoClock;
    private long firstNanos;
    private long bytes;
    private boolean decided;
    private boolean set;

    /** @param lowWaterBytes the read length: the reader is woken when one read can be filled (at most 1 MiB) */
    ReceiveWake(int fd, int lowWaterBytes) {
        this(fd, lowWaterBytes, System::nanoTime);
    }

    ReceiveWake(int fd, int lowWaterBytes, LongSupplier nanoClock) {
        this.fd = fd;
        this.lowWaterBytes = Math.min(lowWaterBytes, MAX_LOW_WATER_BYTES);
        this.nanoClock = nanoClock;
    }

    /** Called after each read of {@code n} > 0 bytes. */
    void afterRead(long n) {
        if (decided) {
            return;
        }
        if (bytes == 0) {
            firstNanos = nanoClock.getAsLong();
        }
        bytes += n;
        if (bytes >= PROBE_BYTES) {
            decided = true;
            set = fastEnough(bytes, nanoClock.getAsLong() - firstNanos, lowWaterBytes)
                    && NativeSockets.setReceiveLowWater(fd, lowWaterBytes);
        }
    }

    /** Whether SO_RCVLOWAT was set on this stream. */
    boolean set() {
        return set;
    }

    /** At {@code bytes} in {@code elapsedNanos}, does one buffer of {@code lowWaterBytes} fill within the bound? */
    static boolean fastEnough(long bytes, long elapsedNanos, int lowWaterBytes) {
        // lowWater / (bytes / elapsed) <= MAX_FILL, in doubles: a long product of a slow probe's
        // nanoseconds and a 16 MiB buffer passes 2^63
        return (double) elapsedNanos * lowWaterBytes <= (double) MAX_FILL_NANOS * bytes;
    }
}
