package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.limits.CardModel;
import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What an adapter's ports ask of its PCIe link: the linked ports' rates now, and the card's rated
 * ports when its model is known ({@link Cards}), so a finding can say whether PCIe limits the ports
 * that run, and what all of them would need.
 *
 * @param linkedBitsPerSecond the linked ports' rates summed (0 when none is known)
 * @param linkedRates         each linked port's rate
 * @param ratedBitsPerSecond  the card's ports × their rated Ethernet speed, or 0 when not known
 * @param ratedPorts          the card's port count, or 0
 * @param evidence            where the rates were read
 */
record PortDemand(double linkedBitsPerSecond, List<Double> linkedRates, double ratedBitsPerSecond, int ratedPorts,
                  List<Evidence> evidence) {

    static PortDemand of(Facts facts, Adapter a) {
        double linked = 0;
        List<Double> rates = new ArrayList<>();
        List<Evidence> evidence = new ArrayList<>();
        for (Port p : a.ports()) {
            Double r = p.rateBitsPerSecond();
            if (p.isPhysicallyUp() && r != null) {
                linked += r;
                rates.add(r);
                evidence.add(p.rateEvidence());
            }
        }
        double rated = 0;
        int ports = 0;
        Optional<Cards.Rated> card = Cards.of(facts, a);
        if (card.isPresent()) {
            CardModel c = card.get().card();
            if (c.ethGbpsPerPort() != null && c.ports() > 0 && a.ports().stream().noneMatch(Port::isInfiniband)) {
                rated = c.ports() * c.ethGbpsPerPort() * 1e9;
                ports = c.ports();
            }
        }
        return new PortDemand(linked, List.copyOf(rates), rated, ports, List.copyOf(evidence));
    }

    /** What the link must carry for every port at line rate: the rated ports when known and more, else the linked ones. */
    double neededBitsPerSecond() {
        return Math.max(linkedBitsPerSecond, ratedBitsPerSecond);
    }

    /** "25.0 Gbit/s of its linked port", "50.0 Gbit/s of its 2 linked ports". */
    String describeLinked() {
        return Rate.format(linkedBitsPerSecond) + " of its " + (linkedRates.size() == 1 ? "linked port"
                : linkedRates.size() + " linked ports");
    }

    /** The ports the link should carry: the card's rated ports when they ask more than the linked ones. */
    String describeNeeded() {
        if (ratedBitsPerSecond > linkedBitsPerSecond) {
            return ratedPorts == 1 ? "card's port (" + Rate.format(ratedBitsPerSecond) + " at its rated speed)"
                    : ratedPorts + " ports of the card (" + Rate.format(ratedBitsPerSecond) + " at their rated speed)";
        }
        return linkedRates.size() == 1 ? "linked port (" + Rate.format(linkedBitsPerSecond) + ")"
                : linkedRates.size() + " linked ports (" + Rate.format(linkedBitsPerSecond) + ")";
    }

    /** True when {@link #describeNeeded} names one port. */
    boolean single() {
        return ratedBitsPerSecond > linkedBitsPerSecond ? ratedPorts == 1 : linkedRates.size() == 1;
    }

    /** ": one 25.0 Gbit/s port at line rate, not both" when the ports run at one rate and some fit; else "". */
    String lineRateShare(double usableBitsPerSecond) {
        if (linkedRates.size() < 2 || linkedRates.stream().distinct().count() != 1) {
            return "";
        }
        double each = linkedRates.getFirst();
        int fit = (int) Math.floor(usableBitsPerSecond / each);
        if (fit < 1 || fit >= linkedRates.size()) {
            return "";
        }
        String n = fit == 1 ? "one" : Integer.toString(fit);
        return ": " + n + " " + Rate.format(each) + " port" + (fit == 1 ? "" : "s") + " at line rate, not "
                + (linkedRates.size() == 2 ? "both" : "all " + linkedRates.size());
    }
}
