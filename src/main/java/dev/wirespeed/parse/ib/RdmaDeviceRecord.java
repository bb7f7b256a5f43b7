package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
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
    public void addFacts(FactSink out) {
        if (device == null) {
            return; // a device pasted without its name (ibv_devinfo cut above its fields): no device to say it of
        }
        RdmaDevice.Builder rb = RdmaDevice.builder(device);
        if (caType != null) {
            rb.hcaType(out.text(caType));
        }
        if (firmware != null) {
            rb.fwVersion(out.text(firmware));
        }
        if (nodeGuid != null) {
            rb.nodeGuid(out.text(nodeGuid));
        }
        if (systemImageGuid != null) {
            rb.sysImageGuid(out.text(systemImageGuid));
        }
        if (boardId != null) {
            rb.boardId(out.text(boardId));
        }
        if (vendorPartId != null) {
            // ibv_devinfo's vendor_part_id is the PCI device id in decimal (4115 = 0x1013)
            rb.partId(out.parse(vendorPartId, Integer::parseInt));
        }
        out.add(rb.build());
    }
}
