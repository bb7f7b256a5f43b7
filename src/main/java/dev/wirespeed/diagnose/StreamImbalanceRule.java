package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.iperf.IperfInterval;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The streams of one parallel test (iperf2/iperf3 -P) ran at very different rates: one stream
 * far above the others means the flows did not share the CPUs or receive queues evenly (seed 004:
 * one stream at 8.23 Gbit/s, the seven others at 2.0–2.8). Reads the per-stream total lines of
 * each test; a test ends at its SUM line.
 */
final class StreamImbalanceRule implements LogRule {
    static final String ID = "stream-imbalance";
    /** The fastest stream at this multiple of the median or more is imbalance, not noise. */
    static final double RATIO = 2.0;
    static final int MIN_STREAMS = 3;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "parallel streams of one test at very different rates (fastest ≥ 2× the median)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        List<IperfInterval> streams = new ArrayList<>();
        for (LogInput r : log.records()) {
            if (!(r instanceof IperfInterval i) || !i.summary()) {
                continue;
            }
            if (i.isSum()) {
                judge(streams, out);
                streams.clear();
            } else if (i.rate() != null && !"sender".equals(i.role())) {
                streams.removeIf(s -> s.stream().equals(i.stream())); // the other side's line of the same stream
                streams.add(i);
            }
        }
        return out;
    }

    private static void judge(List<IperfInterval> streams, List<Finding> out) {
        if (streams.size() < MIN_STREAMS) {
            return;
        }
        List<IperfInterval> sorted = new ArrayList<>(streams);
        sorted.sort(java.util.Comparator.comparingDouble(s -> s.rate().value()));
        double median = sorted.get(sorted.size() / 2).rate().value();
        if (sorted.size() % 2 == 0) {
            median = (median + sorted.get(sorted.size() / 2 - 1).rate().value()) / 2;
        }
        IperfInterval fastest = sorted.getLast();
        if (median <= 0 || fastest.rate().value() < RATIO * median) {
            return;
        }
        double slowest = sorted.getFirst().rate().value();
        double secondFastest = sorted.get(sorted.size() - 2).rate().value();
        String message = String.format(Locale.ROOT,
                "stream %s carried %s while the other %d carried %s–%s (median %s): the streams did not share the "
                        + "CPUs or receive queues evenly, so the busiest core, not the link, sets the total",
                fastest.stream(), Rate.format(fastest.rate().value()), sorted.size() - 1, Rate.format(slowest),
                Rate.format(secondFastest), Rate.format(median));
        // the fastest, the next one and the slowest tell the story; the table is in the input
        List<Evidence> evidence = java.util.stream.Stream.of(fastest, sorted.get(sorted.size() - 2), sorted.getFirst())
                .map(s -> new Evidence("line " + s.source().line(), s.source().text().strip())).toList();
        out.add(new Finding(ID, Severity.INFO, "streams of one test", message, evidence, null,
                Fix.action("check per-core load while it runs (mpstat -P ALL 1) and the NIC's queue counters "
                        + "(ethtool -S); spread IRQs over the cores of the NIC's NUMA node, or run one process per "
                        + "core (wirespeed bw -P, iperf3 ≥ 3.16)")));
    }
}
