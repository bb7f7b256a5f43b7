package dev.wirespeed.engine;

import dev.wirespeed.diagnose.CounterFindings;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.host.Counters;
import dev.wirespeed.measure.PathCounters;
import dev.wirespeed.results.CounterReport;
import dev.wirespeed.wire.Message;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.FutureTask;

/**
 * Snapshots around a test on one side, and the joined report of both sides (issue 18).
 *
 * <p>The snapshot before the test is taken on a thread of its own, started as soon as the control
 * connection is up, and awaited ({@link #awaitBefore}) just before data may flow: its commands
 * (`ethtool -S`, `tc -s qdisc`) then run beside the handshake instead of ahead of the first byte
 * (docs/PERFORMANCE.md "bw: time to first byte"). The deltas still cover every data byte: the
 * before-snapshot ends before Ready (server) and Start (client), the after-snapshot follows the last
 * byte; only a few handshake packets of the data connections may fall inside them as well.
 */
final class PathCounterReport {
    private record Before(PathCounters path, List<Counters> counters) {}

    private final FutureTask<Before> before;

    private PathCounterReport(java.net.InetAddress local) {
        this.before = new FutureTask<>(() -> {
            PathCounters path = PathCounters.forLocalAddress(local);
            return new Before(path, path == null ? null : path.snapshot());
        });
    }

    /**
     * Starts reading the counters of the path of {@code connection} on a daemon thread;
     * {@link #awaitBefore} waits for it. Nothing is read when snapshots are off.
     */
    static PathCounterReport startInBackground(java.nio.channels.SocketChannel connection) {
        PathCounterReport r = new PathCounterReport(connection.socket().getLocalAddress());
        dev.wirespeed.io.Background.start(r.before, "ws-counters-before");
        return r;
    }

    /** Waits for the snapshot before the test (call it before data may flow); returns this. */
    PathCounterReport awaitBefore() {
        taken();
        return this;
    }

    /** The snapshot before the test; nothing (snapshots off) when it could not be taken. */
    private Before taken() {
        try {
            return dev.wirespeed.io.Background.await(before);
        } catch (java.util.concurrent.ExecutionException e) {
            return new Before(null, null); // reading never fails a test (PathCounters)
        }
    }

    String interfaceName() {
        PathCounters path = taken().path();
        return path == null ? null : path.interfaceName();
    }

    /** The nonzero deltas since the snapshot before the test, or null when snapshots are off. */
    List<Counters> deltas() {
        Before b = taken();
        return b.path() == null ? null : PathCounters.delta(b.counters(), b.path().snapshot());
    }

    /** Both sides' deltas with the notes the counter rules draw from them; null when neither side has any. */
    static CounterReport join(String clientInterface, List<Counters> client, Message.Results remote) {
        List<Counters> server = remote == null ? null : remote.counterDeltas();
        if (client == null && server == null) {
            return null;
        }
        String serverInterface = server == null ? null : server.stream()
                .filter(c -> c.scope() == Counters.Scope.NETDEV).map(Counters::subject).findFirst().orElse(null);
        List<Finding> findings = new ArrayList<>();
        List<String> sides = new ArrayList<>();
        if (client != null) {
            List<Finding> f = CounterFindings.duringTest(client, "client", Map.of());
            findings.addAll(f);
            f.forEach(x -> sides.add("client"));
        }
        if (server != null) {
            List<Finding> f = CounterFindings.duringTest(server, "server", Map.of());
            findings.addAll(f);
            f.forEach(x -> sides.add("server"));
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < findings.size(); i++) {
            order.add(i);
        }
        // worst first (Severity's order is INFO < WARN < ERROR); among equals, drops and errors
        // before retransmits (the cause before its effect)
        order.sort(Comparator.comparing((Integer i) -> findings.get(i).severity(), Comparator.reverseOrder())
                .thenComparing(i -> findings.get(i).rule().equals("counter-tcp-retransmits")));
        List<CounterReport.Note> notes = new ArrayList<>();
        for (int i : order) {
            Finding f = findings.get(i);
            String fix = f.fix() == null ? null : f.fix().action() + (f.fix().command() == null ? "" : ": " + f.fix().command());
            notes.add(new CounterReport.Note(sides.get(i), f.rule(), f.severity().label(), f.subject(), f.message(), fix));
        }
        return new CounterReport(clientInterface, client, serverInterface, server, notes);
    }
}
