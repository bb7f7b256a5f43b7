package dev.wirespeed.parse.other;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * This node as {@code zerotier-cli info} prints it: "200 info 8d211494d1 1.10.5 ONLINE".
 *
 * @param status ONLINE, OFFLINE, or TUNNELED (no direct UDP: traffic goes over ZeroTier's TCP relay)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("ZeroTierNode")
public record ZeroTierNode(String address, String version, String status, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("node", address).put("version", version).put("status", status).map();
    }

    /** The overlay node itself: read by the log rules, no host fact holds it. */
    @Override
    public void addFacts(FactSink out) {}
}
