package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A firmware configuration value from mlxconfig/mstconfig ("LINK_TYPE_P1 IB(1) ETH(2)"):
 * the value for the next boot, and the new value when the command sets one. With {@code -e} the
 * query prints the default and current values too, and marks with "*" a setting whose next value
 * differs from its default or current one.
 *
 * @param modified true when mlxconfig -e marked the row with "*"; null without -e
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("MlxSetting")
public record MlxSetting(String device, String name, String nextBoot, String newValue, Source source,
                         String defaultValue, String currentValue, Boolean modified)
        implements LogInput {
    /** A setting as the query without -e, or the set command, prints it. */
    public MlxSetting(String device, String name, String nextBoot, String newValue, Source source) {
        this(device, name, nextBoot, newValue, source, null, null, null);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("setting", name).put("default", defaultValue).put("current", currentValue)
                .put("next boot", nextBoot).put("new", newValue).map();
    }

    /** A firmware setting of its device; a grep'd row whose command was not pasted has no device to hold it. */
    @Override
    public void addFacts(FactSink out) {
        if (device != null && (newValue != null || nextBoot != null)) { // a row cut after its name says no value
            out.add(new DeviceSetting(device, name, newValue != null ? newValue : nextBoot, out.evidence(source)));
        }
    }
}
