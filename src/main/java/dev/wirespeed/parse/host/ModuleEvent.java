package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * mlx5's "Port module event[error]: module N, STATUS" (drivers/net/ethernet/mellanox/mlx5/core/events.c):
 * a transceiver or cable was plugged, unplugged, or reported an error ("Cable error, Unsupported cable",
 * "Cable error, High Temperature", "Power budget exceeded"); or ixgbe's "detected SFP+: 5" when it identified a
 * module (no module number, not an error; the status is the line with the type ixgbe_type.h gives the number).
 *
 * @param error true for the "[error]" form
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("ModuleEvent")
public record ModuleEvent(String driver, String address, Integer module, String status, boolean error, Source source)
        implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", address).put("module", module).put("status", status)
                .put("error", error ? "yes" : null).map();
    }

    /** Module events: the kernel-log rule's, like link events. */
    @Override
    public void addFacts(FactSink out) {}
}
