package dev.wirespeed.diagnose;

import java.util.List;
import java.util.regex.Pattern;

/**
 * What a nonzero error or discard counter means, by the counter's name as the tools print it.
 * Sources of the meanings: the kernel's Documentation/networking/device_drivers/ethernet/mellanox/
 * mlx5/counters.rst (rx_out_of_buffer, rx_discards_phy, *_phy), Documentation/ABI/testing/
 * sysfs-class-net-statistics (rx_missed_errors, rx_fifo_errors …) and the InfiniBand
 * Architecture Specification vol. 1, 16.1.3.5 PortCounters (SymbolErrorCounter, PortXmitWait …).
 */
enum CounterKind {
    RING(Severity.WARN, "the receiver ran out of ring buffers and dropped packets",
            "raise the receive ring (ethtool -g IFACE shows the maximum) and spread the interrupts over more cores",
            "ethtool -G IFACE rx 8192",
            "rx_out_of_buffer|rx_no_buffer_count|rx_missed_errors|rx_fifo_errors|rx_over_errors|rx_buff_alloc_err"
                    + "|rx_discards|rx_drops_no_pbuf|rx_drops_no_erx_descr|rx_skb_alloc_discard|rxpp_fifo_overflow_drop"
                    + "|rx_input_fifo_overflow_drop|port_rx_nodesc_drops|rx_nodesc_drop_cnt"),
    PORT_DISCARD(Severity.WARN, "the NIC's port buffer overflowed: the host (PCIe, CPU) did not drain it at wire speed",
            "check the PCIe link (explain lspci -vvv / doctor), raise the ring, and for lossless traffic enable flow "
                    + "control (PFC or global pause) on the NIC and the switch", null,
            "rx_discards_phy|tx_discards_phy|rx_buffer_passed_thres_phy"),
    PHYSICAL(Severity.ERROR, "frames arrived corrupted: a bad cable, optic or dirty connector",
            "reseat or replace the cable or transceiver and clean the connectors; check the module with ethtool -m IFACE "
                    + "(or mlxlink) for low receive power", null,
            "rx_crc_errors_phy|rx_symbol_err_phy|rx_crc_errors|rx_alignment_symbol_errors|rx_frame_errors"
                    + "|rx_pcs_symbol_err_phy|rx_corrected_bits_phy_disabled|rx_in_range_errors|rx_length_errors"
                    + "|SymbolErrorCounter|LinkErrorRecoveryCounter|PortRcvErrors|PortRcvRemotePhysicalErrors"
                    + "|LocalLinkIntegrityErrors|ExcessiveBufferOverrunErrors|PortMalformedPktErrors|roce_drops_crc"),
    LINK_FLAP(Severity.WARN, "the link went down and came back",
            "look for \"Link down\" in dmesg at the times of the drops; reseat or replace the cable, check both ends' "
                    + "speed and FEC settings", null,
            "link_down_events_phy|LinkDownedCounter|carrier_changes"),
    CONGESTION(Severity.WARN, "the port had data to send but no credits: congestion downstream",
            "find the hot spot (ibqueryerrors on the whole fabric, PortXmitWait per switch port); spread the traffic, "
                    + "enable adaptive routing or add uplinks", null,
            "PortXmitWait|PortXmitDiscards|PortXmitConstraintErrors|PortRcvConstraintErrors|PortSwLifetimeLimitDiscards"
                    + "|PortSwHOQLifetimeLimitDiscards"),
    PAUSE(Severity.INFO, "pause (flow control) frames were exchanged: one side throttled the other",
            "rx pause: the peer or switch asked this port to stop (congestion there); tx pause: this host could not "
                    + "keep up (raise the ring, check PCIe and CPU)", null,
            "rx_pause_ctrl_phy|tx_pause_ctrl_phy|rx_pause_frames|tx_pause_frames|tx_pauseframes|rx_priority_pause_frames"
                    + "|tx_priority_pauseframes|rx_prio\\d_pause|tx_prio\\d_pause|rx_global_pause|tx_global_pause"),
    ERRORS(Severity.WARN, "the interface counted errors or drops",
            "read the driver's own counters (ethtool -S IFACE) to find which kind", null,
            "rx_errors|tx_errors|tx_carrier_errors|tx_aborted_errors|tx_fifo_errors"),
    SOCKET_BUFFER(Severity.WARN, "UDP datagrams were dropped because a socket's receive or send buffer was full",
            "raise the socket buffers (net.core.rmem_max / wmem_max, and the application's SO_RCVBUF) or read faster",
            "sysctl -w net.core.rmem_max=67108864", "UdpRcvbufErrors|UdpSndbufErrors|Udp6RcvbufErrors|Udp6SndbufErrors"),
    DROPPED(Severity.INFO, "the kernel dropped packets; this total also counts frames for unknown protocols or VLANs, "
            + "so it can be harmless", "read the driver's counters (ethtool -S IFACE) to tell buffer drops from the rest",
            null, "rx_dropped|tx_dropped");

    final Severity severity;
    final String meaning;
    final String action;
    final String command;
    private final Pattern names;

    CounterKind(Severity severity, String meaning, String action, String command, String names) {
        this.severity = severity;
        this.meaning = meaning;
        this.action = action;
        this.command = command;
        this.names = Pattern.compile(names);
    }

    /** The kind of a counter name (a per-queue "QUEUE.name" is read by its name), or null when it is no error. */
    static CounterKind of(String name) {
        String base = name.substring(name.lastIndexOf('.') + 1);
        for (CounterKind k : List.of(values())) {
            if (k.names.matcher(base).matches()) {
                return k;
            }
        }
        return null;
    }
}
