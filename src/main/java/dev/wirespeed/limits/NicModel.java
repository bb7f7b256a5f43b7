package dev.wirespeed.limits;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a NIC family can reach at best, by PCI vendor and device id: the fastest Ethernet port
 * (single-port models, and each port of multi-port models), the fastest InfiniBand lane speed
 * (null: Ethernet only), and its PCIe interface. Figures are the family's top models as in the
 * vendors' product briefs; a given card may be a slower model of the family.
 */
public record NicModel(int vendorId, int deviceId, String family, double bestEthGbpsSinglePort,
                       double bestEthGbpsPerPortMultiPort, IbSpeed bestIbLane, PcieGen pcieGen, int pcieLanes) {

    public static final int MELLANOX = 0x15b3;
    public static final int INTEL = 0x8086;
    public static final int BROADCOM = 0x14e4;
    /** ibv_devinfo's vendor_id is the IEEE OUI of Mellanox, not the PCI vendor id. */
    public static final int MELLANOX_OUI = 0x02c9;

    private static final List<NicModel> KNOWN = List.of(
            new NicModel(MELLANOX, 0x1003, "ConnectX-3", 40, 40, IbSpeed.FDR, PcieGen.GEN3, 8),
            new NicModel(MELLANOX, 0x1007, "ConnectX-3 Pro", 40, 40, IbSpeed.FDR, PcieGen.GEN3, 8),
            new NicModel(MELLANOX, 0x1011, "Connect-IB", 0, 0, IbSpeed.FDR, PcieGen.GEN3, 16),
            new NicModel(MELLANOX, 0x1013, "ConnectX-4", 100, 100, IbSpeed.EDR, PcieGen.GEN3, 16),
            new NicModel(MELLANOX, 0x1015, "ConnectX-4 Lx", 50, 25, null, PcieGen.GEN3, 8),
            new NicModel(MELLANOX, 0x1017, "ConnectX-5", 100, 100, IbSpeed.EDR, PcieGen.GEN3, 16),
            new NicModel(MELLANOX, 0x1019, "ConnectX-5 Ex", 100, 100, IbSpeed.EDR, PcieGen.GEN4, 16),
            new NicModel(MELLANOX, 0x101b, "ConnectX-6", 200, 200, IbSpeed.HDR, PcieGen.GEN4, 16),
            new NicModel(MELLANOX, 0x101d, "ConnectX-6 Dx", 200, 100, null, PcieGen.GEN4, 16),
            new NicModel(MELLANOX, 0x101f, "ConnectX-6 Lx", 50, 25, null, PcieGen.GEN4, 8),
            new NicModel(MELLANOX, 0x1021, "ConnectX-7", 400, 200, IbSpeed.NDR, PcieGen.GEN5, 16),
            new NicModel(MELLANOX, 0x1023, "ConnectX-8", 800, 400, IbSpeed.XDR, PcieGen.GEN6, 16),
            new NicModel(MELLANOX, 0xa2d6, "BlueField-2", 200, 100, IbSpeed.HDR, PcieGen.GEN4, 16),
            new NicModel(MELLANOX, 0xa2dc, "BlueField-3", 400, 200, IbSpeed.NDR, PcieGen.GEN5, 16),
            new NicModel(INTEL, 0x10fb, "82599 (X520)", 10, 10, null, PcieGen.GEN2, 8),
            new NicModel(INTEL, 0x1528, "X540", 10, 10, null, PcieGen.GEN2, 8),
            new NicModel(INTEL, 0x1563, "X550", 10, 10, null, PcieGen.GEN3, 4),
            new NicModel(INTEL, 0x1572, "X710", 10, 10, null, PcieGen.GEN3, 8),
            new NicModel(INTEL, 0x1583, "XL710", 40, 40, null, PcieGen.GEN3, 8),
            new NicModel(INTEL, 0x158b, "XXV710", 25, 25, null, PcieGen.GEN3, 8),
            new NicModel(INTEL, 0x1592, "E810-C", 100, 100, null, PcieGen.GEN4, 16),
            new NicModel(INTEL, 0x159b, "E810-XXV", 25, 25, null, PcieGen.GEN4, 8),
            new NicModel(INTEL, 0x1521, "I350", 1, 1, null, PcieGen.GEN2, 4),
            new NicModel(INTEL, 0x15f3, "I225", 2.5, 2.5, null, PcieGen.GEN2, 1),
            new NicModel(INTEL, 0x125c, "I226", 2.5, 2.5, null, PcieGen.GEN2, 1),
            new NicModel(BROADCOM, 0x16d7, "BCM57414", 25, 25, null, PcieGen.GEN3, 8),
            new NicModel(BROADCOM, 0x1750, "BCM57508", 200, 100, null, PcieGen.GEN4, 16));

    /** The family of a PCI vendor/device id, or empty ("unknown"). */
    public static Optional<NicModel> lookup(int vendorId, int deviceId) {
        int vendor = vendorId == MELLANOX_OUI ? MELLANOX : vendorId;
        return KNOWN.stream().filter(m -> m.vendorId == vendor && m.deviceId == deviceId).findFirst();
    }

    /**
     * The family named in a description ("MT27700 Family [ConnectX-4]", "Mellanox ConnectX-4
     * Adapter", "ConnectX-3 Pro"), longest name first so "ConnectX-4 Lx" is not read as
     * "ConnectX-4"; empty when none is named.
     */
    public static Optional<NicModel> byName(String description) {
        if (description == null) {
            return Optional.empty();
        }
        String d = description.toLowerCase(Locale.ROOT);
        return KNOWN.stream().sorted(Comparator.comparingInt((NicModel m) -> m.family.length()).reversed())
                .filter(m -> Pattern.compile("(?<![\\w-])" + Pattern.quote(
                        m.family.toLowerCase(Locale.ROOT)) + "(?![\\w-]|\\s(?:lx|pro|ex|dx)\\b)").matcher(d).find())
                .findFirst();
    }

    public static List<NicModel> known() {
        return KNOWN;
    }

    /** Best Ethernet Gbit/s per port for a card with {@code ports} ports; 0 when Ethernet is not offered. */
    public double bestEthGbps(int ports) {
        return ports <= 1 ? bestEthGbpsSinglePort : bestEthGbpsPerPortMultiPort;
    }
}
