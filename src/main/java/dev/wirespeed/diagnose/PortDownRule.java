package dev.wirespeed.diagnose;

import dev.wirespeed.host.Context;
import dev.wirespeed.host.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PhysState;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * Ports without a physical link: an RDMA port Disabled, Polling (no peer or cable), Sleep or in
 * error recovery (seed 000: "phys state: 3: Disabled"); a NIC port set up with no carrier (warn),
 * or administratively down (info).
 */
final class PortDownRule implements Rule {
    static final String ID = "port-down";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "port physically down: Disabled, Polling, no carrier (warn); administratively down (info)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            for (Port p : a.ports()) {
                if (p.rdma() != null && p.rdma().physState().isPresent()) {
                    rdma(p, out);
                } else if (p.netdev() != null && p.rdma() == null) {
                    netdev(p.netdev(), out);
                }
            }
        }
        return out;
    }

    private static void rdma(Port p, List<Finding> out) {
        RdmaPort r = p.rdma();
        PhysState phys = r.physState().value();
        if (phys == PhysState.LINK_UP) {
            return;
        }
        String netdev = p.netdev() != null ? p.netdev().name() : null;
        Fix fix = switch (phys) {
            case DISABLED -> r.isEthernet() && netdev != null
                    ? Fix.command("enable the port (a RoCE port is Disabled while its netdev is down)", "ip link set " + netdev + " up")
                    : Fix.action("enable the port (ibportstate … enable, or on the switch side) and check the link partner is enabled");
            case POLLING -> Fix.action("no link partner: check the cable or optics are seated and supported, and the other end is up");
            default -> Fix.action("check the cable, the optics and the link partner");
        };
        out.add(new Finding(ID, Severity.WARN, p.label(),
                p.label() + " has no physical link: " + r.physState().raw()
                        + (r.state().isPresent() ? ", state " + r.state().raw() : ""),
                Evidences.of(r.physState(), r.state()), null, fix));
    }

    private static void netdev(NetInterface i, List<Finding> out) {
        if (!(i.isEthernet() || i.isIpoib()) || i.isLinkUp() || !i.operState().isPresent() && !i.carrier().isPresent()) {
            return;
        }
        if (i.adminUp().isPresent() && !i.adminUp().value()) {
            out.add(new Finding(ID, Severity.INFO, i.name(), i.name() + " is administratively down",
                    Evidences.of(i.adminUp(), i.operState()), null, Fix.command("bring it up if it should carry traffic",
                            "ip link set " + i.name() + " up")));
            return;
        }
        out.add(new Finding(ID, Severity.WARN, i.name(), i.name() + " is up but has no link (operstate "
                + i.operState().describe() + ", carrier " + i.carrier().describe() + ")",
                Evidences.of(i.operState(), i.carrier(), i.adminUp()), null,
                Fix.action("check the cable or optics and the switch port or peer")));
    }
}
