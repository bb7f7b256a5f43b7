package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * A plugged optic or cable as {@code ethtool -m} decodes its EEPROM (SFF-8472 for SFP, SFF-8636 for
 * QSFP): what it is and, where it has digital diagnostics, its laser and receiver powers now. On a
 * QSFP the powers are per lane ("(Channel 1)"); the single values here are the lowest lane, the one
 * that fails first.
 *
 * @param identifier        "SFP", "QSFP28", … (the name in "0x03 (SFP)")
 * @param transceiverTypes  every "Transceiver type" line ("10G Ethernet: 10G Base-SR")
 * @param rxPowerDbm        received optical power (average), dBm
 * @param txPowerDbm        laser output power, dBm
 * @param alarmsOn          the alarm and warning flags that read "On"
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("TransceiverModule")
public record TransceiverModule(String iface, String identifier, String connector, List<String> transceiverTypes,
                                String vendor, String partNumber, String serialNumber, Integer wavelengthNanometres,
                                Double txPowerDbm, Double rxPowerDbm, Double biasMilliamps, Double temperatureCelsius,
                                Double voltage, List<String> alarmsOn, Source source) implements ParsedRecord {
    public TransceiverModule {
        transceiverTypes = List.copyOf(transceiverTypes);
        alarmsOn = List.copyOf(alarmsOn);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("module", identifier)
                .put("type", transceiverTypes.isEmpty() ? null : transceiverTypes.getFirst()).put("vendor", vendor)
                .put("part", partNumber).put("nm", wavelengthNanometres)
                .put("tx dBm", txPowerDbm).put("rx dBm", rxPowerDbm)
                .put("°C", temperatureCelsius).put("alarms", alarmsOn.isEmpty() ? null : String.join(", ", alarmsOn))
                .map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
