package dev.wirespeed.cluster;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.IpoibMode;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.limits.Framing;
import dev.wirespeed.results.BwResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** Condenses one host's doctor facts and findings into the {@link NodeFacts} the mesh compares. */
public final class FactsSummary {
    /**
     * Names rdma-core's udev rules give (rdma_rename NAME_PCI / NAME_ONBOARD / NAME_GUID, see
     * rdma-core kernel-boot/rdma_rename.c): "ib", "roce" or "iw", then p&lt;bus&gt;s&lt;slot&gt;[f&lt;fn&gt;],
     * o&lt;index&gt;, s&lt;slot&gt; or g&lt;guid&gt;. The kernel's own names are driver_N ("mlx5_0").
     */
    private static final Pattern UDEV_NAME = Pattern.compile("(ib|roce|iw)(p\\d+s\\d+(f\\d+)?(d\\d+)?|o\\d+|s\\d+(f\\d+)?|g[0-9a-f]+)");

    private FactsSummary() {}

    /**
     * @param interfaceName the interface holding the address the coordinator reached, null if unknown
     * @param address       that address
     */
    public static NodeFacts of(Facts facts, List<Finding> findings, String interfaceName, String address,
                               BwResult.Peer self) {
        Optional<NetInterface> nic = interfaceName == null ? Optional.empty() : facts.netInterface(interfaceName);
        Optional<RdmaPort> port = nic.flatMap(n -> rdmaPortOf(facts, n));
        Optional<RdmaDevice> device = port.flatMap(p -> facts.rdmaDevice(p.device()));
        Integer mtu = nic.map(n -> n.mtuBytes().orElse(null)).orElse(null);
        String linkLayer = nic.map(FactsSummary::linkLayer).orElse(null);
        Boolean virtual = nic.map(n -> n.virtual().isPresent() || n.isLoopback() ? n.isVirtual() : null).orElse(null);
        Double rate = nic.map(n -> portRate(n, port.orElse(null))).orElse(null);
        List<String> rdmaNames = facts.rdmaDevices().stream().map(RdmaDevice::name).toList();
        List<NodeFacts.NodeFinding> notes = findings.stream()
                .filter(f -> f.severity() != Severity.INFO)
                .map(f -> new NodeFacts.NodeFinding(f.rule(), f.severity().label(), f.subject(), f.message()))
                .toList();
        Double ceiling = Boolean.FALSE.equals(virtual) && rate != null && mtu != null
                ? nic.map(n -> tcpCeiling(n, rate, mtu)).orElse(null) : null;
        return new NodeFacts(self.host(), self.software(), self.cores(), self.os(), address, interfaceName, linkLayer,
                virtual, mtu, rate, nic.map(n -> n.driver().orElse(null)).orElse(null),
                device.map(RdmaDevice::name).orElse(null), device.map(d -> d.fwVersion().orElse(null)).orElse(null),
                rdmaNames, rdmaNaming(rdmaNames), governor(facts.cpu()), ceiling, notes);
    }

    /** TCP goodput limit of a physical link: its rate times the payload share at its MTU (limits.Framing). */
    static Double tcpCeiling(NetInterface n, double rateBitsPerSecond, int mtuBytes) {
        try {
            if (n.isEthernet()) {
                return rateBitsPerSecond * Framing.ethernetTcpGoodput(mtuBytes);
            }
            if (n.isIpoib() && n.ipoibMode().isPresent()) {
                return rateBitsPerSecond * Framing.ipoibTcpGoodput(n.isIpoibMode(IpoibMode.CONNECTED), mtuBytes);
            }
        } catch (IllegalArgumentException e) {
            // an MTU the framing cannot use: no ceiling
        }
        return null;
    }

    static String linkLayer(NetInterface n) {
        if (n.isLoopback()) {
            return "loopback";
        }
        if (n.isEthernet()) {
            return "Ethernet";
        }
        if (n.isIpoib()) {
            return "InfiniBand";
        }
        return n.type().isPresent() ? "ARPHRD " + n.type().value() : null;
    }

    /** The RDMA port whose netdev is {@code n}, else the first port of a device on the same PCI function. */
    static Optional<RdmaPort> rdmaPortOf(Facts facts, NetInterface n) {
        Optional<RdmaPort> byNetdev = facts.rdmaPorts().stream()
                .filter(p -> p.netdev().isPresent() && p.netdev().value().equals(n.name())).findFirst();
        if (byNetdev.isPresent() || !n.pciAddress().isPresent()) {
            return byNetdev;
        }
        return facts.rdmaDevicesOf(n.pciAddress().value()).stream().flatMap(d -> d.ports().stream()).findFirst();
    }

    /** Ethernet: the negotiated speed; IPoIB: the InfiniBand port's data rate after the line code. */
    static Double portRate(NetInterface n, RdmaPort port) {
        if (n.isIpoib() && port != null && port.rate().isPresent()) {
            IbRate rate = port.rate().value();
            return rate.infinibandDataGbps() == null ? null : rate.infinibandDataGbps() * 1e9;
        }
        return n.speedMbps().isPresent() ? n.speedMbps().value() * 1e6 : null;
    }

    static String rdmaNaming(List<String> names) {
        if (names.isEmpty()) {
            return null;
        }
        boolean udev = names.stream().anyMatch(s -> UDEV_NAME.matcher(s).matches());
        boolean kernel = names.stream().anyMatch(s -> !UDEV_NAME.matcher(s).matches());
        return udev && kernel ? "mixed" : udev ? "udev" : "kernel";
    }

    /** The governor of every policy, or "mixed: performance ×8, powersave ×8"; null on hosts without cpufreq. */
    static String governor(CpuTopology cpu) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (CpuTopology.CpuPolicy p : cpu.policies()) {
            if (p.governor().isPresent()) {
                counts.merge(p.governor().value(), 1, Integer::sum);
            }
        }
        if (counts.isEmpty()) {
            return null;
        }
        if (counts.size() == 1) {
            return counts.keySet().iterator().next();
        }
        StringBuilder b = new StringBuilder("mixed:");
        new TreeSet<>(counts.keySet()).forEach(g -> b.append(b.length() > 6 ? ", " : " ").append(g).append(" ×")
                .append(counts.get(g)));
        return b.toString();
    }
}
