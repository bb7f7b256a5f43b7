package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.pci.PciDevice;
import java.util.ArrayList;
import java.util.List;

/**
 * lspci -vv prints, under a function's "Vital Product Data" capability, what it could not decode
 * (pciutils ls-vpd.c): "No end tag found" (the VPD ends without its end tag), "Not readable" (the
 * read failed), an unknown resource type, a bad checksum. The VPD holds the card's part and serial
 * numbers, read by lspci, by tools that identify the card, and by the kernel's VPD users; the data path
 * does not use it. Whether the card ever had valid VPD (many cards advertise the capability with an
 * empty EEPROM) the paste cannot tell, so the finding says so and is only information.
 */
final class PciVpdUnreadableRule implements LogRule {
    @Override
    public String id() {
        return "pci-vpd-unreadable";
    }

    @Override
    public String description() {
        return "lspci could not read or decode a function's Vital Product Data (\"No end tag found\", \"Not readable\")";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<PciDevice> bad = log.all(PciDevice.class).stream().filter(d -> d.vpdError() != null).toList();
        if (bad.isEmpty()) {
            return List.of();
        }
        List<String> names = bad.stream().map(d -> d.address() + " (" + d.vpdError() + ")").distinct().toList();
        List<Evidence> seen = new ArrayList<>();
        for (PciDevice d : bad.subList(0, Math.min(3, bad.size()))) {
            seen.add(new Evidence("lspci, line " + d.source().line(), d.source().text().strip() + " … " + d.vpdError()));
        }
        String shown = String.join(", ", names.subList(0, Math.min(4, names.size()))) + (names.size() > 4 ? " …" : "");
        return List.of(new Finding(id(), Severity.INFO, bad.getFirst().address(),
                "the Vital Product Data of " + shown + " could not be read: the card's part and serial number are not"
                        + " known from it; the data path does not use VPD",
                seen, null,
                Fix.action("nothing to do for throughput. Read the part and serial number from the card's label or the"
                        + " vendor's tool instead; whether this card ever had valid VPD the paste cannot tell — if it had"
                        + " (before a firmware or EEPROM update), the vendor's update tool for that card restores it")));
    }
}
