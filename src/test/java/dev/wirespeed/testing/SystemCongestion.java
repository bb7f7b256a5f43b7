package dev.wirespeed.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The host's default TCP congestion control, which every socket runs unless one sets its own (tcp(7)). */
public final class SystemCongestion {
    private static final Path DEFAULT = Path.of("/proc/sys/net/ipv4/tcp_congestion_control");

    private SystemCongestion() {}

    /** net.ipv4.tcp_congestion_control of this network namespace, as the kernel prints it. */
    public static String defaultAlgorithm() throws IOException {
        return Files.readString(DEFAULT).strip();
    }
}
