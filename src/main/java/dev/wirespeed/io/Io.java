package dev.wirespeed.io;

import java.io.IOException;
import java.net.InetSocketAddress;

/** The small socket and file helpers every package uses: quiet close, a one-line reason, an address. */
public final class Io {
    private Io() {}

    /** Closes, ignoring a null and any failure: for cleanup paths where the first error is the one to report. */
    public static void closeQuietly(AutoCloseable c) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception ignored) {
            // closing is best effort
        }
    }

    /** The exception's message for a one-line error, or its class name when it has none. */
    public static String reason(Throwable e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    /**
     * The reason without the path the JDK puts first ("/sys/x/y: Permission denied" → "Permission
     * denied"), for facts that already name their file.
     */
    public static String reasonAfterPath(IOException e) {
        String m = reason(e);
        int colon = m.lastIndexOf(": ");
        return colon >= 0 ? m.substring(colon + 2) : m;
    }

    /** "192.0.2.1:5201" or "[2001:db8::1]:5201". */
    public static String describe(InetSocketAddress a) {
        String host = a.getAddress().getHostAddress();
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
    }
}
