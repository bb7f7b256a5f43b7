package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.limits.CardModel;
import dev.wirespeed.limits.IbSpeed;
import dev.wirespeed.limits.Links;
import dev.wirespeed.limits.NicModel;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A linked port slower than its card is rated for
 * (src/test/resources/parse/ib/ibstatus-seed000-t3640-roce.txt: a ConnectX-4 Lx port at 10 Gbit/s that 25G
 * firmware unlocks). The card's model decides ({@link Cards}: part number, the vendor's description,
 * PSID/board_id): a MCX342A-XCC is a 10GbE ConnectX-3
 * (src/test/resources/parse/mlx/mlnxofedinstall-seed001.txt l.98-99), so 10 Gbit/s is its rate, not a fault.
 * Only when nothing names the model does the NIC family's best stand in, worded as such (the card may be a
 * slower model of the family). InfiniBand compares the lane speed (a 2X NDR port of a ConnectX-7 is as
 * designed); Ethernet the port speed per port. Info: the cause may be the model, the cable, the optics or the
 * peer; unknown families are skipped.
 */
final class PortRateBelowDeviceRule implements Rule {
    static final String ID = "port-rate-below-device";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "linked port slower than its card is rated (part number, description, PSID), else its family's best";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            Optional<Cards.Rated> card = Cards.of(facts, a);
            if (card.isEmpty() && a.model().isEmpty()) {
                continue;
            }
            for (Port p : a.ports()) {
                if (!p.isPhysicallyUp()) {
                    continue;
                }
                if (card.isPresent()) {
                    rated(card.get(), p, out);
                } else if (p.isInfiniband()) {
                    familyInfiniband(facts, a, a.model().get(), p, out);
                } else {
                    familyEthernet(facts, a, a.model().get(), a.ports().size(), p, out);
                }
            }
        }
        return out;
    }

    /** Against the card's own rating: quiet at it. */
    private static void rated(Cards.Rated rated, Port p, List<Finding> out) {
        CardModel c = rated.card();
        if (p.isInfiniband()) {
            IbRate r = p.rdma() != null && p.rdma().rate().isPresent() ? p.rdma().rate().value() : null;
            if (c.ibLane() == null || r == null || r.speed() == null || r.widthLanes() == null
                    || r.speed().ordinal() >= c.ibLane().ordinal()) {
                return;
            }
            double now = r.widthLanes() * r.speed().dataGbpsPerLane() * 1e9;
            double could = r.widthLanes() * c.ibLane().dataGbpsPerLane() * 1e9;
            out.add(new Finding(ID, Severity.INFO, p.label(), p.label() + " runs " + r.widthLanes() + "X " + r.speed()
                    + "; this card, " + c.label() + ", is rated for " + c.ibLane() + " lanes",
                    evidence(p.rdma().rate().evidence(), rated.evidence()), new Impact(now, could, Rate.format(now)
                            + " of data instead of " + Rate.format(could) + " at " + r.widthLanes() + "X " + c.ibLane()),
                    Fix.action("check the cable and the switch port support " + c.ibLane() + ", and the firmware")));
            return;
        }
        Double rate = p.rateBitsPerSecond();
        if (c.ethGbpsPerPort() == null || rate == null || rate >= c.ethGbpsPerPort() * 1e9) {
            return;
        }
        double best = c.ethGbpsPerPort();
        out.add(new Finding(ID, Severity.INFO, p.label(), p.label() + " runs at " + Rate.format(rate) + "; this card, "
                + c.label() + ", is rated " + Links.formatGbps(best) + " Gbit/s per port",
                evidence(p.rateEvidence(), rated.evidence()), new Impact(rate, best * 1e9, Rate.format(rate)
                        + " instead of " + Rate.format(best * 1e9)),
                Fix.action("check the optics or cable support " + Links.formatGbps(best) + "G, and the switch port or "
                        + "peer (ethtool IF shows what both sides advertise)")));
    }

    private static void familyInfiniband(Facts facts, Adapter a, NicModel m, Port p, List<Finding> out) {
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
                + "; the " + m.family() + " family reaches " + best + " lanes" + unnamed(facts, a),
                Evidences.of(p.rdma().rate()), new Impact(now, could, Rate.format(now) + " of data instead of up to "
                        + Rate.format(could) + " at " + r.widthLanes() + "X " + best),
                Fix.action("check the card's model first (its part number: mlxfwmanager, or lspci -vvv's [PN]); if it is "
                        + "rated " + best + ", check the cable and the switch port support it, and the firmware")));
    }

    private static void familyEthernet(Facts facts, Adapter a, NicModel m, int ports, Port p, List<Finding> out) {
        Double rate = p.rateBitsPerSecond();
        double best = m.bestEthGbps(ports);
        if (rate == null || best <= 0 || rate >= best * 1e9) {
            return;
        }
        out.add(new Finding(ID, Severity.INFO, p.label(), p.label() + " runs at " + Rate.format(rate) + "; the "
                + m.family() + " family's " + (ports > 1 ? ports + "-port cards reach up to " : "cards reach up to ")
                + Links.formatGbps(best) + " Gbit/s per port" + unnamed(facts, a),
                List.of(p.rateEvidence()), new Impact(rate, best * 1e9, Rate.format(rate) + " instead of up to "
                        + Rate.format(best * 1e9) + " (the family's best)"),
                Fix.action("check the card's model first (its part number: mlxfwmanager, or lspci -vvv's [PN]): some are "
                        + "sold as slower models; if it is rated faster, check the optics or cable and the switch port or peer")));
    }

    /** The family stands in for the card: say so, and name a part number the table does not know. */
    private static String unnamed(Facts facts, Adapter a) {
        return Cards.partNumber(facts, a).map(pn -> " (the family's best: part number " + pn + " is not in wirespeed's "
                + "card table, so this card may be rated slower)").orElse(" (the family's best: the output does not "
                + "name the card's model, which may be rated slower)");
    }

    private static List<Evidence> evidence(Evidence a, Evidence b) {
        List<Evidence> out = new ArrayList<>();
        out.add(a);
        out.add(b);
        return out;
    }
}
