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

/** Snapshots around a test on one side, and the joined report of both sides (issue 18). */
final class PathCounterReport {
    private final PathCounters path;
    private final List<Counters> before;

    private PathCounterReport(PathCounters path) {
        this.path = path;
        this.before = path == null ? null : path.snapshot();
    }

    /** Reads the counters of the path of {@code connection} now; a no-op when snapshots are off. */
    static PathCounterReport start(java.nio.channels.SocketChannel connection) {
        return new PathCounterReport(PathCounters.forLocalAddress(connection.socket().getLocalAddress()));
    }

    String interfaceName() {
        return path == null ? null : path.interfaceName();
    }

    /** The nonzero deltas since {@link #start}, or null when snapshots are off. */
    List<Counters> deltas() {
        return path == null ? null : PathCounters.delta(before, path.snapshot());
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
