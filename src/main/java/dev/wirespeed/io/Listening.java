package dev.wirespeed.io;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * Knows when a server wirespeed started (a campaign's, perftest's) is ready without connecting to it (a probe connection
 * would use up iperf3 -1's single test): its port shows in /proc/net/{tcp,tcp6} in state LISTEN
 * (0A, include/net/tcp_states.h), or for UDP in /proc/net/{udp,udp6} at all.
 */
public final class Listening {
    private static final String TCP_LISTEN = "0A";

    private Listening() {}

    public static boolean isListening(int port, boolean udp) {
        String hexPort = String.format(Locale.ROOT, ":%04X", port);
        for (String f : udp ? List.of("/proc/net/udp", "/proc/net/udp6") : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            try {
                for (String line : Files.readAllLines(Path.of(f))) {
                    String[] c = line.strip().split("\\s+");
                    if (c.length > 3 && c[1].endsWith(hexPort) && (udp || c[3].equals(TCP_LISTEN))) {
                        return true;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // no such table (no IPv6): look at the others
            }
        }
        return false;
    }

    /** Waits until the port listens; false when the server died or time ran out. */
    public static boolean await(int port, boolean udp, BooleanSupplier serverAlive, double timeoutSeconds,
                                BooleanSupplier stopped) throws InterruptedException {
        long deadline = System.nanoTime() + (long) (timeoutSeconds * 1e9);
        while (System.nanoTime() < deadline && !stopped.getAsBoolean()) {
            if (isListening(port, udp)) {
                return true;
            }
            if (!serverAlive.getAsBoolean()) {
                return false;
            }
            Thread.sleep(20);
        }
        return false;
    }

    /** A port nobody listens on now, on loopback (the kernel picks it). */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
