package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.pci.PciDevice;
import java.util.ArrayList;
import java.util.List;

/**
 * A PCI read that nobody answers completes with all ones (PCIe: an Unsupported Request or a
 * completion timeout is returned to the CPU as 0xFFFFFFFF). lspci then prints revision "ff" and,
 * for the header type byte, "!!! Unknown header type 7f". The function is gone from the bus while
 * the kernel still lists it: surprise removal, a link down, a reset in progress, or (for SR-IOV
 * VFs) a physical function whose firmware or driver went away. One finding for the whole log.
 */
final class PciUnreadableRule implements LogRule {
    @Override
    public String id() {
        return "pci-function-unreadable";
    }

    @Override
    public String description() {
        return "lspci reads all ones from a function's configuration space (rev ff, header type 7f): it no longer answers";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<PciDevice> gone = log.all(PciDevice.class).stream().filter(d -> Boolean.TRUE.equals(d.unreadable())).toList();
        if (gone.isEmpty()) {
            return List.of();
        }
        List<String> names = gone.stream().map(PciDevice::address).distinct().toList();
        String shown = String.join(", ", names.subList(0, Math.min(4, names.size()))) + (names.size() > 4 ? " …" : "");
        List<Evidence> seen = new ArrayList<>();
        for (PciDevice d : gone.subList(0, Math.min(3, gone.size()))) {
            seen.add(new Evidence("lspci, line " + d.source().line(), d.source().text().strip()));
        }
        String first = names.getFirst();
        return List.of(new Finding(id(), Severity.ERROR, first,
                names.size() + " PCI function(s) read back all ones (" + shown + "): they no longer answer on the bus"
                        + " (removed, link down, reset, or their physical function's driver or firmware failed)",
                seen, null,
                Fix.command("look for the cause in the kernel log (mlx5 health, AER, link down), then remove the function"
                                + " and rescan the bus; if it stays unreadable, reset the adapter or reboot",
                        "dmesg | grep -i -e " + first + " -e aer; echo 1 > /sys/bus/pci/devices/"
                                + (first.length() == 7 ? "0000:" + first : first) + "/remove; echo 1 > /sys/bus/pci/rescan")));
    }
}
