package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code mlnx_qos -i IFACE}: a port's DCB settings — which field classifies traffic (trust pcp or
 * dscp), on which of the 8 priorities PFC is on, and each traffic class's scheduling (ETS share or
 * strict) with the priorities mapped to it. The lossless-RoCE rules read it (from the log records,
 * or as the "trust"/"pfc" device settings explain adds to the host facts).
 *
 * @param iface          the interface of "mlnx_qos -i IFACE", null when not typed
 * @param dcbxMode       "OS controlled", "firmware controlled", null when not printed
 * @param trust          "pcp" or "dscp", null when not printed
 * @param pfcPriorities  priorities with PFC enabled (0–7), in order; empty when PFC is off everywhere;
 *                       null when the PFC table was not printed
 * @param trafficClasses the "tc: N …" blocks, in order
 * @param dscp26Priority the priority DSCP 26 maps to (RoCE's default traffic class 106 is DSCP 26),
 *                       null when no DSCP map was printed
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("QosSettings")
public record QosSettings(String iface, String dcbxMode, String trust, List<Integer> pfcPriorities,
                          List<TrafficClass> trafficClasses, Integer dscp26Priority, Source source)
        implements LogInput {
    public QosSettings {
        pfcPriorities = pfcPriorities == null ? null : List.copyOf(pfcPriorities);
        trafficClasses = List.copyOf(trafficClasses);
    }

    /**
     * @param tsa        "ets", "strict" or "vendor"
     * @param bwPercent  the ETS share, null for strict
     * @param rateLimit  "unlimited" or a rate as printed
     * @param priorities the priorities mapped to this class
     */
    public record TrafficClass(int tc, String tsa, Integer bwPercent, String rateLimit, List<Integer> priorities) {
        public TrafficClass {
            priorities = List.copyOf(priorities);
        }
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("trust", trust)
                .put("pfc", pfcPriorities == null ? null : pfcPriorities.isEmpty() ? "off"
                        : pfcPriorities.stream().map(String::valueOf).collect(Collectors.joining(",")))
                .put("ets", trafficClasses.stream().map(t -> "tc" + t.tc() + "=" + (t.bwPercent() == null ? t.tsa()
                        : t.bwPercent() + "%")).collect(Collectors.joining(" ")))
                .put("dscp 26 priority", dscp26Priority).map();
    }

    /**
     * mlnx_qos and dcb as device settings of the interface: "trust" (pcp/dscp), "pfc" ("3", "3,4"
     * or "none") and "dscp26-priority" (where RoCE's default DSCP lands).
     */
    @Override
    public void addFacts(FactSink out) {
        if (iface == null) {
            return;
        }
        Evidence ev = out.evidence(source);
        if (trust != null) {
            out.add(new DeviceSetting(iface, "trust", trust, ev));
        }
        if (pfcPriorities != null) {
            out.add(new DeviceSetting(iface, "pfc", pfcPriorities.isEmpty() ? "none"
                    : String.join(",", pfcPriorities.stream().map(String::valueOf).toList()), ev));
        }
        if (dscp26Priority != null) {
            out.add(new DeviceSetting(iface, "dscp26-priority", dscp26Priority.toString(), ev));
        }
    }
}
