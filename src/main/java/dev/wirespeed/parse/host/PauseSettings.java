package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.PauseFrames;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
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
        statistics = statistics == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(statistics));
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

    /**
     * The netdev's pause setting, and with {@code --include-statistics} the pause frames counted,
     * under the names {@code ethtool -S} and doctor use.
     */
    @Override
    public void addFacts(FactSink out) {
        if (!statistics.isEmpty()) {
            Counters.Builder cb = Counters.builder(Counters.Scope.NETDEV, iface == null ? Counters.UNNAMED_SUBJECT : iface);
            statistics.forEach((name, v) -> cb.value(name, v, out.src()));
            out.add(cb.build());
        }
        if (iface != null) {
            out.add(NetInterface.builder(iface).pause(out.of(new PauseFrames(autoNegotiate, rx, tx),
                    "RX " + known(onOff(rx)) + ", TX " + known(onOff(tx)))).build());
        }
    }

    private static String known(String onOff) {
        return onOff == null ? "?" : onOff;
    }
}
