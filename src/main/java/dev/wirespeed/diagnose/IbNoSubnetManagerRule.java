package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.host.Services;
import java.util.ArrayList;
import java.util.List;

/**
 * An InfiniBand port with a physical link stuck in INIT or ARMED: the subnet manager has not
 * brought it to ACTIVE. With SM LID 0 there is no SM at all
 * (src/test/resources/parse/seeds/001_f6752bc58d89dcbd.txt: yellow LED, port INIT; "systemctl start
 * opensmd"). The unit that starts one is the host's ({@link Services}: opensmd with MLNX_OFED, opensm with
 * the distribution's package; both when the facts cannot tell). When this host was also seen running no SM,
 * {@link IbSmNotRunningRule} speaks for the same cause and this rule is quiet on that port.
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
            if (s != PortState.INIT && s != PortState.ARMED || IbSmNotRunningRule.speaksFor(facts, p)) {
                continue;
            }
            boolean noSm = p.smLid().isPresent() && p.smLid().value() == 0;
            if (noSm) {
                List<Evidence> evidence = new ArrayList<>(Evidences.of(p.state(), p.smLid(), p.physState()));
                String message = p.label() + " is " + s + " with SM LID 0: no subnet manager has configured it, so it"
                        + " carries no traffic" + ipoibWaiting(facts, p, evidence);
                Services.subnetManagerEvidence(facts.settings()).ifPresent(evidence::add);
                out.add(new Finding(ID, Severity.ERROR, p.label(), message, evidence, null, startOne(facts)));
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

    /**
     * The port's IPoIB interface waits with it (src/test/resources/parse/seeds/001_f6752bc58d89dcbd.txt:
     * ibp3s0 in datagram mode while mlx5_0 is INIT): the same cause, so it is said here, with its mode as
     * evidence, and ipoib-datagram judges the mode once the port is ACTIVE. Empty when the port has no IPoIB
     * interface in the facts.
     */
    static String ipoibWaiting(Facts facts, RdmaPort p, List<Evidence> evidence) {
        NetInterface i = facts.netdevOf(p).orElse(null);
        if (i == null || !i.isIpoib()) {
            return "";
        }
        evidence.addAll(Evidences.of(i.ipoibMode(), i.mtuBytes()));
        String mode = i.ipoibMode().isPresent() ? " (" + i.ipoibMode().value()
                + (i.mtuBytes().isPresent() ? " mode, MTU " + i.mtuBytes().value() : " mode") + ")" : "";
        return "; its IPoIB interface " + i.name() + mode + " carries nothing until the port is ACTIVE";
    }

    /** Run one SM per fabric; the unit named as this host has it (see {@link Services#startSubnetManager}). */
    static Fix startOne(Facts facts) {
        return Fix.command("run a subnet manager on one host of the fabric (or enable the switch's); "
                + Services.subnetManagerWhy(facts.settings()), Services.startSubnetManager(facts.settings()));
    }
}
