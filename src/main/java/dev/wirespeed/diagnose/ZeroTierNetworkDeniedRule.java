package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.other.ZeroTierNetwork;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code zerotier-cli listnetworks} status ACCESS_DENIED: the network is private and its
 * controller has not authorised this member, so no address and no traffic; NOT_FOUND: no controller
 * knows the network id. A later listing of the same network with another status (the paste of
 * "before and after") clears it.
 */
final class ZeroTierNetworkDeniedRule implements LogRule {
    @Override
    public String id() {
        return "zerotier-network-denied";
    }

    @Override
    public String description() {
        return "ZeroTier network ACCESS_DENIED or NOT_FOUND: authorise the member or check the network id";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<ZeroTierNetwork> all = log.all(ZeroTierNetwork.class);
        List<Finding> out = new ArrayList<>();
        for (int i = 0; i < all.size(); i++) {
            ZeroTierNetwork n = all.get(i);
            boolean denied = n.status().equals("ACCESS_DENIED");
            if (!denied && !n.status().equals("NOT_FOUND")) {
                continue;
            }
            String id = n.networkId();
            if (all.subList(i + 1, all.size()).stream().anyMatch(later -> later.networkId().equals(id))) {
                continue; // listed again later: that listing is the current state
            }
            out.add(new Finding(id(), Severity.WARN, "ZeroTier network " + id,
                    "ZeroTier network " + id + " is " + n.status() + (denied
                            ? ": its controller has not authorised this member (MAC " + n.mac() + "), so it gets no address"
                            : ": no controller knows this network id"),
                    List.of(new Evidence("zerotier-cli, line " + n.source().line(), n.source().text().strip())), null,
                    denied ? Fix.action("authorise the member in the network's controller (ZeroTier Central: Members, tick Auth; "
                            + "a self-hosted controller: its member API with \"authorized\": true)")
                            : Fix.command("check the 16-digit network id and join again", "zerotier-cli join NETWORK_ID")));
        }
        return out;
    }
}
