package dev.wirespeed.parse.pci;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.Units;
import java.util.Map;

/**
 * A PCIe link: what the device can do (LnkCap) and what it negotiated (LnkSta). Speeds are per
 * lane in GT/s (2.5 Gen1, 5 Gen2, 8 Gen3, 16 Gen4, 32 Gen5, 64 Gen6). Absent when not printed.
 *
 * @param speedDowngraded / widthDowngraded: lspci's own "(downgraded)" mark, or the OFED
 *        installer's "WARNING - device supports xN"
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PcieLink")
public record PcieLinkRecord(String address, Quantity capableSpeed, Integer capableWidth, Quantity speed, Integer width,
                       Boolean speedDowngraded, Boolean widthDowngraded, Integer maxPayloadBytes,
                       Integer maxReadRequestBytes, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("address", address)
                .put("capable", text(capableSpeed, capableWidth, null, null))
                .put("negotiated", text(speed, width, speedDowngraded, widthDowngraded))
                .put("max payload", maxPayloadBytes == null ? null : maxPayloadBytes + " B").map();
    }

    private static String text(Quantity speed, Integer width, Boolean sd, Boolean wd) {
        if (speed == null && width == null) {
            return null;
        }
        String s = speed == null ? "?" : Units.trim(speed.value()) + " GT/s";
        String w = width == null ? "" : " x" + width;
        String mark = Boolean.TRUE.equals(sd) || Boolean.TRUE.equals(wd) ? " (downgraded)" : "";
        return s + w + mark;
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
