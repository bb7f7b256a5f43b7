package dev.wirespeed.io;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The one way wirespeed starts another program: no shell, stdin from /dev/null, stdout and stderr
 * into one file. A file, not a pipe: reading a child's pipe while it exits races with the JDK
 * draining that pipe and loses the last lines.
 */
public final class ExternalProcess {
    private static final long POLL_MILLIS = 100;
    private static final long KILL_WAIT_SECONDS = 5;

    private ExternalProcess() {}

    /** What a bounded run left: {@code exitCode} null when it was stopped (time up or cancelled). */
    public record Finished(Integer exitCode, String output) {}

    public static Process start(List<String> command, Path output) throws IOException {
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    /**
     * Starts {@code command} with {@code environment} added, stdin /dev/null and its output on a
     * pipe the caller reads: for a child that outlives the caller (a background server, which must
     * not keep writing into a file nobody reads), read only until it says it is ready.
     */
    public static Process startPiped(List<String> command, Map<String, String> environment) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectErrorStream(true);
        pb.environment().putAll(environment);
        return pb.start();
    }

    /**
     * Runs {@code command} to its end, for at most {@code timeoutMillis} or until {@code cancelled};
     * keeps the first {@code maxOutputBytes} of its output.
     */
    public static Finished run(List<String> command, long timeoutMillis, BooleanSupplier cancelled, int maxOutputBytes)
            throws IOException {
        return launch(command).await(timeoutMillis, cancelled, maxOutputBytes);
    }

    /** Starts {@code command} now (a failure to start throws here); {@link Running#await} collects it. */
    public static Running launch(List<String> command) throws IOException {
        Path out = Files.createTempFile("wirespeed-process", ".out");
        try {
            return new Running(start(command, out), out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(out);
            throw e;
        }
    }

    /**
     * A started process whose output goes to a temporary file, deleted by {@link #await} or
     * {@link #close}. A long-lived one (a server a client connects to) is watched with
     * {@link #alive}, {@link #outputSoFar} and {@link #waitFor}, and ended with {@link #stop}.
     */
    public static final class Running implements AutoCloseable {
        private final Process process;
        private final Path output;

        private Running(Process process, Path output) {
            this.process = process;
            this.output = output;
        }

        /** Waits for the end, the time bound or a cancel (then kills it); keeps the first bytes of output. */
        public Finished await(long timeoutMillis, BooleanSupplier cancelled, int maxOutputBytes) throws IOException {
            try {
                Integer exit = null;
                long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
                try {
                    while (true) {
                        if (process.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                            exit = process.exitValue();
                            break;
                        }
                        if (cancelled.getAsBoolean() || System.nanoTime() > deadline) {
                            process.destroyForcibly();
                            process.waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
                            break;
                        }
                    }
                } catch (InterruptedException e) {
                    process.destroyForcibly();
                    Thread.currentThread().interrupt();
                }
                return new Finished(exit, head(output, maxOutputBytes));
            } finally {
                Files.deleteIfExists(output);
            }
        }

        /** True while the process runs. */
        public boolean alive() {
            return process.isAlive();
        }

        /** Waits at most {@code millis} for the end; true when it ended. */
        public boolean waitFor(long millis) throws InterruptedException {
            return process.waitFor(millis, TimeUnit.MILLISECONDS);
        }

        /** The exit status, null while it runs. */
        public Integer exitCode() {
            return process.isAlive() ? null : process.exitValue();
        }

        /** The first {@code maxBytes} of what it printed so far (the file is read while it grows). */
        public String outputSoFar(int maxBytes) {
            try {
                return head(output, maxBytes);
            } catch (IOException e) {
                return "";
            }
        }

        /** Stops it and its children (a wrapper script's too): TERM, then KILL after 2 s. */
        public void stop() throws InterruptedException {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(KILL_WAIT_SECONDS, TimeUnit.SECONDS);
            }
        }

        /** Kills what is left of it and its children, and deletes its output file. */
        @Override
        public void close() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            if (process.isAlive()) {
                process.destroyForcibly();
            }
            try {
                Files.deleteIfExists(output);
            } catch (IOException ignored) {
                // a temporary file; nothing else refers to it
            }
        }
    }

    /** Decoding replaces bytes that are not UTF-8 instead of failing on them. */
    private static String head(Path file, int maxBytes) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(maxBytes), StandardCharsets.UTF_8);
        }
    }
}
