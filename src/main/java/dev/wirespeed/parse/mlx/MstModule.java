package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
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
public record MstModule(String module, boolean loaded, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("module", module).put("loaded", loaded ? "yes" : "no").map();
    }

    /** mst's module state is about the tools, not the host's network: read by the mst rule from the log. */
    @Override
    public void addFacts(FactSink out) {}
}
