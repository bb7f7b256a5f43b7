package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A firmware configuration value from mlxconfig/mstconfig ("LINK_TYPE_P1 IB(1) ETH(2)"):
 * the value for the next boot, and the new value when the command sets one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MlxSetting(String device, String name, String nextBoot, String newValue, Source source)
        implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("setting", name).put("next boot", nextBoot)
                .put("new", newValue).map();
    }
}
