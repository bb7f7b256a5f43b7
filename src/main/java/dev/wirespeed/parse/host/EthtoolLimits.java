package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.RingSizes;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code ethtool -g IFACE} (ring sizes, in descriptors) or {@code ethtool -l IFACE} (channel counts):
 * the driver's "Pre-set maximums" beside its "Current hardware settings". A current RX ring below its
 * maximum is what {@code ethtool -G IFACE rx N} raises when the NIC drops for want of buffers.
 *
 * @param what    "ring" (-g) or "channels" (-l)
 * @param maximum lower-cased name ("rx", "rx mini", "rx jumbo", "tx"; "combined", "other") → the
 *                maximum; "n/a" and on/off settings are left out
 * @param current the same names → the value in use
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("EthtoolLimits")
public record EthtoolLimits(String iface, String what, Map<String, Long> maximum, Map<String, Long> current,
                            Source source) implements ParsedRecord {
    public EthtoolLimits {
        maximum = Collections.unmodifiableMap(new LinkedHashMap<>(maximum));
        current = Collections.unmodifiableMap(new LinkedHashMap<>(current));
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", iface).put("what", what)
                .put("rx", pair("rx")).put("tx", pair("tx")).put("combined", pair("combined")).map();
    }

    /** "512 of 4096": current of maximum; null when neither was printed. */
    private String pair(String name) {
        Long now = current.get(name);
        Long max = maximum.get(name);
        if (now == null && max == null) {
            return null;
        }
        return (now == null ? "?" : now) + " of " + (max == null ? "?" : max);
    }

    /** ethtool -g: the netdev's ring sizes, which the ring-drop rules read; ethtool -l (channels): shown as read. */
    @Override
    public void addFacts(FactSink out) {
        if (iface == null || !what.equals("ring")) {
            return;
        }
        RingSizes ring = new RingSizes(current.get("rx"), maximum.get("rx"), current.get("tx"), maximum.get("tx"));
        if (!ring.describe().isEmpty()) {
            out.add(NetInterface.builder(iface).ring(out.of(ring, ring.describe())).build());
        }
    }
}
