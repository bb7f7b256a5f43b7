package dev.wirespeed.measure;

import java.util.concurrent.atomic.AtomicLong;

/** Sum of user and system CPU nanoseconds over the threads of one side of one test. */
public final class CpuAccumulator {
    private final AtomicLong userNanos = new AtomicLong();
    private final AtomicLong systemNanos = new AtomicLong();

    public void add(long user, long system) {
        userNanos.addAndGet(user);
        systemNanos.addAndGet(system);
    }

    public long userNanos() {
        return userNanos.get();
    }

    public long systemNanos() {
        return systemNanos.get();
    }
}
