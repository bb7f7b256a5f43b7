package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeUdp;
import java.util.concurrent.TimeUnit;

/**
 * How a UDP receiver waits for its next batch: at {@code -b 0}, with a core of its own, it polls
 * its empty queue (recvmsg/recvmmsg with MSG_DONTWAIT) for up to {@link #POLL_NANOS} before it
 * blocks, as iperf3 3.21 `--gsro`'s receiver does for ever (recv_msg_gro's MSG_DONTWAIT in a loop).
 *
 * <p>Why: a receiver that blocks on an empty queue is woken by the next batch's delivery, and on
 * loopback that delivery runs in the sender's own call. The wake-up is a synchronous one
 * (sock_def_readable → wake_up_interruptible_sync_poll), which the scheduler serves by putting
 * the receiver on the waker's CPU when that CPU runs nothing else (kernel/sched/fair.c,
 * wake_affine_idle: {@code sync && nr_running == 1}): the receiver lands on its sender's core and
 * the two share it. Measured at 8972 B (docs/PERFORMANCE.md, "UDP -P 1: sleeps that put the
 * receiver on its sender's core"): every one of the receiver's ~4 k sleeps a second was followed by
 * a wake-up onto the sender's CPU and a switch from the sender to the receiver, and both threads
 * ran the whole second on one core. The first bound, 50 µs, a few of the sender's batch periods,
 * ended the wake-ups that came from an idle queue between batches (23 % of the sending thread at
 * 1472 B), but not those after the sender lost its core for a time slice: {@link #POLL_NANOS} is now
 * longer than a few time slices. The poll is bounded, so a sender that stopped (the test's end, a
 * stalled peer) costs at most {@link #POLL_NANOS} of CPU before the receiver sleeps as before.
 *
 * <p>Only where it pays: at a set rate the sender has time to spare for the wake-ups, and the
 * receiver's CPU figure stays its cost; with more data threads than cores a polling receiver would
 * take the CPU another data thread needs ({@link DataThreadPriority#fitsCores()}).
 */
final class UdpReceiveWait {
    /**
     * How long an empty queue is polled before the receiver blocks: longer than the time slices a
     * sender preempted on a busy host waits for (EEVDF's base slice is 0.75–3 ms, and a few tasks
     * may run before it), far shorter than any test.
     */
    static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private final boolean polls;
    private final long pollNanos;
    /** System.nanoTime() of the first empty poll since the last data (valid while {@code wasEmpty}). */
    private long emptySince;
    private boolean wasEmpty;
    private boolean blocking;
    /** Calls that found the queue empty (read by tests; the empty path only, so a volatile costs nothing that counts). */
    private volatile long emptyPolls;

    /** @param polls whether this receiver polls at all ({@link #polls(long, boolean)}) */
    UdpReceiveWait(boolean polls) {
        // the system property is for A/B measurements of the bound (docs/PERFORMANCE.md), not a user setting
        this(polls, Long.getLong("wirespeed.udp.pollMicros", POLL_NANOS / 1000) * 1000);
    }

    UdpReceiveWait(boolean polls, long pollNanos) {
        this.polls = polls;
        this.pollNanos = pollNanos;
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
        } else if (nowNanos - emptySince >= pollNanos) {
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
