package dev.wirespeed.engine.session;

import dev.wirespeed.wire.TestSpec;
import java.net.InetAddress;
import java.util.function.BooleanSupplier;

/**
 * What every client entry point's config gives the {@link ClientSession}: the server, the test,
 * the timeouts, -B and the Ctrl-C flag. {@link BwClientConfig}, {@link UdpBwClientConfig} and
 * {@link LatClientConfig} implement it with their record components.
 */
public interface ClientTarget {
    String host();

    int port();

    /** The test the server is asked to run. */
    TestSpec spec();

    int connectTimeoutMillis();

    /** How long the handshake may take; the connect timeout unless the config has its own. */
    default int handshakeTimeoutMillis() {
        return connectTimeoutMillis();
    }

    /** Polled while the test runs; true (Ctrl-C) ends it early with a result. */
    BooleanSupplier interrupted();

    /** -B: the local address of the control and data connections; null = the kernel's choice. */
    default InetAddress bindAddress() {
        return null;
    }

    /** --bind-dev: the interface the control and data connections are bound to; null = any. */
    default String bindDevice() {
        return null;
    }

    /** --flowlabel: the IPv6 flow label of the TCP data connections; 0 = none. */
    default int flowLabel() {
        return 0;
    }

    /** -m/--mptcp: the TCP data connections open as MPTCP sockets. */
    default boolean mptcp() {
        return false;
    }

    /** --get-server-output: ask the server for its own lines about the test with its results. */
    default boolean serverOutput() {
        return false;
    }
}
