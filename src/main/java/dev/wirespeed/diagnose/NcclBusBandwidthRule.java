package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.parse.nccl.NcclSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * nccl-tests against the fabric: across nodes, a ring's bus bandwidth is what the NICs of one node
 * carry together, and NCCL reaches about 96 % of the line rate on a clean setup (24 GB/s per 200G
 * NIC, 12 GB/s per 100G: the nccl-tests maintainers in github.com/NVIDIA/nccl-tests/issues/119). So
 * the ceiling is the sum of one host's ACTIVE RDMA ports (from ibstat/ibstatus/ibv_devinfo in the
 * same log) × 0.96 / 8 bytes. Finds "nccl-bus-bandwidth" (info at ≥ 80 % of that, warn below) and
 * "nccl-wrong-results" ("Out of bounds values : N FAILED"). Runs on one host, or with no port
 * facts, get no ceiling (NVLink, not the fabric, bounds a single node).
 */
final class NcclBusBandwidthRule implements LogRule {
    static final double NCCL_EFFICIENCY = 0.96;

    @Override
    public String id() {
        return "nccl-bus-bandwidth";
    }

    @Override
    public String description() {
        return "nccl-tests bus bandwidth against the per-node fabric ceiling; wrong results";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        Fabric fabric = fabric(log.hosts());
        for (NcclSummary s : log.all(NcclSummary.class)) {
            String name = s.test() == null ? "nccl-tests" : s.test();
            Evidence ev = new Evidence("nccl-tests, line " + s.source().line(), s.source().text().strip());
            if (s.outOfBounds() != null && s.outOfBounds() > 0) {
                out.add(new Finding("nccl-wrong-results", Severity.ERROR, name,
                        name + ": " + s.outOfBounds() + " out-of-bounds values (the collective returned wrong data)",
                        List.of(ev), null, Fix.action("check GPU memory errors (nvidia-smi -q -d ECC), disable P2P to test "
                                + "(NCCL_P2P_DISABLE=1) and update the driver and NCCL")));
            }
            Double peak = s.peakBusbwGBps() != null ? s.peakBusbwGBps() : s.avgBusbwGBps();
            boolean multiNode = s.hosts().size() > 1;
            if (peak == null || fabric == null || !multiNode) {
                continue;
            }
            double ceilingGBps = fabric.gbps * NCCL_EFFICIENCY / 8;
            double share = peak / ceilingGBps;
            String message = String.format(Locale.ROOT,
                    "%s on %d nodes: peak bus bandwidth %.1f GB/s = %.0f %% of the %.1f GB/s one node's fabric carries "
                            + "(%s = %.0f Gbit/s, NCCL reaches ~96 %% of it)",
                    name, s.hosts().size(), peak, share * 100, ceilingGBps, fabric.label, fabric.gbps);
            out.add(new Finding(id(), share >= 0.8 ? Severity.INFO : Severity.WARN, name, message, List.of(ev), null,
                    share >= 0.8 ? null : Fix.action("run with NCCL_DEBUG=INFO and check that every NIC is used "
                            + "(NCCL_IB_HCA), GPUDirect RDMA is on (NET/IB ... GDRDMA), and the sizes reach 1 GB or more")));
        }
        return out;
    }

    /** The largest per-host sum of ACTIVE RDMA port rates, with how it was made. */
    private record Fabric(double gbps, String label) {}

    private static Fabric fabric(List<Facts> hosts) {
        Fabric best = null;
        for (Facts h : hosts) {
            double sum = 0;
            List<String> parts = new ArrayList<>();
            for (RdmaDevice d : h.rdmaDevices()) {
                for (RdmaPort p : d.ports()) {
                    if (p.state().isPresent() && p.state().value() == PortState.ACTIVE && p.rate().isPresent()
                            && p.rate().value().reportedGbps() != null) {
                        sum += p.rate().value().reportedGbps();
                        parts.add(String.format(Locale.ROOT, "%.0f", p.rate().value().reportedGbps()));
                    }
                }
            }
            if (sum > 0 && (best == null || sum > best.gbps)) {
                best = new Fabric(sum, parts.size() + " active port(s) on " + h.origin() + ": " + String.join(" + ", parts)
                        + " Gbit/s");
            }
        }
        return best;
    }
}
