package dev.wirespeed.run;

import dev.wirespeed.io.ExternalProcess;
import dev.wirespeed.io.Programs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * An external tool run by a campaign. Its stdout and stderr go to one file ({@link ExternalProcess}),
 * read when needed.
 * Servers are wrapped in coreutils' timeout so that one left behind by a killed campaign ends by itself.
 */
public final class ToolProcess implements AutoCloseable {
    private static final long POLL_MILLIS = 20;
    private final List<String> command;
    private final Process process;
    private final Path output;
    private final Children children;

    private ToolProcess(List<String> command, Process process, Path output, Children children) {
        this.command = command;
        this.process = process;
        this.output = output;
        this.children = children;
    }

    public static ToolProcess start(List<String> command, Path output, Children children) throws IOException {
        Process p = ExternalProcess.start(command, output);
        children.add(p);
        return new ToolProcess(command, p, output, children);
    }

    /** A server that ends by itself after {@code lifetimeSeconds} even if nobody stops it. */
    public static ToolProcess startServer(List<String> command, double lifetimeSeconds, Path output, Children children)
            throws IOException {
        List<String> c = command;
        if (Programs.find("timeout").isPresent()) {
            c = new ArrayList<>(List.of("timeout", "-k", "5", Long.toString((long) Math.ceil(lifetimeSeconds))));
            c.addAll(command);
        }
        return start(c, output, children);
    }

    public List<String> command() {
        return command;
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Waits for the exit; null on timeout or stop (the process is then stopped). */
    public Integer await(double timeoutSeconds, RunContext context) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (timeoutSeconds * 1e9);
        while (System.nanoTime() < deadline && !context.stopped()) {
            if (process.waitFor(POLL_MILLIS * 5, TimeUnit.MILLISECONDS)) {
                children.remove(process);
                return process.exitValue();
            }
        }
        close();
        return null;
    }

    /** Waits until the output matches {@code ready}; false when the process ended or time ran out. */
    public boolean awaitOutput(Pattern ready, double timeoutSeconds, RunContext context) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (timeoutSeconds * 1e9);
        while (System.nanoTime() < deadline && !context.stopped()) {
            if (ready.matcher(output()).find()) {
                return true;
            }
            if (!process.isAlive()) {
                return ready.matcher(output()).find();
            }
            Thread.sleep(POLL_MILLIS);
        }
        return false;
    }

    /** Everything printed so far. */
    public String output() {
        try {
            // Decoding replaces bytes that are not UTF-8 instead of failing on them.
            return new String(Files.readAllBytes(output), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** The last non-blank line printed, for one-line error messages. */
    public String lastLine() {
        List<String> lines = output().lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
        return lines.isEmpty() ? "(no output)" : lines.getLast();
    }

    @Override
    public void close() {
        Children.stop(process);
        children.remove(process);
    }
}
