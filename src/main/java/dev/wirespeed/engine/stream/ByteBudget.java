package dev.wirespeed.engine.stream;

import java.util.concurrent.atomic.AtomicLong;

/** Bytes still to send in a -n test, shared by the sending streams of one direction. */
final class ByteBudget {
    private final AtomicLong remaining;

    ByteBudget(long bytes) {
        this.remaining = new AtomicLong(bytes);
    }

    /** Claims up to {@code wanted} bytes; 0 means the budget is spent. */
    int claim(int wanted) {
        while (true) {
            long left = remaining.get();
            if (left <= 0) {
                return 0;
            }
            int take = (int) Math.min(wanted, left);
            if (remaining.compareAndSet(left, left - take)) {
                return take;
            }
        }
    }

    /** Returns bytes claimed but not sent (a stream that changed its data path mid-claim). */
    void giveBack(int bytes) {
        remaining.addAndGet(bytes);
    }
}
