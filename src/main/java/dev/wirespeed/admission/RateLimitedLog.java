package dev.wirespeed.admission;

import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A bounded number of log lines for events a peer can repeat (refusals, drops, handshake
 * deadlines, failed accepts, even finished tests): at most {@code burst} lines at once and one per
 * interval after that, and the next line that is written says how many were left out — so a flood
 * is visible but cannot fill the disk (issue 32: ~2,500 lines/s from one client before).
 */
public final class RateLimitedLog {
    private final Consumer<String> log;
    private final long intervalNanos;
    private final int burst;
    private final LongSupplier clock;
    private long lastRefillNanos;
    private boolean first = true;
    private double tokens;
    private long suppressed;

    /**
     * @param burst         lines written at once before the rate applies
     * @param intervalNanos one more line may be written per interval
     */
    public RateLimitedLog(Consumer<String> log, int burst, long intervalNanos, LongSupplier clock) {
        if (burst < 1 || intervalNanos < 1) {
            throw new IllegalArgumentException("burst and interval must be positive");
        }
        this.log = log;
        this.burst = burst;
        this.intervalNanos = intervalNanos;
        this.clock = clock;
    }

    /** One line per interval. */
    public RateLimitedLog(Consumer<String> log, long intervalNanos, LongSupplier clock) {
        this(log, 1, intervalNanos, clock);
    }

    /** One line a second. */
    public RateLimitedLog(Consumer<String> log) {
        this(log, 1_000_000_000L, System::nanoTime);
    }

    /** {@code burst} lines at once, then {@code perSecond} a second. */
    public static RateLimitedLog perSecond(Consumer<String> log, int burst, int perSecond) {
        return new RateLimitedLog(log, burst, 1_000_000_000L / perSecond, System::nanoTime);
    }

    /** Logs {@code line} when the budget allows; else counts it. */
    public void event(String line) {
        String out;
        synchronized (this) {
            long now = clock.getAsLong();
            if (first) {
                first = false;
                tokens = burst;
                lastRefillNanos = now;
            } else if (now - lastRefillNanos > 0) {
                tokens = Math.min(burst, tokens + (double) (now - lastRefillNanos) / intervalNanos);
                lastRefillNanos = now;
            }
            if (tokens < 1) {
                suppressed++;
                return;
            }
            tokens -= 1;
            out = suppressed == 0 ? line : line + " (" + suppressed + " more like it not logged)";
            suppressed = 0;
        }
        log.accept(out);
    }
}
