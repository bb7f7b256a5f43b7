package dev.wirespeed.engine;

import dev.wirespeed.io.Io;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.channels.NetworkChannel;
import java.nio.channels.SocketChannel;

/**
 * Where this side's connections start from: -B's local address and --bind-dev's interface
 * (SO_BINDTODEVICE, socket(7): the socket sends and receives only through that interface, whatever
 * the routing table prefers — the lever on a host with two NICs in one subnet).
 *
 * @param address null = the kernel's choice
 * @param device  null = any interface
 */
public record LocalEnd(InetAddress address, String device) {
    public static final LocalEnd ANY = new LocalEnd(null, null);

    public static LocalEnd of(InetAddress address, String device) {
        return address == null && device == null ? ANY : new LocalEnd(address, device);
    }

    /** The device, then the address (any port) of an unconnected TCP socket. */
    void apply(SocketChannel ch) throws IOException {
        apply(ch, device == null ? -1 : NativeSockets.descriptor(ch));
    }

    /** The same for a UDP socket. */
    void apply(DatagramChannel ch) throws IOException {
        apply(ch, device == null ? -1 : NativeSockets.descriptor(ch));
    }

    private void apply(NetworkChannel ch, int fd) throws IOException {
        if (device != null) {
            NativeSockets.bindToDevice(fd, device);
        }
        if (address != null) {
            try {
                ch.bind(new InetSocketAddress(address, 0));
            } catch (IOException e) {
                throw new IOException("cannot bind to " + address.getHostAddress() + " (-B): " + Io.reason(e), e);
            }
        }
    }
}
