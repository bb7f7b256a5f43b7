package dev.wirespeed.iperf3;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import dev.wirespeed.parse.iperf.Iperf3JsonParser;
import dev.wirespeed.parse.iperf.Iperf3Result;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The real iperf3 binary, run on loopback. Output goes to a file (reading a child's pipe while it
 * exits races with the JDK's own draining of that pipe).
 */
public final class Iperf3Binary implements AutoCloseable {
    static final JsonMapper MAPPER = JsonMapper.builder().build();

    private final Process process;
    private final Path output;

    private Iperf3Binary(Process process, Path output) {
        this.process = process;
        this.output = output;
    }

    static void assumeInstalled() {
        assumeTrue(onPath("iperf3"), "SKIPPED: iperf3 not installed (apt-get install iperf3)");
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    static Iperf3Binary start(List<String> args) throws IOException {
        return start("iperf3", args);
    }

    /**
     * An iperf3 3.21+ with {@code --gsro} (UDP GSO/GRO): $IPERF3_NEW, else /opt/iperf3-new/bin/iperf3
     * (what ../shared/anchors/build-iperf3.sh installs); null when there is none.
     */
    static String gsroBinary() {
        return newBinary("--gsro");
    }

    /** As {@link #gsroBinary()}, for a binary whose --help offers {@code option}; null when there is none. */
    public static String newBinary(String option) {
        String path = System.getenv().getOrDefault("IPERF3_NEW", "/opt/iperf3-new/bin/iperf3");
        if (!Files.isExecutable(Path.of(path))) {
            return null;
        }
        try {
            Process p = new ProcessBuilder(path, "--help").redirectErrorStream(true).start();
            String help = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(10, TimeUnit.SECONDS);
            return help.contains(option) ? path : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    static Iperf3Binary start(String program, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(program);
        cmd.addAll(args);
        Path output = Files.createTempFile("iperf3", ".out");
        output.toFile().deleteOnExit();
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(output.toFile()).start();
        return new Iperf3Binary(p, output);
    }

    /** A one-off iperf3 server with JSON output on 127.0.0.1, listening once this returns. */
    static Iperf3Binary server(int port) throws IOException, InterruptedException {
        Iperf3Binary s = start(List.of("-s", "-1", "-J", "-B", "127.0.0.1", "-p", Integer.toString(port)));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!listening(port)) {
            if (!s.process.isAlive() || System.nanoTime() > deadline) {
                s.close();
                throw new IOException("iperf3 server did not start: " + s.output());
            }
            Thread.sleep(20);
        }
        return s;
    }

    /** Whether a socket listens on this port, from /proc/net/tcp (a probe connection would be its one client). */
    static boolean listening(int port) throws IOException {
        String hexPort = String.format(Locale.ROOT, ":%04X ", port);
        for (String line : Files.readAllLines(Path.of("/proc/net/tcp"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 3 && (f[1] + " ").endsWith(hexPort) && f[3].equals("0A")) {
                return true;
            }
        }
        return false;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Waits for the exit (bounded) and returns the exit code; a hung iperf3 is killed and fails the test. */
    int await(long seconds) throws InterruptedException, IOException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("iperf3 did not finish within " + seconds + " s: " + output());
        }
        return process.exitValue();
    }

    /** Sends a signal (e.g. "INT", as Ctrl-C) to this iperf3. */
    void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
        kill.waitFor(10, TimeUnit.SECONDS);
    }

    String output() throws IOException {
        return Files.readString(output, StandardCharsets.UTF_8);
    }

    JsonNode json() throws IOException {
        return MAPPER.readTree(output());
    }

    @Override
    public void close() throws IOException {
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        Files.deleteIfExists(output);
    }

    /** Largest socket send plus receive buffer per stream (tcp_wmem, tcp_rmem maxima): what can be in flight. */
    static long inFlightBytesPerStream() throws IOException {
        return lastField("/proc/sys/net/ipv4/tcp_wmem") + lastField("/proc/sys/net/ipv4/tcp_rmem");
    }

    /**
     * What loopback itself holds between the two sockets: every packet lo sends waits in a CPU's
     * backlog queue (netif_rx) until that CPU's softirq delivers it, up to net.core.netdev_max_backlog
     * packets of up to lo's GSO size (64 KiB) per CPU. On a loaded machine those queues fill, and the
     * bytes in them are in neither socket's buffer.
     */
    static long loopbackBacklogBytes() throws IOException {
        return lastField("/proc/sys/net/core/netdev_max_backlog") * 64 * 1024 * Runtime.getRuntime().availableProcessors();
    }

    private static long lastField(String path) throws IOException {
        // readAllLines: Files.readString returns only the first byte of these zero-sized /proc files
        String[] f = Files.readAllLines(Path.of(path)).getFirst().trim().split("\\s+");
        return Long.parseLong(f[f.length - 1]);
    }

    /** iperf3 -J read by wirespeed's own iperf3 parser (the explain command's), as a user's file would be. */
    Iperf3Result parsed() throws IOException {
        return Iperf3JsonParser.parse(output());
    }

    /** One sum line of iperf3 -J: its bytes and rate. */
    record Sum(long bytes, double bitsPerSecond) {
        static Sum sent(Iperf3Result r) {
            return new Sum(Math.round(r.sentBytes()), r.sentBitsPerSecond());
        }

        static Sum received(Iperf3Result r) {
            return new Sum(Math.round(r.receivedBytes()), r.receivedBitsPerSecond());
        }

        /** A sum our parser does not read (a --bidir test's reverse direction), straight from the JSON. */
        static Sum of(JsonNode sum) {
            return new Sum(sum.path("bytes").longValue(), sum.path("bits_per_second").doubleValue());
        }
    }
}
