package dev.wirespeed.host;

import java.util.Locale;

/** Link layer of an RDMA port (sysfs ports/N/link_layer): InfiniBand, or Ethernet for RoCE. */
public enum LinkLayer {
    INFINIBAND, ETHERNET;

    /** "InfiniBand", "Ethernet" (sysfs, ibstat), "IB", "ETH" (mlnx_tune, mlxconfig). */
    public static LinkLayer parse(String text) {
        String t = text.strip().toUpperCase(Locale.ROOT);
        return switch (t) {
            case "INFINIBAND", "IB" -> INFINIBAND;
            case "ETHERNET", "ETH" -> ETHERNET;
            default -> throw new IllegalArgumentException("expected InfiniBand or Ethernet but was '" + text + "'");
        };
    }
}
