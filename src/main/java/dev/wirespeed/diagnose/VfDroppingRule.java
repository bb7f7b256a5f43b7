package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.VirtualFunction;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code ip -s link show PF} counts, per SR-IOV virtual function, the frames dropped on its way
 * (IFLA_VF_STATS_RX_DROPPED / _TX_DROPPED, include/uapi/linux/if_link.h), as the PF's driver reads
 * them from the adapter's embedded switch: tx dropped are frames the VF sent that the switch
 * discarded (spoof checking, a VLAN or MAC the VF is not allowed, a malformed frame: i40e's
 * i40e_get_vf_stats reports the VF's transmit errors there), rx dropped are frames for the VF that
 * found no buffer (the VF's
 * driver did not take them: a ring too small, the VF down, a guest too slow). One finding per VF.
 */
final class VfDroppingRule implements LogRule {
    static final String ID = "vf-dropping";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "an SR-IOV virtual function's rx or tx dropped counter is above 0 (ip -s link of its PF)";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<VirtualFunction> all = new ArrayList<>(log.all(VirtualFunction.class));
        Collections.reverse(all); // a later paste of the same VF is the newer reading
        for (VirtualFunction v : all) {
            long rx = v.counters().getOrDefault("rx_dropped", 0L);
            long tx = v.counters().getOrDefault("tx_dropped", 0L);
            String subject = v.pf() + " vf " + v.vf();
            if (rx + tx == 0 || !seen.add(subject)) {
                continue;
            }
            String what = (tx > 0 ? tx + " sent frame(s) dropped" : "") + (tx > 0 && rx > 0 ? " and " : "")
                    + (rx > 0 ? rx + " received frame(s) dropped" : "");
            String why = tx > 0
                    ? "the adapter's switch discarded what the VF sent (spoof checking " + (v.spoofChecking() == null ? "?"
                    : v.spoofChecking()) + ", a VLAN or MAC the VF may not use, a malformed frame)"
                    : "";
            why += (tx > 0 && rx > 0 ? "; " : "") + (rx > 0 ? "frames for the VF found no buffer (its driver did not take"
                    + " them in time: the VF down, its ring too small, the guest too slow)" : "");
            out.add(new Finding(ID, Severity.WARN, subject, "virtual function " + v.vf() + " of " + v.pf() + ": " + what
                    + ": " + why,
                    List.of(new Evidence("ip -s link, line " + v.source().line(), v.source().text().strip())), null,
                    Fix.command(tx > 0 ? "compare the VF's MAC, VLAN and spoof check with what the guest sends; with"
                                    + " spoof checking on, the guest must use the MAC given to the VF"
                                    : "look at the VF's own interface in the guest (ethtool -S, its ring sizes)",
                            "ip link show " + v.pf())));
        }
        return out;
    }
}
