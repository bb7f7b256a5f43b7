package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * An InfiniBand port with a physical link stuck in INIT or ARMED: the subnet manager has not
 * brought it to ACTIVE. With SM LID 0 there is no SM at all (seed 001: yellow LED, port INIT;
 * "systemctl start opensmd").
 */
final class IbNoSubnetManagerRule implements Rule {
    static final String ID = "ib-no-subnet-manager";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "InfiniBand port INIT/ARMED: no subnet manager (SM LID 0, error) or not activated by it (warn)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (RdmaPort p : facts.rdmaPorts()) {
            if (!p.isInfiniband() || !p.state().isPresent()) {
                continue;
            }
            PortState s = p.state().value();
            if (s != PortState.INIT && s != PortState.ARMED) {
                continue;
            }
            boolean noSm = p.smLid().isPresent() && p.smLid().value() == 0;
            if (noSm) {
                out.add(new Finding(ID, Severity.ERROR, p.label(), p.label() + " is " + s
                        + " with SM LID 0: no subnet manager has configured it, so it carries no traffic",
                        Evidences.of(p.state(), p.smLid(), p.physState()), null,
                        Fix.command("run a subnet manager on one host of the fabric (or enable the switch's)",
                                "systemctl enable --now opensm")));
            } else {
                out.add(new Finding(ID, Severity.WARN, p.label(), p.label() + " is " + s
                        + (p.smLid().isPresent() ? " though a subnet manager (LID " + p.smLid().value() + ") is known" : "")
                        + ": the subnet manager has not activated it",
                        Evidences.of(p.state(), p.smLid(), p.physState()), null,
                        Fix.action("check the subnet manager's log and partition/port configuration; a sweep may be pending")));
            }
        }
        return out;
    }
}
