package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * {@code ethtool -a IFACE}: IEEE 802.3x pause (global flow control) settings; with
 * {@code --include-statistics} / {@code -I} (ethtool 5.10+, netlink) also the standard pause
 * counters under "Statistics:", and "RX/TX negotiated" when autonegotiation resolved them.
 *
 * @param statistics every counter under "Statistics:" by its name (tx_pause_frames,
 *                   rx_pause_frames, driver extras such as tx_pause_storm_events); empty without -I
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("PauseSettings")
public record PauseSettings(String iface, Boolean autoNegotiate, Boolean rx, Boolean tx, Boolean rxNegotiated,
                            Boolean txNegotiated, Map<String, Long> statistics, Source source)
        implements ParsedRecord {
    public PauseSettings {
        statistics = statistics == null ? Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(statistics));
    }

    public Long txPauseFrames() {
        return statistics.get("tx_pause_frames");
    }

    public Long rxPauseFrames() {
        return statistics.get("rx_pause_frames");
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("autoneg", onOff(autoNegotiate)).put("rx", onOff(rx))
                .put("tx", onOff(tx)).put("tx pause frames", txPauseFrames())
                .put("rx pause frames", rxPauseFrames()).map();
    }

    static String onOff(Boolean b) {
        return b == null ? null : b ? "on" : "off";
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
