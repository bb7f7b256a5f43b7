package dev.wirespeed.cluster;

import dev.wirespeed.io.ExternalProcess;
import dev.wirespeed.io.Io;
import dev.wirespeed.perftest.PerftestOutput;
import dev.wirespeed.perftest.PerftestProcess;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Starts perftest binaries for an agent through {@link PerftestProcess}: only the names in
 * {@link PerftestSpec#TESTS}, from the directory the agent's operator named or from PATH, with
 * arguments built from a validated {@link PerftestSpec}. No shell is involved.
 */
final class PerftestRunner {
    /** Beyond -D, time for perftest's connection setup and teardown. */
    static final long SLACK_MILLIS = 20_000;

    private final Path dir;

    /** @param dir where the binaries are; null = PATH */
    PerftestRunner(Path dir) {
        this.dir = dir;
    }

    Optional<Path> binary(String test) {
        return PerftestProcess.binary(dir, test);
    }

    boolean available() {
        return PerftestSpec.TESTS.stream().anyMatch(t -> binary(t).isPresent());
    }

    /** Starts the server side; it exits after one test, or is killed after the bounded time. */
    void startServer(PerftestSpec spec, Consumer<String> log) throws IOException {
        ExternalProcess.Running server = PerftestProcess.start(command(spec, null));
        Thread.ofVirtual().name("ws-perftest-server").start(() -> {
            try {
                ExternalProcess.Finished done = server.await(timeoutMillis(spec), () -> false,
                        PerftestProcess.MAX_OUTPUT_BYTES);
                if (done.exitCode() == null || done.exitCode() != 0) {
                    log.accept(spec.test() + " server exited with " + exitOf(done) + ": " + lastLine(done.output()));
                }
            } catch (IOException e) {
                log.accept(spec.test() + " server: " + Io.reason(e));
            }
        });
    }

    /**
     * Runs the client side to {@code peerHost} and reads its result table: perftest's measurement, with
     * its "BW average" as {@link Metrics#BITS_PER_SECOND}.
     */
    Measurement runClient(PerftestSpec spec, String peerHost, BooleanSupplier cancelled) throws IOException {
        ExternalProcess.Finished done = PerftestProcess.run(command(spec, peerHost), timeoutMillis(spec), cancelled);
        if (cancelled.getAsBoolean()) {
            throw new IOException(spec.test() + " cancelled");
        }
        Measurement m = PerftestOutput.measurement(done.output(), spec.test());
        // a bandwidth table: a latency table or --output=bandwidth's bare figure is no pair's rate
        if (m == null || m.metric(Metrics.BITS_PER_SECOND).isEmpty()) {
            throw new IOException(spec.test() + " to " + peerHost + " exited with " + exitOf(done)
                    + " and no result: " + lastLine(done.output()));
        }
        return m;
    }

    private List<String> command(PerftestSpec spec, String peerHost) throws IOException {
        Path bin = binary(spec.test()).orElseThrow(() -> new IOException(spec.test() + " is not installed on this agent ("
                + (dir == null ? "not on PATH" : "not in " + dir) + "; apt-get install perftest)"));
        return spec.arguments(bin.toString(), peerHost);
    }

    /** -D plus the slack for connection setup and teardown. */
    private static long timeoutMillis(PerftestSpec spec) {
        return spec.durationSeconds() * 1000L + SLACK_MILLIS;
    }

    /** The exit status, or -1 for a process that was stopped. */
    private static int exitOf(ExternalProcess.Finished done) {
        return done.exitCode() == null ? -1 : done.exitCode();
    }

    private static String lastLine(String out) {
        return PerftestProcess.lastLine(out);
    }
}
