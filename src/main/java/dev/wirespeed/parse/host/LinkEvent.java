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
 * @param iface  the netdev named in the message, null when only the PCI address was printed
 * @param detail what followed ("100 Mbps Full Duplex, Flow Control: RX"), or null
 * @param speed  the speed the detail names ("10 Gbps"), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("LinkEvent")
public record LinkEvent(String driver, String address, String iface, boolean up, String detail,
                        Quantity speed, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", address).put("interface", iface).put("link", up ? "up" : "down")
                .put("speed", speed).put("detail", detail).map();
    }

    /** Link events are read by the kernel-log rule across the whole log, not as a host fact. */
    @Override
    public void addFacts(FactSink out) {}
}
