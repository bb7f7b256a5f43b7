package dev.wirespeed.diagnose;

import dev.wirespeed.host.PcieLink;
import dev.wirespeed.limits.PcieGen;
import dev.wirespeed.limits.PcieLimit;

/** PCIe limits of an adapter's link, current and at its best; null where a part is unknown. */
final class PcieLinks {
    private PcieLinks() {}

    static PcieLimit current(PcieLink link) {
        PcieGen gen = link.currentGen();
        if (gen == null || !link.currentWidth().isPresent()) {
            return null;
        }
        return PcieLimit.of(gen, link.currentWidth().value(), link.maxPayloadBytes().optional().orElse(null));
    }

    /** The link at the device's best speed and width (unknown parts taken from the current link). */
    static PcieLimit best(PcieLink link) {
        PcieGen gen = link.maxGen() != null ? link.maxGen() : link.currentGen();
        Integer width = link.maxWidth().isPresent() ? link.maxWidth().value() : link.currentWidth().optional().orElse(null);
        if (gen == null || width == null) {
            return null;
        }
        return PcieLimit.of(gen, width, link.maxPayloadBytes().optional().orElse(null));
    }
}
