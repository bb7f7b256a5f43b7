package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One entry of a switch's linear forwarding table as {@code ibroute} prints it: packets for
 * {@code destinationLid} leave the switch through {@code outPort} (0: the switch itself).
 *
 * @param switchName      the switch's node description, as in the table's head
 * @param switchLid       the switch's LID when the head names it ("of switch Lid 3"), null for a directed route
 * @param switchGuid      the switch's GUID
 * @param destinationLid  the destination LID as printed ("0x0004")
 * @param outPort         the output port
 * @param destinationType "Channel Adapter", "Switch" or "Router", as printed
 * @param destinationGuid the destination's port GUID
 * @param destination     the destination's node description
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("IbRoute")
public record IbRoute(String switchName, String switchLid, String switchGuid, String destinationLid, Integer outPort,
                      String destinationType, String destinationGuid, String destination, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("switch", switchName).put("lid", destinationLid).put("out port", outPort)
                .put("destination", destination).map();
    }

    /** A fabric's routing: read by no host rule yet. */
    @Override
    public void addFacts(FactSink out) {}
}
