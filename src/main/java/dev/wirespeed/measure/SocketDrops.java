package dev.wirespeed.measure;

import dev.wirespeed.inspect.ProcNetUdp;
import dev.wirespeed.inspect.RootedFs;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The drops of one test's own UDP sockets: each socket's row of /proc/net/udp or udp6 (its drop
 * count, sk_drops) read when the test's data may start and again before the sockets close. These
 * are the test's counters, not the host's: a flood to another process's socket moves the host-wide
 * UdpRcvbufErrors but none of these (issue 26).
 *
 * <p>A socket is found by its local port and its peer (address and port): the test's UDP sockets
 * are connected, and on a server several share the local port. A socket not found in both readings
 * (not Linux, no procfs, a table past the reader's bound) counts as unknown, never as zero.
 */
public final class SocketDrops {
    /** One test socket: where it is bound and whom it is connected to. */
    public record Endpoints(InetSocketAddress local, InetSocketAddress remote) {}

    /**
     * @param sockets the test's UDP sockets on this side
     * @param read    how many of them were found in both readings
     * @param drops   their drops during the test; null when none was found
     */
    public record Count(int sockets, int read, Long drops) {}

    private final List<Endpoints> sockets;
    private final Supplier<List<ProcNetUdp.Socket>> table;
    private final List<Long> before;
    private List<Long> after;

    SocketDrops(List<Endpoints> sockets, Supplier<List<ProcNetUdp.Socket>> table) {
        this.sockets = List.copyOf(sockets);
        this.table = table;
        this.before = drops(table.get());
    }

    /** Starts watching {@code sockets} on this host: reads their drops now. */
    public static SocketDrops watch(List<Endpoints> sockets) {
        RootedFs fs = new RootedFs(Path.of("/"));
        return new SocketDrops(sockets, () -> ProcNetUdp.read(fs));
    }

    /** Reads the drops again; call it before the sockets are closed (a closed socket leaves the table). */
    public synchronized void end() {
        if (after == null) {
            after = drops(table.get());
        }
    }

    /** The drops between the two readings ({@link #end} is called here if it was not). */
    public synchronized Count count() {
        end();
        long sum = 0;
        int read = 0;
        for (int i = 0; i < sockets.size(); i++) {
            Long b = before.get(i);
            Long a = after.get(i);
            if (a != null && b != null) {
                sum += (a - b) & 0xFFFF_FFFFL; // sk_drops is printed as an unsigned 32-bit count
                read++;
            }
        }
        return new Count(sockets.size(), read, read == 0 ? null : sum);
    }

    private List<Long> drops(List<ProcNetUdp.Socket> rows) {
        List<Long> out = new ArrayList<>();
        for (Endpoints e : sockets) {
            out.add(find(rows, e));
        }
        return out;
    }

    /** The drops of the row of {@code e}, or null when no single row is it. */
    static Long find(List<ProcNetUdp.Socket> rows, Endpoints e) {
        Long found = null;
        int matches = 0;
        for (ProcNetUdp.Socket s : rows) {
            if (s.local().getPort() == e.local().getPort() && sameLocal(s.local(), e.local())
                    && s.remote().getPort() == (e.remote() == null ? 0 : e.remote().getPort())
                    && (e.remote() == null || s.remote().getAddress().equals(e.remote().getAddress()))) {
                found = s.drops();
                matches++;
            }
        }
        return matches == 1 ? found : null;
    }

    /** A socket bound to the any-address shows it, or (once connected) the address it sends from. */
    private static boolean sameLocal(InetSocketAddress row, InetSocketAddress socket) {
        return row.getAddress().isAnyLocalAddress() || socket.getAddress().isAnyLocalAddress()
                || row.getAddress().equals(socket.getAddress());
    }
}
