package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code ethtool -k IFACE} ("Features for eth0:"): the netdev's offload features, each on or off,
 * "[fixed]" when the driver does not let it change, "[requested on]" when the setting asked for is
 * not the one in effect (ethtool's features.c, dump_one_feature).
 *
 * @param features  every feature printed, its name as printed (the group's "tcp-segmentation-offload"
 *                  and its indented members "tx-tcp-segmentation" alike) → on
 * @param fixed     the names marked "[fixed]"
 * @param requested the names marked "[requested on|off]" → what was requested
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("EthtoolFeatures")
public record EthtoolFeatures(String iface, Map<String, Boolean> features, List<String> fixed,
                              Map<String, Boolean> requested, Source source) implements ParsedRecord {
    public EthtoolFeatures {
        features = Collections.unmodifiableMap(new LinkedHashMap<>(features));
        fixed = List.copyOf(fixed);
        requested = Collections.unmodifiableMap(new LinkedHashMap<>(requested));
    }

    /** The four offloads a throughput question starts from, then how many are on of how many printed. */
    @Override
    public Map<String, String> columns() {
        long on = features.values().stream().filter(Boolean::booleanValue).count();
        return Columns.of().put("interface", iface)
                .put("tso", PauseSettings.onOff(features.get("tcp-segmentation-offload")))
                .put("gso", PauseSettings.onOff(features.get("generic-segmentation-offload")))
                .put("gro", PauseSettings.onOff(features.get("generic-receive-offload")))
                .put("lro", PauseSettings.onOff(features.get("large-receive-offload")))
                .put("on", on + " of " + features.size()).map();
    }

    /** Shown as read: no rule reads offloads yet, and the host model has no place for them. */
    @Override
    public void addFacts(FactSink out) {}
}
