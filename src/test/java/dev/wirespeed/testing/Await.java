package dev.wirespeed.testing;

import java.util.function.BooleanSupplier;

/**
 * Waits for what a server does after the moment a test can see (a budget freed after the client's
 * close, a log line written after the Error it sent): the condition is looked at every 20 ms until it
 * holds or {@code timeoutMillis} passed. The test asserts the condition afterwards, so a wait that
 * ran out fails with the test's own words.
 */
public final class Await {
    private Await() {}

    /** Returns once {@code condition} holds, or {@code timeoutMillis} after the call. */
    public static void until(long timeoutMillis, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (!condition.getAsBoolean() && System.nanoTime() - deadline < 0) {
            Thread.sleep(20);
        }
    }
}
