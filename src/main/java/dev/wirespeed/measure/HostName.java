package dev.wirespeed.measure;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This host's name without a DNS lookup: InetAddress.getLocalHost() may wait seconds for an
 * unreachable resolver, which would stall a test's handshake.
 */
public final class HostName {
    private static final String NAME = find();

    private HostName() {}

    public static String get() {
        return NAME;
    }

    private static String find() {
        for (String file : new String[] {"/proc/sys/kernel/hostname", "/etc/hostname"}) {
            try {
                String s = Files.readString(Path.of(file)).strip();
                if (!s.isEmpty()) {
                    return s;
                }
            } catch (Exception ignored) {
                // try the next source
            }
        }
        for (String env : new String[] {"HOSTNAME", "COMPUTERNAME"}) {
            String s = System.getenv(env);
            if (s != null && !s.isBlank()) {
                return s.strip();
            }
        }
        return "localhost";
    }
}
