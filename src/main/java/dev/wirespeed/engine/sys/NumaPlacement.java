package dev.wirespeed.engine.sys;

import dev.wirespeed.host.CpuList;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.results.BwResult;
import java.util.Optional;

/**
 * Where the stream threads of a multi-stream bandwidth test go when -A is not given: on a host
 * with several NUMA nodes, on the CPUs of the node of the NIC that carries the test, so that no
 * byte crosses the socket interconnect between the NIC's DMA and the thread that copies it.
 */
public final class NumaPlacement {
    private NumaPlacement() {}

    /**
     * @param node  the NIC's NUMA node
     * @param cpus  that node's CPUs, the set each stream thread may run on
     * @param nic   the NIC as users know it: its RDMA device (mlx5_0) when it has one, else the netdev
     */
    public record Placement(int node, CpuList cpus, String nic) {
        /** As the result records it (JSON {@code placement}); text prints its {@code line()}. */
        public BwResult.Placement result() {
            return new BwResult.Placement(node, cpus.toString(), nic);
        }

        /** The one line the output prints. */
        public String line() {
            return result().line();
        }
    }

    /**
     * The placement for a test through {@code interfaceName}; empty when there is nothing to place:
     * -A was given, one stream, one node (or none known), the NIC's node unknown (virtual devices,
     * the kernel's -1) or without CPUs.
     */
    public static Optional<Placement> decide(Facts facts, String interfaceName, int streams, boolean affinityGiven) {
        if (affinityGiven || streams < 2 || interfaceName == null || facts.cpu().nodes().size() < 2) {
            return Optional.empty();
        }
        Optional<NetInterface> nif = facts.netInterface(interfaceName);
        if (nif.isEmpty()) {
            return Optional.empty();
        }
        NetInterface i = nif.get();
        Optional<PciFunction> function = i.pciAddress().isPresent()
                ? facts.pciFunction(i.pciAddress().value()) : Optional.empty();
        Integer node = i.numaNode().isPresent() ? i.numaNode().value()
                : function.filter(f -> f.numaNode().isPresent()).map(f -> f.numaNode().value()).orElse(null);
        if (node == null || node < 0) {
            return Optional.empty();
        }
        Optional<CpuList> cpus = facts.cpu().nodes().stream().filter(n -> n.id() == node)
                .map(CpuTopology.NumaNode::cpus).filter(o -> o.isPresent()).map(o -> o.value())
                .filter(c -> !c.isEmpty()).findFirst();
        if (cpus.isEmpty()) {
            return Optional.empty();
        }
        String nic = i.pciAddress().isPresent()
                ? facts.rdmaDevicesOf(i.pciAddress().value()).stream().map(RdmaDevice::name).sorted().findFirst()
                        .orElse(interfaceName)
                : interfaceName;
        return Optional.of(new Placement(node, cpus.get(), nic));
    }
}
