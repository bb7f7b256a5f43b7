package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Counters one tool printed for one port: {@code ethtool -S} (driver names such as mlx5's
 * "rx_out_of_buffer"), {@code ip -s link} (under the kernel's /sys/class/net/IFACE/statistics
 * names: "rx_missed_errors", "rx_crc_errors" …), {@code perfquery} and {@code ibqueryerrors}
 * (InfiniBand PortCounters names: "SymbolErrorCounter", "PortXmitWait" …). Per-queue values are
 * kept under "QUEUE.NAME" ("rxq0.rx_bytes", "0.rx_discards").
 *
 * @param subject the port: an interface name, "LID 5 port 1", "GUID 0x… port 1"; null when the
 *                output did not say
 * @param tool    "ethtool -S", "ip -s link", "perfquery", "ibqueryerrors", "rdma statistic", "show_counters"
 * @param values  counter name → value, in printed order
 */
@JsonTypeName("CounterSample")
public record CounterSample(String subject, String tool, Map<String, Long> values, Source source)
        implements ParsedRecord {
    public CounterSample {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The value of a counter, or null when it was not printed. */
    public Long value(String name) {
        return values.get(name);
    }

    @Override
    public Map<String, String> columns() {
        long nonzero = values.values().stream().filter(v -> v != 0).count();
        return Columns.of().put("port", subject).put("tool", tool).put("counters", values.size())
                .put("nonzero", nonzero).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
