package dev.wirespeed.admission;

import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * One log line per interval at most for events that a flood repeats (refusals, handshake
 * deadlines); the next line says how many were left out, so a flood is visible but cannot fill
 * the disk.
 */
public final class RateLimitedLog {
    private final Consumer<String> log;
    private final long intervalNanos;
    private final LongSupplier clock;
    private long nextNanos;
    private boolean first = true;
    private long suppressed;

    public RateLimitedLog(Consumer<String> log, long intervalNanos, LongSupplier clock) {
        this.log = log;
        this.intervalNanos = intervalNanos;
        this.clock = clock;
    }

    public RateLimitedLog(Consumer<String> log) {
        this(log, 1_000_000_000L, System::nanoTime);
    }

    /** Logs {@code line} unless a line was logged within the interval; then counts it. */
    public void event(String line) {
        String out;
        synchronized (this) {
            long now = clock.getAsLong();
            if (!first && now - nextNanos < 0) {
                suppressed++;
                return;
            }
            first = false;
            nextNanos = now + intervalNanos;
            out = suppressed == 0 ? line : line + " (" + suppressed + " more like it not logged)";
            suppressed = 0;
        }
        log.accept(out);
    }
}
