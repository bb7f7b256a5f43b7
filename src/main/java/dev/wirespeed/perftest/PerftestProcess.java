package dev.wirespeed.perftest;

import dev.wirespeed.io.ExternalProcess;
import dev.wirespeed.io.Listening;
import dev.wirespeed.io.Programs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * How a perftest program is started: only a name on {@link PerftestArgs#ALL}, from the directory an
 * operator named or from PATH, with an argument list (no shell), over {@link ExternalProcess}; a
 * server side is watched until it listens.
 */
public final class PerftestProcess {
    /** Output kept per run; perftest prints a few KiB even with -a. */
    public static final int MAX_OUTPUT_BYTES = 1 << 20;
    /** Until a server side listens (perftest prints its banner once it does). */
    public static final long READY_MILLIS = 10_000;
    /** perftest's server prints this when it waits (perftest_communication.c). */
    public static final String WAITING = "Waiting for client to connect";

    private PerftestProcess() {}

    /** The program's binary: in {@code dir} when given, else on PATH; empty for a name not on the list. */
    public static Optional<Path> binary(Path dir, String program) {
        if (!PerftestArgs.ALL.contains(program)) {
            return Optional.empty();
        }
        return Programs.find(dir == null ? program : dir.resolve(program).toString());
    }

    /** Starts {@code command} (binary first); {@link ExternalProcess.Running#await} or close it. */
    public static ExternalProcess.Running start(List<String> command) throws IOException {
        return ExternalProcess.launch(command);
    }

    /** Runs {@code command} to its end, at most {@code timeoutMillis} or until {@code cancelled}. */
    public static ExternalProcess.Finished run(List<String> command, long timeoutMillis, BooleanSupplier cancelled)
            throws IOException {
        return ExternalProcess.run(command, timeoutMillis, cancelled, MAX_OUTPUT_BYTES);
    }

    /** What a running program printed so far, bounded. */
    public static String output(ExternalProcess.Running p) {
        return p.outputSoFar(MAX_OUTPUT_BYTES);
    }

    /**
     * Waits until a server side listens (its banner, or the port of {@code args}' -p in /proc/net),
     * at most {@link #READY_MILLIS}; false when it exited first.
     */
    public static boolean awaitListening(ExternalProcess.Running p, List<String> args) throws InterruptedException {
        String port = PerftestArgs.valueOf(args, "-p", "--port");
        long readyBy = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READY_MILLIS);
        while (p.alive() && System.nanoTime() < readyBy && !output(p).contains(WAITING)
                && !(port != null && Listening.isListening(Integer.parseInt(port), false))) {
            Thread.sleep(20);
        }
        return p.alive();
    }

    /** The last line of {@code out}, bounded, for a one-line error. */
    public static String lastLine(String out) {
        String[] lines = out.strip().split("\\R");
        String last = lines.length == 0 ? "" : lines[lines.length - 1].strip();
        return last.isEmpty() ? "(no output)" : last.length() > 200 ? last.substring(0, 200) + "…" : last;
    }
}
