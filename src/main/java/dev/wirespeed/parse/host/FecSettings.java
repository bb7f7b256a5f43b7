package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code ethtool --show-fec IFACE}: the forward error correction asked for and the one in use, and
 * with {@code -I} (ethtool 5.13+, netlink) the IEEE 802.3 FEC counters, each a total and, where the
 * driver reports them, one value per lane. Uncorrectable blocks are frames lost on the wire; corrected
 * blocks rising fast mean a marginal cable or optic.
 *
 * @param configured     "Configured FEC encodings" (or "Supported/Configured"): Auto, Off, RS, BaseR, LLRS, None
 * @param active         "Active FEC encoding"
 * @param statistics     counter name (corrected_blocks, uncorrectable_blocks, corrected_bits) → total
 * @param laneStatistics counter name → lane number → value
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("FecSettings")
public record FecSettings(String iface, List<String> configured, String active, Map<String, Long> statistics,
                          Map<String, Map<Integer, Long>> laneStatistics, Source source) implements LogInput {
    public FecSettings {
        configured = List.copyOf(configured);
        statistics = Collections.unmodifiableMap(new LinkedHashMap<>(statistics));
        Map<String, Map<Integer, Long>> lanes = new LinkedHashMap<>();
        laneStatistics.forEach((k, v) -> lanes.put(k, Collections.unmodifiableMap(new TreeMap<>(v))));
        laneStatistics = Collections.unmodifiableMap(lanes);
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("configured", String.join(" ", configured))
                .put("active", active).put("corrected", statistics.get("corrected_blocks"))
                .put("uncorrectable", statistics.get("uncorrectable_blocks")).map();
    }

    /** ethtool --show-fec: the FEC mode and its counters, shown as read; no host fact yet. */
    @Override
    public void addFacts(FactSink out) {}
}
