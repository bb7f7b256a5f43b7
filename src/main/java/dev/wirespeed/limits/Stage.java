package dev.wirespeed.limits;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One part of a path and what it can carry. Rates are decimal bit/s.
 *
 * @param kind                "link" (Ethernet or InfiniBand, with the protocol on top) or "pcie"
 * @param name                "2 × 25GbE", "InfiniBand 4X EDR", "PCIe 3.0 x4"
 * @param rawBitsPerSecond    after the line code: what the part moves (25 Gbit/s, 4X EDR 100, Gen3 x4 31.5)
 * @param usableBitsPerSecond after protocol overhead: what is left for payload (TCP, RDMA, TLP data)
 * @param assumption          how usable was computed, with the numbers assumed
 */
@JsonPropertyOrder({"kind", "name", "rawBitsPerSecond", "usableBitsPerSecond", "assumption"})
public record Stage(String kind, String name, double rawBitsPerSecond, double usableBitsPerSecond, String assumption) {
    public static final String LINK = "link";
    public static final String PCIE = "pcie";

    public static Stage pcie(PcieLimit p) {
        return new Stage(PCIE, p.label(), p.rawBitsPerSecond(), p.usableBitsPerSecond(), p.assumption());
    }
}
