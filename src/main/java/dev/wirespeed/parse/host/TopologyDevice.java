package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
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

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
