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

/**
 * One SR-IOV virtual function as {@code ip [-s] link show PF} lists it under its physical function
 * (iproute2 ip/ipaddress.c print_vfinfo): "vf 0 link/ether MAC …, vlan 2, spoof checking on,
 * link-state auto, trust off" (older iproute2: "vf 0 MAC …"), and with {@code -s} the VF's own
 * counters (IFLA_VF_STATS: rx/tx bytes and packets, multicast, broadcast, rx/tx dropped).
 *
 * @param pf       the physical function's interface
 * @param vf       the VF's number, as printed
 * @param mac      its MAC address, as printed
 * @param settings every comma-separated setting after the MAC, as printed ("vlan 2", "spoof checking on",
 *                 "link-state auto", "trust off", "query_rss off", "max_tx_rate 100Mbps" …); the typed
 *                 fields above read the common ones
 * @param counters the VF's counters under the kernel's names (rx_bytes, rx_packets, rx_multicast,
 *                 rx_broadcast, rx_dropped, tx_bytes, tx_packets, tx_dropped)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("VirtualFunction")
public record VirtualFunction(String pf, int vf, String mac, Integer vlan, String spoofChecking, String linkState,
                              String trust, List<String> settings, Map<String, Long> counters, Source source)
        implements LogInput {
    public VirtualFunction {
        settings = settings == null ? List.of() : List.copyOf(settings);
        counters = Collections.unmodifiableMap(new LinkedHashMap<>(counters));
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("pf", pf).put("vf", vf).put("mac", mac).put("vlan", vlan).put("spoof check", spoofChecking)
                .put("link", linkState).put("trust", trust).put("rx dropped", counters.get("rx_dropped"))
                .put("tx dropped", counters.get("tx_dropped")).map();
    }

    /** A VF's own counters are no netdev of this host: the vf-dropping rule reads them from the log. */
    @Override
    public void addFacts(FactSink out) {}
}
