package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A plugged optic or cable as {@code ethtool -m} decodes its EEPROM (SFF-8472 for SFP, SFF-8636 for
 * QSFP): what it is and, where it has digital diagnostics, its laser and receiver powers now. On a
 * QSFP the powers are per lane ("(Channel 1)"); the single values here are the lowest lane, the one
 * that fails first, and {@code lanes} has each lane's own (a lane at -inf or -40 dBm is dark: unused
 * on a 400G-XDR4 that drives 4 of its 8 host lanes, or a laser the NIC turned off).
 *
 * @param identifier        the module type, "0x11 (QSFP28)": name ("QSFP28"), code ("0x11") and as printed
 * @param connector         the connector, "0x23 (No separable connector)", the same way
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
public record TransceiverModule(String iface, Coded identifier, Coded connector, List<String> transceiverTypes,
                                String vendor, String partNumber, String serialNumber, Integer wavelengthNanometres,
                                Double txPowerDbm, Double rxPowerDbm, Double biasMilliamps, Double temperatureCelsius,
                                Double voltage, List<String> alarmsOn, Source source, String moduleState,
                                Map<Integer, Lane> lanes) implements LogInput {
    public TransceiverModule {
        transceiverTypes = List.copyOf(transceiverTypes);
        alarmsOn = List.copyOf(alarmsOn);
        lanes = lanes == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(lanes));
    }

    /**
     * A code ethtool prints with its name, "0x11 (QSFP28)" (SFF-8024's identifier and connector
     * tables): the name as {@code value}, the code as printed, and the whole as {@code raw}.
     * A value printed without a code keeps it as the name, code null.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Coded(String value, String code, String raw) {
        private static final Pattern CODED =
                Pattern.compile("(0x[0-9a-fA-F]+)\\s*\\((.*)\\)");

        /** Null for a blank value. */
        static Coded of(String printed) {
            if (printed == null || printed.isBlank()) {
                return null;
            }
            String raw = printed.strip();
            Matcher m = CODED.matcher(raw);
            return m.matches() ? new Coded(m.group(2).strip(), m.group(1), raw) : new Coded(raw, null, raw);
        }

        @Override
        public String toString() {
            return value;
        }
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
        return Columns.of().put("interface", iface).put("module", identifier == null ? null : identifier.value())
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
