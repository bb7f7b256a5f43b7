package dev.wirespeed.report;

import dev.wirespeed.diagnose.CounterFindings;
import dev.wirespeed.host.Counters;
import dev.wirespeed.results.CounterReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The "Counters during the test" block of bw and lat text, and its verdict line (issue 18). */
public final class CountersText {
    private final PrintWriter out;

    public CountersText(PrintWriter out) {
        this.out = out;
    }

    /**
     * The counters that matter which moved during the test, per side: the test's own sockets, its
     * path, then the host-wide ones marked as such (other processes count there too); then the worst
     * note on the test's own counters as the verdict: what held the test back, and the fix. A
     * host-wide counter is never the verdict (issue 26).
     */
    public void print(CounterReport c) {
        if (c == null) {
            return;
        }
        List<String> lines = new ArrayList<>();
        sockets("client", c.clientSockets(), lines);
        sockets("server", c.serverSockets(), lines);
        sideCounters("client", c.client(), false, lines);
        sideCounters("server", c.server(), false, lines);
        List<String> hostWide = new ArrayList<>();
        sideCounters("client", c.client(), true, hostWide);
        sideCounters("server", c.server(), true, hostWide);
        if (!hostWide.isEmpty()) {
            lines.add(CounterFindings.HOST_WIDE_NOTE + ": " + String.join(" · ", hostWide));
        }
        // a side whose route to its peer named no interface (the peer did not say) is worded, not a bare "?"
        String where = "client " + (c.clientInterface() == null ? "interface unknown" : c.clientInterface())
                + (c.server() == null ? ", server not reported"
                        : ", server " + (c.serverInterface() == null ? "interface unknown" : c.serverInterface()));
        if (lines.isEmpty()) {
            out.println("Counters during the test (" + where + "): no drops, errors, pauses or retransmits");
            return;
        }
        out.println("Counters during the test (" + where + "):");
        lines.forEach(l -> out.println("  " + l));
        var why = c.headline();
        if (why != null) {
            out.println("Verdict: " + why.message() + (why.fix() == null ? "" : "; " + why.fix()));
        }
    }

    /** "client sockets (the test's 4 TCP): retransmits +120 of about 1.2 M segments sent", when any moved. */
    private static void sockets(String side, CounterReport.Sockets s, List<String> lines) {
        if (s == null) {
            return;
        }
        String which = side + " sockets (the test's " + (s.sockets() == 1 ? "" : s.sockets() + " ")
                + s.protocol().toUpperCase(Locale.ROOT) + "): ";
        if (s.retransmits() != null && s.retransmits() > 0) {
            lines.add(which + "retransmits +" + CounterFindings.human(s.retransmits())
                    + (s.segmentsSent() == null ? "" : " of about " + CounterFindings.human(s.segmentsSent()) + " segments sent"));
        }
        if (s.drops() != null && s.drops() > 0) {
            lines.add(which + "drops +" + CounterFindings.human(s.drops()));
        }
    }

    private static void sideCounters(String side, List<Counters> deltas, boolean hostWide, List<String> lines) {
        if (deltas == null) {
            return;
        }
        for (Counters d : deltas) {
            if ((d.scope() == Counters.Scope.HOST) != hostWide) {
                continue;
            }
            var m = CounterFindings.mattering(d, v -> v != 0);
            if (!m.isEmpty()) {
                String counts = m.entrySet().stream().map(e -> e.getKey() + " +" + CounterFindings.human(e.getValue()))
                        .collect(Collectors.joining(", "));
                lines.add(side + " " + (hostWide ? "" : CounterFindings.label(d) + ": ") + counts);
            }
        }
    }
}
