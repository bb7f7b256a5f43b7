package dev.wirespeed.diagnose;

import dev.wirespeed.host.Counters;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a nonzero counter means, by its name (see {@link Counters} for the names): the kind of
 * trouble, the cause in words and the fix. Sources: the kernel's mlx5 counters documentation
 * (Documentation/networking/device_drivers/ethernet/mellanox/mlx5/counters.rst), sysfs-class-net-statistics,
 * sysfs-class-infiniband and the IBA PortCounters attribute, proc(5) and the kernel's SNMP MIB
 * names (include/uapi/linux/snmp.h). Traffic counters (bytes, packets) mean nothing here.
 */
enum CounterSignal {
    RX_BUFFER("counter-rx-buffer", Severity.WARN, Counters.Scope.NETDEV,
            "rx_out_of_buffer|rx_missed_errors|rx_fifo_errors|rx_over_errors|rx_buff_alloc_err|rx_no_buffer_count"
                    + "|rx_discards|rx_queue_\\d+_drops",
            "the receiver dropped packets for want of buffers: the receive ring ran empty before the CPU refilled it",
            "raise the receive ring (ethtool -g IF shows the maximum) and spread interrupts over more cores",
            "ethtool -G {IF} rx 8192"),
    PORT_DISCARD("counter-port-discard", Severity.WARN, Counters.Scope.NETDEV,
            "rx_discards_phy|tx_discards_phy",
            "the adapter discarded packets at the port: it could not move them to the host fast enough (PCIe, ring, CPU)",
            "raise the receive ring, and enable flow control (pause or PFC) so the sender waits instead of losing packets",
            "ethtool -G {IF} rx 8192"),
    PHY_ERRORS("counter-phy-errors", Severity.WARN, null,
            "rx_crc_errors_phy|rx_symbol_err_phy|rx_crc_errors|rx_frame_errors|rx_length_errors|rx_in_range_len_errors_phy"
                    + "|rx_alignment_symbol_errors|symbol_error|link_error_recovery|local_link_integrity_errors"
                    + "|port_rcv_errors|rx_icrc_encapsulated",
            "frames arrived corrupted (CRC or symbol errors): a bad or dirty cable, optic or connector, or a failing port",
            "reseat or replace the cable or optic (and clean the connectors); read the module's diagnostics",
            "ethtool -m {IF}"),
    PAUSE("counter-pause", Severity.INFO, Counters.Scope.NETDEV,
            "rx_pause_ctrl_phy|tx_pause_ctrl_phy|rx_prio\\d_pause|tx_prio\\d_pause|rx_global_pause|tx_global_pause"
                    + "|rx_pause_frames|tx_pause_frames|rx_pause|tx_pause",
            "pause frames: rx means the switch told this port to stop sending (congestion beyond it), tx means this host"
                    + " could not take what arrived and stopped its sender",
            "check the pause/PFC configuration of both ends and the switch, and what congests the path",
            "ethtool -a {IF}"),
    PAUSE_STORM("counter-pause-storm", Severity.ERROR, Counters.Scope.NETDEV,
            "tx_pause_storm_warning_events|tx_pause_storm_error_events",
            "the adapter sent pause frames for a long time without end (a pause storm): the host stopped draining its receive queues",
            "find what stalls the receiver (a hung driver or CPU); the storm guard turned pause off for the port",
            null),
    CONGESTION("counter-congestion", Severity.INFO, Counters.Scope.RDMA_PORT,
            "port_xmit_wait|port_xmit_discards|excessive_buffer_overrun_errors",
            "the port had data to send but no credit from the other end: congestion downstream in the fabric"
                    + " (port_xmit_discards: packets dropped at transmit)",
            "find the hot links (ibqueryerrors, ibdiagnet --pc) and spread the traffic; check adaptive routing and congestion control",
            null),
    LINK_FLAPS("counter-link-flaps", Severity.WARN, null,
            "link_downed|link_down_events_phy",
            "the link went down and came back: a flapping cable or optic, or the peer port was reset",
            "check the cable and the switch port's log; the link errors of both ends tell which side",
            null),
    TCP_RETRANSMITS("counter-tcp-retransmits", Severity.INFO, Counters.Scope.HOST,
            "TcpRetransSegs",
            "TCP retransmitted segments: packets were lost on the path (drops, errors or congestion)",
            "find where packets are dropped: the ring and port counters of both ends, the switch, the qdisc",
            null),
    SOCKET_DROPS("counter-socket-drops", Severity.INFO, Counters.Scope.HOST,
            "TcpExtTCPBacklogDrop|TcpExtTCPRcvQDrop|TcpExtTCPZeroWindowDrop|TcpExtListenOverflows|TcpExtListenDrops"
                    + "|TcpExtRcvPruned|TcpExtTCPOFODrop|UdpRcvbufErrors|UdpSndbufErrors|IpExtInNoRoutes",
            "the kernel dropped packets at a socket whose receive queue or accept backlog was full",
            "raise the socket buffers (net.ipv4.tcp_rmem, net.core.rmem_max) or the listen backlog (net.core.somaxconn)",
            "sysctl -w net.core.rmem_max=268435456 net.ipv4.tcp_rmem='4096 131072 268435456'"),
    QDISC_DROPS("counter-qdisc-drops", Severity.WARN, Counters.Scope.NETDEV,
            "qdisc_dropped",
            "the interface's queueing discipline dropped packets before they reached the NIC (a shaper, a policer or a full queue)",
            "look at the qdisc (a rate limit, netem, or a queue too short for the rate) and remove or enlarge it",
            "tc -s qdisc show dev {IF}");

    final String ruleId;
    final Severity severity;
    /** Null: any scope. */
    final Counters.Scope scope;
    final Pattern names;
    final String cause;
    final String fixAction;
    /** With {IF} for the netdev; null when no single command fixes it. */
    final String fixCommand;

    CounterSignal(String ruleId, Severity severity, Counters.Scope scope, String names, String cause, String fixAction,
                  String fixCommand) {
        this.ruleId = ruleId;
        this.severity = severity;
        this.scope = scope;
        this.names = Pattern.compile(names);
        this.cause = cause;
        this.fixAction = fixAction;
        this.fixCommand = fixCommand;
    }

    /** The signal of a counter, if its name means trouble when nonzero. */
    static Optional<CounterSignal> of(Counters.Scope scope, String name) {
        for (CounterSignal s : values()) {
            if ((s.scope == null || s.scope == scope) && s.names.matcher(name).matches()) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** Names that matter (any signal) among {@code c}'s counters. */
    static List<String> mattering(Counters c) {
        return c.values().keySet().stream().filter(n -> of(c.scope(), n).isPresent()).toList();
    }
}
