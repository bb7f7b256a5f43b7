package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * The kernel's PCIe bandwidth line for a device (drivers/pci/pci.c, pcie_print_link_status):
 * what it can use and, when a link on the way is slower or narrower, where and what it could do.
 *
 * @param limitedAt     the PCI address of the limiting link ("0000:00:1c.4"), null when not limited
 * @param capable       the bandwidth the device could use, null when not limited
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PcieBandwidthLine")
public record PcieBandwidthLine(String driver, String address, Quantity available, String limitedAt, Quantity speed,
                                Integer width, Quantity capable, Quantity capableSpeed, Integer capableWidth,
                                Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", address).put("available", available).put("speed", speed)
                .put("width", width == null ? null : "x" + width).put("capable", capable)
                .put("limited at", limitedAt).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
