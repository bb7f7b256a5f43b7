package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.IpoibMode;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.limits.Framing;
import dev.wirespeed.limits.Links;
import dev.wirespeed.limits.PathLimit;
import dev.wirespeed.limits.PcieLimit;
import dev.wirespeed.limits.Stage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The ceilings of a host's paths, from its facts: per adapter, its linked ports (TCP over Ethernet
 * at their MTU, RDMA over InfiniBand) and its PCIe link; or one interface's path (what `check HOST`
 * uses). Parts that are unknown are left out, so a path may have only a link or only PCIe.
 */
public final class HostPaths {
    private HostPaths() {}

    /** A path with the adapter and ports it belongs to. */
    public record HostPath(Adapter adapter, List<Port> ports, PathLimit limit) {}

    /** One path per adapter with at least one linked port of known rate. */
    public static List<HostPath> of(Facts facts) {
        List<HostPath> out = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            List<Port> linked = a.ports().stream().filter(p -> p.isPhysicallyUp() && p.rateBitsPerSecond() != null).toList();
            if (linked.isEmpty()) {
                continue;
            }
            path(a, linked, false).ifPresent(out::add);
        }
        return out;
    }

    /** The path of a TCP test through one interface (by netdev name): IPoIB framing on InfiniBand. */
    public static Optional<HostPath> via(Facts facts, String netdev) {
        for (Adapter a : Adapter.of(facts)) {
            for (Port p : a.ports()) {
                if (p.netdev() != null && p.netdev().name().equals(netdev)) {
                    return p.rateBitsPerSecond() == null && PcieLinks.current(a.link()) == null
                            ? Optional.empty() : path(a, List.of(p), true);
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<HostPath> path(Adapter a, List<Port> ports, boolean tcp) {
        List<Stage> stages = new ArrayList<>();
        List<Port> eth = ports.stream().filter(p -> !p.isInfiniband() && p.rateBitsPerSecond() != null).toList();
        List<Port> ib = ports.stream().filter(p -> p.isInfiniband() && p.rateBitsPerSecond() != null).toList();
        if (!eth.isEmpty()) {
            stages.add(ethernet(eth));
        }
        if (!ib.isEmpty()) {
            stages.add(infiniband(ib, tcp));
        }
        PcieLimit pcie = PcieLinks.current(a.link());
        if (pcie != null) {
            stages.add(Stage.pcie(pcie));
        }
        if (stages.isEmpty()) {
            return Optional.empty();
        }
        String names = String.join(", ", ports.stream().map(Port::label).toList());
        return Optional.of(new HostPath(a, ports, new PathLimit(a.label() + ": " + names, stages)));
    }

    private static Stage ethernet(List<Port> ports) {
        double raw = 0;
        List<String> speeds = new ArrayList<>();
        Integer mtu = null;
        for (Port p : ports) {
            double r = p.rateBitsPerSecond();
            raw += r;
            speeds.add(Links.formatGbps(r / 1e9) + "GbE");
            NetInterface n = p.netdev();
            if (n != null && n.mtuBytes().isPresent()) {
                mtu = mtu == null ? n.mtuBytes().value() : Math.min(mtu, n.mtuBytes().value());
            }
        }
        boolean assumed = mtu == null || mtu < 576;
        int m = assumed ? 1500 : mtu;
        String name = String.join(" + ", speeds) + ", TCP at MTU " + m;
        return new Stage(Stage.LINK, name, raw, raw * Framing.ethernetTcpGoodput(m),
                Framing.ethernetAssumption(m) + (assumed ? " (MTU unknown, 1500 assumed)" : ""));
    }

    private static Stage infiniband(List<Port> ports, boolean tcp) {
        IbRate first = ports.getFirst().rdma() == null ? null : ports.getFirst().rdma().rate().optional().orElse(null);
        boolean uniform = first != null && first.widthLanes() != null && first.speed() != null && ports.stream()
                .allMatch(p -> p.rdma() != null && first.equals(p.rdma().rate().optional().orElse(null)));
        NetInterface ipoib = ports.size() == 1 && ports.getFirst().netdev() != null && ports.getFirst().netdev().isIpoib()
                ? ports.getFirst().netdev() : null;
        if (uniform && tcp && ipoib != null && ipoib.mtuBytes().isPresent() && ipoib.mtuBytes().value() >= 576) {
            boolean connected = ipoib.isIpoibMode(IpoibMode.CONNECTED);
            return Links.infiniband(first.widthLanes(), first.speed(), 1, connected, ipoib.mtuBytes().value());
        }
        if (uniform) {
            return Links.infiniband(first.widthLanes(), first.speed(), ports.size(), null, null);
        }
        double data = ports.stream().mapToDouble(Port::rateBitsPerSecond).sum();
        return new Stage(Stage.LINK, "InfiniBand " + String.format(Locale.ROOT, "%s Gbit/s", Links.formatGbps(data / 1e9)),
                data, data, "rate as reported (width and lane speed unknown: encoding not deducted)");
    }
}
