package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PhysState;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Ports without a physical link: an RDMA port Disabled, Polling (no peer or cable), Sleep or in
 * error recovery (src/test/resources/parse/ib/ibstatus-seed000-ft2000-disabled.txt: "phys state: 3:
 * Disabled"); a NIC port set up with no carrier (warn), or administratively down (info). A port whose only
 * state shown is DOWN (ibv_devinfo PORT_DOWN, mlnx_tune "Link status Down",
 * src/test/resources/parse/mlx/mlnx_tune-r-seed001.txt) warns too.
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
                } else if (p.rdma() != null && p.rdma().state().isPresent()) {
                    logicalOnly(p, out);
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
        Fix fix = switch (phys) {
            case DISABLED -> enable(p);
            case POLLING -> Fix.action("no link partner: check the cable or optics are seated and supported, and the other end is up");
            default -> Fix.action("check the cable, the optics and the link partner");
        };
        out.add(new Finding(ID, Severity.WARN, p.label(),
                p.label() + " has no physical link: " + r.physState().raw()
                        + (r.state().isPresent() ? ", state " + r.state().raw() : ""),
                Evidences.of(r.physState(), r.state()), null, fix));
    }

    /** An RDMA device name as the kernel registers it (mlx5_0, rocep1s0f0, hfi1_0): what ibportstate -C takes. */
    private static final Pattern CA_NAME = Pattern.compile("[A-Za-z][\\w.-]*");

    /**
     * How to enable a Disabled port, by its link layer: a RoCE port (Ethernet) is Disabled while its
     * netdev is down, so the netdev is brought up (the port's netdev from the pairing or the port's own
     * netdev fact: rdma link's "netdev", sysfs gid_attrs); an InfiniBand port is enabled with
     * ibportstate(8) on the local port (direct route 0) or on the switch port it faces. An unknown link
     * layer gets both ways, named as such (src/test/resources/parse/ib/ibstatus-seed000-ft2000-disabled.txt l.12: ft2000's mlx5_1 is Ethernet).
     */
    static Fix enable(Port p) {
        RdmaPort r = p.rdma();
        String netdev = p.netdev() != null ? p.netdev().name() : r.netdev().isPresent() ? r.netdev().value() : null;
        String ib = "ibportstate -C " + r.device() + " -P " + r.port() + " -D 0 " + r.port() + " enable";
        // without a link layer, the netdev's own type tells: Ethernet (RoCE) or InfiniBand (IPoIB)
        boolean ethernet = r.isEthernet() || !r.isInfiniband() && p.netdev() != null && p.netdev().isEthernet();
        boolean infiniband = r.isInfiniband() || !r.isEthernet() && p.netdev() != null && p.netdev().isIpoib();
        if (ethernet) {
            return netdev != null
                    ? Fix.command("enable the port: a RoCE port is Disabled while its netdev is down", "ip link set " + netdev + " up")
                    : Fix.action("enable the port: a RoCE port is Disabled while its netdev is down; bring that netdev up "
                            + "(ip link set IF up, where `rdma link show " + r.device() + "/" + r.port() + "` or ibdev2netdev names IF)");
        }
        // ibportstate -C takes the CA's name (mlx5_0); Windows' mlx5cmd names the adapter by its description instead
        boolean caName = CA_NAME.matcher(r.device()).matches();
        if (infiniband && !caName) {
            return Fix.action("enable the InfiniBand port on the switch port it faces (a subnet manager or the switch may have"
                    + " disabled it) and check the link partner is enabled; this output names the adapter \"" + r.device()
                    + "\", not a CA name that ibportstate -C takes (ibstat lists them)");
        }
        if (infiniband) {
            return Fix.command("enable the InfiniBand port (here, or on the switch port it faces) and check the link partner is enabled", ib);
        }
        return Fix.action("enable the port; the link layer is not shown: on InfiniBand "
                + (caName ? "`" + ib + "`" : "ibportstate on its CA (ibstat names it)") + " (or on the switch side), "
                + "on RoCE (Ethernet) bring its netdev up (ip link set " + (netdev != null ? netdev : "IF") + " up)");
    }

    /**
     * Only the logical state is shown (ibv_devinfo "PORT_DOWN (1)",
     * src/test/resources/parse/ib/ibv_devinfo-seed001-port-down.txt): DOWN means no physical link either —
     * INIT and ARMED are the subnet manager's to judge.
     */
    private static void logicalOnly(Port p, List<Finding> out) {
        RdmaPort r = p.rdma();
        if (r.state().value() != PortState.DOWN) {
            return;
        }
        out.add(new Finding(ID, Severity.WARN, p.label(),
                p.label() + " is down: state " + r.state().raw() + " (the physical state is not shown)",
                Evidences.of(r.state()), null,
                Fix.action("check the cable or optics and the link partner; ibstat or ibv_devinfo -v shows the physical "
                        + "state (Polling: no partner, Disabled: switched off)")));
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
        String state = i.carrier().isPresent() && !i.operState().isPresent() ? i.carrier().raw() // ethtool's "Link detected: no"
                : i.carrier().isPresent() ? "operstate " + i.operState().describe() + ", carrier " + i.carrier().describe()
                : "link status " + i.operState().raw();
        // the driver's own reason beside ethtool's "Link detected: no (Cable issue, Unsupported cable)"
        String reason = i.carrier().isPresent() && i.carrier().raw() != null && i.carrier().raw().contains("(")
                ? i.carrier().raw().substring(i.carrier().raw().indexOf('(')) : "";
        out.add(new Finding(ID, Severity.WARN, i.name(), i.name() + (i.adminUp().isPresent() ? " is up but" : "")
                + " has no link (" + state + ")",
                Evidences.of(i.operState(), i.carrier(), i.adminUp()), null,
                Fix.action(reason.toLowerCase(Locale.ROOT).contains("unsupported cable")
                        ? "the driver rejects the cable or optic " + reason + ": use one the NIC supports "
                                + "(ethtool -m " + i.name() + " names the module), then check the switch port or peer"
                        : "check the cable or optics and the switch port or peer")));
    }
}
