package dev.wirespeed.inspect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The UDP sockets of /proc/net/udp and /proc/net/udp6, with each socket's own drop count: the
 * datagrams the kernel threw away because that socket's receive queue was full (sk_drops). This
 * count belongs to one socket, unlike the host-wide UdpRcvbufErrors of /proc/net/snmp, which every
 * process's sockets add to.
 *
 * <p>Line layout (Linux: net/ipv4/udp.c udp4_format_sock, net/ipv6/datagram.c
 * __ip6_dgram_sock_seq_show): {@code sl: LOCAL:PORT REMOTE:PORT st tx:rx tr:when retrnsmt uid timeout
 * inode ref pointer drops}. An address is hex of the kernel's 32-bit words as the host stores them
 * (one word for IPv4, four for IPv6), the port hex in host order, drops the last column. Fixtures:
 * src/test/resources/procfs/net-udp-drops.txt and net-udp6-drops.txt.
 */
public final class ProcNetUdp {
    public static final String UDP = "/proc/net/udp";
    public static final String UDP6 = "/proc/net/udp6";

    /**
     * @param remote the peer of a connected socket; port 0 and the any-address when not connected
     * @param drops  sk_drops, an unsigned 32-bit count (it wraps at 2^32)
     */
    public record Socket(InetSocketAddress local, InetSocketAddress remote, long inode, long drops) {}

    private ProcNetUdp() {}

    /** Both tables of the host below {@code fs}; a table that cannot be read is left out. */
    public static List<Socket> read(RootedFs fs) {
        List<Socket> out = new ArrayList<>();
        for (String file : List.of(UDP, UDP6)) {
            try {
                out.addAll(parse(fs.readText(file), ByteOrder.nativeOrder()));
            } catch (IOException | RuntimeException e) {
                // no IPv6, or no procfs (not Linux): those sockets are not found, their drops unknown
            }
        }
        return out;
    }

    /**
     * The sockets of one table's text; lines that do not parse (the header, a truncated or garbled
     * line) are skipped. {@code order}: the byte order of the host that wrote it.
     */
    public static List<Socket> parse(String text, ByteOrder order) {
        List<Socket> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String line : text.split("\n", 100_000)) {
            String[] f = line.strip().split("\\s+");
            if (f.length < 13 || !f[0].endsWith(":")) {
                continue;
            }
            try {
                InetSocketAddress local = address(f[1], order);
                InetSocketAddress remote = address(f[2], order);
                long inode = Long.parseLong(f[9]);
                long drops = Long.parseLong(f[f.length - 1]);
                if (local != null && remote != null && inode >= 0 && drops >= 0) {
                    out.add(new Socket(local, remote, inode, drops));
                }
            } catch (NumberFormatException e) {
                // a garbled line: skipped
            }
        }
        return out;
    }

    /** "0100007F:CCB6" → 127.0.0.1:52406 (little-endian host); a v4-mapped IPv6 address becomes IPv4. */
    static InetSocketAddress address(String field, ByteOrder order) {
        int colon = field.indexOf(':');
        if (colon < 0 || colon + 5 != field.length()) {
            return null;
        }
        String hex = field.substring(0, colon);
        if (hex.length() != 8 && hex.length() != 32) {
            return null;
        }
        ByteBuffer bytes = ByteBuffer.allocate(hex.length() / 2);
        for (int w = 0; w < hex.length(); w += 8) {
            int word = Integer.parseUnsignedInt(hex.substring(w, w + 8), 16);
            // the kernel printed the word as the host holds it in memory: as a number, in host order
            bytes.putInt(order == ByteOrder.LITTLE_ENDIAN ? Integer.reverseBytes(word) : word);
        }
        int port = Integer.parseInt(field.substring(colon + 1), 16);
        try {
            return new InetSocketAddress(InetAddress.getByAddress(bytes.array()), port);
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
