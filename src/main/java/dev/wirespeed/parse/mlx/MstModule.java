package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A kernel module line of {@code mst status}: "MST PCI module loaded" / "MST PCI configuration
 * module is not loaded". Without them there are no /dev/mst devices for mlxconfig, flint or
 * mlxlink to open by name.
 *
 * @param module "MST PCI" or "MST PCI configuration"
 */
@JsonTypeName("MstModule")
public record MstModule(String module, boolean loaded, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("module", module).put("loaded", loaded ? "yes" : "no").map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
