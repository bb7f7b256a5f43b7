package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * An RDMA device (HCA) as ibstat, ibv_devinfo, ibv_devices or mlx5cmd show it.
 * GUIDs are kept as printed ("0x043f720300da2130" or "043f:7203:00da:2130").
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("RdmaDevice")
public record RdmaDeviceRecord(String device, String caType, String firmware, String hardwareVersion,
                         String nodeGuid, String systemImageGuid, String boardId, String vendorId,
                         String vendorPartId, Integer ports, String transport, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", device).put("type", caType != null ? caType : vendorPartId)
                .put("firmware", firmware).put("board", boardId).put("ports", ports).put("node GUID", nodeGuid).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
