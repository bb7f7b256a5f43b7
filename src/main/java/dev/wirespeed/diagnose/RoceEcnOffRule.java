package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * An active RoCE port whose netdev has ECN (DCQCN) off on every priority, both as notification
 * point (roce_np: the receiver sends CNPs) and reaction point (roce_rp: the sender slows down):
 * congestion is then handled only by pause/PFC, which spreads it, or by drops, which RoCE's
 * go-back-N retransmission turns into a collapse. Reads mlx5's /sys/class/net/NAME/ecn.
 */
final class RoceEcnOffRule implements Rule {
    static final String ID = "roce-ecn-off";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "active RoCE port with ECN (DCQCN) off on every priority (mlx5 sysfs ecn/roce_np, roce_rp)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            for (Port p : a.ports()) {
                RdmaPort r = p.rdma();
                NetInterface n = p.netdev();
                if (r == null || n == null || !r.isEthernet() || !r.isActive() || !n.roceEcn().isPresent()
                        || !n.roceEcn().value().off()) {
                    continue;
                }
                out.add(new Finding(ID, Severity.WARN, n.name(), n.name() + " (" + r.label() + ") carries RoCE with ECN "
                        + "off on every priority: congestion is left to pause/PFC or to drops",
                        Evidences.of(n.roceEcn(), r.linkLayer(), r.state()), null,
                        Fix.command("enable ECN on the priority RoCE traffic uses (often 3), on both hosts, and ECN "
                                + "marking on the switch queue", "echo 1 > /sys/class/net/" + n.name()
                                + "/ecn/roce_np/enable/3; echo 1 > /sys/class/net/" + n.name() + "/ecn/roce_rp/enable/3")));
            }
        }
        return out;
    }
}
