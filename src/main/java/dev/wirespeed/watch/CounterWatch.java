package dev.wirespeed.watch;

import dev.wirespeed.diagnose.CounterFindings;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.Observed;
import dev.wirespeed.inspect.CounterReader;
import dev.wirespeed.inspect.RootedFs;
import dev.wirespeed.results.WatchResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counters of netdevs and RDMA ports read again and again, each reading compared with the one
 * before (`wirespeed watch`, issue 29 point 4; src/test/resources/parse/seeds/003_6d654e133b65fb90.txt l.301
 * runs mlnx_perf for this). The counters are read as doctor reads them ({@link CounterReader}:
 * /sys/class/net/IF/statistics with `ethtool -S` on the live host, /sys/class/infiniband/DEV/ports/N/counters
 * and hw_counters) below a root that a test may point at a fixture tree; what a moved counter means is
 * doctor's ({@link CounterFindings#meaning}). No clock and no sleep here: the caller says when.
 */
public final class CounterWatch {
    /**
     * IBA PortCounters: PortXmitData and PortRcvData count octets divided by 4 (sysfs-class-infiniband,
     * "port_xmit_data ... divided by four").
     */
    static final int IB_DATA_UNIT_BYTES = 4;

    /** A netdev, or an RDMA port ("mlx5_0/1"). */
    public record Subject(Counters.Scope scope, String name) {
        String device() {
            return name.substring(0, name.indexOf('/'));
        }

        int port() {
            return Integer.parseInt(name.substring(name.indexOf('/') + 1));
        }
    }

    private final CounterReader reader;
    private final List<Subject> subjects;
    private Map<Subject, Counters> previous;
    private long previousNanos;
    private long firstNanos;

    public CounterWatch(RootedFs fs, List<Subject> subjects) {
        this.reader = new CounterReader(fs);
        this.subjects = List.copyOf(subjects);
    }

    public List<Subject> subjects() {
        return subjects;
    }

    /**
     * What {@code what} names below {@code fs}: a netdev (with the RDMA ports behind it), an RDMA
     * device (all its ports), or "DEV/PORT"; null: every netdev and RDMA port. Empty when nothing has
     * that name.
     */
    public static List<Subject> resolve(RootedFs fs, String what) {
        List<Subject> out = new ArrayList<>();
        CounterReader reader = new CounterReader(fs, false);
        if (what == null) {
            fs.list("/sys/class/net").forEach(n -> out.add(new Subject(Counters.Scope.NETDEV, n)));
            for (String dev : fs.list("/sys/class/infiniband")) {
                fs.list("/sys/class/infiniband/" + dev + "/ports")
                        .forEach(p -> out.add(new Subject(Counters.Scope.RDMA_PORT, dev + "/" + p)));
            }
            return out;
        }
        if (what.contains("/")) {
            if (fs.exists("/sys/class/infiniband/" + what.replace("/", "/ports/"))) {
                out.add(new Subject(Counters.Scope.RDMA_PORT, what));
            }
            return out;
        }
        if (fs.exists("/sys/class/net/" + what)) {
            out.add(new Subject(Counters.Scope.NETDEV, what));
            reader.rdmaPortsOf(what).forEach(p -> out.add(new Subject(Counters.Scope.RDMA_PORT, p)));
        } else if (fs.exists("/sys/class/infiniband/" + what)) {
            fs.list("/sys/class/infiniband/" + what + "/ports")
                    .forEach(p -> out.add(new Subject(Counters.Scope.RDMA_PORT, what + "/" + p)));
        }
        return out;
    }

    /** The first reading, at {@code nanos} (any monotonic clock). */
    public void start(long nanos) {
        previous = read();
        previousNanos = nanos;
        firstNanos = nanos;
    }

    /** A reading at {@code nanos}: what moved since the one before. */
    public WatchResult.Interval next(long nanos) {
        if (previous == null) {
            throw new IllegalStateException("start first");
        }
        Map<Subject, Counters> now = read();
        double seconds = (nanos - previousNanos) / 1e9;
        List<WatchResult.SubjectInterval> moved = new ArrayList<>();
        for (Subject s : subjects) {
            Counters before = previous.get(s);
            Counters after = now.get(s);
            if (before != null && after != null) {
                WatchResult.SubjectInterval i = delta(s, before, after, seconds);
                if (i != null) {
                    moved.add(i);
                }
            }
        }
        WatchResult.Interval interval = new WatchResult.Interval((previousNanos - firstNanos) / 1e9,
                (nanos - firstNanos) / 1e9, moved);
        previous = now;
        previousNanos = nanos;
        return interval;
    }

    private Map<Subject, Counters> read() {
        Map<Subject, Counters> out = new LinkedHashMap<>();
        for (Subject s : subjects) {
            out.put(s, s.scope() == Counters.Scope.NETDEV ? reader.netdev(s.name())
                    : reader.rdmaPort(s.device(), s.port()));
        }
        return out;
    }

    /** The subject's traffic and its counters that matter which moved; null when nothing moved. */
    static WatchResult.SubjectInterval delta(Subject s, Counters before, Counters after, double seconds) {
        Counters.Builder d = Counters.builder(after.scope(), after.subject());
        after.values().forEach((name, o) -> {
            Observed<Long> b = before.values().get(name);
            if (o.isPresent() && b != null && b.isPresent()) {
                d.put(name, Observed.of(o.value() - b.value(), null, o.source()));
            }
        });
        Counters deltas = d.build();
        boolean netdev = s.scope() == Counters.Scope.NETDEV;
        Double rxBits = rate(deltas, netdev ? "rx_bytes" : "port_rcv_data", netdev ? 8 : 8 * IB_DATA_UNIT_BYTES, seconds);
        Double txBits = rate(deltas, netdev ? "tx_bytes" : "port_xmit_data", netdev ? 8 : 8 * IB_DATA_UNIT_BYTES, seconds);
        Double rxPackets = rate(deltas, netdev ? "rx_packets" : "port_rcv_packets", 1, seconds);
        Double txPackets = rate(deltas, netdev ? "tx_packets" : "port_xmit_packets", 1, seconds);
        List<WatchResult.Moved> counters = new ArrayList<>();
        CounterFindings.mattering(deltas, v -> v != 0).forEach((name, v) -> CounterFindings.meaning(s.scope(), name)
                .ifPresent(m -> counters.add(new WatchResult.Moved(name, v, seconds > 0 ? v / seconds : 0,
                        m.severity().label(), m.rule(), m.cause()))));
        boolean traffic = positive(rxBits) || positive(txBits) || positive(rxPackets) || positive(txPackets);
        if (!traffic && counters.isEmpty()) {
            return null;
        }
        return new WatchResult.SubjectInterval(netdev ? "netdev" : "rdma-port", s.name(), rxBits, txBits, rxPackets,
                txPackets, counters);
    }

    private static boolean positive(Double v) {
        return v != null && v > 0;
    }

    private static Double rate(Counters deltas, String name, long factor, double seconds) {
        return deltas.value(name).map(v -> seconds > 0 ? v * (double) factor / seconds : 0.0).orElse(null);
    }
}
