package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.NfsRdma;
import java.util.ArrayList;
import java.util.List;

/**
 * An InfiniBand port that is ACTIVE while ib_ipoib is known not to be loaded and no IPoIB netdev is
 * seen (src/test/resources/parse/seeds/003_6d654e133b65fb90.txt l.93: "lsmod | grep ib_ipoib", "modprobe
 * ib_ipoib", then an address on ib0 for iperf3). RDMA works without it; IP tools (iperf3, ping, NFS over TCP
 * on the fabric) need the netdev. A kernel with IPoIB built in lists no module but has the netdev, which
 * keeps the rule quiet; with neither the module list nor the interfaces in the facts it says nothing.
 */
final class IpoibNotLoadedRule implements Rule {
    static final String ID = "ipoib-not-loaded";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "an ACTIVE InfiniBand port with ib_ipoib not loaded and no IPoIB netdev: no ib0 for IP tools";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<DeviceSetting> modules = NfsRdma.settings(facts.settings(), NfsRdma.KERNEL, NfsRdma.IPOIB_MODULE);
        if (modules.isEmpty() || modules.stream().anyMatch(s -> s.value().equals(NfsRdma.LOADED))
                || facts.interfaces().stream().anyMatch(i -> i.isIpoib() || i.name().startsWith("ib"))) {
            return List.of();
        }
        List<String> ports = new ArrayList<>();
        List<Evidence> seen = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            for (Port p : a.ports()) {
                if (p.rdma() != null && p.rdma().isInfiniband() && p.rdma().isActive()) {
                    ports.add(p.rdma().label());
                    seen.add(p.rdma().state().evidence());
                }
            }
        }
        if (ports.isEmpty()) {
            return List.of();
        }
        seen.add(modules.getFirst().evidence());
        return List.of(new Finding(ID, Severity.INFO, String.join(", ", ports), String.join(", ", ports)
                + (ports.size() == 1 ? " is" : " are") + " ACTIVE but ib_ipoib is not loaded: no IPoIB netdev (ib0) for IP tools"
                + " (iperf3, ping, NFS over TCP); RDMA tools (perftest) do not need it", seen, null,
                Fix.command("load IPoIB, then give ib0 an address and bring it up (ip addr add ADDR/PREFIX dev ib0;"
                        + " ip link set ib0 up)", "modprobe ib_ipoib")));
    }
}
