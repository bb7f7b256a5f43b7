package dev.wirespeed.cli;

import dev.wirespeed.results.LatResult;
import java.util.Locale;

/** The latency line of {@code check} (the test itself: {@link dev.wirespeed.check.HostCheck#measure}). */
final class CheckLatency {
    private CheckLatency() {}

    /** "latency: loopback TCP 64 B one-way p50 12.31 us, p99 20.10 us (RTT/2 of 10000 round trips)". */
    static String line(LatResult r, String where) {
        if (!r.outcome().ok() || r.rows().isEmpty()) {
            return "latency: the " + where + " ping-pong did not finish (" + r.outcome().message() + ")";
        }
        LatResult.LatRow row = r.rows().getFirst();
        return String.format(Locale.ROOT, "latency: %s TCP %d B one-way p50 %.2f us, p99 %.2f us "
                        + "(RTT/2 of %d round trips)", where, row.sizeBytes(), row.oneWayMicros().p50(),
                row.oneWayMicros().p99(), row.iterations());
    }
}
