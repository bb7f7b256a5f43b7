package dev.wirespeed.io;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
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

    /** "192.0.2.1:5201" or "[2001:db8::1]:5201" (an unresolved address: its name). */
    public static String describe(InetSocketAddress a) {
        return hostPort(a.getAddress() == null ? a.getHostString() : literal(a.getAddress()), a.getPort());
    }

    /** HOST:PORT with an IPv6 literal in brackets, "[::1]:5201" (RFC 3986 §3.2.2). */
    public static String hostPort(String host, int port) {
        return (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * An address as people write it: IPv4 dotted, IPv6 in RFC 5952's short form ("::1", "fe80::1%eth0",
     * never the JDK's "0:0:0:0:0:0:0:1"), an IPv4-mapped one as its IPv4 address.
     */
    public static String literal(InetAddress a) {
        if (!(a instanceof Inet6Address v6)) {
            return a.getHostAddress();
        }
        String full = v6.getHostAddress();
        int percent = full.indexOf('%');
        return shortIpv6(percent < 0 ? full : full.substring(0, percent)) + (percent < 0 ? "" : full.substring(percent));
    }

    /**
     * RFC 5952 §4: hex groups without leading zeros, lower case; the longest run of two or more zero
     * groups (the first of equal runs) as "::". Text that is not eight groups is returned unchanged.
     */
    public static String shortIpv6(String address) {
        String[] groups = address.split(":", -1);
        if (groups.length != 8) {
            return address;
        }
        int[] v = new int[8];
        try {
            for (int i = 0; i < 8; i++) {
                v[i] = Integer.parseInt(groups[i], 16);
            }
        } catch (NumberFormatException e) {
            return address;
        }
        int bestStart = -1;
        int bestLength = 1;
        for (int i = 0; i < 8; ) {
            if (v[i] != 0) {
                i++;
                continue;
            }
            int j = i;
            while (j < 8 && v[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = j;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                b.append("::");
                i += bestLength - 1;
                continue;
            }
            if (b.length() > 0 && b.charAt(b.length() - 1) != ':') {
                b.append(':');
            }
            b.append(Integer.toHexString(v[i]));
        }
        return b.toString();
    }
}
