package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
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
        implements ParsedRecord {
    /** A setting as the query without -e, or the set command, prints it. */
    public MlxSetting(String device, String name, String nextBoot, String newValue, Source source) {
        this(device, name, nextBoot, newValue, source, null, null, null);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("setting", name).put("default", defaultValue).put("current", currentValue)
                .put("next boot", nextBoot).put("new", newValue).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
