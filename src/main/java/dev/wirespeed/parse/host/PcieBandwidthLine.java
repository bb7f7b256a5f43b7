package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.pci.PcieLinkRecord;
import java.util.Map;

/**
 * The kernel's PCIe bandwidth line for a device (drivers/pci/pci.c, pcie_print_link_status):
 * what it can use and, when a link on the way is slower or narrower, where and what it could do.
 *
 * @param limitedAt     the PCI address of the limiting link ("0000:00:1c.4"), null when not limited
 * @param capable       the bandwidth the device could use, null when not limited
 * @param width         lanes with the token the kernel printed ("x16"), as lspci's link widths
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("PcieBandwidthLine")
public record PcieBandwidthLine(String driver, String address, Quantity available, String limitedAt, Quantity speed,
                                Quantity width, Quantity capable, Quantity capableSpeed, Quantity capableWidth,
                                Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", address).put("available", available).put("speed", speed)
                .put("width", width).put("capable", capable)
                .put("limited at", limitedAt).map();
    }

    /**
     * The device's link: the speed and width the line names are the link the device gets (its own,
     * or the slower one on the way); "capable of" gives what it could do.
     */
    @Override
    public void addFacts(FactSink out) {
        FactSink.pci(address).ifPresent(a -> out.add(PciFunction.builder(a).link(new PcieLink(
                PcieLinkRecord.gts(speed, out), PcieLinkRecord.width(width, out),
                capableSpeed == null ? Observed.notSeen() : PcieLinkRecord.gts(capableSpeed, out),
                capableWidth == null ? Observed.notSeen() : PcieLinkRecord.width(capableWidth, out), Observed.notSeen(),
                limitedAt != null ? out.of(true, "limited by … link at " + limitedAt)
                        : cut() ? out.of(true, PcieLink.LIMIT_NOT_LOCATED) : Observed.notSeen(),
                null)).build()));
    }

    /**
     * "limited by 2.5 GT/s PCIe x1 link" and nothing after it: the kernel always goes on to name where and what the
     * device could do, so the paste was cut (src/test/resources/parse/kernel/dmesg-grep-mlx5-cut-pcie-notice-comment-thunderbolt-notes-cn.txt).
     */
    private boolean cut() {
        return available != null && limitedAt == null && capable == null && source != null && source.text() != null
                && source.text().contains("limited by");
    }
}
