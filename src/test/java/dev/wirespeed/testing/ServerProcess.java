package dev.wirespeed.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * `wirespeed server` in a separate JVM (so a test can kill it), on 127.0.0.1 and a free port.
 * Its output goes to a file: reading a child's pipe while it exits races with the JDK's own
 * draining of that pipe ("Stream closed") and loses the last lines.
 */
public final class ServerProcess implements AutoCloseable {
    private static final Pattern LISTENING = Pattern.compile("listening on 127\\.0\\.0\\.1:(\\d+)");
    private final Process process;
    private final Path output;
    private final int port;

    private ServerProcess(Process process, Path output, int port) {
        this.process = process;
        this.output = output;
        this.port = port;
    }

    public static ServerProcess start(String... extraArgs) throws IOException, InterruptedException {
        return start(List.of(), extraArgs);
    }

    /**
     * A server whose limit of open files (RLIMIT_NOFILE) is {@code openFiles}, set by util-linux's
     * prlimit(1) (the JVM raises its soft limit to the hard one, so both are set): floods reach it
     * in a few thousand connections. Null when prlimit is not installed.
     */
    public static ServerProcess startWithOpenFiles(int openFiles, String... extraArgs)
            throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of("/usr/bin/prlimit"))) {
            return null;
        }
        return start(List.of("/usr/bin/prlimit", "--nofile=" + openFiles + ":" + openFiles), extraArgs);
    }

    private static ServerProcess start(List<String> prefix, String... extraArgs) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "dev.wirespeed.cli.Main",
                "server", "--bind", "127.0.0.1", "-p", "0"));
        cmd.addAll(List.of(extraArgs));
        Path output = Files.createTempFile("wirespeed-server", ".log");
        output.toFile().deleteOnExit();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (System.nanoTime() < deadline) {
            Matcher m = LISTENING.matcher(Files.readString(output, StandardCharsets.UTF_8));
            if (m.find()) {
                return new ServerProcess(p, output, Integer.parseInt(m.group(1)));
            }
            if (!p.isAlive()) {
                break;
            }
            Thread.sleep(20);
        }
        p.destroyForcibly();
        throw new IOException("server did not start: " + Files.readString(output, StandardCharsets.UTF_8));
    }

    public int port() {
        return port;
    }

    public Process process() {
        return process;
    }

    /** Descriptors the server holds open now (/proc/PID/fd). */
    public long openFiles() throws IOException {
        try (var fds = Files.list(Path.of("/proc", Long.toString(process.pid()), "fd"))) {
            return fds.count();
        }
    }

    /** Everything the server printed so far. */
    public List<String> lines() throws IOException {
        return Files.readAllLines(output, StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(output);
    }
}
