package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A Mellanox/NVIDIA adapter as the firmware tools describe it (mlxconfig/mstconfig "Device #1",
 * mlxfwmanager's query, flint query, mst status).
 *
 * @param device     what the tool calls it: "21:00.0", "/dev/mst/mt4115_pciconf0"
 * @param pciAddress the PCI address when printed
 * @param firmware   running firmware version
 * @param available  firmware version available in the tool's image (mlxfwmanager)
 * @param status     mlxfwmanager's "Up to date" / "Update required"
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("MlxDevice")
public record MlxDevice(String device, String deviceType, String partNumber, String description, String psid,
                        String pciAddress, String firmware, String available, String status, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", device).put("type", deviceType).put("part", partNumber).put("psid", psid)
                .put("pci", pciAddress).put("firmware", firmware).put("available", available).put("status", status)
                .map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
