package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A device of {@code mst status}: its /dev/mst path, PCI address and, with -v, RDMA and net names.
 *
 * @param net    the NET cell as printed ("net-ib7": mst's mdevices_info names a netdev "net-" + name)
 * @param netdev the kernel's netdev name the NET cell names ("ib7"), the host fact's key
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("MstDevice")
public record MstDevice(String path, String pciAddress, String deviceType, String rdma, String net, String netdev,
                        Integer numaNode, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("mst", path).put("pci", pciAddress).put("type", deviceType).put("rdma", rdma)
                .put("net", net).put("numa", numaNode).map();
    }

    /** mst status -v: the PCI function of the RDMA device and netdev it names. */
    @Override
    public void addFacts(FactSink out) {
        FactSink.pci(pciAddress).ifPresent(a -> {
            if (rdma != null) {
                out.add(RdmaDevice.builder(rdma).pciAddress(out.of(a, pciAddress)).build());
            }
            if (netdev != null) {
                out.add(NetInterface.builder(netdev).pciAddress(out.of(a, pciAddress)).build());
            }
        });
    }
}
