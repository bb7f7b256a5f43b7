package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.iperf.IperfInterval;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The streams of one parallel test (iperf2/iperf3 -P) ran at very different rates: one stream far
 * above the others means the flows did not share the CPUs or receive queues evenly. Reads the
 * per-stream total lines of each test; a test ends at its SUM line.
 *
 * <p>The whole is judged before its parts ({@link LineRate}): uneven streams only cost something when
 * their sum is below the path's ceiling. src/test/resources/parse/iperf/iperf2-client-P8-seed004.txt's eight
 * streams (8.23 Gbit/s against 2.0–2.8) sum to 24.7–24.8 Gbit/s, the 24.8 Gbit/s TCP ceiling of its 25G port
 * at MTU 9000: TCP flows compete for one link and one wins, and nothing is lost — so no finding;
 * bandwidth-at-line-rate names the uneven streams as its evidence. Below the ceiling the finding fires with
 * the shortfall; with no ceiling in the log it fires worded as conditional on the link's rate, which the
 * paste does not show.
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
        return "parallel streams of one test at very different rates (fastest ≥ 2× the median), when their sum is below the path's ceiling";
    }

    /**
     * One parallel test's streams that ran unevenly.
     *
     * @param sum     the test's SUM line
     * @param sorted  its streams, slowest first
     * @param median  the streams' median rate
     */
    record Uneven(IperfInterval sum, List<IperfInterval> sorted, double median) {
        IperfInterval fastest() {
            return sorted.getLast();
        }

        /** "stream 6 carried 8.23 Gbit/s while the other 7 carried 2.03 Gbit/s–2.79 Gbit/s (median 2.39 Gbit/s)". */
        String describe() {
            return String.format(Locale.ROOT, "stream %s carried %s while the other %d carried %s–%s (median %s)",
                    fastest().stream(), Rate.format(fastest().rate().value()), sorted.size() - 1,
                    Rate.format(sorted.getFirst().rate().value()), Rate.format(sorted.get(sorted.size() - 2).rate().value()),
                    Rate.format(median));
        }

        /** The fastest, the next one and the slowest tell the story; the table is in the input. */
        List<Evidence> evidence() {
            return Stream.of(fastest(), sorted.get(sorted.size() - 2), sorted.getFirst())
                    .map(s -> new Evidence("line " + s.source().line(), s.source().text().strip())).toList();
        }
    }

    /** The tests of the log whose streams ran unevenly, each with its SUM line. */
    static List<Uneven> uneven(LogFacts log) {
        List<Uneven> out = new ArrayList<>();
        List<IperfInterval> streams = new ArrayList<>();
        for (LogInput r : log.records()) {
            if (!(r instanceof IperfInterval i) || !i.summary()) {
                continue;
            }
            if (i.isSum()) {
                judge(i, streams).ifPresent(out::add);
                streams.clear();
            } else if (i.rate() != null && !"sender".equals(i.role())) {
                streams.removeIf(s -> s.stream().equals(i.stream())); // the other side's line of the same stream
                streams.add(i);
            }
        }
        return out;
    }

    private static Optional<Uneven> judge(IperfInterval sum, List<IperfInterval> streams) {
        if (streams.size() < MIN_STREAMS) {
            return Optional.empty();
        }
        List<IperfInterval> sorted = new ArrayList<>(streams);
        sorted.sort(Comparator.comparingDouble(s -> s.rate().value()));
        double median = sorted.get(sorted.size() / 2).rate().value();
        if (sorted.size() % 2 == 0) {
            median = (median + sorted.get(sorted.size() / 2 - 1).rate().value()) / 2;
        }
        if (median <= 0 || sorted.getLast().rate().value() < RATIO * median) {
            return Optional.empty();
        }
        return Optional.of(new Uneven(sum, List.copyOf(sorted), median));
    }

    /** The two ends of one test: as many streams, sums within {@value LineRate#SAME_TEST} of each other. */
    private static boolean sameTest(Uneven a, Uneven b) {
        if (a.sorted().size() != b.sorted().size() || a.sum().rate() == null || b.sum().rate() == null) {
            return false;
        }
        double x = a.sum().rate().value();
        double y = b.sum().rate().value();
        return Math.abs(x - y) <= LineRate.SAME_TEST * Math.max(x, y);
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<LineRate.Judged> judged = LineRate.judge(log);
        List<Finding> out = new ArrayList<>();
        List<Uneven> said = new ArrayList<>();
        for (Uneven u : uneven(log)) {
            if (said.stream().anyMatch(s -> sameTest(s, u))) {
                continue; // the other end's lines of the same test: one test, one finding
            }
            said.add(u);
            Optional<LineRate.Judged> whole = u.sum().rate() == null ? Optional.empty()
                    : LineRate.ofRate(judged, u.sum().rate().value());
            if (whole.isPresent() && whole.get().atLineRate()) {
                continue; // the sum reached the path's ceiling: bandwidth-at-line-rate says so, with these streams
            }
            String message;
            String fix = "check per-core load while it runs (mpstat -P ALL 1) and the NIC's queue counters (ethtool -S); "
                    + "spread IRQs over the cores of the NIC's NUMA node, or run one process per core (wirespeed bw -P, "
                    + "iperf3 ≥ 3.16)";
            if (whole.isPresent() && whole.get().belowLineRate()) {
                TcpCeiling c = whole.get().ceiling();
                message = u.describe() + ": their sum, " + Rate.format(whole.get().bitsPerSecond()) + ", is "
                        + c.percent(whole.get().bitsPerSecond()) + " of " + c.describe() + ", and the streams did not "
                        + "share the CPUs or receive queues evenly, so the busiest core, not the link, may set the total";
            } else {
                message = u.describe() + ": if their sum" + (u.sum().rate() != null ? ", " + Rate.format(u.sum().rate().value())
                        + "," : "") + " is below the link's TCP ceiling, the busiest core, not the link, sets the total; the "
                        + "paste shows no link rate to tell (ethtool IF and the MTU do; at line rate uneven streams cost nothing)";
                fix = "first compare the sum with the link's TCP ceiling (wirespeed limits --eth SPEED --mtu MTU); only "
                        + "below it: " + fix;
            }
            out.add(new Finding(ID, Severity.INFO, "streams of one test", message, u.evidence(), null, Fix.action(fix)));
        }
        return out;
    }
}
