package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One port as {@code mlxlink -d DEV [-p N] [-c] [-m]} prints it: its "Operational Info", the
 * speeds the port enables and the cable supports ("Supported Info"), the firmware's own diagnosis
 * ("Troubleshooting Info": status opcode and recommendation, what NVIDIA support asks for first in
 * a link problem), "Tool Information", and with {@code -c} the "Physical Counters and BER Info".
 *
 * @param device          the -d argument when the command was seen ("/dev/mst/mt4123_pciconf0", "mlx5_0")
 * @param speed           as printed: "IB-HDR", "25GbE", "200G"
 * @param rate            the link's rate from speed and width (InfiniBand: the sysfs per-lane number × lanes)
 * @param width           active lanes ("2x" → 2)
 * @param enabledSpeeds   "Enabled Link Speed" names (from "0x00000075 (HDR,EDR,…)")
 * @param cableSpeeds     "Supported Cable Speed" names
 * @param statusOpcode    0 when the firmware saw no issue
 * @param counters        integer counters as printed ("Symbol Errors", "Link Down Counter" …)
 * @param rawErrorsPerLane "Raw Physical Errors Per Lane", lane by lane
 * @param rawBer          pre-FEC bit error rate ("Raw Physical BER")
 * @param effectiveBer    post-FEC bit error rate ("Effective Physical BER")
 * @param errors          the tool's "-E-" lines
 * @param cableVendor     with {@code -m}, "Module Info"'s "Vendor Name" of the cable or optic
 * @param cablePartNumber its "Vendor Part Number", as printed
 * @param cableSerialNumber its "Vendor Serial Number", as printed
 * @param enabledSpeedMask "Enabled Link Speed" as its bit mask is printed ("0x000000f1"), the speeds it names in
 *                         {@code enabledSpeeds}
 * @param cableSpeedMask  "Supported Cable Speed"'s bit mask as printed
 * @param laneFlags       with {@code -m} on newer MFT, the module's per-lane flags as 0/1 per lane, under their name
 *                        without " [per lane]" ("Rx LOS" → [1, 0, 1, 1]: lanes 1, 3 and 4 see no light); flags
 *                        printed "N/A" are left out
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("MlxlinkPort")
public record MlxlinkPort(String device, Integer port, String state, String physicalState, String speed, Quantity rate,
                          Integer width, String fec, String loopback, String autoNegotiation, List<String> enabledSpeeds,
                          List<String> cableSpeeds, Integer statusOpcode, String groupOpcode, String recommendation,
                          String firmware, String mftVersion, Map<String, Long> counters, List<Long> rawErrorsPerLane,
                          Double rawBer, Double effectiveBer, Double symbolBer, List<String> errors, Source source,
                          String cableVendor, String cablePartNumber, String cableSerialNumber,
                          String enabledSpeedMask, String cableSpeedMask, Map<String, List<Integer>> laneFlags)
        implements LogInput {
    public MlxlinkPort {
        laneFlags = Collections.unmodifiableMap(new LinkedHashMap<>(laneFlags));
        enabledSpeeds = List.copyOf(enabledSpeeds);
        cableSpeeds = List.copyOf(cableSpeeds);
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
        rawErrorsPerLane = List.copyOf(rawErrorsPerLane);
        errors = List.copyOf(errors);
    }

    @Override
    public Map<String, String> columns() {
        String link = speed == null ? null : speed + (width == null ? "" : " " + width + "x");
        return Columns.of().put("device", device).put("state", state).put("physical", physicalState).put("link", link)
                .put("fec", fec).put("cable", cablePartNumber).put("status", statusOpcode == null ? null : statusOpcode + (recommendation == null ? "" : " " + recommendation))
                .put("raw BER", rawBer == null ? null : String.format(Locale.ROOT, "%.0e", rawBer))
                .put("effective BER", effectiveBer == null ? null : String.format(Locale.ROOT, "%.0e", effectiveBer))
                .put("firmware", firmware).map();
    }

    /** mlxlink's port view: read by the mlxlink rule from the log, no sysfs port to attach it to by name. */
    @Override
    public void addFacts(FactSink out) {}
}
