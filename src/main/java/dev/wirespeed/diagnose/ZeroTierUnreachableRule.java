package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.other.ZeroTierPeer;
import java.util.ArrayList;
import java.util.List;

/**
 * A ZeroTier peer with latency -1 has not answered: unreachable. For a moon on a non-standard
 * port, the port must be forwarded and primaryPort in local.conf must match on both sides
 * (src/test/resources/parse/other/zerotier-peers-seed000.txt).
 */
final class ZeroTierUnreachableRule implements LogRule {
    @Override
    public String id() {
        return "zerotier-peer-unreachable";
    }

    @Override
    public String description() {
        return "ZeroTier peer with latency -1 (unreachable): check the port forward and primaryPort";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        for (ZeroTierPeer p : log.all(ZeroTierPeer.class)) {
            if (p.latencyMillis() == null || p.latencyMillis() >= 0) {
                continue;
            }
            boolean moon = "MOON".equals(p.role());
            out.add(new Finding(id(), moon ? Severity.ERROR : Severity.WARN, "ZeroTier " + p.role() + " " + p.address(),
                    "ZeroTier " + p.role() + " " + p.address() + " does not answer (latency -1)"
                            + (p.path() == null ? "" : " on " + p.path()),
                    List.of(new Evidence("zerotier-cli, line " + p.source().line(), p.source().text().strip())), null,
                    Fix.action("open and forward the peer's UDP port (e.g. 9993, or the moon's stableEndpoints port), "
                            + "and give both sides the same \"primaryPort\" in /var/lib/zerotier-one/local.conf")));
        }
        return out;
    }
}
