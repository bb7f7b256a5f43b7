package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * One interface of {@code mii-tool} (net-tools): its status line ("eth0: negotiated 1000baseT-FD
 * flow-control, link ok", "usb0: 100 Mbit, full duplex, link ok", "eth0: no link") and, with -v, the
 * PHY's "product info", "basic mode", "basic status", "capabilities", "advertising" and "link
 * partner" lines (mii-tool.c show_basic_mii).
 *
 * @param media        the negotiated or forced medium as printed ("1000baseT-FD", "100 Mbit, full duplex"); null when the line names none
 * @param speed        the medium's speed, raw as printed
 * @param duplex       "Full" or "Half", when the medium says it
 * @param flowControl  true when the negotiated medium adds "flow-control"
 * @param linkOk       "link ok" (true) or "no link" (false)
 * @param capabilities the PHY's media ("1000baseT-FD 100baseTx-FD …"), with -v
 * @param advertising  the media it advertises, with -v
 * @param linkPartner  the media the partner advertises, with -v
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("MiiStatus")
public record MiiStatus(String iface, String media, Quantity speed, String duplex, Boolean flowControl, Boolean linkOk,
                        String productInfo, String basicMode, String basicStatus, List<String> capabilities,
                        List<String> advertising, List<String> linkPartner, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("speed", speed).put("duplex", duplex)
                .put("link", linkOk == null ? null : linkOk ? "ok" : "no link").put("PHY", productInfo).map();
    }

    /** The negotiated speed and the link, as ethtool's "Speed" and "Link detected" give them (both read the PHY's MII registers here). */
    @Override
    public void addFacts(FactSink out) {
        if (iface == null) {
            return;
        }
        out.add(EthtoolSettings.link(out, iface, speed, "mii-tool: ", linkOk, linkOk == null ? null : linkOk ? "link ok" : "no link")
                .build());
    }
}
