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
 * {@code ethtool -T IFACE} ("Time stamping parameters for eth0:"): what the NIC can timestamp, in hardware
 * or only in software, and the PTP clock it exposes (ethtool's tsinfo; the kernel's SOF_TIMESTAMPING_* and
 * HWTSTAMP_* names beside each word are left out).
 *
 * @param capabilities   "hardware-transmit", "software-receive", "hardware-raw-clock" …
 * @param ptpClock       the PHC index ("/dev/ptp2"); null when "none" (no hardware clock)
 * @param transmitModes  hardware transmit timestamp modes ("off", "on", "onestep-sync"); empty when "none"
 * @param receiveFilters hardware receive filter modes ("none", "all", "ptpv2-event" …); empty when "none"
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("Timestamping")
public record Timestamping(String iface, List<String> capabilities, Integer ptpClock, List<String> transmitModes,
                           List<String> receiveFilters, Source source) implements ParsedRecord {
    public Timestamping {
        capabilities = List.copyOf(capabilities);
        transmitModes = List.copyOf(transmitModes);
        receiveFilters = List.copyOf(receiveFilters);
    }

    /** Hardware timestamps both ways: what PTP (ptp4l) and chrony's hwtimestamp need. */
    public boolean hardwareBothWays() {
        return capabilities.contains("hardware-transmit") && capabilities.contains("hardware-receive");
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("ptp clock", ptpClock == null ? "none" : "ptp" + ptpClock)
                .put("capabilities", String.join(" ", capabilities))
                .put("rx filters", String.join(" ", receiveFilters)).map();
    }

    /** Shown as read: no rule reads timestamping yet. */
    @Override
    public void addFacts(FactSink out) {}
}
