package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.limits.NicModel;
import dev.wirespeed.limits.PcieLimit;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;

/**
 * The PCIe link trained slower or narrower than the device can do (seed 001: 5 GT/s of 8; seed 004:
 * x4 of x8). When a source shows only the trained link, the NIC family's PCIe interface stands in
 * for the maximum.
 */
final class PcieLinkDowngradedRule implements Rule {
    static final String ID = "pcie-link-downgraded";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "PCIe link slower or narrower than the device supports (current < max), with the capped rate";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            PcieLink link = a.link();
            if (untrained(link)) {
                if (a.functions().stream().noneMatch(PcieLinkDowngradedRule::virtualFunction)) {
                    out.add(untrainedFinding(a, link));
                }
                continue;
            }
            boolean inferred = (!link.maxGts().isPresent() || !link.maxWidth().isPresent()) && a.model().isPresent()
                    && (link.currentGts().isPresent() || link.currentWidth().isPresent());
            if (inferred) {
                link = withFamilyBest(link, a.model().get());
            }
            boolean speed = link.isSpeedDowngraded();
            boolean width = link.isWidthDowngraded();
            boolean reported = link.reportedDowngraded().orElse(false);
            if (!speed && !width && !reported) {
                continue;
            }
            PcieLimit now = PcieLinks.current(link);
            PcieLimit best = PcieLinks.best(link);
            String current = PcieLink.describe(link.currentGts(), link.currentWidth());
            String max = PcieLink.describe(link.maxGts(), link.maxWidth());
            String message = !(speed || width) ? "PCIe link runs at " + current + ", reported as downgraded"
                    : inferred ? "PCIe link runs at " + current + "; a " + a.model().get().family() + " supports " + max
                            + " (the family's best; the output does not show the card's maximum)"
                    : "PCIe link runs at " + current + "; the device supports " + max;
            Impact impact = null;
            if (now != null && best != null) {
                impact = new Impact(now.usableBitsPerSecond(), best.usableBitsPerSecond(),
                        now.label() + " carries " + Rate.format(now.usableBitsPerSecond()) + " usable ("
                                + Rate.format(now.rawBitsPerSecond()) + " raw); " + best.label() + " would carry "
                                + Rate.format(best.usableBitsPerSecond()) + " usable (" + Rate.format(best.rawBitsPerSecond()) + " raw)");
            }
            out.add(new Finding(ID, Severity.WARN, subject(a), message,
                    Evidences.of(link.currentGts(), link.currentWidth(), link.maxGts(), link.maxWidth(), link.reportedDowngraded()),
                    impact, fix(link, speed, width)));
        }
        return out;
    }

    /**
     * The family's PCIe interface as the maximum, for pasted output that shows only the trained
     * link (OFED installer "PCI Link Speed: 5GT/s" on a ConnectX-4, seed 001).
     */
    private static PcieLink withFamilyBest(PcieLink link, NicModel model) {
        String src = model.family() + " in wirespeed's NIC table";
        String raw = model.pcieGen().label() + " x" + model.pcieLanes();
        return new PcieLink(link.currentGts(), link.currentWidth(),
                link.maxGts().isPresent() ? link.maxGts() : Observed.of(model.pcieGen().gigaTransfersPerSecond(), raw, src),
                link.maxWidth().isPresent() ? link.maxWidth() : Observed.of(model.pcieLanes(), raw, src),
                link.maxPayloadBytes(), link.reportedDowngraded(), link.linkOwner());
    }

    /**
     * The link status reads width 0 (lspci "Speed unknown (downgraded), Width x0 (downgraded)", sysfs
     * current_link_width 0): no trained link. Every SR-IOV virtual function reads so, because a VF's
     * Link Status register is reserved and its traffic uses its PF's link (PCIe Base Specification,
     * SR-IOV chapter; search index files 36197416902 and 69262198174 show ConnectX-7 and I350 VFs).
     */
    static boolean untrained(PcieLink link) {
        Observed<Integer> w = link.currentWidth();
        return !w.isPresent() && w.raw() != null && w.raw().strip().replaceFirst("^[xX]", "").equals("0");
    }

    private static final java.util.regex.Pattern VF_NAME = java.util.regex.Pattern.compile(
            "(?i).*\\b(virtual function|vf)\\b.*");
    private static final java.util.Set<String> VF_DRIVERS = java.util.Set.of("igbvf", "ixgbevf", "iavf", "i40evf",
            "bnxt_en_vf", "mlx4_vf");

    /** A function known to be an SR-IOV virtual function: its name (pci.ids) or its driver says so. */
    static boolean virtualFunction(dev.wirespeed.host.PciFunction f) {
        return f.description().isPresent() && VF_NAME.matcher(f.description().value()).matches()
                || f.driver().isPresent() && VF_DRIVERS.contains(f.driver().value());
    }

    /**
     * A function that answers on the bus while its link status reads no link: only a VF does that by
     * design; the facts here do not name it a VF, so the finding says both readings.
     */
    private static Finding untrainedFinding(Adapter a, PcieLink link) {
        String max = PcieLink.describe(link.maxGts(), link.maxWidth());
        return new Finding(ID, Severity.WARN, subject(a), "PCIe link status reads no trained link (width "
                + link.currentWidth().raw().strip() + ", speed unknown)"
                + (link.maxWidth().isPresent() ? " on a device capable of " + max : "")
                + ": an SR-IOV virtual function always reads so (its link is its PF's), a physical function should not",
                Evidences.of(link.currentWidth(), link.currentGts(), link.maxGts(), link.maxWidth(), link.reportedDowngraded()),
                null, Fix.action("if this is a virtual function, read its PF's LnkSta instead (lspci -vvv -s PF); if it is "
                        + "the card itself, reseat it, check the slot is enabled in the BIOS/UEFI, and read lspci -vvv again"));
    }

    static String subject(Adapter a) {
        return (a.linkOwner() != null ? a.linkOwner() : a.key()) + a.model().map(m -> " (" + m.family() + ")").orElse("");
    }

    private static Fix fix(PcieLink link, boolean speed, boolean width) {
        List<String> steps = new ArrayList<>();
        if (speed) {
            String gen = link.maxGen() != null ? "Gen" + link.maxGen().number() : "its full speed";
            steps.add("set the slot to " + gen + " (or Auto) in the BIOS/UEFI and check the slot and riser support "
                    + gen);
        }
        if (width) {
            steps.add("move the card to a slot wired for x" + link.maxWidth().value()
                    + " (this one gives x" + link.currentWidth().value() + "; mechanical size is not electrical width)");
        }
        if (steps.isEmpty()) {
            steps.add("check the slot's speed and width in the BIOS and the board manual; reseat the card");
        }
        return Fix.action(String.join("; ", steps));
    }
}
