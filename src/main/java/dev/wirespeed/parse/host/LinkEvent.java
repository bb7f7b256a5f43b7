package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A kernel "Link up" / "Link down" message of a network device.
 *
 * @param driver        the driver named before the message ("ixgbe", "mlx4_en"), null when the line names only the netdev
 * @param iface         the netdev named in the message, null when only the PCI address was printed
 * @param detail        what followed ("100 Mbps Full Duplex, Flow Control: RX"), or null
 * @param speed         the speed the detail names ("10 Gbps"), or null
 * @param duplex        "Full" or "Half" as printed ("full" in bnxt_en's and tg3's lines), or null
 * @param flowControl   pause frames as the driver printed them after "Flow Control:" ("RX/TX", "Rx/Tx", "None", bnxt_en's
 *                      "none", cxgb4's "Tx/Rx" before "PAUSE", phylink's "rx/tx" or "off"), or null
 * @param requestedFec  i40e/ice "Requested FEC: …" as printed ("RS-FEC", "CL108 RS-FEC", "None"), or null
 * @param negotiatedFec i40e/ice "Negotiated FEC: …" as printed, or null
 * @param autoneg       i40e "Autoneg: False", ice "Autoneg Negotiated: True" as printed, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("LinkEvent")
public record LinkEvent(String driver, String address, String iface, boolean up, String detail,
                        Quantity speed, String duplex, String flowControl, String requestedFec, String negotiatedFec,
                        String autoneg, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", address).put("interface", iface).put("link", up ? "up" : "down")
                .put("speed", speed).put("duplex", duplex).put("flow control", flowControl)
                .put("requested FEC", requestedFec).put("negotiated FEC", negotiatedFec).put("autoneg", autoneg)
                .put("detail", detail).map();
    }

    /** Link events are read by the kernel-log rule across the whole log, not as a host fact. */
    @Override
    public void addFacts(FactSink out) {}
}
