package dev.wirespeed.report;

import dev.wirespeed.diagnose.CounterFindings;
import dev.wirespeed.host.Counters;
import dev.wirespeed.results.CounterReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** The "Counters during the test" block of bw and lat text, and its verdict line (issue 18). */
public final class CountersText {
    private final PrintWriter out;

    public CountersText(PrintWriter out) {
        this.out = out;
    }

    /**
     * The counters that matter which moved during the test, per side, then the worst note as the
     * verdict: what the counters say held the test back, and the fix.
     */
    public void print(CounterReport c) {
        if (c == null) {
            return;
        }
        List<String> lines = new ArrayList<>();
        sideCounters("client", c.client(), lines);
        sideCounters("server", c.server(), lines);
        String where = "client " + (c.clientInterface() == null ? "?" : c.clientInterface())
                + (c.server() == null ? ", server not reported" : ", server " + (c.serverInterface() == null ? "?" : c.serverInterface()));
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

    private static void sideCounters(String side, List<Counters> deltas, List<String> lines) {
        if (deltas == null) {
            return;
        }
        for (Counters d : deltas) {
            var m = CounterFindings.mattering(d, v -> v != 0);
            if (!m.isEmpty()) {
                lines.add(side + " " + CounterFindings.label(d) + ": " + m.entrySet().stream()
                        .map(e -> e.getKey() + " +" + CounterFindings.human(e.getValue()))
                        .collect(java.util.stream.Collectors.joining(", ")));
            }
        }
    }
}
