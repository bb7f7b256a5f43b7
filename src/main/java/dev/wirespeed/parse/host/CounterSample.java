package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.CounterNames;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.EthtoolStats;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Counters one tool printed for one port: {@code ethtool -S} (driver names such as mlx5's
 * "rx_out_of_buffer"), {@code ip -s link} (under the kernel's /sys/class/net/IFACE/statistics
 * names: "rx_missed_errors", "rx_crc_errors" …), {@code perfquery} and {@code ibqueryerrors}
 * (InfiniBand PortCounters names: "SymbolErrorCounter", "PortXmitWait" …). Per-queue values are
 * kept under "QUEUE.NAME" ("rxq0.rx_bytes", "0.rx_discards").
 *
 * @param subject the port: an interface name, "LID 5 port 1", "GUID 0x… port 1"; null when the
 *                output did not say
 * @param tool    "ethtool -S", "ip -s link", "ifconfig", "perfquery", "ibqueryerrors", "rdma statistic", "show_counters"
 * @param values  counter name → value, in printed order
 */
@JsonTypeName("CounterSample")
public record CounterSample(String subject, String tool, Map<String, Long> values, Source source)
        implements LogInput {
    public CounterSample {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
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

    /**
     * The counters as the host's counter facts, under the names doctor reads from sysfs and procfs
     * (see {@link Counters}), so one rule set judges both: perfquery's names map to the sysfs file
     * names, per-queue ethtool counters are left out as doctor leaves them out, a port the output did
     * not name is {@link Counters#UNNAMED_SUBJECT}, and ibqueryerrors' "port ALL" (a switch's ports
     * summed) is the subject "GUID …/ALL".
     */
    @Override
    public void addFacts(FactSink out) {
        if (tool.equals(SoftnetStatParser.TOOL)) {
            return; // per-CPU backlog counters: no port to hold them (yet)
        }
        if (tool.equals("nstat") || tool.equals("netstat -s") || tool.equals("/proc/net/snmp")) {
            Counters.Builder hb = Counters.host();
            values.forEach((name, v) -> hb.value(name, v, out.src()));
            out.add(hb.build());
            return;
        }
        boolean ib = tool.equals("perfquery") || tool.equals("ibqueryerrors");
        Counters.Builder cb;
        if (tool.equals("rdma statistic") || tool.equals("show_counters") || tool.equals(SysfsCountersParser.RDMA_TOOL)) {
            // a port's hw_counters (and counters) under their sysfs names, the port as sysfs names it: "mlx5_0/1"
            cb = Counters.builder(Counters.Scope.RDMA_PORT, subject == null ? Counters.UNNAMED_SUBJECT : subject);
        } else if (subject == null) {
            cb = Counters.builder(ib ? Counters.Scope.RDMA_PORT : Counters.Scope.NETDEV, Counters.UNNAMED_SUBJECT);
        } else if (ib) {
            Matcher port = IB_COUNTER_PORT.matcher(subject);
            if (!port.matches()) {
                return;
            }
            // an IB port named by LID or GUID: "LID 10/1", "GUID 0x…/ALL" (sysfs would say "mlx5_0/1")
            cb = Counters.builder(Counters.Scope.RDMA_PORT, port.group(1) + "/" + port.group(2));
        } else {
            cb = Counters.netdev(subject);
        }
        values.forEach((name, v) -> {
            if (ib) {
                cb.value(CounterNames.ibSysfsName(name).orElse(name), v, out.src());
            } else if (!name.contains(".") && !EthtoolStats.isPerQueue(name)) {
                cb.value(name, v, out.src());
            }
        });
        if (!cb.isEmpty()) {
            out.add(cb.build());
        }
    }

    private static final Pattern IB_COUNTER_PORT = Pattern.compile("(.+?) port (\\d{1,3}|ALL)(?: \\(.*\\))?");
}
