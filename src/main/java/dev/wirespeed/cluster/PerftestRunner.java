package dev.wirespeed.cluster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Starts perftest binaries for an agent: only the names in {@link PerftestSpec#TESTS}, from the
 * directory the agent's operator named or from PATH, with arguments built from a validated
 * {@link PerftestSpec}. No shell is involved.
 */
final class PerftestRunner {
    /** Output kept per run; perftest prints a few KiB even with -a. */
    static final int MAX_OUTPUT_BYTES = 1 << 20;
    /** Beyond -D, time for perftest's connection setup and teardown. */
    static final long SLACK_MILLIS = 20_000;

    private final Path dir;

    /** @param dir where the binaries are; null = PATH */
    PerftestRunner(Path dir) {
        this.dir = dir;
    }

    Optional<Path> binary(String test) {
        List<Path> candidates = new ArrayList<>();
        if (dir != null) {
            candidates.add(dir.resolve(test));
        } else {
            String path = System.getenv("PATH");
            for (String p : path == null ? new String[0] : path.split(java.io.File.pathSeparator)) {
                if (!p.isEmpty()) {
                    candidates.add(Path.of(p, test));
                }
            }
        }
        return candidates.stream().filter(Files::isExecutable).findFirst();
    }

    boolean available() {
        return PerftestSpec.TESTS.stream().anyMatch(t -> binary(t).isPresent());
    }

    /** Starts the server side; it exits after one test, or is killed after the bounded time. */
    void startServer(PerftestSpec spec, Consumer<String> log) throws IOException {
        Process p = start(spec, null);
        Thread.ofVirtual().name("ws-perftest-server").start(() -> {
            String out = collect(p, spec, () -> false);
            if (exitOf(p) != 0) {
                log.accept(spec.test() + " server exited with " + exitOf(p) + ": " + lastLine(out));
            }
        });
    }

    /** Runs the client side to {@code peerHost} and reads its result table. */
    PerftestResult runClient(PerftestSpec spec, String peerHost, BooleanSupplier cancelled) throws IOException {
        Process p = start(spec, peerHost);
        String out = collect(p, spec, cancelled);
        if (cancelled.getAsBoolean()) {
            throw new IOException(spec.test() + " cancelled");
        }
        Optional<PerftestResult> r = PerftestOutput.parse(out);
        if (r.isEmpty()) {
            throw new IOException(spec.test() + " to " + peerHost + " exited with " + exitOf(p)
                    + " and no result: " + lastLine(out));
        }
        return r.get();
    }

    private Process start(PerftestSpec spec, String peerHost) throws IOException {
        Path bin = binary(spec.test()).orElseThrow(() -> new IOException(spec.test() + " is not installed on this agent ("
                + (dir == null ? "not on PATH" : "not in " + dir) + "; apt-get install perftest)"));
        Process p = new ProcessBuilder(spec.arguments(bin.toString(), peerHost)).redirectErrorStream(true).start();
        p.getOutputStream().close();
        return p;
    }

    /** Reads the output (bounded) until the process ends, the time is up, or it is cancelled. */
    private static String collect(Process p, PerftestSpec spec, BooleanSupplier cancelled) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        Thread reader = Thread.ofVirtual().start(() -> {
            try (InputStream in = p.getInputStream()) {
                byte[] chunk = new byte[8192];
                int n;
                while ((n = in.read(chunk)) >= 0) {
                    synchronized (buf) {
                        if (buf.size() < MAX_OUTPUT_BYTES) {
                            buf.write(chunk, 0, Math.min(n, MAX_OUTPUT_BYTES - buf.size()));
                        }
                    }
                }
            } catch (IOException ignored) {
                // the process is gone; what was read is kept
            }
        });
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(spec.durationSeconds() * 1000L + SLACK_MILLIS);
        try {
            while (!p.waitFor(100, TimeUnit.MILLISECONDS)) {
                if (cancelled.getAsBoolean() || System.nanoTime() > deadline) {
                    p.destroyForcibly();
                    p.waitFor(5, TimeUnit.SECONDS);
                    break;
                }
            }
            reader.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        synchronized (buf) {
            return buf.toString(StandardCharsets.UTF_8);
        }
    }

    /** The exit status, or -1 while a killed process has not gone yet. */
    private static int exitOf(Process p) {
        return p.isAlive() ? -1 : p.exitValue();
    }

    static String lastLine(String out) {
        String[] lines = out.strip().split("\\R");
        String last = lines.length == 0 ? "" : lines[lines.length - 1].strip();
        return last.isEmpty() ? "(no output)" : last.length() > 200 ? last.substring(0, 200) + "…" : last;
    }
}
