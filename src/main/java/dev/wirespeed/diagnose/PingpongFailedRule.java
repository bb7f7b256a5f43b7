package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.parse.ib.PingpongAddress;
import dev.wirespeed.parse.ib.PingpongError;
import java.util.ArrayList;
import java.util.List;

/**
 * A libibverbs ping-pong example (ibv_rc_pingpong and its siblings) that failed, named by its cause
 * as rdma-core's libibverbs/examples print it. "Couldn't get local LID" is printed only for a port
 * whose link layer is not Ethernet and whose LID is 0: an InfiniBand port no subnet manager has
 * configured. A queue pair that cannot reach RTR was given the peer's address: on RoCE the examples
 * set a GRH only when the peer's GID is not zero, and a peer run without -g sends the zero GID ("::"),
 * so both ends need -g; a printed LID of 0 tells a RoCE port (an InfiniBand one would have stopped at
 * the LID), a LID above 0 an InfiniBand one. When no address line was pasted the finding gives the
 * advice for both link layers.
 */
final class PingpongFailedRule implements LogRule {
    @Override
    public String id() {
        return "pingpong-failed";
    }

    @Override
    public String description() {
        return "an ibv_*_pingpong run failed: no LID (no subnet manager), a queue pair that could not connect,"
                + " a missing GID index or device, no peer, a completion error";
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        List<PingpongAddress> addresses = log.all(PingpongAddress.class);
        PastedLinkLayer link = PastedLinkLayer.of(log);
        for (PingpongError e : log.all(PingpongError.class)) {
            String tool = e.tool() == null ? "ibv_*_pingpong" : e.tool();
            Evidence seen = new Evidence(tool + ", line " + e.source().line(), e.source().text().strip());
            out.add(new Finding(id(), Severity.ERROR, tool, tool + " " + what(e), List.of(seen), null, fix(e, addresses, link)));
        }
        return out;
    }

    private static String what(PingpongError e) {
        return switch (e.failure()) {
            case "lid" -> "found its InfiniBand port without a LID (0): no subnet manager has configured the port";
            case "qp" -> "could not connect its queue pair to the peer's address: " + e.message();
            case "gid" -> "found no GID at the index given with -g: " + e.message();
            case "connect" -> "reached no peer on its TCP exchange port: " + e.message();
            case "device" -> "found no RDMA device to open: " + e.message();
            case "completion" -> e.status() != null && e.status() == 12
                    ? "sent and was never acknowledged (transport retry counter exceeded, status 12)"
                    : e.status() != null && e.status() == 13
                            ? "hit a receiver with no buffer posted (RNR retry counter exceeded, status 13)"
                            : "got a completion with error: " + e.message();
            default -> "failed: " + e.message();
        };
    }

    private static Fix fix(PingpongError e, List<PingpongAddress> addresses, PastedLinkLayer link) {
        return switch (e.failure()) {
            case "lid" -> Fix.action("run a subnet manager on the fabric (opensm on one host, or the switch's), then check"
                    + " that ibstat shows State: Active and a Base lid other than 0 on both ends");
            case "qp" -> Fix.action(qpAdvice(addresses, link));
            case "gid" -> Fix.action("give -g an index show_gids lists for that port (on RoCE a v2 GID carrying the"
                    + " interface's IP address), the same type on both ends");
            case "connect" -> Fix.action("start the same example without a host name on the peer first, with the same -p"
                    + " (default 18515), and let that TCP port through its firewall");
            case "device" -> Fix.action("check that an RDMA driver and ib_uverbs are loaded (rdma link show, lsmod) and that"
                    + " ibv_devices lists the device given with -d");
            case "completion" -> Fix.action(e.status() != null && e.status() == 13
                    ? "run the same example and options on both ends, the peer started first"
                    : link.with(shown(addresses)).advice("give both ends -g with the RoCE v2 GID of the interface that"
                            + " carries the route (show_gids) and check the path MTU (-m)",
                            "check both ports are Active and the peer kept running"));
            default -> Fix.action("look up the failing call in the example's source (rdma-core libibverbs/examples) and the"
                    + " kernel log of both hosts");
        };
    }

    /**
     * The link layer the address lines show: a LID of 0 a RoCE port (an InfiniBand one without a LID stops before
     * it prints its address), a LID above 0 an InfiniBand one; null when they show none or both.
     */
    private static LinkLayer shown(List<PingpongAddress> addresses) {
        boolean roce = addresses.stream().anyMatch(a -> a.lid() != null && a.lid() == 0);
        boolean ib = addresses.stream().anyMatch(a -> a.lid() != null && a.lid() > 0);
        return roce == ib ? null : roce ? LinkLayer.ETHERNET : LinkLayer.INFINIBAND;
    }

    /** What the address lines (and any port the paste shows) say about the link layer and the peer's GID. */
    private static String qpAdvice(List<PingpongAddress> addresses, PastedLinkLayer link) {
        LinkLayer shown = shown(addresses);
        boolean zeroGid = addresses.stream().anyMatch(PingpongAddress::zeroGid);
        String forRoce = "give both ends -g with the index of a RoCE v2 GID of the interface (show_gids), the same"
                + " type on both, and an -m no larger than the port's active MTU";
        String forIb = "check both ports are Active with a LID, and that -m is no larger than the active MTU of both"
                + " ports (ibv_devinfo)";
        if (shown == LinkLayer.ETHERNET && zeroGid) {
            return "the addresses show a RoCE port (LID 0) and a GID of zero, an end run without -g: " + forRoce;
        } else if (shown == LinkLayer.ETHERNET) {
            return "the addresses show a RoCE port (LID 0): " + forRoce;
        } else if (shown == LinkLayer.INFINIBAND) {
            return "the addresses show an InfiniBand port (LID above 0): " + forIb;
        }
        return link.advice(forRoce, forIb);
    }
}
