package dev.wirespeed.report;

import dev.wirespeed.diagnose.CounterFindings;
import dev.wirespeed.results.WatchResult;
import dev.wirespeed.units.Numbers;
import dev.wirespeed.units.Rate;
import java.io.PrintWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Text of `wirespeed watch`: a header, then per interval each subject that moved with its traffic
 * and the counters that matter, under doctor's severity and rule id; a counter's cause (doctor's
 * words) the first time its rule shows, so a long watch stays readable.
 */
public final class WatchText {
    private final PrintWriter out;
    private final Set<String> explained = new HashSet<>();

    public WatchText(PrintWriter out) {
        this.out = out;
    }

    /** "Watching lo every 1 s (Ctrl-C to stop)". */
    public void header(List<String> subjects, double intervalSeconds, String bound) {
        out.println("Watching " + String.join(", ", subjects) + " every " + Numbers.plain(intervalSeconds) + " s"
                + " (" + bound + ")");
        out.flush();
    }

    public void interval(WatchResult.Interval i) {
        String span = String.format(Locale.ROOT, "%6.2f-%-9s", i.startSeconds(),
                String.format(Locale.ROOT, "%.2f s", i.endSeconds()));
        if (i.subjects().isEmpty()) {
            out.println(span + "  nothing moved");
        }
        boolean first = true;
        for (WatchResult.SubjectInterval s : i.subjects()) {
            out.printf(Locale.ROOT, "%s  %-14s %s%n", first ? span : " ".repeat(span.length()), s.subject(), traffic(s));
            first = false;
            for (WatchResult.Moved m : s.counters()) {
                String cause = explained.add(m.rule()) ? ": " + m.cause() : "";
                out.printf(Locale.ROOT, "%s  %-5s %-26s %s +%s (%s/s)%s%n", " ".repeat(span.length()),
                        m.severity().toUpperCase(Locale.ROOT), m.rule(), m.name(), CounterFindings.human(m.delta()),
                        CounterFindings.human(Math.round(m.perSecond())), cause);
            }
        }
        out.flush();
    }

    /** "rx 12.3 Gbit/s 1.1 M pkt/s  tx 1.20 Mbit/s 2200 pkt/s", or "no traffic". */
    static String traffic(WatchResult.SubjectInterval s) {
        String rx = side("rx", s.rxBitsPerSecond(), s.rxPacketsPerSecond());
        String tx = side("tx", s.txBitsPerSecond(), s.txPacketsPerSecond());
        String both = (rx + "  " + tx).strip();
        return both.isEmpty() ? "no traffic" : both;
    }

    private static String side(String name, Double bits, Double packets) {
        if ((bits == null || bits == 0) && (packets == null || packets == 0)) {
            return "";
        }
        return (name + " " + (bits == null ? "" : Rate.format(bits) + " ")
                + (packets == null || packets == 0 ? "" : CounterFindings.human(Math.round(packets)) + " pkt/s")).strip();
    }

    /** The closing line: how many intervals, and which rules' counters moved. */
    public void summary(WatchResult r) {
        List<String> rules = r.intervals().stream().flatMap(i -> i.subjects().stream())
                .flatMap(s -> s.counters().stream()).map(WatchResult.Moved::rule).distinct().sorted().toList();
        out.println(r.intervals().size() + (r.intervals().size() == 1 ? " interval" : " intervals") + ", "
                + (rules.isEmpty() ? "no drops, errors or pauses moved" : "counters that matter moved: "
                + String.join(", ", rules))
                + (r.outcome() == null || r.outcome().ok() ? "" : " (" + r.outcome().status().label() + ")"));
        out.flush();
    }
}
