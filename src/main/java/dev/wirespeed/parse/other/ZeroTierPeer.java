package dev.wirespeed.parse.other;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A peer of {@code zerotier-cli peers} / {@code listpeers}.
 *
 * @param latencyMillis ZeroTier's &lt;lat&gt;; -1 means the peer has not answered (unreachable)
 * @param role          LEAF, MOON or PLANET
 * @param path          the active path "address/port", or null ("-" when relayed)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("ZeroTierPeer")
public record ZeroTierPeer(String address, String version, String role, Integer latencyMillis, String link,
                           String path, Source source) implements LogInput {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("peer", address).put("version", version).put("role", role)
                .put("latency", latencyMillis == null ? null : latencyMillis + " ms").put("link", link).put("path", path)
                .map();
    }

    /** An overlay peer: read by the zerotier rule from the log. */
    @Override
    public void addFacts(FactSink out) {}
}
