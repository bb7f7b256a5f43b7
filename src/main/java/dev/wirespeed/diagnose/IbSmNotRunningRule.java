package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.host.Services;
import java.util.ArrayList;
import java.util.List;

/**
 * No subnet manager anywhere in sight: an InfiniBand port is INIT (or reports SM LID 0) and every
 * look for an SM came back empty — doctor's /proc/PID/comm scan, `systemctl status opensm(d)` inactive —
 * with no sminfo answer or running opensm seen (src/test/resources/parse/seeds/001_f6752bc58d89dcbd.txt l.647-653: no OpenSM, port stuck, "systemctl
 * start opensmd"). Quiet when nothing was looked at (an SM on a switch or another node is invisible
 * here) and when the port knows an SM LID other than 0 (an SM is somewhere). One cause, one finding:
 * where this rule fires, {@link IbNoSubnetManagerRule} stays quiet on that port and its facts (state,
 * SM LID, physical state) are this finding's evidence. The unit it starts is the host's
 * ({@link IbNoSubnetManagerRule#startOne}).
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

    /** The looks for an SM on this host, when every one came back empty; else empty. */
    static List<DeviceSetting> noneSeen(Facts facts) {
        List<DeviceSetting> sm = NfsRdma.settings(facts.settings(), NfsRdma.FABRIC, NfsRdma.SUBNET_MANAGER);
        return sm.isEmpty() || sm.stream().anyMatch(s -> !s.value().equals("not running")) ? List.of() : sm;
    }

    /** True when this rule speaks for {@code p}: the SM's absence is seen and the port waits for one. */
    static boolean speaksFor(Facts facts, RdmaPort p) {
        if (!p.isInfiniband() || noneSeen(facts).isEmpty()) {
            return false;
        }
        // a DOWN port has no link for an SM to reach: port-down's subject, not this rule's
        boolean linked = p.state().isPresent() && p.state().value() != PortState.DOWN;
        boolean init = linked && p.state().value() == PortState.INIT;
        boolean noSm = p.smLid().isPresent() && p.smLid().value() == 0;
        // an SM LID other than 0 is an SM somewhere in the fabric: not running here is then no fault
        boolean smKnown = p.smLid().isPresent() && p.smLid().value() != 0;
        return linked && !smKnown && (init || noSm);
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<DeviceSetting> sm = noneSeen(facts);
        List<Finding> out = new ArrayList<>();
        for (RdmaPort p : facts.rdmaPorts()) {
            if (!speaksFor(facts, p)) {
                continue;
            }
            boolean init = p.state().value() == PortState.INIT;
            List<Evidence> evidence = new ArrayList<>(Evidences.of(p.state(), p.smLid(), p.physState()));
            evidence.add(sm.getFirst().evidence());
            String message = p.label() + " is " + (init ? "INIT" : "at SM LID 0") + " and no subnet manager runs here ("
                    + sm.getFirst().evidence().raw() + "): start one on this host or on another node or switch of the fabric"
                    + IbNoSubnetManagerRule.ipoibWaiting(facts, p, evidence);
            Services.subnetManagerEvidence(facts.settings()).filter(e -> !evidence.contains(e))
                    .ifPresent(evidence::add);
            out.add(new Finding(ID, Severity.ERROR, p.label(), message, evidence, null, IbNoSubnetManagerRule.startOne(facts)));
        }
        return out;
    }
}
