package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/** A PCI function in lstopo's tree, with the NUMA node above it and the OS devices under it. */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("TopologyDevice")
public record TopologyDevice(String address, String pciClass, Integer numaNode, List<String> netdevs,
                             List<String> rdmaDevices, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("address", address).put("class", pciClass).put("numa", numaNode)
                .put("net", String.join(",", netdevs)).put("rdma", String.join(",", rdmaDevices)).map();
    }

    /** lstopo's device: its NUMA node, and the netdevs and RDMA devices of its PCI function. */
    @Override
    public void addFacts(FactSink out) {
        FactSink.pci(address).ifPresent(a -> {
            if (numaNode != null) {
                out.add(PciFunction.builder(a).numaNode(out.of(numaNode, "NUMANode P#" + numaNode)).build());
            }
            netdevs.forEach(n -> out.add(NetInterface.builder(n).pciAddress(out.of(a, address)).build()));
            rdmaDevices.forEach(d -> out.add(RdmaDevice.builder(d).pciAddress(out.of(a, address)).build()));
        });
    }
}
