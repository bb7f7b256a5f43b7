package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.PauseFrames;
import java.util.ArrayList;
import java.util.List;

/**
 * A RoCE port whose netdev has pause frames off (src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt:
 * "RoCE needs a lossless network"; `ethtool -a` RX/TX on). Without global pause or PFC, RoCE retransmits on
 * every drop. sysfs does not show pause settings: the facts come from `ethtool -a` output, pasted (explain)
 * or run by doctor (inspect.QosReader). PFC on some priority (mlnx_qos "pfc" setting) counts as flow control;
 * whether it is RoCE's priority is {@link RocePfcPriorityRule}'s question.
 */
final class RoceFlowControlRule implements Rule {
    static final String ID = "roce-no-flow-control";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "active RoCE port with Ethernet pause frames off and no PFC (ethtool -a, dcb or mlnx_qos output)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Adapter a : Adapter.of(facts)) {
            for (Port p : a.ports()) {
                if (p.rdma() == null || p.netdev() == null || !p.rdma().isEthernet() || !p.rdma().isActive()
                        || !p.netdev().pause().isPresent()) {
                    continue;
                }
                PauseFrames pause = p.netdev().pause().value();
                if (pause.rx() == null || pause.tx() == null || pause.bothOn()) {
                    continue;
                }
                String name = p.netdev().name();
                var pfc = RocePfcPriorityRule.setting(facts, name, "pfc");
                if (pfc.isPresent() && !pfc.get().value().equals("none")) {
                    continue;
                }
                out.add(new Finding(ID, Severity.WARN, p.label(), p.label() + " is RoCE with pause frames RX "
                        + onOff(pause.rx()) + ", TX " + onOff(pause.tx()) + (pfc.isPresent() ? " and PFC off on every priority: nothing prevents drops"
                        : ": drops are not prevented unless PFC is configured"),
                        pfc.isPresent() ? List.of(p.netdev().pause().evidence(), pfc.get().evidence())
                                : List.of(p.netdev().pause().evidence()), null,
                        Fix.command("turn on global pause (or configure PFC on the RoCE priority) on both ends and the switch",
                                "ethtool -A " + name + " rx on tx on")));
            }
        }
        return out;
    }

    private static String onOff(Boolean b) {
        return b ? "on" : "off";
    }
}
