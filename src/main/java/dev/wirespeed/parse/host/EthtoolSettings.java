package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.List;
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
                              Boolean linkDetected, Source source, List<String> supportedModes,
                              List<String> advertisedModes, List<String> partnerModes,
                              String transceiver, String linkDetail, List<String> supportedFecModes,
                              List<String> advertisedFecModes) implements ParsedRecord {
    public EthtoolSettings {
        supportedFecModes = supportedFecModes == null ? null : List.copyOf(supportedFecModes);
        advertisedFecModes = advertisedFecModes == null ? null : List.copyOf(advertisedFecModes);
        supportedModes = supportedModes == null ? null : List.copyOf(supportedModes);
        advertisedModes = advertisedModes == null ? null : List.copyOf(advertisedModes);
        partnerModes = partnerModes == null ? null : List.copyOf(partnerModes);
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
        if (iface == null) {
            return;
        }
        // "Link detected" is the carrier (ethtool_op_get_link: netif_carrier_ok), as sysfs carrier says it
        NetInterface.Builder nb = link(out, iface, speed, "Speed: ", linkDetected,
                linkDetected == null ? null : "Link detected: " + (linkDetected ? "yes" : "no") + (linkDetail == null ? "" : " (" + linkDetail + ")"));
        // IEEE 802.3 link modes ("25000baseSR/Full") or an Ethernet port type name an Ethernet netdev
        if (ethernetModes(supportedModes) || ethernetModes(advertisedModes)) {
            nb.type(out.of(NetInterface.ARPHRD_ETHER, "Supported link modes"));
        }
        out.add(nb.build());
    }

    /**
     * An interface's speed and carrier as facts, each naming the field it was read from ("Speed: " +
     * the speed as printed; the carrier's line as given): what ethtool and mii-tool both say of a link.
     */
    static NetInterface.Builder link(FactSink out, String iface, Quantity speed, String speedField, Boolean carrier,
                                     String carrierLine) {
        NetInterface.Builder nb = NetInterface.builder(iface);
        if (speed != null) {
            nb.speedMbps(out.of(Math.round(speed.value() / 1e6), speedField + speed.raw()));
        }
        if (carrier != null) {
            nb.carrier(out.of(carrier, carrierLine));
        }
        return nb;
    }

    private static boolean ethernetModes(List<String> modes) {
        return modes != null && modes.stream().anyMatch(m -> m.matches("\\d+base[A-Za-z0-9_]+(/(Full|Half))?"));
    }
}
