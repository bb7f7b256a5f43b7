package dev.wirespeed.engine.server;

import dev.wirespeed.wire.TestSpec;
import java.io.IOException;

/**
 * Where a client test runs: HOST:PORT, or an in-process server on 127.0.0.1 that serves this test
 * alone and logs nowhere ({@code bw/lat --loopback}, {@code check} without HOST, a campaign's
 * {@code host: loopback}). The one copy of "HOST or loopback" (issue 27).
 */
public final class Loopback {
    private Loopback() {}

    /** A test against one server. */
    @FunctionalInterface
    public interface Test<T> {
        T run(String host, int port) throws IOException;
    }

    /** A server on {@code port} of 127.0.0.1 (0: any free port), serving in the background. */
    public static Server server(int port) throws IOException {
        return server(port, false);
    }

    /** The same, listening with an MPTCP socket when {@code mptcp} ({@code bw --loopback -m}). */
    public static Server server(int port, boolean mptcp) throws IOException {
        Server s = new Server(new ServerConfig("127.0.0.1", port, false, TestSpec.Limits.DEFAULT, 10_000,
                line -> { }).withMptcp(mptcp));
        s.serveInBackground();
        return s;
    }

    /**
     * Runs {@code test} against {@code host}:{@code port}, or, when {@code host} is null, against
     * {@link #server} on {@code port}, closed when the test returns.
     */
    public static <T> T orHost(String host, int port, Test<T> test) throws IOException {
        return orHost(host, port, false, test);
    }

    /** As {@link #orHost(String, int, Test)}, the in-process server listening with MPTCP when {@code mptcp}. */
    public static <T> T orHost(String host, int port, boolean mptcp, Test<T> test) throws IOException {
        if (host != null) {
            return test.run(host, port);
        }
        try (Server server = server(port, mptcp)) {
            return test.run("127.0.0.1", server.port());
        }
    }
}
