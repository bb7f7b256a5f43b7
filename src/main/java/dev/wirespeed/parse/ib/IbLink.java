package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One link of the fabric, from iblinkinfo or ibnetdiscover: this node's port, its peer, and the
 * negotiated width and speed.
 *
 * @param width      lanes, "4X"
 * @param speed      the lane speed as printed: "25.78125 Gbps" (iblinkinfo) or "NDR" (ibnetdiscover)
 * @param laneSignal the lane's signalling rate when printed in Gb/s (iblinkinfo)
 * @param couldBe    iblinkinfo's hint that the link could run faster ("Could be 14.0625 Gbps"), or null
 * @param nodeGuid   the node's GUID when printed (a switch's header; iblinkinfo prints none for a CA)
 * @param portGuid   this port's GUID when printed (ibnetdiscover --ports; iblinkinfo before a CA's port line, and
 *                   in line mode before every line: print_port's port->guid)
 * @param peerGuid   the peer's GUID when printed: its port GUID (ibnetdiscover --ports, iblinkinfo -l -g) or
 *                   node GUID (iblinkinfo -l)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IbLink")
public record IbLink(String node, String nodeGuid, String lid, Integer port, String width, String speed,
                     Quantity laneSignal, String state, String physicalState, String peerLid, Integer peerPort,
                     String peer, String couldBe, String portGuid, String peerGuid, Source source)
        implements LogInput {
    /** A link whose port and peer GUIDs were not printed. */
    public IbLink(String node, String nodeGuid, String lid, Integer port, String width, String speed,
                  Quantity laneSignal, String state, String physicalState, String peerLid, Integer peerPort,
                  String peer, String couldBe, Source source) {
        this(node, nodeGuid, lid, port, width, speed, laneSignal, state, physicalState, peerLid, peerPort, peer,
                couldBe, null, null, source);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("node", node).put("port", port).put("width", width).put("speed", speed)
                .put("state", state).put("physical", physicalState).put("peer", peer).put("peer port", peerPort)
                .put("peer lid", peerLid).put("note", couldBe).map();
    }

    /** A fabric link is no host's: read by the log rules (fabric links, fabric membership). */
    @Override
    public void addFacts(FactSink out) {}
}
