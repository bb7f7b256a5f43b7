package dev.wirespeed.host;

import java.util.List;
import java.util.Optional;

/**
 * What the slot a card sits in can do, which the card's own link registers do not say: the upstream
 * port's (root port or switch downstream port) maximum link width and speed, carried as
 * {@link DeviceSetting}s of the card's PCI function (device = "0000:04:00.0"). A root port with
 * max_link_width 4 is a slot wired for x4 (src/test/resources/parse/seeds/004_2a39351d1c4a425e.txt l.24: the GW-R86S's OCP connector is PCIe 3.0 x4),
 * whatever its mechanical size. doctor reads them from the parent device of the function in sysfs
 * (/sys/devices/pci…/0000:00:1c.3/max_link_width); pasted output rarely shows them.
 */
public final class PcieSlot {
    private PcieSlot() {}

    /** Lanes the upstream port can run ("4"). */
    public static final String MAX_WIDTH = "slot-max-width";
    /** GT/s the upstream port can run ("8.0"). */
    public static final String MAX_GTS = "slot-max-gts";

    /** The slot's widest link for the function at {@code address}, when known. */
    public static Optional<DeviceSetting> maxWidth(List<DeviceSetting> all, String address) {
        return all.stream().filter(s -> s.device().equals(address) && s.name().equals(MAX_WIDTH)).findFirst();
    }

    /** The slot's fastest rate for the function at {@code address}, when known. */
    public static Optional<DeviceSetting> maxGts(List<DeviceSetting> all, String address) {
        return all.stream().filter(s -> s.device().equals(address) && s.name().equals(MAX_GTS)).findFirst();
    }
}
