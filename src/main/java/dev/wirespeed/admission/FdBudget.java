package dev.wirespeed.admission;

import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * The process's open files, kept below its limit (RLIMIT_NOFILE) by a reserve, so that a flood of
 * connections cannot take the last descriptors: past the budget a listener accepts and closes at
 * once (the peer sees the close, the backlog drains) instead of failing accept(2) with EMFILE and
 * leaving the flood queued (issue 32: 20,000 unclosed requests left a server looping on "Too many
 * open files"). The reserve is for what the running tests and the server itself still open (UDP
 * sockets, /proc and /sys reads, a perftest process's pipes).
 *
 * <p>Counting the descriptors lists /proc/self/fd; it is done at most every {@link #RECOUNT_NANOS}
 * and in between each accepted connection is counted as one more.
 */
public final class FdBudget {
    /** How stale a count may be; a flood near the budget recounts this often at most. */
    static final long RECOUNT_NANOS = 50_000_000L;

    private final long limit;
    private final long reserve;
    private final LongSupplier openNow;
    private final LongSupplier clock;
    private long counted;
    private long countedAtNanos;
    private long acceptedSince;
    private boolean first = true;

    /**
     * @param limit   the process's limit of open files; 0 or less = unknown (no budget)
     * @param openNow counts the open files now
     */
    FdBudget(long limit, LongSupplier openNow, LongSupplier clock) {
        this.limit = limit;
        this.reserve = reserveFor(limit);
        this.openNow = openNow;
        this.clock = clock;
    }

    private static volatile FdBudget process;

    /**
     * This process's budget, one for every listener in it (the JDK reads RLIMIT_NOFILE and counts
     * /proc/self/fd on Linux).
     */
    public static FdBudget ofThisProcess() {
        FdBudget b = process;
        if (b == null) {
            synchronized (FdBudget.class) {
                if (process == null) {
                    process = read();
                }
                b = process;
            }
        }
        return b;
    }

    private static FdBudget read() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.UnixOperatingSystemMXBean os) {
            return new FdBudget(os.getMaxFileDescriptorCount(), os::getOpenFileDescriptorCount, System::nanoTime);
        }
        return new FdBudget(0, () -> 0, System::nanoTime);
    }

    /** An eighth of the limit, at least 32 and at most 1024 descriptors. */
    static long reserveFor(long limit) {
        return Math.clamp(limit / 8, 32, 1024);
    }

    /** Open files this process may reach before connections are closed at once. */
    public long budget() {
        return limit <= 0 ? Long.MAX_VALUE : Math.max(1, limit - reserve);
    }

    public long limit() {
        return limit;
    }

    /**
     * Called for each accepted connection: true when it fits, false when the process is at its
     * budget (the caller closes it at once).
     */
    public synchronized boolean admit() {
        if (limit <= 0) {
            return true;
        }
        long now = clock.getAsLong();
        boolean stale = first || now - countedAtNanos >= RECOUNT_NANOS;
        if (stale || counted + acceptedSince >= budget()) {
            if (stale || now - countedAtNanos >= RECOUNT_NANOS / 10) {
                counted = countNow();
                countedAtNanos = now;
                acceptedSince = 0;
                first = false;
            }
        }
        if (counted + acceptedSince >= budget()) {
            return false;
        }
        acceptedSince++;
        return true;
    }

    /**
     * Counting lists /proc/self/fd, which itself takes a descriptor: at the limit the JDK throws
     * InternalError ("errno: 24 ... Unable to open directory /proc/self/fd"), which once killed the
     * accept thread for good (AcceptFailureIT, CI 2026-12-05). A count that cannot be taken means
     * the process is at its limit.
     */
    private long countNow() {
        try {
            return openNow.getAsLong();
        } catch (RuntimeException | InternalError atTheLimit) {
            return limit;
        }
    }

    /** Open files at the last count. */
    public synchronized long lastCount() {
        return counted + acceptedSince;
    }
}
