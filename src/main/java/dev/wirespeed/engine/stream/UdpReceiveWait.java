package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeUdp;
import java.util.concurrent.TimeUnit;

/**
 * How a UDP receiver waits for its next batch: at {@code -b 0}, with a core of its own, it polls
 * its empty queue (recvmsg/recvmmsg with MSG_DONTWAIT) for up to {@link #POLL_NANOS} before it
 * blocks, as iperf3 3.21 `--gsro`'s receiver does for ever (recv_msg_gro's MSG_DONTWAIT in a loop).
 *
 * <p>Why: a receiver that blocks on an empty queue sleeps between the sender's batches, and each
 * batch's delivery then wakes it (sock_def_readable → try_to_wake_up, an IPI to its core). On
 * loopback that delivery runs in the sender's own call, so the wake-ups were 23 % of the sending
 * thread's time at 1472 B (in `pvm_irq_enable`, where this VM's profile lands the work done with
 * interrupts off), and 0 % once the receiver polled: the -P 1 gap to iperf3 `--gsro`
 * (docs/PERFORMANCE.md, "UDP -P 1: the receiver's wake-ups"). The poll is bounded, so a sender
 * that paused (a descheduled thread, the test's end) costs at most {@link #POLL_NANOS} of CPU
 * before the receiver sleeps as before.
 *
 * <p>Only where it pays: at a set rate the sender has time to spare for the wake-ups, and the
 * receiver's CPU figure stays its cost; with more data threads than cores a polling receiver would
 * take the CPU another data thread needs ({@link DataThreadPriority#fitsCores()}).
 */
final class UdpReceiveWait {
    /** How long an empty queue is polled before the receiver blocks: a few of the sender's batch periods (~10 µs at 64 KiB). */
    static final long POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private final boolean polls;
    /** System.nanoTime() of the first empty poll since the last data (valid while {@code wasEmpty}). */
    private long emptySince;
    private boolean wasEmpty;
    private boolean blocking;
    /** Calls that found the queue empty (read by tests; the empty path only, so a volatile costs nothing that counts). */
    private volatile long emptyPolls;

    /** @param polls whether this receiver polls at all ({@link #polls(long, boolean)}) */
    UdpReceiveWait(boolean polls) {
        this.polls = polls;
        this.blocking = !polls;
    }

    /** Whether a receiver of a stream paced at {@code rateBitsPerSecond} (0 = -b 0) polls. */
    static boolean polls(long rateBitsPerSecond, boolean fitsCores) {
        return rateBitsPerSecond == 0 && fitsCores;
    }

    /** The flags of the next receive call: MSG_DONTWAIT while polling, else 0 (block). */
    int flags() {
        return blocking ? 0 : NativeUdp.MSG_DONTWAIT;
    }

    /**
     * A MSG_DONTWAIT call found the queue empty (EAGAIN) at {@code nowNanos}: the caller calls again
     * with {@link #flags}, which block once the queue was empty for {@link #POLL_NANOS}.
     */
    void empty(long nowNanos) {
        emptyPolls++;
        if (!wasEmpty) {
            wasEmpty = true;
            emptySince = nowNanos;
        } else if (nowNanos - emptySince >= POLL_NANOS) {
            blocking = true;
        }
    }

    long emptyPolls() {
        return emptyPolls;
    }

    /** A call returned data: poll again after it. */
    void data() {
        if (polls) {
            wasEmpty = false;
            blocking = false;
        }
    }
}
