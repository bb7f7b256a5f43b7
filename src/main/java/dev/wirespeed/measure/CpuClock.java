package dev.wirespeed.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * CPU time of the calling thread, split into user and system. A test sums its data threads'
 * deltas, so two tests served at once (or both sides of a loopback test in one process) are
 * each charged only for their own work.
 */
public final class CpuClock {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final boolean SUPPORTED = THREADS.isCurrentThreadCpuTimeSupported();

    private final long startCpuNanos;
    private final long startUserNanos;

    private CpuClock(long cpu, long user) {
        this.startCpuNanos = cpu;
        this.startUserNanos = user;
    }

    /** Starts measuring the calling thread. */
    public static CpuClock startForCurrentThread() {
        return SUPPORTED
                ? new CpuClock(THREADS.getCurrentThreadCpuTime(), THREADS.getCurrentThreadUserTime())
                : new CpuClock(0, 0);
    }

    public static boolean supported() {
        return SUPPORTED;
    }

    /** Adds the calling thread's user and system time since {@link #startForCurrentThread()} to {@code sink}. */
    public void stopInto(CpuAccumulator sink) {
        if (!SUPPORTED) {
            return;
        }
        long cpu = THREADS.getCurrentThreadCpuTime() - startCpuNanos;
        long user = THREADS.getCurrentThreadUserTime() - startUserNanos;
        sink.add(user, Math.max(0, cpu - user));
    }
}
