package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A measured bandwidth (iperf, qperf, perftest …, parsed from the same log) below 80 % of the
 * link it ran over, with the link's rate, the percentage, and the PCIe link when that is the lower
 * ceiling. Needs results: it fires on explain's facts, never on sysfs alone. The advice is the
 * measuring tool's (perftest options for ib_*_bw); a UD result is judged by its message size and
 * rate (UD carries one MTU per message); a TCP result far below an RDMA result on the same link
 * names the TCP stack as the limit (src/test/resources/parse/seeds/002_6dce3dfc6f2788a4.txt: iperf3 17
 * Gbit/s, ib_write_bw 141 Gbit/s).
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
            if (m.tool().equals("fio")) {
                continue; // storage I/O: over NFS fio-link-bound judges it with the export; on a local disk no link is crossed
            }
            if (Iperf3SingleThreadRule.applies(facts, m)) {
                continue; // one cause, one finding: iperf3-single-thread says it, with the faster RDMA result
            }
            Optional<LinkCeiling> c = LinkCeiling.of(facts, m);
            // perftest -b sums both directions of a full-duplex link: each direction is judged
            double measured = bps.get().value() / (bidirectional(m) ? 2 : 1);
            if (c.isEmpty() || measured >= THRESHOLD * c.get().linkBitsPerSecond()) {
                continue;
            }
            LinkCeiling ceiling = c.get();
            Finding f = isUd(m) ? ud(m, measured, ceiling) : belowLink(facts, m, measured, ceiling);
            if (out.stream().anyMatch(o -> o.message().equals(f.message()))) {
                continue; // both ends of one test printed the same result
            }
            out.add(f);
        }
        return out;
    }

    private Finding belowLink(Facts facts, Measurement m, double measured, LinkCeiling ceiling) {
        String message = String.format(Locale.ROOT, "%s %s: %s%s = %.0f %% of the %s", m.tool(), m.test(),
                Rate.format(measured), bidirectional(m) ? " per direction (both summed: "
                        + Rate.format(2 * measured) + ")" : "", 100 * measured / ceiling.linkBitsPerSecond(),
                ceiling.describe());
        boolean pcie = ceiling.pcieBitsPerSecond() != null && ceiling.pcieBitsPerSecond() < ceiling.linkBitsPerSecond();
        if (pcie) {
            message += String.format(Locale.ROOT, " (%.0f %% of that)", 100 * measured / ceiling.pcieBitsPerSecond());
        }
        List<Evidence> evidence = new ArrayList<>(ceiling.evidence());
        evidence.addFirst(new Evidence(m.tool() + " " + m.test(), Rate.format(measured)));
        String fix;
        Optional<Measurement> rdma = isRdma(m) ? Optional.empty() : fasterRdma(facts, m, measured, ceiling);
        Optional<Measurement> full = isRdma(m) ? Optional.empty() : lineRateOnSameLink(facts, m);
        if (full.isPresent()) {
            // the whole first: another TCP test filled this link, so the link and the host's path are not the limit
            double r = full.get().metric(Measurement.Metrics.BITS_PER_SECOND).orElseThrow().value();
            message += String.format(Locale.ROOT, "; %s %s reached %s over the same link, at line rate, so the link and "
                    + "the host's path are not the limit: this test's own way of measuring is", full.get().tool(),
                    full.get().test(), Rate.format(r));
            evidence.add(new Evidence(full.get().tool() + " " + full.get().test(), Rate.format(r)));
            return new Finding(id(), Severity.INFO, ceiling.link(), message, evidence,
                    new Impact(measured, ceiling.bitsPerSecond(), null), Fix.action(toolOnly(m)));
        }
        if (pcie) {
            // the slot's fix is the PCIe rules' (BIOS generation, or a wider slot only where the box has one)
            fix = "the PCIe link is the bottleneck: the pcie-link-downgraded (or pcie-below-ports) finding says what the"
                    + " slot and the card allow and how to get it";
        } else if (rdma.isPresent()) {
            double r = rdma.get().metric(Measurement.Metrics.BITS_PER_SECOND).orElseThrow().value();
            message += String.format(Locale.ROOT, "; %s %s reached %s over the same link, so the TCP stack (streams, "
                    + "cores, the tool), not the link, is the limit", rdma.get().tool(), rdma.get().test(), Rate.format(r));
            evidence.add(new Evidence(rdma.get().tool() + " " + rdma.get().test(), Rate.format(r)));
            fix = advice(m);
        } else {
            fix = advice(m);
        }
        return new Finding(id(), Severity.WARN, ceiling.link(), message, evidence,
                new Impact(measured, ceiling.bitsPerSecond(), null), Fix.action(fix));
    }

    /**
     * UD carries at most one MTU per message
     * (src/test/resources/parse/perftest/ib_send_bw-ud-client-seed003.txt: ib_send_bw -c UD stops at 4096 B):
     * judged by its message rate at that size, not as a share of the link.
     */
    private Finding ud(Measurement m, double measured, LinkCeiling ceiling) {
        String mtu = m.params().get("mtuBytes");
        Optional<Measurement.Metric> rate = m.metric(Measurement.Metrics.MESSAGES_PER_SECOND);
        String message = String.format(Locale.ROOT, "%s %s over UD: %s at %s-byte messages%s — UD sends at most one "
                        + "MTU per message, so this is a message-rate figure, not a share of the %s link",
                m.tool(), m.test(), Rate.format(measured), m.params().getOrDefault("sizeBytes", "?"),
                rate.map(r -> String.format(Locale.ROOT, " (%.2f M messages/s)", r.value() / 1e6)).orElse(""),
                Rate.format(ceiling.linkBitsPerSecond()));
        if (mtu != null) {
            message += " (MTU " + mtu + ")";
        }
        return new Finding(id(), Severity.INFO, ceiling.link(), message,
                List.of(new Evidence(m.tool() + " " + m.test(), Rate.format(measured))), null,
                Fix.action("for the link's bandwidth run RC (perftest's default, no -c UD) with large messages (-a or "
                        + "-s 65536) and several QPs (-q 4)"));
    }

    /** What to try next, in the terms of the tool that measured. */
    static String advice(Measurement m) {
        return switch (m.tool()) {
            case "perftest" -> "for perftest: more queue pairs (-q 4 or 8), larger messages (-s 65536, or -a to see the "
                    + "curve), the right device and port (-d mlx5_N -i 1, see ibv_devinfo), on RoCE the RoCE v2 GID "
                    + "index (-x N, see show_gids), --report_gbits to read Gbit/s, -F when the CPU frequency warning "
                    + "is spurious; set the CPU governor to performance (cpupower frequency-set -g performance), which "
                    + "matters most for latency; run 'wirespeed doctor' on both hosts";
            case "iperf3" -> "one iperf3 process is one core before 3.16: run several (-p 5201, 5202 …) or iperf3 ≥ "
                    + "3.16, or wirespeed bw -P; check MTU, PCIe and the peer with 'wirespeed doctor'";
            case "qperf" -> "qperf tcp_bw is one stream on one core: compare with iperf2 -P 8 or wirespeed bw -P 8, "
                    + "and rc_bw for RDMA; check MTU and PCIe with 'wirespeed doctor'";
            default -> "find what else limits the path: CPU (one stream per core, iperf2 -P or wirespeed bw), MTU, "
                    + "PCIe, or the peer; run 'wirespeed doctor' on both hosts";
        };
    }

    /** The tool's own limit, when the path is known to reach line rate (no MTU, PCIe or peer to check). */
    static String toolOnly(Measurement m) {
        return switch (m.tool()) {
            case "qperf" -> "qperf tcp_bw is one stream on one core: a multi-stream test (iperf2 -P 8, wirespeed bw -P 8) "
                    + "measures the link, as the faster result here did";
            case "iperf3" -> "one iperf3 process is one core before 3.16: run several (-p 5201, 5202 …), iperf3 ≥ 3.16 "
                    + "or wirespeed bw -P, as the faster result here did";
            default -> "more streams (-P), or one process per core: the faster result here shows the path reaches line rate";
        };
    }

    /** Another TCP result of this host over the same interface at line rate ({@link TcpCeiling}), when there is one. */
    private static Optional<Measurement> lineRateOnSameLink(Facts facts, Measurement m) {
        Optional<TcpCeiling> mine = TcpCeiling.of(facts, m);
        if (mine.isEmpty()) {
            return Optional.empty();
        }
        return facts.measurements().stream().filter(o -> o != m && TcpCeiling.isTcpBandwidth(o))
                .filter(o -> TcpCeiling.of(facts, o).map(c -> c.netdev().equals(mine.get().netdev())
                        && c.atLineRate(o.metric(Measurement.Metrics.BITS_PER_SECOND).map(Measurement.Metric::value).orElse(0.0)))
                        .orElse(false))
                .findFirst();
    }

    static boolean isRdma(Measurement m) {
        return m.test() != null && m.test().startsWith("rdma-");
    }

    /** perftest -b: the rate is both directions summed. */
    static boolean bidirectional(Measurement m) {
        return isRdma(m) && m.test().endsWith(Measurement.Tests.BIDIR_SUFFIX);
    }

    static boolean isUd(Measurement m) {
        return isRdma(m) && "UD".equalsIgnoreCase(m.params().get("connection"));
    }

    /** An RDMA result on the same link at twice this TCP result or more. */
    static Optional<Measurement> fasterRdma(Facts facts, Measurement tcp, double measured, LinkCeiling ceiling) {
        return facts.measurements().stream().filter(BandwidthBelowLinkRule::isRdma).filter(r -> !bidirectional(r))
                .filter(r -> r.metric(Measurement.Metrics.BITS_PER_SECOND).map(b -> b.value() >= 2 * measured).orElse(false))
                .filter(r -> LinkCeiling.of(facts, r).map(c -> c.link().equals(ceiling.link())).orElse(false))
                .max(Comparator.comparingDouble(r -> r.metric(Measurement.Metrics.BITS_PER_SECOND).orElseThrow().value()));
    }
}
