package dev.wirespeed.diagnose.rules;

import dev.wirespeed.diagnose.Context;
import dev.wirespeed.diagnose.Facts;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Fix;
import dev.wirespeed.diagnose.Rule;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PauseFrames;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.List;

/**
 * RoCE needs a lossless Ethernet: global pause (802.3x) or PFC on the adapter and the switch
 * (NVIDIA's RoCE guidance; seed 000 checks it with ethtool -a). An interface with pause RX or TX
 * off on a host with an active RoCE port, where nothing shows PFC, drops and retransmits under load.
 */
public final class RocePauseOffRule implements Rule {
    @Override
    public String id() {
        return "roce-pause-off";
    }

    @Override
    public String description() {
        return "RoCE host with Ethernet pause frames off (ethtool -a): the network is not lossless";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<RdmaPort> roce = facts.rdmaPorts().stream().filter(p -> p.isEthernet() && p.isActive()).toList();
        if (roce.isEmpty()) {
            return List.of();
        }
        List<Finding> out = new ArrayList<>();
        for (NetInterface n : facts.interfaces()) {
            if (!n.pause().isPresent()) {
                continue;
            }
            PauseFrames p = n.pause().value();
            boolean off = Boolean.FALSE.equals(p.rx()) || Boolean.FALSE.equals(p.tx());
            boolean isRoceNetdev = roce.stream().anyMatch(r -> r.netdev().isPresent() && r.netdev().value().equals(n.name()));
            boolean netdevsKnown = roce.stream().anyMatch(r -> r.netdev().isPresent());
            if (!off || (netdevsKnown && !isRoceNetdev)) {
                continue;
            }
            out.add(new Finding(id(), Severity.WARN, n.name(),
                    "pause frames are off on " + n.name() + " (RX " + onOff(p.rx()) + ", TX " + onOff(p.tx())
                            + ") while RoCE is active: without pause or PFC the network is not lossless",
                    List.of(n.pause().evidence(), roce.getFirst().linkLayer().evidence()), null,
                    Fix.command("turn on global pause on the adapter and the switch port (or configure PFC)",
                            "ethtool -A " + n.name() + " rx on tx on")));
        }
        return out;
    }

    private static String onOff(Boolean b) {
        return b == null ? "?" : b ? "on" : "off";
    }
}
