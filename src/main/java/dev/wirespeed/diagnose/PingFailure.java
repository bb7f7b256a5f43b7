package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.RunFailure;
import dev.wirespeed.parse.ping.PingSummary;
import java.util.List;
import java.util.Locale;

/**
 * The words and the fix of a ping that got no reply (run-failed), by what came back instead (RFC 792,
 * RFC 1812 5.2.7.1): "Destination Host Unreachable" from this host's own address is ARP (or neighbour
 * discovery) finding nobody on the link; "Net Unreachable" is a missing route; "Port Unreachable",
 * "Packet filtered" or "administratively prohibited" a firewall's reject; "Time to live exceeded" a
 * loop; nothing at all (timeouts) a peer or firewall that drops echo requests, or a reply taking
 * another path back.
 */
final class PingFailure {
    private PingFailure() {}

    static Finding finding(String id, RunFailure f, LogFacts log, List<Evidence> seen) {
        PingSummary s = log.all(PingSummary.class).stream().filter(p -> p.source().equals(f.source())).findFirst().orElse(null);
        String peer = s == null || s.target() == null ? "the peer" : s.peer();
        String host = s == null ? null : s.address() != null ? s.address() : s.target();
        String error = s == null || s.icmpError() == null ? "" : s.icmpError().toLowerCase(Locale.ROOT);
        String why;
        Fix fix;
        if (error.contains("host unreachable")) {
            why = "nobody on the link answered for that address (ARP/neighbour discovery failed)";
            fix = Fix.command("check that the peer is up with that address on this link's subnet, that both ports have"
                    + " a link (same VLAN, cable), and what the neighbour table holds", "ip neigh show " + orHost(host));
        } else if (error.contains("net unreachable")) {
            why = "no route leads to that address";
            fix = Fix.command("give the host a route to the peer's subnet (or an address on it)", "ip route get " + orHost(host));
        } else if (error.contains("port unreachable") || error.contains("prohibited") || error.contains("filtered")) {
            why = "a firewall on the way or on the peer rejects ICMP echo";
            fix = Fix.action("allow ICMP echo on the peer's firewall (iptables/nftables, Windows Defender Firewall) or test"
                    + " with the benchmark's own port");
        } else if (error.contains("time to live exceeded")) {
            why = "the packets loop between routers until their TTL runs out";
            fix = Fix.command("fix the routing loop on the path", "ip route get " + orHost(host));
        } else {
            why = "the requests or the replies were lost on the way: the peer is down, drops ICMP echo, or answers by another path";
            fix = Fix.command("check the peer's address and that it is up, its firewall (ICMP echo), and the route both ways",
                    "ip route get " + orHost(host));
        }
        return new Finding(id, Severity.ERROR, "ping " + peer, "ping of " + peer + " got no reply: " + f.message() + "; " + why
                + ". No test over this path can run until it answers", seen, null, fix);
    }

    private static String orHost(String host) {
        return host == null ? "HOST" : host;
    }
}
