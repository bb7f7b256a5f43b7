package dev.wirespeed.parse.ib;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.PhysState;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.limits.IbSpeed;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Locale;
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
                .put("lid", baseLid).put("sm lid", smLid).put("mtu", activeMtuBytes).put("netdev", netdev == null || netdevState == null ? netdev : netdev + " (" + netdevState + ")")
                .put("port GUID", state == null && rate == null ? portGuid : null).map(); // ibstat -p prints nothing else
    }

    @Override
    public void addFacts(FactSink out) {
        if (device == null) {
            return; // ibstat -p without a CA: a GUID whose device the output does not name
        }
        RdmaPort.Builder pb = RdmaPort.builder(device, port == null ? 1 : port);
        if (state != null) {
            pb.state(out.parse(state, PortState::parse));
        }
        if (physicalState != null) {
            pb.physState(out.parse(physicalState, PhysState::parse));
        }
        if (rate != null) {
            Integer lanes = null;
            if (width != null) {
                try {
                    lanes = IbRate.parseWidth(width);
                } catch (IllegalArgumentException e) {
                    lanes = null;
                }
            }
            IbSpeed lane = null;
            if (speed != null) {
                try {
                    lane = IbSpeed.parse(speed);
                } catch (IllegalArgumentException e) {
                    lane = null;
                }
            }
            pb.rate(out.of(new IbRate(rate.value() / 1e9, lanes, lane), rate.raw()));
        }
        if (linkLayer != null) {
            pb.linkLayer(out.parse(linkLayer, LinkLayer::parse));
        }
        if (baseLid != null) {
            pb.lid(out.parse(baseLid, RdmaPortRecord::lid));
        }
        if (smLid != null) {
            pb.smLid(out.parse(smLid, RdmaPortRecord::lid));
        }
        if (netdev != null) {
            pb.netdev(out.text(netdev));
        }
        if (activeMtuBytes != null) {
            pb.activeMtuBytes(out.of(activeMtuBytes, activeMtuBytes.toString()));
        }
        out.add(pb.build());
    }

    /** "0x70" (ibstatus) or "25606" (ibstat) → the LID. */
    static Integer lid(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        return t.startsWith("0x") ? Integer.parseInt(t.substring(2), 16) : Integer.parseInt(t);
    }
}
