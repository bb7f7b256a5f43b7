package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A TCP result at line rate: at {@value TcpCeiling#AT_LINE_RATE} of its path's ceiling or more
 * ({@link LineRate}, the same ceiling `check` computes). It is said once per test (the two ends of one
 * test are one), and what would otherwise read as a fault of the parts is its evidence: streams that
 * ran unevenly (src/test/resources/parse/iperf/iperf2-client-P8-seed004.txt: one of eight at 8.23 Gbit/s, the
 * sum 24.8 Gbit/s of a 24.8 Gbit/s ceiling) cost nothing when the link is full. No fix: tuning streams, IRQs
 * or buffers cannot raise a result the link caps; only a faster path can.
 */
final class BandwidthAtLineRateRule implements LogRule {
    static final String ID = "bandwidth-at-line-rate";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "a TCP result at 95 % of its path's ceiling or more: at line rate, nothing to tune (explain)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<LineRate.Judged> judged = LineRate.judge(log);
        List<StreamImbalanceRule.Uneven> uneven = StreamImbalanceRule.uneven(log);
        List<Finding> out = new ArrayList<>();
        List<LineRate.Judged> said = new ArrayList<>();
        for (LineRate.Judged j : judged) {
            if (!j.atLineRate() || j.borrowed() || said.contains(j)) {
                continue;
            }
            said.add(j);
            TcpCeiling c = j.ceiling();
            List<Evidence> evidence = new ArrayList<>();
            evidence.add(new Evidence(j.measurement().tool() + " " + j.measurement().test(), Rate.format(j.bitsPerSecond())));
            evidence.add(new Evidence("ceiling", c.describe()));
            Optional<LineRate.Judged> other = LineRate.otherEnd(judged, j.measurement());
            other.ifPresent(o -> {
                said.add(o);
                evidence.add(new Evidence("the other end of the test", Rate.format(o.bitsPerSecond())));
            });
            String streams = "";
            for (StreamImbalanceRule.Uneven u : uneven) {
                if (u.sum().rate() != null && (close(u.sum().rate().value(), j.bitsPerSecond())
                        || other.isPresent() && close(u.sum().rate().value(), other.get().bitsPerSecond()))) {
                    streams = "; the streams ran unevenly (" + u.describe() + "), which costs nothing when the link is full";
                    evidence.addAll(u.evidence());
                    break;
                }
            }
            out.add(new Finding(ID, Severity.INFO, c.netdev(), j.measurement().tool() + " " + j.measurement().test() + ": "
                    + Rate.format(j.bitsPerSecond()) + " = " + c.percent(j.bitsPerSecond()) + " of " + c.describe()
                    + ": at line rate, the path is the limit — tuning streams, IRQs or buffers cannot raise it" + streams,
                    evidence, null, null));
        }
        return out;
    }

    private static boolean close(double a, double b) {
        return Math.abs(a - b) <= 1e-3 * Math.max(a, b);
    }
}
