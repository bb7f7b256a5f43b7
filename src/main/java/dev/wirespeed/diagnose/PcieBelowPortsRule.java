package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.limits.PcieLimit;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;

/**
 * The PCIe link carries less than the adapter's ports with a physical link add up to, and the card's
 * own PCIe interface is why (two 100G ports behind a Gen3 x16 card). When the link is downgraded and
 * the device's best link would carry the ports (src/test/resources/parse/pci/lspci-vvv-width-seed004.txt: two
 * 25G ports behind x4 of x8), the cause is the downgrade and {@link PcieLinkDowngradedRule} says it with
 * these ports: one cause, one finding.
 */
final class PcieBelowPortsRule implements Rule {
    static final String ID = "pcie-below-ports";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "PCIe link (usable rate) below the sum of the rates of the adapter's linked ports";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            PcieLimit now = PcieLinks.current(a.link());
            if (now == null) {
                continue;
            }
            double portsBitsPerSecond = 0;
            List<String> names = new ArrayList<>();
            List<Evidence> evidence = new ArrayList<>(Evidences.of(a.link().currentGts(), a.link().currentWidth()));
            for (Port p : a.ports()) {
                Double r = p.rateBitsPerSecond();
                if (p.isPhysicallyUp() && r != null) {
                    portsBitsPerSecond += r;
                    names.add(p.label() + " " + Rate.format(r));
                    evidence.add(p.rateEvidence());
                }
            }
            if (names.isEmpty() || now.usableBitsPerSecond() >= portsBitsPerSecond) {
                continue;
            }
            PcieLimit bestOfDevice = PcieLinks.best(PcieLinkDowngradedRule.effective(a));
            PcieLink effective = PcieLinkDowngradedRule.effective(a);
            if ((effective.isSpeedDowngraded() || effective.isWidthDowngraded()) && bestOfDevice != null
                    && bestOfDevice.usableBitsPerSecond() >= portsBitsPerSecond) {
                continue; // the downgrade is why: pcie-link-downgraded says it, with these ports (one cause, one finding)
            }
            String message = now.label() + " carries " + Rate.format(now.usableBitsPerSecond()) + " usable ("
                    + Rate.format(now.rawBitsPerSecond()) + " raw), less than the " + Rate.format(portsBitsPerSecond)
                    + " of " + (names.size() == 1 ? "its linked port " : "its " + names.size() + " linked ports ")
                    + String.join(", ", names);
            Impact impact = new Impact(now.usableBitsPerSecond(), portsBitsPerSecond,
                    "at most " + Rate.format(now.usableBitsPerSecond()) + " in total instead of " + Rate.format(portsBitsPerSecond)
                            + " (" + now.assumption() + ")");
            PcieLimit best = PcieLinks.best(a.link());
            Fix fix;
            if (best != null && best.usableBitsPerSecond() >= portsBitsPerSecond
                    && (a.link().isSpeedDowngraded() || a.link().isWidthDowngraded())) {
                fix = Fix.action("run the link at " + best.label() + " (" + Rate.format(best.usableBitsPerSecond())
                        + " usable), see " + PcieLinkDowngradedRule.ID);
            } else {
                fix = Fix.action("the card's PCIe interface cannot carry all ports at line rate: expect at most "
                        + Rate.format(now.usableBitsPerSecond()) + " in total, or use a card/slot with a faster PCIe link");
            }
            out.add(new Finding(ID, Severity.WARN, PcieLinkDowngradedRule.subject(a), message, evidence, impact, fix));
        }
        return out;
    }
}
