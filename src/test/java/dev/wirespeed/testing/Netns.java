package dev.wirespeed.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Network namespaces this test creates and deletes itself (iproute2, root). Every name carries a
 * random run id, so runs in parallel (other worktrees, CI) never touch each other's namespaces.
 */
public final class Netns implements AutoCloseable {
    public static final String SKIP = "SKIPPED: network-namespace tests need root and iproute2";
    private final String id;
    private final List<String> created = new ArrayList<>();
    private final List<Process> processes = new ArrayList<>();

    public Netns() {
        this.id = "wsm" + Integer.toHexString(0x10000 | ThreadLocalRandom.current().nextInt(0x10000))
                .substring(1);
    }

    private static Boolean available;

    /**
     * True when namespaces can be made here: root, `ip` and `tc` on PATH, and a probe namespace works.
     * Probed once per JVM: two ITs of the second lane probing at once under one name (this pid) made
     * one of them fail `ip netns add` and skip a test on a host that has namespaces (CI, 2026-12-05).
     */
    public static synchronized boolean available() {
        if (available == null) {
            available = probe();
        }
        return available;
    }

    private static boolean probe() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return false;
        }
        try {
            String probe = "wsprobe" + ProcessHandle.current().pid();
            boolean ok = run(List.of("ip", "netns", "add", probe)) == 0;
            run(List.of("ip", "netns", "del", probe));
            return ok && run(List.of("tc", "-V")) == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The command line of wirespeed from this test run's classes, small and quick to start (a
     * namespace test starts several JVMs on a shared machine).
     */
    public static List<String> wirespeed(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx128m",
                "--enable-native-access=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "dev.wirespeed.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** The command line of any class of this test run's classpath (a test's helper process, e.g. {@link Noise}). */
    public static List<String> java(Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                main.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }

    /** Short names: interface names are limited to 15 characters. */
    public String name(String suffix) {
        return id + suffix;
    }

    public String add(String suffix) throws IOException {
        String ns = name(suffix);
        ip("netns", "add", ns);
        created.add(ns);
        ip("-n", ns, "link", "set", "lo", "up");
        return ns;
    }

    /**
     * A veth pair from namespace {@code nsA} (interface {@code ifA}, {@code addressA}, e.g.
     * "198.18.2.1/24") to {@code nsB}, both ends up.
     */
    public void veth(String nsA, String ifA, String addressA, String nsB, String ifB, String addressB) throws IOException {
        ip("link", "add", ifA, "netns", nsA, "type", "veth", "peer", "name", ifB, "netns", nsB);
        ip("-n", nsA, "addr", "add", addressA, "dev", ifA);
        ip("-n", nsB, "addr", "add", addressB, "dev", ifB);
        ip("-n", nsA, "link", "set", ifA, "up");
        ip("-n", nsB, "link", "set", ifB, "up");
    }

    /** Runs {@code ip ARGS…}; fails with the command's output. */
    public void ip(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        check(cmd);
    }

    /** Runs a command inside a namespace and waits for it. */
    public void exec(String ns, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        cmd.addAll(List.of(args));
        check(cmd);
    }

    /**
     * TCP in {@code ns} that loses packets at a short token bucket on its own interface: BBR there.
     * Measured on this kernel (6.18): with cubic, the default, a stream behind such a bucket showed
     * qdisc drops but 0 retransmits (a packet the local queue refuses was never sent, and cubic backs
     * off); with BBR, which keeps pacing at its estimate, its sockets retransmit, as on a lossy link. The
     * setting is the namespace's own (net.ipv4.tcp_congestion_control is per network namespace); the
     * host's stays untouched. Skips the test where the kernel has no BBR.
     */
    public static void lossyCongestionControl(Netns net, String ns) throws IOException {
        try {
            net.exec(ns, "sysctl", "-q", "-w", "net.ipv4.tcp_congestion_control=bbr");
        } catch (IOException e) {
            Assumptions.abort("SKIPPED: no tcp_bbr in this kernel (a lossy TCP here needs it): "
                    + e.getMessage());
        }
    }

    /** Starts a long-running command inside a namespace, its output going to {@code log}; killed on close. */
    public Process start(String ns, List<String> command, Path log) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns));
        cmd.addAll(command);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        processes.add(p);
        return p;
    }

    /**
     * Starts {@code wirespeed server --bind ADDRESS} inside {@code ns}, its log in {@code dir}/server.log,
     * and waits (60 s at most) until it listens; fails with the log otherwise.
     */
    public Process startServer(String ns, String address, Path dir) throws IOException, InterruptedException {
        Path log = dir.resolve("server.log");
        Process server = start(ns, wirespeed("server", "--bind", address), log);
        if (!awaitText(log, "listening on", server, 60_000)) {
            throw new IOException("the server in " + ns + " did not start: "
                    + (Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no log)"));
        }
        return server;
    }

    /** What a command printed (stdout and stderr together) and how it ended. */
    public record Run(int exitCode, String out) {}

    /**
     * Runs {@code command} inside {@code ns} to its end (120 s at most), its output in {@code out}; fails
     * when it does not end in time.
     */
    public Run run(String ns, List<String> command, Path out) throws IOException, InterruptedException {
        Process p = start(ns, command, out);
        boolean ended = p.waitFor(120, TimeUnit.SECONDS);
        String text = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
        if (!ended) {
            throw new IOException("did not end within 120 s in " + ns + ": " + String.join(" ", command) + "\n" + text);
        }
        return new Run(p.exitValue(), text);
    }

    /** What {@code command} run inside {@code ns} printed; fails unless it exits 0. */
    public String output(String ns, String... command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("wirespeed-netns", ".out");
        try {
            Run r = run(ns, List.of(command), out);
            if (r.exitCode() != 0) {
                throw new IOException(String.join(" ", command) + " in " + ns + " exited " + r.exitCode() + ": " + r.out());
            }
            return r.out();
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /**
     * A group of a namespace's /proc/net/snmp, read at one moment: {@code group} is the lines' prefix
     * without the colon ("Ip", "Tcp", "Udp"), whose first line names the fields and second holds the
     * values (the kernel's net/ipv4/proc.c writes them so).
     */
    public Map<String, Long> snmp(String ns, String group) throws IOException, InterruptedException {
        String snmp = output(ns, "cat", "/proc/net/snmp");
        List<String> lines = snmp.lines().filter(l -> l.startsWith(group + ":")).toList();
        if (lines.size() < 2) {
            throw new IOException("no " + group + " lines in /proc/net/snmp of " + ns + ": " + snmp);
        }
        String[] names = lines.get(0).split("\\s+");
        String[] values = lines.get(1).split("\\s+");
        Map<String, Long> fields = new LinkedHashMap<>();
        for (int i = 1; i < Math.min(names.length, values.length); i++) {
            fields.put(names[i], Long.parseLong(values[i]));
        }
        return fields;
    }

    /** One field of {@link #snmp(String, String)}; fails when the kernel has no such field. */
    public long snmp(String ns, String group, String field) throws IOException, InterruptedException {
        Long value = snmp(ns, group).get(field);
        if (value == null) {
            throw new IOException("no " + group + " " + field + " in /proc/net/snmp of " + ns);
        }
        return value;
    }

    /** The end of a namespace test: its namespaces and processes, then its directory (either may be null). */
    public static void cleanUp(Netns net, Path dir) throws IOException {
        if (net != null) {
            net.close();
        }
        deleteTree(dir);
    }

    /** Waits (bounded) until the file contains {@code text}; false on timeout or when the process died. */
    public static boolean awaitText(Path file, String text, Process p, long timeoutMillis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (System.nanoTime() < deadline) {
            if (Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).contains(text)) {
                return true;
            }
            if (p != null && !p.isAlive()) {
                return Files.exists(file) && Files.readString(file, StandardCharsets.UTF_8).contains(text);
            }
            Thread.sleep(50);
        }
        return false;
    }

    private static void check(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " failed: " + out.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted: " + String.join(" ", cmd));
        }
    }

    private static int run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** Deletes a test's temporary directory with everything in it; nothing when null. */
    public static void deleteTree(Path dir) throws IOException {
        if (dir == null) {
            return;
        }
        try (var files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        }
    }

    /** Kills what it started, then deletes every namespace it made (their veths go with them). */
    @Override
    public void close() {
        for (Process p : processes) {
            p.destroyForcibly();
        }
        for (Process p : processes) {
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (String ns : created.reversed()) {
            try {
                run(List.of("ip", "netns", "del", ns));
            } catch (IOException ignored) {
                // best effort: the next line of defence is the unique id
            }
        }
        created.clear();
    }
}
