package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * {@code ethtool --show-eee IFACE} ("EEE settings for eth0:"): Energy-Efficient Ethernet (IEEE 802.3az), whether
 * it is on and in use on the link, and how long the transmitter idles before it sleeps.
 *
 * @param status      "enabled - active", "enabled - inactive", "disabled", "not supported", as printed
 * @param enabled     EEE switched on; null when not supported
 * @param active      both ends agreed on EEE for the link's speed ("enabled - active"); null unless enabled
 * @param txLpiMicros "Tx LPI: 30 (us)": the idle time before low-power idle, microseconds; null when "disabled"
 * @param supported   "Supported EEE link modes"
 * @param advertised  "Advertised EEE link modes"
 * @param partner     "Link partner advertised EEE link modes"
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("EeeSettings")
public record EeeSettings(String iface, String status, Boolean enabled, Boolean active, Integer txLpiMicros,
                          List<String> supported, List<String> advertised, List<String> partner, Source source)
        implements ParsedRecord {
    public EeeSettings {
        supported = List.copyOf(supported);
        advertised = List.copyOf(advertised);
        partner = List.copyOf(partner);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("status", status)
                .put("tx lpi", txLpiMicros == null ? null : txLpiMicros + " us").map();
    }

    /** Shown as read: no rule reads EEE yet. */
    @Override
    public void addFacts(FactSink out) {}
}
