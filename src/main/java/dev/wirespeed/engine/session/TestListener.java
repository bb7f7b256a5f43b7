package dev.wirespeed.engine.session;

import dev.wirespeed.results.BwResult;

/**
 * What a client test tells its caller while it runs, the same shape for every mode (issue 27):
 * each method does nothing unless overridden, so a caller takes only what it shows.
 *
 * @param <P> the test's parameters as its result prints them: {@code BwResult.BwParams} (TCP),
 *            {@code TestSpec} (UDP), {@code BwSweepResult.SweepParams}, {@code LatResult.LatParams},
 *            {@code CrrResult.Params}
 * @param <I> one report as the test goes: an interval (TCP, UDP), or a size done (sweep, latency)
 */
public interface TestListener<P, I> {
    /** The server answered and the test is about to start. */
    default void connected(BwResult.Peer server, P params) {}

    /** An interval sampled, or one message size finished. */
    default void interval(I report) {}

    /**
     * Each measured round trip of a timed latency test, nanoseconds (-1: a UDP ping lost and resent),
     * called on the exchange's thread right after it: latency under load ({@code bw --latency}) keeps
     * its time series from these and paces its pings by returning late. Other modes never call it.
     */
    default void roundTrip(long rttNanos) {}

    /** A line to show before the result (streams that cannot start in time). */
    default void warning(String line) {}

    /** A listener that takes nothing (JSON output, campaigns, agents). */
    static <P, I> TestListener<P, I> none() {
        return new TestListener<>() {};
    }
}
