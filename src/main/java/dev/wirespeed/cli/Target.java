package dev.wirespeed.cli;

import java.io.IOException;
import picocli.CommandLine.Model.CommandSpec;

/** Where a client command runs its test: HOST:PORT, or an in-process server on 127.0.0.1 (--loopback). */
final class Target {
    private Target() {}

    interface Test<T> {
        T run(String host, int port) throws IOException;
    }

    /** Exactly one of HOST and --loopback, else a usage error. */
    static void check(CommandSpec spec, String host, boolean loopback) {
        if (host == null && !loopback) {
            throw Check.usage(spec, "missing HOST (or --loopback)");
        }
        if (host != null && loopback) {
            throw Check.usage(spec, "give HOST or --loopback, not both");
        }
    }

    /** With --loopback, {@code port} is the in-process server's (0: any free port). */
    static <T> T run(String host, int port, boolean loopback, Test<T> test) throws IOException {
        if (!loopback) {
            return test.run(host, port);
        }
        try (BwCommand.LoopbackServer server = BwCommand.LoopbackServer.start(port)) {
            return test.run("127.0.0.1", server.port());
        }
    }
}
