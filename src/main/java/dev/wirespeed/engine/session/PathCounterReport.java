package dev.wirespeed.engine.session;

import dev.wirespeed.host.Counters;
import dev.wirespeed.host.Observed;
import dev.wirespeed.io.Background;
import dev.wirespeed.measure.PathCounters;
import dev.wirespeed.measure.SocketDrops;
import dev.wirespeed.results.CounterReport;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.wire.CounterDelta;
import dev.wirespeed.wire.Message;
import dev.wirespeed.wire.UdpSocketDrops;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * Snapshots around a test on one side, and the joined report of both sides (issues 18 and 26).
 *
 * <p>The snapshot before the test is taken on a thread of its own, started as soon as the control
 * connection is up, and awaited ({@link #awaitBefore}) just before data may flow: its commands
 * (`ethtool -S`, `tc -s qdisc`) then run beside the handshake instead of ahead of the first byte
 * (docs/PERFORMANCE.md "bw: time to first byte"). The deltas still cover every data byte: the
 * before-snapshot ends before Ready (server) and Start (client), the after-snapshot follows the last
 * byte; only a few handshake packets of the data connections may fall inside them as well.
 *
 * <p>A UDP test's own sockets are watched too ({@link #watchUdp}): their drops are the test's,
 * where the host's UdpRcvbufErrors counts every process's (docs/doctor.md "Counters of a test").
 */
public final class PathCounterReport {
    private record Before(PathCounters path, List<Counters> counters) {}

    private final FutureTask<Before> before;
    private volatile SocketDrops udp;

    private PathCounterReport(InetAddress local) {
        this.before = new FutureTask<>(() -> {
            PathCounters path = PathCounters.forLocalAddress(local);
            return new Before(path, path == null ? null : path.snapshot());
        });
    }

    /**
     * Starts reading the counters of the path of {@code connection} on a daemon thread;
     * {@link #awaitBefore} waits for it. Nothing is read when snapshots are off.
     */
    public static PathCounterReport startInBackground(SocketChannel connection) {
        PathCounterReport r = new PathCounterReport(connection.socket().getLocalAddress());
        Background.start(r.before, "ws-counters-before");
        return r;
    }

    /** Waits for the snapshot before the test (call it before data may flow); returns this. */
    public PathCounterReport awaitBefore() {
        taken();
        return this;
    }

    /**
     * Reads the drops of the test's UDP sockets now (connected, before data may flow), so their
     * delta is the test's; nothing when snapshots are off.
     */
    public void watchUdp(List<DatagramChannel> sockets) {
        if ("false".equals(System.getProperty(PathCounters.PROPERTY)) || sockets.isEmpty()) {
            return;
        }
        List<SocketDrops.Endpoints> endpoints = new ArrayList<>();
        for (DatagramChannel ch : sockets) {
            try {
                endpoints.add(new SocketDrops.Endpoints((InetSocketAddress) ch.getLocalAddress(),
                        (InetSocketAddress) ch.getRemoteAddress()));
            } catch (IOException | RuntimeException e) {
                return; // a socket already closed: no count rather than a count of some of them
            }
        }
        udp = SocketDrops.watch(endpoints);
    }

    /** Reads the watched UDP sockets' drops once more: call it before they are closed. */
    public void udpEnded() {
        SocketDrops u = udp;
        if (u != null) {
            u.end();
        }
    }

    /** The snapshot before the test; nothing (snapshots off) when it could not be taken. */
    private Before taken() {
        try {
            return Background.await(before);
        } catch (ExecutionException e) {
            return new Before(null, null); // reading never fails a test (PathCounters)
        }
    }

    public String interfaceName() {
        PathCounters path = taken().path();
        return path == null ? null : path.interfaceName();
    }

    /** The nonzero deltas since the snapshot before the test, or null when snapshots are off. */
    public List<Counters> deltas() {
        Before b = taken();
        return b.path() == null ? null : PathCounters.delta(b.counters(), b.path().snapshot());
    }

    /** The UDP sockets' drops as this side's socket record, null when none were watched or read. */
    public CounterReport.Sockets udpSockets() {
        return sockets(udpDrops());
    }

    private UdpSocketDrops udpDrops() {
        SocketDrops u = udp;
        if (u == null) {
            return null;
        }
        SocketDrops.Count c = u.count();
        return new UdpSocketDrops(c.sockets(), c.read(), c.drops());
    }

    /**
     * The server's results with what moved on its path (host-wide counters of the test's
     * {@code protocol} only: another protocol's are no part of the test) and its UDP sockets' drops.
     */
    public Message.Results attach(Message.Results results, Protocol protocol) {
        return results.withCounterDeltas(wireDeltas(protocol)).withUdpSocketDrops(udpDrops());
    }

    /** A udp-bw server's results, as {@link #attach(Message.Results, Protocol)}. */
    public Message.UdpResults attach(Message.UdpResults results) {
        return results.withCounters(wireDeltas(Protocol.UDP), udpDrops());
    }

    private List<CounterDelta> wireDeltas(Protocol protocol) {
        List<Counters> d = protocol.ownCounters(deltas());
        return d == null ? null : toWire(d);
    }

    /**
     * Both sides' counters as measured, without notes: judging them is the result's consumer's
     * ({@code diagnose.TestCounters.noted}); null when neither side has any.
     *
     * @param clientSockets the client's sockets of the test (TCP: {@link #tcpSenders} of its totals)
     * @param remote        the server's results, null when none came
     */
    public static CounterReport join(Protocol protocol, String clientInterface, List<Counters> client,
                              CounterReport.Sockets clientSockets, Message.Results remote) {
        return join(protocol, clientInterface, client, clientSockets, remote == null ? null : remote.counterDeltas(),
                remote == null ? null : protocol == Protocol.TCP ? tcpSenders(remote.streams())
                        : sockets(remote.udpSocketDrops()));
    }

    /** As above, for a udp-bw test. */
    public static CounterReport join(String clientInterface, List<Counters> client, CounterReport.Sockets clientSockets,
                              Message.UdpResults remote) {
        return join(Protocol.UDP, clientInterface, client, clientSockets, remote == null ? null : remote.counterDeltas(),
                remote == null ? null : sockets(remote.udpSocketDrops()));
    }

    private static CounterReport join(Protocol protocol, String clientInterface, List<Counters> client,
                                      CounterReport.Sockets clientSockets, List<CounterDelta> serverDeltas,
                                      CounterReport.Sockets serverSockets) {
        List<Counters> server = serverDeltas == null ? null : fromWire(serverDeltas);
        return CounterReport.measured(protocol, clientInterface, client, clientSockets, null, server, serverSockets);
    }

    /**
     * The sending sockets of one side, from their TCP_INFO: retransmits, and the segments sent
     * estimated as each socket's bytes over its MSS plus its retransmits; null when no sending
     * socket's TCP_INFO was read.
     */
    public static CounterReport.Sockets tcpSenders(List<Message.StreamTotal> totals) {
        if (totals == null) {
            return null;
        }
        int sockets = 0;
        long retransmits = 0;
        long segments = 0;
        for (Message.StreamTotal t : totals) {
            if (t.sent() && t.tcp() != null) {
                sockets++;
                retransmits += t.tcp().retransmits();
                // what TcpOutSegs would count for it: the data in MSS-sized segments, and the retransmits again
                segments += t.bytes() / Math.max(1, t.tcp().sndMssBytes()) + t.tcp().retransmits();
            }
        }
        return sockets == 0 ? null : new CounterReport.Sockets(Protocol.TCP.label(), sockets, retransmits, segments, null);
    }

    private static CounterReport.Sockets sockets(UdpSocketDrops d) {
        return d == null || d.read() == 0 || d.drops() == null ? null
                : new CounterReport.Sockets(Protocol.UDP.label(), d.read(), null, null, d.drops());
    }

    /** The fact model's counters as the protocol carries them. */
    static List<CounterDelta> toWire(List<Counters> deltas) {
        List<CounterDelta> out = new ArrayList<>();
        for (Counters c : deltas) {
            Map<String, CounterDelta.Count> values = new LinkedHashMap<>();
            c.values().forEach((name, o) -> {
                if (o.isPresent()) {
                    values.put(name, CounterDelta.Count.of(o.value(), o.source()));
                }
            });
            out.add(new CounterDelta(scopeLabel(c.scope()), c.subject(), values));
        }
        return out;
    }

    /** What a peer sent, as the fact model's counters; records of an unknown scope or without values are skipped. */
    static List<Counters> fromWire(List<CounterDelta> deltas) {
        List<Counters> out = new ArrayList<>();
        for (CounterDelta d : deltas) {
            Counters.Scope scope = scope(d.scope());
            if (scope == null || d.subject() == null || d.values() == null) {
                continue;
            }
            Counters.Builder b = Counters.builder(scope, d.subject());
            d.values().forEach((name, v) -> {
                if (v != null && v.value() != null) {
                    b.put(name, Observed.of(v.value(), v.raw() == null ? Long.toString(v.value()) : v.raw(), v.source()));
                }
            });
            out.add(b.build());
        }
        return out;
    }

    private static String scopeLabel(Counters.Scope s) {
        return switch (s) {
            case NETDEV -> "netdev";
            case RDMA_PORT -> "rdma-port";
            case HOST -> "host";
        };
    }

    private static Counters.Scope scope(String label) {
        if (label == null) {
            return null;
        }
        return switch (label) {
            case "netdev" -> Counters.Scope.NETDEV;
            case "rdma-port" -> Counters.Scope.RDMA_PORT;
            case "host" -> Counters.Scope.HOST;
            default -> null;
        };
    }
}
