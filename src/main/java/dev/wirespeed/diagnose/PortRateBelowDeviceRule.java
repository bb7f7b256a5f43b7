package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.limits.IbSpeed;
import dev.wirespeed.limits.Links;
import dev.wirespeed.limits.NicModel;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;

/**
 * A linked port slower than its NIC family can run (seed 000: a ConnectX-4 Lx port at 10 Gbit/s
 * that 25G firmware unlocks). InfiniBand compares the lane speed (a 2X NDR port of a ConnectX-7 is
 * as designed); Ethernet the port speed against the family's best for that many ports. Info: the
 * cause may be the model, the cable, the optics or the peer; unknown families are skipped.
 */
final class PortRateBelowDeviceRule implements Rule {
    static final String ID = "port-rate-below-device";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "linked port slower than its NIC family's best (table of PCI ids; unknown ids are skipped)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            if (a.model().isEmpty()) {
                continue;
            }
            NicModel m = a.model().get();
            for (Port p : a.ports()) {
                if (!p.isPhysicallyUp()) {
                    continue;
                }
                if (p.isInfiniband()) {
                    infiniband(m, p, out);
                } else {
                    ethernet(m, a.ports().size(), p, out);
                }
            }
        }
        return out;
    }

    private static void infiniband(NicModel m, Port p, List<Finding> out) {
        if (m.bestIbLane() == null || p.rdma() == null || !p.rdma().rate().isPresent()) {
            return;
        }
        IbRate r = p.rdma().rate().value();
        if (r.speed() == null || r.widthLanes() == null || r.speed().ordinal() >= m.bestIbLane().ordinal()) {
            return;
        }
        IbSpeed best = m.bestIbLane();
        double now = r.widthLanes() * r.speed().dataGbpsPerLane() * 1e9;
        double could = r.widthLanes() * best.dataGbpsPerLane() * 1e9;
        out.add(new Finding(ID, Severity.INFO, p.label(), p.label() + " runs " + r.widthLanes() + "X " + r.speed()
                + "; " + m.family() + " reaches " + best + " lanes",
                Evidences.of(p.rdma().rate()), new Impact(now, could, Rate.format(now) + " of data instead of "
                        + Rate.format(could) + " at " + r.widthLanes() + "X " + best),
                Fix.action("check the cable and the switch port support " + best + ", and the card's model and firmware")));
    }

    private static void ethernet(NicModel m, int ports, Port p, List<Finding> out) {
        Double rate = p.rateBitsPerSecond();
        double best = m.bestEthGbps(ports);
        if (rate == null || best <= 0 || rate >= best * 1e9) {
            return;
        }
        out.add(new Finding(ID, Severity.INFO, p.label(), p.label() + " runs at " + Rate.format(rate) + "; "
                + m.family() + (ports > 1 ? " " + ports + "-port cards reach " : " reaches ") + Links.formatGbps(best)
                + " Gbit/s per port",
                List.of(p.rateEvidence()), new Impact(rate, best * 1e9, Rate.format(rate) + " instead of up to "
                        + Rate.format(best * 1e9)),
                Fix.action("check the card's model and firmware (some are sold as slower models), the optics or cable, "
                        + "and the switch port or peer")));
    }
}
