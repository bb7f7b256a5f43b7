package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code ethtool --show-module IFACE} ("Module parameters for swp11:"): the plugged module's power mode as the
 * kernel sets it (ethtool 5.16+, netlink/module.c): "low-power true|false" in the first form, later
 * "power-mode-policy high|auto" and "power-mode low|high". A module held in low power passes no traffic.
 *
 * @param lowPower   "low-power": the module is held in low power mode; null when not printed
 * @param parameters every "name value" line as printed
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("ModuleParameters")
public record ModuleParameters(String iface, Boolean lowPower, Map<String, String> parameters, Source source)
        implements ParsedRecord {
    public ModuleParameters {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    @Override
    public Map<String, String> columns() {
        Columns c = Columns.of().put("interface", iface);
        parameters.forEach(c::put);
        return c.map();
    }

    /** Shown as read: no rule reads the module's power mode yet. */
    @Override
    public void addFacts(FactSink out) {}
}
