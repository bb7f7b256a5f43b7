package dev.wirespeed.engine.stream;

import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.wire.TestSpec;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * When a client's test is over by the clock or by the user: its warm-up and duration have passed
 * (a byte-bounded test, duration 0, has no end by the clock), or Ctrl-C was pressed. The client's
 * wait-for-end loop asks it first, then checks its own reasons (peer lost, stalled, bytes sent).
 */
public record TestClock(long endNanos, BooleanSupplier interrupted) {
    /** How often a waiting client looks again. */
    static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(5);

    /** @param t0 the test's start, a System.nanoTime() value */
    public static TestClock of(TestSpec spec, long t0, BooleanSupplier interrupted) {
        return of(spec, t0, interrupted, 0);
    }

    /**
     * @param serverMaxMillis the server's longest test (its Welcome), the end of a test that runs until
     *                        stopped (-t 0); 0 = none known
     */
    public static TestClock of(TestSpec spec, long t0, BooleanSupplier interrupted, long serverMaxMillis) {
        long end = spec.durationMillis() > 0
                ? t0 + TimeUnit.MILLISECONDS.toNanos(spec.omitMillis() + spec.durationMillis())
                : spec.untilStopped() && serverMaxMillis > 0
                ? t0 + TimeUnit.MILLISECONDS.toNanos(spec.omitMillis() + serverMaxMillis) : Long.MAX_VALUE;
        return new TestClock(end, interrupted);
    }

    /** OK once the time is up, INTERRUPTED after Ctrl-C, else null: the test goes on. */
    public OutcomeStatus due(long nowNanos) {
        if (nowNanos >= endNanos) {
            return OutcomeStatus.OK;
        }
        return interrupted.getAsBoolean() ? OutcomeStatus.INTERRUPTED : null;
    }

    /** Waits until the next look: a few milliseconds, never past the end. */
    public void pause(long nowNanos) {
        LockSupport.parkNanos(Math.min(endNanos - nowNanos, POLL_NANOS));
    }
}
