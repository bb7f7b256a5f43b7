package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * One port of an RDMA device, from ibstat, ibstatus, ibv_devinfo, rdma link, ibdev2netdev, or mlx5cmd.
 *
 * @param state         logical state, normalized to the sysfs names: ACTIVE, INIT, ARMED, DOWN
 * @param physicalState normalized to the sysfs names: LinkUp, Polling, Disabled, Sleep …
 * @param rate          the rate the tool printed (sysfs style: signal rate for SDR/DDR/QDR)
 * @param width         "4X", "2X" … when printed
 * @param speed         lane speed name ("NDR", "EDR") or lane rate text when printed
 * @param linkLayer     "InfiniBand" or "Ethernet"
 * @param netdevState   the netdev's carrier as ibdev2netdev prints it after the name: "Up", "Down", "NA"
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("RdmaPort")
public record RdmaPortRecord(String device, Integer port, String state, String physicalState, Quantity rate,
                       String width, String speed, String linkLayer, String baseLid, String smLid,
                       Integer activeMtuBytes, Integer maxMtuBytes, String portGuid, String netdev,
                       String netdevState, Source source) implements ParsedRecord {
    /** A port as the tools that do not print a netdev's carrier show it. */
    public RdmaPortRecord(String device, Integer port, String state, String physicalState, Quantity rate, String width,
                          String speed, String linkLayer, String baseLid, String smLid, Integer activeMtuBytes,
                          Integer maxMtuBytes, String portGuid, String netdev, Source source) {
        this(device, port, state, physicalState, rate, width, speed, linkLayer, baseLid, smLid, activeMtuBytes,
                maxMtuBytes, portGuid, netdev, null, source);
    }

    @Override
    public Map<String, String> columns() {
        String r = rate == null ? null : rate.format()
                + (width != null || speed != null ? " (" + (width == null ? "" : width) + (width != null && speed != null ? " " : "")
                + (speed == null ? "" : speed) + ")" : "");
        return Columns.of().put("device", device).put("port", port).put("state", state)
                .put("physical", physicalState).put("rate", r).put("link layer", linkLayer)
                .put("lid", baseLid).put("sm lid", smLid).put("mtu", activeMtuBytes).put("netdev", netdev == null || netdevState == null ? netdev : netdev + " (" + netdevState + ")").map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
