package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.host.PcieSlot;
import dev.wirespeed.limits.NicModel;
import dev.wirespeed.limits.PcieGen;
import dev.wirespeed.limits.PcieLimit;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The PCIe link trained slower or narrower than the device can do
 * (src/test/resources/parse/mlx/mlnx_tune-r-seed001.txt: 5 GT/s of 8;
 * src/test/resources/parse/pci/lspci-vvv-width-seed004.txt: x4 of x8). When a source shows only the trained
 * link, the NIC family's PCIe interface stands in for the maximum.
 *
 * <p>Judged against what the ports need ({@link PortDemand}): a warning when the link carries less than
 * the linked ports' sum, info when it still carries them at line rate
 * (src/test/resources/parse/seeds/001_f6752bc58d89dcbd.txt's 10GbE card at PCIe 2.0 x4: 14.6 Gbit/s usable
 * for one 10G port). The fix says what link the ports need and why, and names a wider slot only as far as the
 * facts know the box: the slot's own width (its upstream port, {@link PcieSlot}) tells a slot wired narrower
 * (src/test/resources/parse/pci/lspci-vvv-width-seed004.txt's OCP connector, x4: no other slot here) from a
 * link trained below its slot (reseat, riser, bifurcation). One cause, one finding: where the downgrade is
 * why the link carries less than the ports, {@link PcieBelowPortsRule} stays quiet.
 */
final class PcieLinkDowngradedRule implements Rule {
    static final String ID = "pcie-link-downgraded";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "PCIe link slower or narrower than the device supports (current < max), judged against the ports' needs";
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
            link = effective(a);
            boolean speed = link.isSpeedDowngraded();
            boolean width = link.isWidthDowngraded();
            boolean reported = link.reportedDowngraded().orElse(false);
            if (!speed && !width && !reported) {
                continue;
            }
            boolean inferred = link != a.link();
            PcieLimit now = PcieLinks.current(link);
            PcieLimit best = PcieLinks.best(link);
            String current = PcieLink.describe(link.currentGts(), link.currentWidth());
            String max = PcieLink.describe(link.maxGts(), link.maxWidth());
            boolean unlocated = link.limitNotLocated();
            String message = unlocated ? "the kernel reports a " + current + " link limiting the device"
                    + (inferred ? "; a " + a.model().get().family() + " supports " + max + " (the family's best)" : "")
                    + "; its line is cut before it names that link and the card's own maximum"
                    : !(speed || width) ? "PCIe link runs at " + current + ", reported as downgraded"
                    : inferred ? "PCIe link runs at " + current + "; a " + a.model().get().family() + " supports " + max
                            + " (the family's best; the output does not show the card's maximum)"
                    : "PCIe link runs at " + current + "; the device supports " + max;
            PortDemand demand = PortDemand.of(facts, a);
            List<Evidence> evidence = new ArrayList<>(Evidences.of(link.currentGts(), link.currentWidth(), link.maxGts(),
                    link.maxWidth(), link.reportedDowngraded()));
            Severity severity = Severity.WARN;
            if (now != null && demand.linkedBitsPerSecond() > 0) {
                evidence.addAll(demand.evidence());
                boolean limits = now.usableBitsPerSecond() < demand.linkedBitsPerSecond();
                message += limits ? ": it carries " + Rate.format(now.usableBitsPerSecond()) + " usable, less than the "
                        + demand.describeLinked() + demand.lineRateShare(now.usableBitsPerSecond())
                        : ": it still carries the " + demand.describeLinked() + " at line rate ("
                        + Rate.format(now.usableBitsPerSecond()) + " usable)";
                severity = limits ? Severity.WARN : Severity.INFO;
            }
            Impact impact = null;
            if (now != null && best != null) {
                impact = new Impact(now.usableBitsPerSecond(), best.usableBitsPerSecond(),
                        now.label() + " carries " + Rate.format(now.usableBitsPerSecond()) + " usable ("
                                + Rate.format(now.rawBitsPerSecond()) + " raw); " + best.label() + " would carry "
                                + Rate.format(best.usableBitsPerSecond()) + " usable (" + Rate.format(best.rawBitsPerSecond()) + " raw)");
            }
            Optional<DeviceSetting> slotWidth = a.linkOwner() == null ? Optional.empty()
                    : PcieSlot.maxWidth(facts.settings(), a.linkOwner());
            slotWidth.ifPresent(s -> evidence.add(s.evidence()));
            Fix fix = fix(link, speed, width, now, demand, slotWidth.map(s -> Integer.parseInt(s.value())).orElse(null));
            out.add(new Finding(ID, severity, subject(a), message, evidence, impact,
                    unlocated ? locateFirst(a, fix) : fix));
        }
        return out;
    }

    /** The adapter's link, with the family's PCIe interface as its maximum when the source shows none. */
    static PcieLink effective(Adapter a) {
        PcieLink link = a.link();
        boolean inferred = (!link.maxGts().isPresent() || !link.maxWidth().isPresent()) && a.model().isPresent()
                && (link.currentGts().isPresent() || link.currentWidth().isPresent());
        return inferred ? withFamilyBest(link, a.model().get()) : link;
    }

    /**
     * The family's PCIe interface as the maximum, for pasted output that shows only the trained
     * link (OFED installer "PCI Link Speed: 5GT/s" on a ConnectX-4,
     * src/test/resources/parse/mlx/mlnxofedinstall-seed001.txt).
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

    private static final Pattern VF_NAME = Pattern.compile(
            "(?i).*\\b(virtual function|vf)\\b.*");
    private static final Set<String> VF_DRIVERS = Set.of("igbvf", "ixgbevf", "iavf", "i40evf",
            "bnxt_en_vf", "mlx4_vf");

    /** A function known to be an SR-IOV virtual function: its name (pci.ids) or its driver says so. */
    static boolean virtualFunction(PciFunction f) {
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

    /**
     * The cut notice does not say which link on the way is slow: the kernel walks from the device up to the root
     * port and names the slowest (drivers/pci/pci.c, pcie_bandwidth_available), which can be a PCIe switch's, a
     * riser's or an external enclosure's link, where the slot's BIOS setting changes nothing. Locate it first.
     */
    private static Fix locateFirst(Adapter a, Fix fix) {
        String address = a.linkOwner() != null ? a.linkOwner() : a.key();
        return Fix.action("find the slow link first: the whole kernel line names it ('at <address>') and what the card "
                + "could do ('capable of …'): dmesg | grep 'available PCIe bandwidth'; lspci -vvv -s " + address
                + " shows the card's own link (LnkCap, LnkSta). If the slow link is a bridge on the way (a PCIe switch, "
                + "riser or external enclosure), that device is the limit and the BIOS slot setting will not change it; "
                + "if it is the card's own link: " + fix.action());
    }

    static String subject(Adapter a) {
        return (a.linkOwner() != null ? a.linkOwner() : a.key()) + a.model().map(m -> " (" + m.family() + ")").orElse("");
    }

    /**
     * What to do, by what the facts know: the generation back to its best in the BIOS when the speed
     * dropped; for the width, the lanes the ports need at the best speed and why, and where they can
     * come from — this slot is wired narrower (a wider slot only if the box has one), the slot is wide
     * enough (the card trained narrow: reseat, riser, bifurcation), or the slot is not known.
     */
    static Fix fix(PcieLink link, boolean speed, boolean width, PcieLimit now, PortDemand demand, Integer slotWidth) {
        List<String> steps = new ArrayList<>();
        PcieGen bestGen = link.maxGen() != null ? link.maxGen() : link.currentGen();
        Integer mps = link.maxPayloadBytes().optional().orElse(null);
        double need = demand.neededBitsPerSecond();
        if (speed) {
            String gen = link.maxGen() != null ? "Gen" + link.maxGen().number() : "its full speed";
            steps.add("set the slot to " + gen + " (or Auto) in the BIOS/UEFI and check the slot and riser support " + gen);
        }
        if (width && bestGen != null && link.currentWidth().isPresent() && link.maxWidth().isPresent()) {
            int cur = link.currentWidth().value();
            int maxW = link.maxWidth().value();
            PcieLimit atCurrentWidth = PcieLimit.of(bestGen, cur, mps);
            if (need > 0 && atCurrentWidth.usableBitsPerSecond() >= need) {
                steps.add("x" + cur + (speed ? " at " + bestGen.label() : "") + " carries "
                        + Rate.format(atCurrentWidth.usableBitsPerSecond()) + " usable, enough for the " + demand.describeNeeded()
                        + ": the width need not change");
            } else {
                int needed = maxW;
                for (int w : new int[] {1, 2, 4, 8, 16, 32}) {
                    if (w > cur && w <= maxW && need > 0 && PcieLimit.of(bestGen, w, mps).usableBitsPerSecond() >= need) {
                        needed = w;
                        break;
                    }
                }
                PcieLimit at = PcieLimit.of(bestGen, needed, mps);
                String why = need > 0 ? "the " + demand.describeNeeded() + " at line rate need" + (demand.single() ? "s" : "")
                        + " x" + needed + " ("
                        + at.label() + " carries " + Rate.format(at.usableBitsPerSecond()) + " usable)"
                        : "x" + needed + " (" + at.label() + ") carries " + Rate.format(at.usableBitsPerSecond())
                        + " usable, x" + cur + " " + Rate.format(PcieLimit.of(bestGen, cur, mps).usableBitsPerSecond())
                        + " (the ports' rates are not shown, so whether that limits them is not known)";
                if (slotWidth != null && slotWidth < needed) {
                    steps.add(why + "; this slot is wired for x" + slotWidth + " (its upstream port's maximum), so only a slot"
                            + " wired for x" + needed + " gives them, if the box has one; here x" + slotWidth + " carries "
                            + (now != null ? Rate.format(now.usableBitsPerSecond()) : "less") + " in total");
                } else if (slotWidth != null) {
                    steps.add(why + "; the slot supports x" + slotWidth + " but the link trained at x" + cur
                            + ": reseat the card, check the riser and the slot's bifurcation setting in the BIOS");
                } else {
                    steps.add(why + "; this link runs x" + cur + ": a slot wired for x" + needed + ", if the box has one "
                            + "(dmidecode -t slot lists the slots; mechanical size is not electrical width)");
                }
            }
        }
        if (steps.isEmpty()) {
            steps.add("check the slot's speed and width in the BIOS and the board manual; reseat the card");
        }
        return Fix.action(String.join("; ", steps));
    }
}
