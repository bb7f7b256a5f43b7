package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IpoibMode;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * An IPoIB interface in datagram mode whose InfiniBand port is still INIT (seed 001: mlx5_0 at
 * "2: INIT", ibp3s0 in datagram mode at MTU 2044, no OpenSM). INIT means the physical link trained
 * but no subnet manager has configured the port: IPoIB has no carrier and cannot join its broadcast
 * group, so it carries nothing. {@link IpoibDatagramRule} skips an interface that is down, so without
 * this rule the mode waits unnoticed until the SM activates the port and TCP crawls at 2 KiB packets.
 */
final class IpoibDatagramInitRule implements Rule {
    static final String ID = "ipoib-datagram-port-init";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "IPoIB interface in datagram mode while its InfiniBand port is still INIT (no subnet manager)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (RdmaPort p : facts.rdmaPorts()) {
            if (!p.state().isPresent() || p.state().value() != PortState.INIT) {
                continue;
            }
            NetInterface i = facts.netdevOf(p).orElse(null);
            if (i == null || !i.isIpoib() || !i.isIpoibMode(IpoibMode.DATAGRAM)) {
                continue;
            }
            String mtu = i.mtuBytes().isPresent() ? " at MTU " + i.mtuBytes().value() : "";
            out.add(new Finding(ID, Severity.WARN, i.name(), i.name() + ": IPoIB in datagram mode" + mtu + " on "
                    + p.label() + ", which is INIT: no subnet manager has activated the port, so the interface carries"
                    + " nothing now, and once it does, datagram mode sends a packet every 2-4 KiB",
                    Evidences.of(i.ipoibMode(), p.state(), i.mtuBytes()), null,
                    Fix.command("run a subnet manager on the fabric (opensm on one node or the switch) and switch IPoIB "
                            + "to connected mode with a 65520 MTU (mlx5 enhanced IPoIB is datagram-only: MTU 4092)",
                            "systemctl start opensm; echo connected > /sys/class/net/" + i.name() + "/mode")));
        }
        return out;
    }
}
