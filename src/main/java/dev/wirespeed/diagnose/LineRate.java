package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.results.Measurement;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The whole before a part (issue 26): every TCP bandwidth result of a log judged against its path's
 * ceiling ({@link TcpCeiling}), before any rule reads its streams. The two ends of one test are one
 * test: an end whose host shows no link (src/test/resources/parse/iperf/iperf2-server-P8-seed004.txt's `iperf
 * -s -P8`, pasted without a prompt) takes the ceiling of the other end's host — same tool, same stream count,
 * rates within {@value #SAME_TEST} of each other (the receiver's and the sender's count of the same bytes).
 */
final class LineRate {
    private LineRate() {}

    /** Two ends of one test report the same bytes over nearly the same time. */
    static final double SAME_TEST = 0.02;

    /**
     * @param measurement the result
     * @param ceiling     its path's ceiling, null when no host of the log shows it
     * @param borrowed    true when the ceiling is the other end's host's
     */
    record Judged(Measurement measurement, TcpCeiling ceiling, boolean borrowed) {
        double bitsPerSecond() {
            return bits(measurement);
        }

        boolean atLineRate() {
            return ceiling != null && ceiling.atLineRate(bitsPerSecond());
        }

        boolean belowLineRate() {
            return ceiling != null && ceiling.belowLineRate(bitsPerSecond());
        }
    }

    static List<Judged> judge(LogFacts log) {
        List<Judged> own = new ArrayList<>();
        for (Facts host : log.hosts()) {
            for (Measurement m : host.measurements()) {
                if (TcpCeiling.isTcpBandwidth(m) && bits(m) > 0) {
                    own.add(new Judged(m, TcpCeiling.of(host, m).orElse(null), false));
                }
            }
        }
        List<Judged> out = new ArrayList<>();
        for (Judged j : own) {
            if (j.ceiling() != null) {
                out.add(j);
                continue;
            }
            Optional<Judged> other = own.stream().filter(o -> o.ceiling() != null && sameTest(o.measurement(), j.measurement()))
                    .findFirst();
            out.add(other.map(o -> new Judged(j.measurement(), o.ceiling(), true)).orElse(j));
        }
        return out;
    }

    /** The judged result whose rate is {@code bitsPerSecond} (a SUM line's), when one is. */
    static Optional<Judged> ofRate(List<Judged> judged, double bitsPerSecond) {
        return judged.stream().filter(j -> Math.abs(j.bitsPerSecond() - bitsPerSecond) <= 1e-3 * bitsPerSecond).findFirst();
    }

    /** The other end of {@code m}'s test among {@code judged}, when one is. */
    static Optional<Judged> otherEnd(List<Judged> judged, Measurement m) {
        return judged.stream().filter(j -> j.measurement() != m && sameTest(j.measurement(), m)).findFirst();
    }

    static boolean sameTest(Measurement a, Measurement b) {
        if (a == b || !Objects.equals(a.tool(), b.tool()) || !Objects.equals(a.params().get("streams"), b.params().get("streams"))) {
            return false;
        }
        String ra = a.params().get("role");
        String rb = b.params().get("role");
        if (ra != null && ra.equals(rb)) {
            return false;
        }
        double x = bits(a);
        double y = bits(b);
        return x > 0 && y > 0 && Math.abs(x - y) <= SAME_TEST * Math.max(x, y);
    }

    static double bits(Measurement m) {
        return m.metric(Measurement.Metrics.BITS_PER_SECOND).map(Measurement.Metric::value).orElse(0.0);
    }
}
