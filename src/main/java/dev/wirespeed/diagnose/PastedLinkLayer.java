package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.parse.perftest.PerftestHeader;
import java.util.EnumSet;
import java.util.Set;

/**
 * The link layers a paste names, for advice that differs between them: a RoCE queue pair reaches its peer by
 * GID (the index, -x or -g, picks it), an InfiniBand one by the LID the subnet manager assigned, and iWARP
 * connects through rdma_cm only. The evidence is perftest's banner ("Link type : Ethernet", "Transport type :
 * IW") and the ports of ibstat, ibv_devinfo or rdma link pasted beside the failure.
 */
record PastedLinkLayer(Set<LinkLayer> layers, boolean iwarp) {

    static PastedLinkLayer of(LogFacts log) {
        Set<LinkLayer> layers = EnumSet.noneOf(LinkLayer.class);
        boolean iwarp = false;
        for (PerftestHeader h : log.all(PerftestHeader.class)) {
            iwarp |= h.transport() != null && h.transport().strip().equalsIgnoreCase("IW");
            if (h.linkType() != null) {
                try {
                    layers.add(LinkLayer.parse(h.linkType()));
                } catch (IllegalArgumentException unknown) {
                    // a link type perftest did not print as IB/Ethernet says nothing here
                }
            }
        }
        for (Facts host : log.hosts()) {
            for (RdmaPort p : host.rdmaPorts()) {
                if (p.linkLayer().isPresent()) {
                    layers.add(p.linkLayer().value());
                }
            }
        }
        return new PastedLinkLayer(layers, iwarp);
    }

    /** The same with one more link layer that other evidence shows (a ping-pong address's LID), or null for none. */
    PastedLinkLayer with(LinkLayer shown) {
        Set<LinkLayer> more = layers.isEmpty() ? EnumSet.noneOf(LinkLayer.class) : EnumSet.copyOf(layers);
        if (shown != null) {
            more.add(shown);
        }
        return new PastedLinkLayer(more, iwarp);
    }

    /**
     * RoCE's advice or InfiniBand's, labelled by the link layer the paste shows; both, each labelled, when it shows
     * none or both (the reader then knows which half is theirs).
     */
    String advice(String roce, String infiniband) {
        if (layers.size() == 1) {
            return layers.contains(LinkLayer.ETHERNET) ? "on RoCE " + roce : "on InfiniBand " + infiniband;
        }
        return "the paste does not show " + (layers.isEmpty() ? "the link layer" : "one link layer (it names both)")
                + ": on RoCE " + roce + "; on InfiniBand " + infiniband;
    }
}
