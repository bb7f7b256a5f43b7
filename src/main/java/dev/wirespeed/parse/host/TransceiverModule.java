package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * A plugged optic or cable as {@code ethtool -m} decodes its EEPROM (SFF-8472 for SFP, SFF-8636 for
 * QSFP): what it is and, where it has digital diagnostics, its laser and receiver powers now. On a
 * QSFP the powers are per lane ("(Channel 1)"); the single values here are the lowest lane, the one
 * that fails first, and {@code lanes} has each lane's own (a lane at -inf or -40 dBm is dark: unused
 * on a 400G-XDR4 that drives 4 of its 8 host lanes, or a laser the NIC turned off).
 *
 * @param identifier        "SFP", "QSFP28", … (the name in "0x03 (SFP)")
 * @param transceiverTypes  every "Transceiver type" line ("10G Ethernet: 10G Base-SR")
 * @param rxPowerDbm        received optical power (average), dBm
 * @param txPowerDbm        laser output power, dBm
 * @param alarmsOn          the alarm and warning flags that read "On", a lane's with its "(Channel N)";
 *                          lane status lines ("Rx loss of signal") with the lanes that say Yes
 * @param moduleState       CMIS "Module State" by name ("ModuleReady", "ModuleLowPwr", "ModuleFault")
 * @param lanes             lane number → that lane's powers and bias; empty on a single-lane SFP
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("TransceiverModule")
public record TransceiverModule(String iface, String identifier, String connector, List<String> transceiverTypes,
                                String vendor, String partNumber, String serialNumber, Integer wavelengthNanometres,
                                Double txPowerDbm, Double rxPowerDbm, Double biasMilliamps, Double temperatureCelsius,
                                Double voltage, List<String> alarmsOn, Source source, String moduleState,
                                Map<Integer, Lane> lanes) implements LogInput {
    public TransceiverModule {
        transceiverTypes = List.copyOf(transceiverTypes);
        alarmsOn = List.copyOf(alarmsOn);
        lanes = lanes == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(lanes));
    }

    /** One lane's diagnostics as ethtool printed them; null where the module did not say. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Lane(Double rxPowerDbm, Double txPowerDbm, Double biasMilliamps) {
        static final Lane EMPTY = new Lane(null, null, null);

        Lane withRx(Double dbm) {
            return new Lane(dbm, txPowerDbm, biasMilliamps);
        }

        Lane withTx(Double dbm) {
            return new Lane(rxPowerDbm, dbm, biasMilliamps);
        }

        Lane withBias(Double milliamps) {
            return new Lane(rxPowerDbm, txPowerDbm, milliamps);
        }
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("module", identifier)
                .put("type", transceiverTypes.isEmpty() ? null : transceiverTypes.getFirst()).put("vendor", vendor)
                .put("part", partNumber).put("nm", wavelengthNanometres)
                .put("tx dBm", txPowerDbm).put("rx dBm", rxPowerDbm)
                .put("lanes", lanes.isEmpty() ? null : lanes.size()).put("°C", temperatureCelsius).put("alarms", alarmsOn.isEmpty() ? null : String.join(", ", alarmsOn))
                .map();
    }

    /** ethtool -m: what is plugged and its optical powers; read by the transceiver rule from the log. */
    @Override
    public void addFacts(FactSink out) {}
}
