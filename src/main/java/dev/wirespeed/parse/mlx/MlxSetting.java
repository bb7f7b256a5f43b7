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
 * the value for the next boot, and the new value when the command sets one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("MlxSetting")
public record MlxSetting(String device, String name, String nextBoot, String newValue, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("setting", name).put("next boot", nextBoot)
                .put("new", newValue).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
