package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code ethtool --show-priv-flags IFACE} ("Private flags for eno1:"): the driver's own switches, each on or
 * off, by the driver's name for it ("disable-fw-lldp", "rx_cqe_compress", "legacy-rx"). Their meaning is the
 * driver's: the same name on two drivers need not mean the same.
 *
 * @param flags every flag printed, in the driver's order
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("PrivateFlags")
public record PrivateFlags(String iface, Map<String, Boolean> flags, Source source) implements ParsedRecord {
    public PrivateFlags {
        flags = Collections.unmodifiableMap(new LinkedHashMap<>(flags));
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("on", flags.entrySet().stream().filter(Map.Entry::getValue)
                .map(Map.Entry::getKey).collect(Collectors.joining(" "))).map();
    }

    /** Shown as read: no rule reads a driver's private flags yet. */
    @Override
    public void addFacts(FactSink out) {}
}
