package dev.wirespeed.cli;

import dev.wirespeed.engine.server.Loopback;
import java.io.IOException;
import picocli.CommandLine.Model.CommandSpec;

/** Where a client command runs its test: HOST:PORT, or an in-process server on 127.0.0.1 (--loopback). */
final class Target {
    private Target() {}

    /** HOST as given on the command line, split into a name or address and the port it names, if any. */
    record Endpoint(String host, Integer port) {}

    /**
     * Splits HOST:PORT and [v6]:PORT as iperf3 users type them. A name or IPv4 address with one colon
     * carries a port; an unbracketed IPv6 literal (two or more colons) never does; [v6] alone is the
     * bare address. A malformed port is a usage error.
     */
    static Endpoint parse(CommandSpec spec, String given) {
        if (given == null) {
            return new Endpoint(null, null);
        }
        if (given.startsWith("[")) {
            int close = given.indexOf(']');
            if (close < 2) {
                throw OptionRanges.usage(spec, "HOST '" + given + "': expected [IPv6] or [IPv6]:PORT");
            }
            String address = given.substring(1, close);
            String rest = given.substring(close + 1);
            if (rest.isEmpty()) {
                return new Endpoint(address, null);
            }
            if (!rest.startsWith(":")) {
                throw OptionRanges.usage(spec, "HOST '" + given + "': expected [IPv6] or [IPv6]:PORT");
            }
            return new Endpoint(address, port(spec, given, rest.substring(1)));
        }
        int colon = given.indexOf(':');
        if (colon < 0 || given.indexOf(':', colon + 1) >= 0) {
            return new Endpoint(given, null);
        }
        if (colon == 0) {
            throw OptionRanges.usage(spec, "HOST '" + given + "' has a port but no host");
        }
        return new Endpoint(given.substring(0, colon), port(spec, given, given.substring(colon + 1)));
    }

    private static int port(CommandSpec spec, String given, String digits) {
        if (!digits.matches("[0-9]{1,5}")) {
            throw OptionRanges.usage(spec, "HOST '" + given + "': port '" + digits + "' is not a number (1..65535)");
        }
        int port = Integer.parseInt(digits);
        OptionRanges.range(spec, "HOST's port", port, 1, 65535);
        return port;
    }

    /** The port HOST:PORT named, checked against -p: giving both is a usage error. */
    static Integer portFromHost(CommandSpec spec, Endpoint endpoint) {
        if (endpoint.port() != null && spec.commandLine().getParseResult().hasMatchedOption("-p")) {
            throw OptionRanges.usage(spec, "give the port once: HOST:PORT or -p, not both");
        }
        return endpoint.port();
    }

    /** Splits the command's HOST into the host and the port HOST:PORT named (null: none), checked against -p. */
    static Integer split(CommandSpec spec, ClientOptions client) {
        Endpoint endpoint = parse(spec, client.host);
        Integer port = portFromHost(spec, endpoint);
        client.host = endpoint.host();
        return port;
    }

    /** Exactly one of HOST and --loopback, else a usage error. */
    static void check(CommandSpec spec, String host, boolean loopback) {
        if (host == null && !loopback) {
            throw OptionRanges.usage(spec, "missing HOST (or --loopback)");
        }
        if (host != null && loopback) {
            throw OptionRanges.usage(spec, "give HOST or --loopback, not both");
        }
    }

    /** With --loopback, {@code port} is the in-process server's (0: any free port). */
    static <T> T run(String host, int port, boolean loopback, Loopback.Test<T> test) throws IOException {
        return Loopback.orHost(loopback ? null : host, port, test);
    }

    /** The same, the in-process server listening with MPTCP when {@code mptcp} (bw --loopback -m). */
    static <T> T run(String host, int port, boolean loopback, boolean mptcp, Loopback.Test<T> test) throws IOException {
        return Loopback.orHost(loopback ? null : host, port, mptcp, test);
    }
}
