package dev.wirespeed.engine.sys;

import dev.wirespeed.io.Io;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SocketChannel;

/**
 * Where this side's connections start from: -B's local address and --bind-dev's interface
 * (SO_BINDTODEVICE, socket(7): the socket sends and receives only through that interface, whatever
 * the routing table prefers — the lever on a host with two NICs in one subnet).
 *
 * @param address   null = the kernel's choice
 * @param device    null = any interface
 * @param flowLabel IPv6 flow label of TCP data connections (--flowlabel, {@link FlowLabel}); 0 = none
 * @param mptcp     TCP data connections open as MPTCP sockets (-m/--mptcp, {@link Mptcp})
 */
public record LocalEnd(InetAddress address, String device, int flowLabel, boolean mptcp) {
    public static final LocalEnd ANY = new LocalEnd(null, null, 0, false);

    public LocalEnd(InetAddress address, String device, int flowLabel) {
        this(address, device, flowLabel, false);
    }

    public LocalEnd(InetAddress address, String device) {
        this(address, device, 0);
    }

    public static LocalEnd of(InetAddress address, String device) {
        return of(address, device, 0);
    }

    public static LocalEnd of(InetAddress address, String device, int flowLabel) {
        return of(address, device, flowLabel, false);
    }

    public static LocalEnd of(InetAddress address, String device, int flowLabel, boolean mptcp) {
        return address == null && device == null && flowLabel == 0 && !mptcp ? ANY
                : new LocalEnd(address, device, flowLabel, mptcp);
    }

    /** A new TCP data connection's channel: with -m/--mptcp an MPTCP socket ({@link Mptcp}), else the JDK's. */
    SocketChannel openData() throws IOException {
        SocketChannel ch = SocketChannel.open();
        if (mptcp) {
            try {
                Mptcp.use(ch);
            } catch (IOException e) {
                Io.closeQuietly(ch);
                throw e;
            }
        }
        return ch;
    }

    /** Connects a TCP data connection: with --flowlabel through {@link FlowLabel}, else the JDK's connect. */
    void connectData(SocketChannel ch, InetSocketAddress target, int timeoutMillis) throws IOException {
        if (flowLabel != 0) {
            FlowLabel.connect(ch, target, flowLabel, timeoutMillis);
        } else {
            ch.socket().connect(target, timeoutMillis);
        }
    }

    /** The device, then the address (any port) of an unconnected TCP socket. */
    void apply(SocketChannel ch) throws IOException {
        apply(ch, 0);
    }

    /** The same, bound to {@code port} of this host when it is not 0 (--cport; reusable in TIME_WAIT). */
    void apply(SocketChannel ch, int port) throws IOException {
        if (device != null) {
            NativeSockets.bindToDevice(NativeSockets.descriptor(ch), device);
        }
        if (port != 0) {
            // a rerun within TCP's TIME_WAIT (60 s on Linux) binds again; a listener on the port still refuses
            ch.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            ch.bind(address == null ? new InetSocketAddress(port) : new InetSocketAddress(address, port));
        } else {
            bindAddress(ch);
        }
    }

    /** The same for a UDP socket. */
    void apply(DatagramChannel ch) throws IOException {
        if (device != null) {
            NativeSockets.bindToDevice(NativeSockets.descriptor(ch), device);
        }
        bindAddress(ch);
    }

    private void bindAddress(NetworkChannel ch) throws IOException {
        if (address != null) {
            try {
                ch.bind(new InetSocketAddress(address, 0));
            } catch (IOException e) {
                throw new IOException("cannot bind to " + address.getHostAddress() + " (-B): " + Io.reason(e), e);
            }
        }
    }
}
