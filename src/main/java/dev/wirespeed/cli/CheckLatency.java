package dev.wirespeed.cli;

import dev.wirespeed.engine.LatClient;
import dev.wirespeed.results.LatResult;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/** The latency part of {@code check}: TCP ping-pong at 64 B against the server of its bandwidth test. */
final class CheckLatency {
    static final int SIZE_BYTES = 64;
    static final long ITERATIONS = 10_000;
    static final long WARMUP = 1_000;

    private CheckLatency() {}

    static LatResult run(String host, int port) throws IOException {
        return new LatClient(LatClient.Config.builder().host(host).port(port).udp(false).sizesBytes(List.of(SIZE_BYTES))
                .iterations(ITERATIONS).warmupIterations(WARMUP).connectTimeoutMillis(5_000).timeoutMillis(5_000)
                .interrupted(Interrupts::raised).build()).run(new LatClient.Listener() {});
    }

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
