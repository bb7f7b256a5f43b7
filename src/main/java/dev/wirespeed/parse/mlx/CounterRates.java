package dev.wirespeed.parse.mlx;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.EthtoolStats;
import dev.wirespeed.host.Observed;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One sample of {@code mlnx_perf -i IF} (mlnx-tools): what each `ethtool -S` counter of the interface
 * moved in one interval, per second, as mlnx_perf printed it — only counters that moved are printed.
 * Byte counters carry mlnx_perf's "Bps" figure (bytes per second; its Mbps is that × 8 / 10^6).
 *
 * @param subject   the interface from the command's {@code -i}, null when the paste did not show it
 * @param sample    1 for the first interval printed, and so on
 * @param perSecond counter name (the driver's `ethtool -S` name) → its rate per second, in printed order
 * @param priorityShares mlnx_perf's "UP N" lines: priority → "Mbps = share" text as printed
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("CounterRates")
public record CounterRates(String subject, int sample, Map<String, Double> perSecond, Map<String, String> priorityShares,
                           Source source) implements ParsedRecord {
    public CounterRates {
        perSecond = Collections.unmodifiableMap(new LinkedHashMap<>(perSecond));
        priorityShares = Collections.unmodifiableMap(new LinkedHashMap<>(priorityShares));
    }

    /** Bits per second of a byte counter ("rx_bytes_phy"), or null when it did not move in this sample. */
    public Double bitsPerSecond(String byteCounter) {
        Double b = perSecond.get(byteCounter);
        return b == null ? null : b * 8;
    }

    @Override
    public Map<String, String> columns() {
        Double rx = bitsPerSecond("rx_bytes_phy");
        Double tx = bitsPerSecond("tx_bytes_phy");
        return Columns.of().put("port", subject).put("sample", sample).put("counters", perSecond.size())
                .put("rx phy Mbit/s", rx == null ? null : rx / 1e6).put("tx phy Mbit/s", tx == null ? null : tx / 1e6).map();
    }

    /**
     * mlnx_perf's rates: the counters a rule reads (the same names as `ethtool -S`; per-queue ones left
     * out as doctor leaves them out), each marked per second, so the counter rules judge them with
     * doctor's ids and say "per second while mlnx_perf sampled". Traffic figures give no fact.
     */
    @Override
    public void addFacts(FactSink out) {
        Counters.Builder cb = Counters.netdev(subject == null ? Counters.UNNAMED_SUBJECT : subject);
        perSecond.forEach((name, rate) -> {
            if (!EthtoolStats.isPerQueue(name) && !name.contains(".")) {
                long v = Math.round(rate);
                cb.put(name, Observed.of(v, Long.toString(v), out.src() + Counters.PER_SECOND));
            }
        });
        if (!cb.isEmpty()) {
            out.add(cb.build());
        }
    }
}
