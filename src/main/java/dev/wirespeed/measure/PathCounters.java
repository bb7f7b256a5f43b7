package dev.wirespeed.measure;

import dev.wirespeed.host.Counters;
import dev.wirespeed.host.Observed;
import dev.wirespeed.inspect.CounterReader;
import dev.wirespeed.inspect.RootedFs;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counters of one test's path on this host — its interface (statistics and `ethtool -S`), the
 * RDMA ports behind that interface, and the host's IP/TCP counters — read before and after the
 * test so the result can say what moved. The interface is the one holding the local address of the
 * test's connection. Reading never fails a test: what cannot be read is simply not in a snapshot.
 */
public final class PathCounters {
    /** Set to "false" to skip the snapshots (a test harness without /sys, or to save the `ethtool -S` runs). */
    public static final String PROPERTY = "wirespeed.counters";

    private final String iface;
    private final CounterReader reader;
    private final List<String> rdmaPorts;

    private PathCounters(String iface, CounterReader reader, List<String> rdmaPorts) {
        this.iface = iface;
        this.reader = reader;
        this.rdmaPorts = rdmaPorts;
    }

    /** For the interface holding {@code local}; host counters only when none is found; null when disabled. */
    public static PathCounters forLocalAddress(InetAddress local) {
        if ("false".equals(System.getProperty(PROPERTY))) {
            return null;
        }
        RootedFs fs = new RootedFs(Path.of("/"));
        String name = null;
        try {
            NetworkInterface ni = local == null ? null : NetworkInterface.getByInetAddress(local);
            name = ni == null ? null : ni.getName();
        } catch (SocketException e) {
            // host counters only
        }
        return new PathCounters(name, new CounterReader(fs), name == null ? List.of() : new CounterReader(fs, false).rdmaPortsOf(name));
    }

    /** The interface whose counters are read, or null. */
    public String interfaceName() {
        return iface;
    }

    /** One reading of every counter of the path. */
    public List<Counters> snapshot() {
        List<Counters> out = new ArrayList<>();
        try {
            if (iface != null) {
                out.add(reader.netdev(iface));
            }
            for (String p : rdmaPorts) {
                int slash = p.indexOf('/');
                out.add(reader.rdmaPort(p.substring(0, slash), Integer.parseInt(p.substring(slash + 1))));
            }
            out.add(reader.host());
        } catch (RuntimeException e) {
            // a counter file that vanished mid-read (interface removed): keep what was read
        }
        return out;
    }

    /** What moved between two snapshots: the nonzero deltas of each subject, subjects without any left out. */
    public static List<Counters> delta(List<Counters> before, List<Counters> after) {
        Map<String, Counters> b = new LinkedHashMap<>();
        before.forEach(c -> b.put(c.key(), c));
        List<Counters> out = new ArrayList<>();
        for (Counters a : after) {
            Counters was = b.get(a.key());
            if (was == null) {
                continue;
            }
            Counters d = Counters.delta(was, a);
            Map<String, Observed<Long>> nonzero = new LinkedHashMap<>();
            d.values().forEach((k, v) -> {
                if (v.isPresent() && v.value() != 0) {
                    nonzero.put(k, v);
                }
            });
            if (!nonzero.isEmpty()) {
                out.add(new Counters(d.scope(), d.subject(), nonzero));
            }
        }
        return out;
    }
}
