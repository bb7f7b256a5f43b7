package dev.wirespeed.diagnose;

import java.util.regex.Pattern;

/**
 * The advice for drop and error totals of a software device, known by its name only: a bridge, a bond, a tap or
 * the loopback has no driver of a NIC behind it, so ethtool -S answers "no stats available" and its drops have
 * kernel causes of their own (net/core/dev.c, __netif_receive_skb_core: a frame no protocol handler takes counts
 * as rx_dropped of the device it arrived on). Bridges: the frames passed up to the bridge device that no protocol
 * takes (tagged for a VLAN with no device on it, a protocol the host does not run). Bonds: their totals are their
 * members' summed (bond_get_stats); the frames a backup member drops by design in active-backup mode counted as
 * rx_dropped before 4.6 and as rx_nohandler since. Taps (tun.c tun_net_xmit): the host's transmit to the guest
 * drops when the guest's queue is full. Loopback: enqueue_to_backlog drops when the CPU's backlog
 * (net.core.netdev_max_backlog) is full.
 */
final class SoftwareNetdevDrops {
    private SoftwareNetdevDrops() {}

    private static final Pattern BRIDGE = Pattern.compile("(?:br|vmbr|virbr|docker|cni|lxcbr|lxdbr)\\d+|br-[0-9a-f]{12}|br[-_.]\\w+");
    private static final Pattern BOND = Pattern.compile("(?:bond|team)\\d+(?:\\.\\d+)?");
    private static final Pattern TAP = Pattern.compile("(?:vnet|tap|tun|fwpr|fwln)\\d+\\w*|tap[0-9a-f]{8}-[0-9a-f]{2}");

    /**
     * The fix for a drop or error total of {@code netdev}, or null when its name is no software device's; the kernel's
     * reasons are named only for receive drops ({@code receiveDropsOnly}), the counter they explain.
     */
    static String fix(String netdev, boolean receiveDropsOnly) {
        if (netdev == null) {
            return null;
        }
        if (BRIDGE.matcher(netdev).matches()) {
            return netdev + " is a bridge by its name: a software device with no driver counters (ethtool -S has none)"
                    + (receiveDropsOnly ? "; it counts as dropped the frames passed up to it that no protocol takes (tagged"
                            + " for a VLAN with no device on it, a protocol the host does not run), which is harmless" : "")
                    + ". For the NICs' own drops read its physical members: ip link show master " + netdev
                    + ", then ethtool -S on each";
        }
        if (BOND.matcher(netdev).matches()) {
            return netdev + " is a bond by its name: its totals are its members' summed and it has no driver counters"
                    + " (ethtool -S has none); read each member (cat /proc/net/bonding/" + netdev.replaceAll("\\.\\d+$", "")
                    + " lists them and the mode), then ethtool -S on each" + (receiveDropsOnly ? ". Kernels before 4.6 also"
                    + " counted here the frames a backup member in active-backup mode drops by design (since 4.6:"
                    + " rx_nohandler)" : "");
        }
        if (TAP.matcher(netdev).matches()) {
            return netdev + " is a VM's or container's tap device by its name: no NIC driver (ethtool -S has none); its"
                    + " transmit drops are packets the host could not hand to the guest because the guest's queue was full,"
                    + " its receive side is what the guest sent: look at the guest's load and its virtio queues (more"
                    + " queues, vhost) and the guest's own counters";
        }
        if (netdev.equals("lo") && receiveDropsOnly) {
            return "the loopback has no driver: its drops are the CPU's receive backlog overflowing"
                    + " (net.core.netdev_max_backlog; the dropped column of /proc/net/softnet_stat shows which CPU)";
        }
        return null;
    }
}
