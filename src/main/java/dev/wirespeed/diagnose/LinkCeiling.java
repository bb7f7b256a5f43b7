package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.limits.PcieLimit;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The link a measured result should be compared with, from the same host's facts: the RDMA
 * device the test names (perftest's "Device : mlx5_2"), else the fastest active port or
 * interface; and that device's PCIe link when known, whose raw rate (transfer rate × line code ×
 * lanes) may be the lower ceiling. InfiniBand rates are data rates after the line code when width
 * and speed are known ("40 Gb/sec (4X QDR)" carries 32 Gbit/s). The PCIe ceiling is what the link
 * carries after line code and TLP overhead ({@link PcieLinks#current}).
 *
 * @param linkBitsPerSecond the port's rate
 * @param link              "mlx5_0 port 1", "enp3s0"
 * @param pcieBitsPerSecond usable rate of the device's PCIe link, or null
 * @param pcie              "PCIe 2.0 x16", or null
 */
record LinkCeiling(double linkBitsPerSecond, String link, Double pcieBitsPerSecond, String pcie, List<Evidence> evidence) {

    /** The lower of link and PCIe. */
    double bitsPerSecond() {
        return pcieBitsPerSecond == null ? linkBitsPerSecond : Math.min(linkBitsPerSecond, pcieBitsPerSecond);
    }

    String describe() {
        String s = Rate.format(linkBitsPerSecond) + " link " + link;
        if (pcieBitsPerSecond != null && pcieBitsPerSecond < linkBitsPerSecond) {
            s += ", behind " + pcie + " = " + Rate.format(pcieBitsPerSecond) + " usable";
        }
        return s;
    }

    static Optional<LinkCeiling> of(Facts facts, Measurement m) {
        String device = m.params().get("device");
        LinkCeiling best = null;
        for (RdmaDevice d : facts.rdmaDevices()) {
            if (device != null && !d.name().equals(device)) {
                continue;
            }
            for (RdmaPort p : d.ports()) {
                if (!p.isActive() || !p.rate().isPresent()) {
                    continue;
                }
                Double data = p.isInfiniband() ? p.rate().value().infinibandDataGbps() : null;
                Double gbps = data != null ? data : p.rate().value().reportedGbps();
                if (gbps == null) {
                    continue;
                }
                best = better(best, withPcie(facts, gbps * 1e9, p.label(), d.pciAddress().orElse(null), p.rate().evidence()));
            }
        }
        if (device == null) {
            for (NetInterface n : facts.interfaces()) {
                if (!n.isLinkUp() || !n.speedMbps().isPresent() || n.speedMbps().value() <= 0) {
                    continue;
                }
                best = better(best, withPcie(facts, n.speedMbps().value() * 1e6, n.name(), n.pciAddress().orElse(null),
                        n.speedMbps().evidence()));
            }
        }
        return Optional.ofNullable(best);
    }

    private static LinkCeiling better(LinkCeiling a, LinkCeiling b) {
        return a == null || b.linkBitsPerSecond > a.linkBitsPerSecond ? b : a;
    }

    private static LinkCeiling withPcie(Facts facts, double bps, String link, String pciAddress, Evidence ev) {
        List<Evidence> evidence = new ArrayList<>();
        evidence.add(ev);
        if (pciAddress != null) {
            Optional<PciFunction> f = facts.pciFunction(pciAddress);
            if (f.isPresent()) {
                PcieLink l = f.get().link();
                PcieLimit limit = PcieLinks.current(l);
                if (limit != null) {
                    evidence.add(l.currentGts().evidence());
                    return new LinkCeiling(bps, link, limit.usableBitsPerSecond(), limit.label(), evidence);
                }
            }
        }
        return new LinkCeiling(bps, link, null, null, evidence);
    }
}
