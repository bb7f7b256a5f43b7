package dev.wirespeed.cli;

import dev.wirespeed.io.ExternalProcess;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * `server -D`: the server runs on in the background, as iperf3's (which calls daemon(3): fork,
 * setsid, standard input and output on /dev/null). A JVM cannot fork itself, so this starts a
 * second JVM with the same command line in a new session (util-linux setsid(1) when installed),
 * standard input from /dev/null, and waits until that server logs that it listens — or fails,
 * whose one line is then this command's, exit 1. The background server logs to --logfile, or
 * nowhere; it writes --pidfile itself, so the file holds the server's id.
 */
final class Daemon {
    /** Set in the background server's environment: it serves instead of starting another. */
    static final String CHILD_ENV = "WIRESPEED_DAEMON_CHILD";
    /** The background server's own line when it listens: the parent's cue to leave. */
    static final String READY = "daemon ready";
    private static final long START_MILLIS = 60_000;

    private Daemon() {}

    static boolean isChild() {
        return "1".equals(System.getenv(CHILD_ENV));
    }

    /**
     * Starts the background server with {@code args} (the command line after the launcher), and
     * returns its pid and the lines it logged up to the ready line; throws a Failure with its
     * error when it stops before.
     */
    static Started start(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        Path setsid = Path.of("/usr/bin/setsid");
        if (Files.isExecutable(setsid)) {
            command.add(setsid.toString());
        }
        command.addAll(javaCommand());
        command.addAll(args);
        Process p = ExternalProcess.startPiped(command, Map.of(CHILD_ENV, "1"));
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = Thread.ofPlatform().daemon(true).name("daemon-start").start(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = r.readLine(); line != null; line = r.readLine()) {
                    lines.add(line);
                    if (line.endsWith(READY)) {
                        return;
                    }
                }
            } catch (IOException ignored) {
                // the server closed its end
            }
            lines.add(READY + " <eof>");
        });
        List<String> seen = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line == null) {
                continue;
            }
            if (line.equals(READY + " <eof>")) {
                p.waitFor(5, TimeUnit.SECONDS);
                String last = seen.isEmpty() ? "the background server stopped before it listened" : seen.getLast();
                throw new Failure(last.startsWith("wirespeed") ? last.replaceFirst("^wirespeed( server)?: ", "") : last);
            }
            if (line.endsWith(READY)) {
                p.getInputStream().close();
                return new Started(p.pid(), List.copyOf(seen));
            }
            seen.add(line);
        }
        reader.interrupt();
        p.destroy();
        throw new Failure("the background server did not listen within " + START_MILLIS / 1000 + " s");
    }

    record Started(long pid, List<String> lines) {}

    /** This JVM's java, its options, and how it found wirespeed (-jar JAR, or the class path and Main). */
    private static List<String> javaCommand() {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        c.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        String classPath = System.getProperty("java.class.path", "");
        String launched = System.getProperty("sun.java.command", "");
        if (classPath.endsWith(".jar") && !classPath.contains(File.pathSeparator) && launched.startsWith(classPath)) {
            c.add("-jar");
            c.add(classPath);
        } else {
            c.add("--enable-native-access=ALL-UNNAMED");
            c.add("-cp");
            c.add(classPath);
            c.add(Main.class.getName());
        }
        return c;
    }
}
