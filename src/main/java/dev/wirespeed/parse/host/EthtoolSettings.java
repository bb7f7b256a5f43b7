package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * {@code ethtool IFACE}: the negotiated link. Speed is absent when ethtool says "Unknown!". The
 * link-mode lists ("Supported link modes", "Advertised link modes", "Link partner advertised link
 * modes", each possibly over several lines) are null when not printed; the partner's list tells
 * what the other end could do (a 10G port whose partner advertises only 1000baseT/Full runs at 1G).
 *
 * @param linkDetail        the driver's reason printed beside "Link detected: no" ("Cable issue,
 *                          Unsupported cable"); null when none
 * @param supportedFecModes "Supported FEC modes" (None, RS, BASER, LLRS …); null when "Not reported"
 * @param advertisedFecModes "Advertised FEC modes"; null when "Not reported"
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("EthtoolSettings")
public record EthtoolSettings(String iface, Quantity speed, String duplex, String autoNegotiation, String port,
                              Boolean linkDetected, Source source, java.util.List<String> supportedModes,
                              java.util.List<String> advertisedModes, java.util.List<String> partnerModes,
                              String transceiver, String linkDetail, java.util.List<String> supportedFecModes,
                              java.util.List<String> advertisedFecModes) implements ParsedRecord {
    public EthtoolSettings {
        supportedFecModes = supportedFecModes == null ? null : java.util.List.copyOf(supportedFecModes);
        advertisedFecModes = advertisedFecModes == null ? null : java.util.List.copyOf(advertisedFecModes);
        supportedModes = supportedModes == null ? null : java.util.List.copyOf(supportedModes);
        advertisedModes = advertisedModes == null ? null : java.util.List.copyOf(advertisedModes);
        partnerModes = partnerModes == null ? null : java.util.List.copyOf(partnerModes);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("speed", speed).put("duplex", duplex)
                .put("autoneg", autoNegotiation).put("port", port)
                .put("link", linkDetected == null ? null : (linkDetected ? "yes" : "no")
                        + (linkDetail == null ? "" : " (" + linkDetail + ")"))
                .put("partner", partnerModes == null ? null : String.join(" ", partnerModes)).map();
    }

    @Override
    public void addFacts(FactSink out) {
        if (iface != null && speed != null) {
            out.add(NetInterface.builder(iface).speedMbps(out.of(Math.round(speed.value() / 1e6), speed.raw())).build());
        }
    }
}
