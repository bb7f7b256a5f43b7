package dev.wirespeed.engine.sys;

import dev.wirespeed.io.Io;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Opening the client's sockets: name lookup, the control connection, data connections with the
 * test's options. Every failure is an IOException whose message is one line naming the peer.
 */
public final class Sockets {
    private Sockets() {}

    public static InetAddress resolve(String host) throws IOException {
        try {
            return InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new UnknownHostException("unknown host '" + host + "'");
        }
    }

    public static SocketChannel connect(InetSocketAddress target, int timeoutMillis, String what) throws IOException {
        return connect(target, LocalEnd.ANY, timeoutMillis, what);
    }

    /** @param local -B's address and --bind-dev's interface */
    public static SocketChannel connect(InetSocketAddress target, LocalEnd local, int timeoutMillis, String what)
            throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            local.apply(ch);
            ch.socket().connect(target, timeoutMillis);
            return ch;
        } catch (IOException e) {
            Io.closeQuietly(ch);
            throw new IOException("cannot connect " + what + " to " + Io.describe(target) + ": " + Io.reason(e), e);
        }
    }

    /**
     * -m/--mptcp, before any connection: opens and closes one MPTCP socket, so that a kernel (or
     * namespace) that refuses them fails the test with {@link Mptcp#refusal}'s line before the server is asked.
     */
    public static void checkMptcp() throws IOException {
        LocalEnd.of(null, null, 0, true).openData().close();
    }

    /** A data connection with the test's socket options, after which {@code opening} is written. */
    public static SocketChannel openData(InetSocketAddress target, int timeoutMillis, TestSpec spec, byte[] opening,
                                         int index) throws IOException {
        return openData(target, LocalEnd.ANY, 0, timeoutMillis, spec, opening, index);
    }

    /**
     * As above, from {@code local} (-B, --bind-dev), bound to {@code localPort} of this host when it
     * is not 0 (--cport).
     */
    public static SocketChannel openData(InetSocketAddress target, LocalEnd local, int localPort, int timeoutMillis,
                                         TestSpec spec, byte[] opening, int index) throws IOException {
        SocketChannel ch = local.openData(); // a refused MPTCP socket is this host's matter: its line as it is
        try {
            local.apply(ch, localPort);
            SocketTuning.beforeConnect(ch, spec);
            local.connectData(ch, target, timeoutMillis);
            SocketTuning.afterConnect(ch, spec, false);
            writeFully(ch, opening);
            return ch;
        } catch (IOException e) {
            Io.closeQuietly(ch);
            throw new IOException("data connection " + (index + 1) + " to " + Io.describe(target) + ": "
                    + Io.reason(e), e);
        }
    }

    /** The data connection of a TCP latency test: no buffer options, Nagle off, then {@code opening}. */
    public static SocketChannel openLatencyData(InetSocketAddress target, LocalEnd local, int timeoutMillis, byte[] opening)
            throws IOException {
        SocketChannel ch = SocketChannel.open();
        try {
            local.apply(ch);
            ch.socket().connect(target, timeoutMillis);
            ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
            writeFully(ch, opening);
            return ch;
        } catch (IOException e) {
            Io.closeQuietly(ch);
            throw new IOException("data connection to " + Io.describe(target) + ": " + Io.reason(e), e);
        }
    }

    private static void writeFully(SocketChannel ch, byte[] bytes) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }
}
