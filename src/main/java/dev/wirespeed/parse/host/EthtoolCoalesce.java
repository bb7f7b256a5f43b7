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

/**
 * {@code ethtool -c IFACE} ("Coalesce parameters for eth0:"): interrupt coalescing, the driver's
 * adaptive moderation beside the fixed delays and frame counts (ethtool's coalesce.c).
 *
 * @param adaptiveRx "Adaptive RX: on"; null when "n/a"
 * @param cqeModeRx  "CQE mode RX: on" (ethtool 5.13+, mlx5's completion-based moderation); null when "n/a"
 * @param values     every numeric parameter by its printed name ("rx-usecs" → 8, "rx-frames" → 128,
 *                   "pkt-rate-low" …); "n/a" ones left out
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("EthtoolCoalesce")
public record EthtoolCoalesce(String iface, Boolean adaptiveRx, Boolean adaptiveTx, Boolean cqeModeRx,
                              Boolean cqeModeTx, Map<String, Long> values, Source source) implements ParsedRecord {
    public EthtoolCoalesce {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("adaptive rx", PauseSettings.onOff(adaptiveRx))
                .put("adaptive tx", PauseSettings.onOff(adaptiveTx)).put("rx-usecs", values.get("rx-usecs"))
                .put("rx-frames", values.get("rx-frames")).put("tx-usecs", values.get("tx-usecs"))
                .put("tx-frames", values.get("tx-frames")).map();
    }

    /** Shown as read: no rule reads coalescing yet, and the host model has no place for it. */
    @Override
    public void addFacts(FactSink out) {}
}
