package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.VirtualNames;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A network interface from {@code ip link} / {@code ip addr}.
 *
 * @param ipoibMode "datagram" or "connected", from {@code ip -d link}'s "ipoib pkey 0x8001 mode datagram" line
 * @param pkey      the IPoIB partition key of that line ("0xffff" for the default partition)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
@JsonTypeName("NetInterface")
public record NetInterfaceRecord(Integer index, String name, List<String> flags, Integer mtuBytes, String state,
                           String linkType, String address, List<String> addresses, String ipoibMode,
                           String pkey, Source source)
        implements ParsedRecord {
    /**
     * Link types ip prints for tunnels and other devices with no Ethernet header (iproute2 lib/ll_types.c names,
     * their ARPHRD_ numbers from include/uapi/linux/if_arp.h): a GRE tunnel's "link/gre", WireGuard's and tun's
     * "link/none". Their operstate is UNKNOWN by design, and no cable or optic serves them, so they are not
     * taken for Ethernet ports.
     */
    private static final Map<String, Integer> TUNNEL_TYPES = Map.of("gre", 778, "gre6", 823, "ipip", 768, "tunnel6", 769,
            "sit", 776, "none", 0xFFFE, "ppp", 512, "can", 280, "void", 0xFFFF);

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("interface", name).put("state", state).put("mtu", mtuBytes)
                .put("link", linkType).put("ipoib", ipoibMode == null ? null : ipoibMode + " " + pkey).put("addresses", String.join(" ", addresses)).map();
    }

    @Override
    public void addFacts(FactSink out) {
        NetInterface.Builder nb = NetInterface.builder(name);
        if (state != null) {
            nb.operState(out.of(state.toLowerCase(Locale.ROOT), state));
        }
        if (mtuBytes != null) {
            nb.mtuBytes(out.of(mtuBytes, mtuBytes.toString()));
        }
        if (linkType != null) {
            nb.type(out.of(linkType.equals("infiniband") ? NetInterface.ARPHRD_INFINIBAND
                    : linkType.equals("loopback") ? NetInterface.ARPHRD_LOOPBACK
                    : TUNNEL_TYPES.getOrDefault(linkType, NetInterface.ARPHRD_ETHER), "link/" + linkType));
        }
        if (ipoibMode != null) {
            nb.ipoibMode(out.of(ipoibMode, "ipoib pkey " + pkey + " mode " + ipoibMode));
        }
        interfaceFlags(nb, out);
        out.add(nb.build());
    }

    /**
     * ip's flags as sysfs says them: UP is the administrative state (IFF_UP), NO-CARRIER and LOWER_UP
     * the carrier; a name the kernel gives only virtual devices marks the interface virtual, as
     * /sys/devices/virtual does for doctor (an ifb0 that is down is no broken cable).
     */
    private void interfaceFlags(NetInterface.Builder nb, FactSink out) {
        if (flags != null && !flags.isEmpty()) {
            String raw = "<" + String.join(",", flags) + ">";
            nb.adminUp(out.of(flags.contains("UP"), raw));
            if (flags.contains("NO-CARRIER")) {
                nb.carrier(out.of(false, raw));
            } else if (flags.contains("LOWER_UP")) {
                nb.carrier(out.of(true, raw));
            }
        }
        if (VirtualNames.virtual(name)) {
            nb.virtual(Observed.of(true, name, out.src() + " (a name only virtual devices get)"));
        }
    }
}
