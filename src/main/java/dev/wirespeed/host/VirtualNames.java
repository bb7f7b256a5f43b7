package dev.wirespeed.host;

import java.util.regex.Pattern;

/**
 * Interface names the kernel or the usual tools give only virtual devices, for pasted output that
 * does not show /sys/devices/virtual (ip link): the devices a module creates when it loads (ifb.c
 * numifbs = 2 makes ifb0 and ifb1, dummy.c dummy0, the IP tunnels' fallback devices tunl0, gre0,
 * gretap0, erspan0, sit0, ip6tnl0, ip6gre0, ip_vti0, ip6_vti0), veth pairs, and the bridges of
 * libvirt (virbr0), Docker (docker0, br-&lt;12 hex&gt;) and Kubernetes CNIs (cni0, flannel.1, cali…).
 * A bond or a VLAN is left out: it is virtual, but one that is down cuts real traffic.
 */
public final class VirtualNames {
    private VirtualNames() {}

    private static final Pattern NAMES = Pattern.compile(
            "(?:ifb\\d+|dummy\\d+|tunl0|gre0|gretap0|erspan0|sit0|ip6tnl0|ip6gre0|ip_vti0|ip6_vti0|veth[\\w.-]*"
                    + "|virbr\\d+(?:-nic)?|docker\\d+|br-[0-9a-f]{12}|cni\\d+|flannel\\.\\d+|cali[0-9a-f]{11}|vxlan\\.calico)"
                    + "(?:@\\S+)?");

    public static boolean virtual(String name) {
        return name != null && NAMES.matcher(name).matches();
    }
}
