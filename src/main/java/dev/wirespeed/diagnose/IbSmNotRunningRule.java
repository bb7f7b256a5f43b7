package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * No subnet manager anywhere in sight: an InfiniBand port is INIT (or reports SM LID 0) and every
 * look for an SM came back empty — doctor's /proc/PID/comm scan, `systemctl status opensm` inactive —
 * with no sminfo answer or running opensm seen (seed 001 l.646-652: no OpenSM, port stuck, "systemctl
 * start opensmd"). Quiet when nothing was looked at: an SM on a switch or another node is invisible here.
 */
final class IbSmNotRunningRule implements Rule {
    static final String ID = "ib-sm-not-running";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "InfiniBand port INIT or SM LID 0 while no opensm is seen (process scan, systemctl, ps, sminfo)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<DeviceSetting> sm = NfsRdma.settings(facts.settings(), NfsRdma.FABRIC, NfsRdma.SUBNET_MANAGER);
        if (sm.isEmpty() || sm.stream().anyMatch(s -> !s.value().equals("not running"))) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>();
        for (RdmaPort p : facts.rdmaPorts()) {
            if (!p.isInfiniband()) {
                continue;
            }
            // a DOWN port has no link for an SM to reach: port-down's subject, not this rule's
            boolean linked = p.state().isPresent() && p.state().value() != PortState.DOWN;
            boolean init = linked && p.state().value() == PortState.INIT;
            boolean noSm = p.smLid().isPresent() && p.smLid().value() == 0;
            if (!linked || (!init && !noSm)) {
                continue;
            }
            out.add(new Finding(ID, Severity.ERROR, p.label(), p.label() + " is "
                    + (init ? "INIT" : "at SM LID 0") + " and no subnet manager runs here ("
                    + sm.getFirst().evidence().raw() + "): start one on this host or on another node or switch of the fabric",
                    concat(Evidences.of(p.state(), p.smLid()), sm.getFirst().evidence()),
                    null, Fix.command("run a subnet manager (one per fabric; the switch's, or opensm on one host)",
                            "systemctl enable --now opensm")));
        }
        return out;
    }

    private static List<dev.wirespeed.host.Evidence> concat(List<dev.wirespeed.host.Evidence> a, dev.wirespeed.host.Evidence b) {
        List<dev.wirespeed.host.Evidence> out = new ArrayList<>(a);
        out.add(b);
        return out;
    }
}
