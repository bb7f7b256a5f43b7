package dev.wirespeed.cli;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Optional;

/** Which local interface carries traffic to a host. */
final class Routes {
    private Routes() {}

    /**
     * The interface the kernel routes {@code host} through: a UDP socket connected to it (connect
     * on UDP only picks the route and source address; nothing is sent) reveals the local address,
     * whose interface is the answer. Empty when it cannot be told.
     */
    static Optional<String> interfaceTo(String host, int port) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        if (address.isLoopbackAddress()) {
            return Optional.of("lo");
        }
        try (DatagramSocket s = new DatagramSocket()) {
            s.connect(address, port);
            InetAddress local = s.getLocalAddress();
            if (local == null || local.isAnyLocalAddress()) {
                return Optional.empty();
            }
            NetworkInterface nif = NetworkInterface.getByInetAddress(local);
            return nif == null ? Optional.empty() : Optional.of(nif.getName());
        }
    }
}
