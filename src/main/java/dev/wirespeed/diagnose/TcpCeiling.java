package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.limits.Framing;
import dev.wirespeed.limits.Links;
import dev.wirespeed.limits.NicModel;
import dev.wirespeed.limits.PcieLimit;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.units.Rate;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The ceiling a TCP bandwidth result is judged against: the path through the interface the result
 * ran over ({@link LinkCeiling} picks it), computed as `check` computes it ({@link HostPaths#via}:
 * the link's TCP goodput at its MTU — IPoIB framing on InfiniBand — and the PCIe link), so explain and
 * check judge the same figure the same way. A result at {@value #AT_LINE_RATE} of it or more is at line
 * rate: the path is the limit, and advice about streams, IRQs and buffers has nothing to win.
 *
 * <p>When no port's rate is shown, the card can still bound it: no port of a card runs faster than its
 * rating ({@link Cards}) or, as a fallback said as such, its family's best for that many ports
 * ({@link NicModel}); with TCP at MTU 9000 that is an upper bound of the ceiling. A result at 95 % of an
 * upper bound is at line rate whatever the real speed; below it nothing can be said.
 *
 * @param bitsPerSecond the ceiling, or its upper bound
 * @param netdev        the interface (or the adapter, for a bound)
 * @param what          the bottleneck stage as `limits` names it, or how the bound was found
 * @param upperBound    true when the ceiling is an upper bound from the card, not from the port's rate
 */
record TcpCeiling(double bitsPerSecond, String netdev, String what, boolean upperBound) {
    /** Issue 26: at 95 % of the path's ceiling a result is at line rate. */
    static final double AT_LINE_RATE = 0.95;

    /** "the 24.8 Gbit/s TCP ceiling of enp4s0f0np0 (25GbE, TCP at MTU 9000)". */
    String describe() {
        return upperBound ? "at most " + Rate.format(bitsPerSecond) + ", the TCP ceiling of " + netdev + " (" + what + ")"
                : "the " + Rate.format(bitsPerSecond) + " TCP ceiling of " + netdev + " (" + what + ")";
    }

    boolean atLineRate(double measured) {
        return measured >= AT_LINE_RATE * bitsPerSecond;
    }

    /** True when the result is known to be below line rate (never from an upper bound). */
    boolean belowLineRate(double measured) {
        return !upperBound && !atLineRate(measured);
    }

    String percent(double measured) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * measured / bitsPerSecond);
    }

    static boolean isTcpBandwidth(Measurement m) {
        return Measurement.Tests.TCP_BW.equals(m.test());
    }

    static Optional<TcpCeiling> of(Facts facts, Measurement m) {
        if (!isTcpBandwidth(m)) {
            return Optional.empty();
        }
        Optional<LinkCeiling> link = LinkCeiling.of(facts, m);
        if (link.isEmpty()) {
            return bound(facts);
        }
        String netdev = netdevOf(facts, link.get().link());
        if (netdev == null) {
            return Optional.empty();
        }
        return HostPaths.via(facts, netdev).map(p -> new TcpCeiling(p.limit().ceilingBitsPerSecond(), netdev,
                p.limit().bottleneck().name(), false));
    }

    /**
     * The fastest TCP any NIC of the host could carry, when no port shows its rate: its card's
     * rating, else its family's best per port, at the port's MTU or at most 9000. Empty when any
     * physical interface of the host is of unknown kind (the test may have run over it).
     */
    private static Optional<TcpCeiling> bound(Facts facts) {
        TcpCeiling best = null;
        for (Adapter a : Adapter.of(facts)) {
            if (a.ports().stream().allMatch(p -> p.netdev() == null || p.netdev().isLoopback())) {
                continue;
            }
            Optional<Cards.Rated> card = Cards.of(facts, a);
            Double gbps = card.map(c -> c.card().ethGbpsPerPort()).orElse(null);
            String why = null;
            if (gbps != null) {
                why = "its card, " + card.get().card().label() + ", runs each port at most at " + Links.formatGbps(gbps) + " Gbit/s";
            } else if (a.model().isPresent() && a.model().get().bestEthGbps(a.ports().size()) > 0) {
                NicModel m = a.model().get();
                gbps = m.bestEthGbps(a.ports().size());
                why = "the " + m.family() + " family's best for a " + a.ports().size() + "-port card is "
                        + Links.formatGbps(gbps) + " Gbit/s per port; the port's speed is not shown";
            }
            int mtu = a.ports().stream().map(Port::netdev).filter(n -> n != null && n.mtuBytes().isPresent())
                    .mapToInt(n -> n.mtuBytes().value()).max().orElse(9000);
            double bps = gbps == null ? Double.MAX_VALUE : gbps * 1e9 * Framing.ethernetTcpGoodput(Math.max(mtu, 576));
            PcieLimit pcie = PcieLinks.current(a.link());
            if (pcie != null && pcie.usableBitsPerSecond() < bps) {
                bps = pcie.usableBitsPerSecond(); // no port carries more than its card's PCIe link
                why = "its PCIe link, " + pcie.label() + ", carries " + Rate.format(bps) + " usable";
            }
            if (why == null) {
                return Optional.empty(); // an interface of unknown speed: the test may have run over it
            }
            String name = a.ports().stream().map(Port::netdev).filter(Objects::nonNull).map(NetInterface::name)
                    .findFirst().orElse(a.label());
            TcpCeiling c = new TcpCeiling(bps, name, why + (why.startsWith("its PCIe") ? "" : ", TCP at MTU " + mtu), true);
            best = best == null || c.bitsPerSecond() > best.bitsPerSecond() ? c : best;
        }
        return Optional.ofNullable(best);
    }

    /** The interface of a link as LinkCeiling names it: an interface name, or an RDMA port's paired netdev. */
    private static String netdevOf(Facts facts, String link) {
        if (facts.netInterface(link).isPresent()) {
            return link;
        }
        for (Adapter a : Adapter.of(facts)) {
            for (Port p : a.ports()) {
                if (p.rdma() != null && p.rdma().label().equals(link) && p.netdev() != null) {
                    return p.netdev().name();
                }
            }
        }
        return null;
    }
}
