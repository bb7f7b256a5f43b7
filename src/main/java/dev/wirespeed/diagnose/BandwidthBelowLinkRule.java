package dev.wirespeed.diagnose;

import dev.wirespeed.host.Context;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Facts;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A measured bandwidth (iperf, qperf, perftest …, parsed from the same log) below 80 % of the
 * link it ran over, with the link's rate, the percentage, and the PCIe link when that is the lower
 * ceiling. Needs results: it fires on explain's facts, never on sysfs alone.
 */
final class BandwidthBelowLinkRule implements Rule {
    /** Below this share of the link a result is "far below" it; TCP at MTU 1500 reaches ~94 %. */
    static final double THRESHOLD = 0.80;

    @Override
    public String id() {
        return "bandwidth-below-link";
    }

    @Override
    public String description() {
        return "a measured bandwidth below 80 % of the link it ran over (link rate from the same log)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Measurement m : facts.measurements()) {
            Optional<Measurement.Metric> bps = m.metric(Measurement.Metrics.BITS_PER_SECOND);
            if (bps.isEmpty() || bps.get().value() <= 0) {
                continue;
            }
            Optional<LinkCeiling> c = LinkCeiling.of(facts, m);
            if (c.isEmpty() || bps.get().value() >= THRESHOLD * c.get().linkBitsPerSecond()) {
                continue;
            }
            LinkCeiling ceiling = c.get();
            double measured = bps.get().value();
            String message = String.format(Locale.ROOT, "%s %s: %s = %.0f %% of the %s", m.tool(), m.test(),
                    Rate.format(measured), 100 * measured / ceiling.linkBitsPerSecond(), ceiling.describe());
            if (ceiling.pcieBitsPerSecond() != null && ceiling.pcieBitsPerSecond() < ceiling.linkBitsPerSecond()) {
                message += String.format(Locale.ROOT, " (%.0f %% of that)", 100 * measured / ceiling.pcieBitsPerSecond());
            }
            List<Evidence> evidence = new ArrayList<>(ceiling.evidence());
            evidence.addFirst(new Evidence(m.tool() + " " + m.test(), Rate.format(measured)));
            String fix = ceiling.pcieBitsPerSecond() != null && ceiling.pcieBitsPerSecond() < ceiling.linkBitsPerSecond()
                    ? "the PCIe link is the bottleneck: put the card in a slot with more lanes or a faster generation"
                    : "find what else limits the path: CPU (one stream per core, iperf2 -P or wirespeed bw), MTU, "
                            + "PCIe, or the peer; run 'wirespeed doctor' on both hosts";
            String same = message;
            if (out.stream().anyMatch(f -> f.message().equals(same))) {
                continue; // both ends of one test printed the same result
            }
            out.add(new Finding(id(), Severity.WARN, ceiling.link(), message, evidence,
                    new Impact(measured, ceiling.bitsPerSecond(), null), Fix.action(fix)));
        }
        return out;
    }
}
