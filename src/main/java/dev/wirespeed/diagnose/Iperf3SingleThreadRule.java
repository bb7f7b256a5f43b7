package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * iperf3 with several streams (-P) far below the link: before 3.16, iperf3 runs every stream in
 * one thread, so -P adds sockets but not CPU; one core caps it near 20-40 Gbit/s
 * (src/test/resources/parse/iperf/iperf3-client-P16-seed002.txt: 16 streams, 17.2 Gbit/s on 200G while RDMA
 * write reached 141 Gbit/s).
 */
final class Iperf3SingleThreadRule implements Rule {
    @Override
    public String id() {
        return "iperf3-single-thread";
    }

    @Override
    public String description() {
        return "iperf3 before 3.16 with -P far below line rate: one thread for all streams, the tool is the limit";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Measurement m : facts.measurements()) {
            if (!applies(facts, m)) {
                continue;
            }
            Optional<Measurement.Metric> bps = m.metric(Measurement.Metrics.BITS_PER_SECOND);
            LinkCeiling c = LinkCeiling.of(facts, m).orElseThrow();
            String version = m.toolVersion() == null ? "its version is not shown" : "this is " + m.toolVersion();
            List<Evidence> evidence = new ArrayList<>(List.of(new Evidence("iperf3 " + m.test(),
                    Rate.format(bps.get().value()))));
            String rdma = "";
            Optional<Measurement> faster = BandwidthBelowLinkRule.fasterRdma(facts, m, bps.get().value(), c);
            if (faster.isPresent()) {
                double r = faster.get().metric(Measurement.Metrics.BITS_PER_SECOND).orElseThrow().value();
                rdma = "; " + faster.get().tool() + " " + faster.get().test() + " reached " + Rate.format(r) + " over the same link";
                evidence.add(new Evidence(faster.get().tool() + " " + faster.get().test(), Rate.format(r)));
            }
            out.add(new Finding(id(), Severity.WARN, "iperf3",
                    String.format(Locale.ROOT, "iperf3 with %d streams reached %s on a %s link: before 3.16 iperf3 runs all "
                                    + "streams in one thread (%s), so the tool, not the link, is the limit%s",
                            streams(m), Rate.format(bps.get().value()), Rate.format(c.linkBitsPerSecond()), version, rdma),
                    evidence,
                    new Impact(bps.get().value(), c.bitsPerSecond(), null),
                    Fix.command("measure with a multi-threaded tool: iperf3 ≥ 3.16, iperf2 -P N, or wirespeed bw -P N",
                            "wirespeed bw HOST -P 8")));
        }
        return out;
    }

    /**
     * iperf3 before 3.16 with -P below half its link: the tool is the cause. One cause, one finding:
     * bandwidth-below-link leaves such a result to this rule.
     */
    static boolean applies(Facts facts, Measurement m) {
        if (!"iperf3".equals(m.tool()) || streams(m) < 2 || multiThreaded(m.toolVersion())) {
            return false;
        }
        Optional<Measurement.Metric> bps = m.metric(Measurement.Metrics.BITS_PER_SECOND);
        Optional<LinkCeiling> c = LinkCeiling.of(facts, m);
        return bps.isPresent() && c.isPresent() && bps.get().value() < 0.5 * c.get().linkBitsPerSecond();
    }

    private static int streams(Measurement m) {
        try {
            return Integer.parseInt(m.params().getOrDefault("streams", "1"));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** True for iperf3 3.16 and later. */
    static boolean multiThreaded(String version) {
        if (version == null) {
            return false;
        }
        String[] p = version.replaceAll("[^0-9.]", "").split("\\.");
        try {
            int major = Integer.parseInt(p[0]);
            int minor = p.length > 1 ? Integer.parseInt(p[1]) : 0;
            return major > 3 || (major == 3 && minor >= 16);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
