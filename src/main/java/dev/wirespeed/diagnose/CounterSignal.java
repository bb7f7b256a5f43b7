package dev.wirespeed.diagnose;

import dev.wirespeed.host.Counters;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The one table of counter signals: what a nonzero counter means, by its name, for doctor (sysfs,
 * procfs, `ethtool -S`, `ethtool -I -a`), explain (the same counters pasted: `ethtool -S`,
 * `ethtool -a --include-statistics`, `ip -s link`, perfquery, ibqueryerrors, nstat, netstat -s) and a
 * test's deltas (bw, lat, check, mesh). Each source's spelling is mapped to the names below before
 * a rule reads them ({@link dev.wirespeed.host.CounterNames}: perfquery's "SymbolErrorCounter" is
 * "symbol_error", `ip -s link`'s "missed" is "rx_missed_errors", netstat's sentences are nstat's
 * names), so the same counters give the same finding ids whatever the source.
 *
 * <p>Names per source: NETDEV — /sys/class/net/IF/statistics files and the drivers' `ethtool -S`
 * names (mlx5's, and the ring-drop names of e1000e/igb, ixgbe, be2net, sfc), the `ethtool -a` statistics; RDMA_PORT —
 * /sys/class/infiniband/DEV/ports/N/counters and hw_counters files, plus the IBA detail counters that
 * have no sysfs file (PortSwLifetimeLimitDiscards …, kept under perfquery's name); HOST — nstat names.
 *
 * <p>Sources of the meanings: the kernel's mlx5 counters documentation
 * (Documentation/networking/device_drivers/ethernet/mellanox/mlx5/counters.rst), sysfs-class-net-statistics,
 * Documentation/networking/statistics.rst (the standard pause statistics), sysfs-class-infiniband and the
 * IBA PortCounters attribute (vol. 1, 16.1.3.5), NVIDIA's "Understanding mlx5 Linux counters" (the RDMA
 * port's hw_counters: out_of_buffer, the requester/responder CQE error counts), proc(5) and the kernel's SNMP MIB names
 * (include/uapi/linux/snmp.h). Traffic counters (bytes, packets) mean nothing here.
 *
 * <p>A {@link #generic} signal (an interface's total errors or drops) speaks only when no specific
 * signal of the same subject does: the specific one already names the cause.
 */
enum CounterSignal {
    RX_BUFFER("counter-rx-buffer", Severity.WARN, Counters.Scope.NETDEV,
            "rx_out_of_buffer|rx_missed_errors|rx_fifo_errors|rx_over_errors|rx_buff_alloc_err|rx_no_buffer_count"
                    + "|rx_discards|rx_queue_\\d+_drops|rx_drops_no_pbuf|rx_drops_no_erx_descr|rx_skb_alloc_discard"
                    + "|rxpp_fifo_overflow_drop|rx_input_fifo_overflow_drop|port_rx_nodesc_drops|rx_nodesc_drop_cnt"
                    + "|rx_no_dma_resources",
            "the receiver dropped packets for want of buffers: the receive ring ran empty before the CPU refilled it",
            null, null), // the fix depends on the ring's size: RingFix
    PORT_DISCARD("counter-port-discard", Severity.WARN, Counters.Scope.NETDEV,
            "rx_discards_phy|tx_discards_phy|rx_buffer_passed_thres_phy",
            "the adapter discarded packets at the port: it could not move them to the host fast enough (PCIe, ring, CPU)",
            null, null), // RingFix, as RX_BUFFER
    PHY_ERRORS("counter-phy-errors", Severity.WARN, null,
            "rx_crc_errors_phy|rx_symbol_err_phy|rx_pcs_symbol_err_phy|rx_crc_errors|rx_frame_errors|rx_length_errors"
                    + "|rx_in_range_len_errors_phy|rx_in_range_errors|rx_alignment_symbol_errors|symbol_error"
                    + "|link_error_recovery|local_link_integrity_errors|port_rcv_errors|port_rcv_remote_physical_errors"
                    + "|rx_icrc_encapsulated|PortMalformedPktErrors"
                    // bnxt_en's own names and the standard IEEE 802.3 group (ethtool -S --groups eth-mac)
                    + "|rx_fcs_err_frames|rx_align_err_frames|eth-mac-FrameCheckSequenceErrors|eth-mac-AlignmentErrors",
            "frames arrived corrupted (CRC or symbol errors): a bad or dirty cable, optic or connector, or a failing port",
            "reseat or replace the cable or optic (and clean the connectors); read the module's diagnostics",
            "ethtool -m {IF}"),
    PAUSE("counter-pause", Severity.INFO, Counters.Scope.NETDEV,
            "rx_pause_ctrl_phy|tx_pause_ctrl_phy|rx_prio\\d_pause|tx_prio\\d_pause|rx_global_pause|tx_global_pause"
                    + "|rx_pause_frames|tx_pause_frames|rx_pause|tx_pause|tx_pauseframes|rx_priority_pause_frames"
                    + "|tx_priority_pauseframes",
            "pause frames: rx means the switch told this port to stop sending (congestion beyond it), tx means this host"
                    + " could not take what arrived and stopped its sender",
            "check the pause/PFC configuration of both ends and the switch, and what congests the path",
            "ethtool -a {IF}"),
    PAUSE_STORM("counter-pause-storm", Severity.ERROR, Counters.Scope.NETDEV,
            "tx_pause_storm_warning_events|tx_pause_storm_error_events|tx_pause_storm_events",
            "the adapter sent pause frames for a long time without end (a pause storm): the host stopped draining its receive queues",
            "find what stalls the receiver (a hung driver or CPU); the storm guard turned pause off for the port",
            null),
    CONGESTION("counter-congestion", Severity.INFO, Counters.Scope.RDMA_PORT,
            "port_xmit_wait|port_xmit_discards|excessive_buffer_overrun_errors|port_xmit_constraint_errors"
                    + "|port_rcv_constraint_errors|PortSwLifetimeLimitDiscards|PortSwHOQLifetimeLimitDiscards",
            "the port had data to send but no credit from the other end: congestion downstream in the fabric"
                    + " (port_xmit_discards: packets dropped at transmit)",
            "find the hot links (ibqueryerrors, ibdiagnet --pc) and spread the traffic; check adaptive routing and congestion control",
            null),
    LINK_FLAPS("counter-link-flaps", Severity.WARN, null,
            "link_downed|link_down_events_phy",
            "the link went down and came back: a flapping cable or optic, or the peer port was reset",
            "check the cable and the switch port's log; the link errors of both ends tell which side",
            null),
    RDMA_OUT_OF_BUFFER("counter-rdma-out-of-buffer", Severity.WARN, Counters.Scope.RDMA_PORT,
            "out_of_buffer",
            "RDMA messages arrived while the receiving queue pair had no receive buffer posted: the adapter dropped"
                    + " them (UD, IPoIB) or answered RNR NAK and the sender retried later (RC)",
            "post receive buffers ahead of the traffic (a deeper receive queue or SRQ, more buffers in the"
                    + " application or ULP) and check that the receiving process keeps up",
            null),
    RDMA_CQE_ERRORS("counter-rdma-cqe-errors", Severity.WARN, Counters.Scope.RDMA_PORT,
            "req_cqe_error|resp_cqe_error|rnr_nak_retry_err|req_remote_access_errors|resp_remote_access_errors"
                    + "|req_remote_invalid_request|resp_local_length_error|req_transport_retries_exceeded",
            "RDMA work requests completed in error, and each such queue pair stopped (its other requests were"
                    + " flushed): an application or ULP saw failed operations",
            "find the first failed completion's status in the application's or the kernel's log (retry exceeded:"
                    + " peer gone or packets lost on the path; remote access error: wrong key or bounds)",
            null),
    TCP_RETRANSMITS("counter-tcp-retransmits", Severity.INFO, Counters.Scope.HOST,
            "TcpRetransSegs",
            "TCP retransmitted segments: packets were lost on the path (drops, errors or congestion)",
            "find where packets are dropped: the ring and port counters of both ends, the switch, the qdisc",
            null),
    /*
     * ENA (AWS EC2): packets the hypervisor queued or dropped because the instance went over its
     * network allowance (AWS EC2 user guide, "Monitor network performance for ENA settings").
     */
    CLOUD_ALLOWANCE("counter-cloud-allowance", Severity.WARN, Counters.Scope.NETDEV,
            "bw_in_allowance_exceeded|bw_out_allowance_exceeded|pps_allowance_exceeded|conntrack_allowance_exceeded"
                    + "|linklocal_allowance_exceeded",
            "the cloud instance went over its network allowance (bandwidth, packets per second, tracked connections or"
                    + " link-local traffic): its hypervisor queued or dropped packets, whatever this host's NIC and CPU could do",
            "use an instance type with a higher network allowance or spread the traffic over more instances; for pps or"
                    + " conntrack, fewer and larger packets or fewer connections",
            null),
    SOCKET_DROPS("counter-socket-drops", Severity.INFO, Counters.Scope.HOST,
            "TcpExtTCPBacklogDrop|TcpExtTCPRcvQDrop|TcpExtTCPZeroWindowDrop|TcpExtRcvPruned|TcpExtTCPOFODrop",
            "the kernel dropped TCP packets at a socket whose receive queue was full",
            "raise the TCP socket buffers (net.ipv4.tcp_rmem, net.core.rmem_max) or make the receiver read faster",
            "sysctl -w net.core.rmem_max=268435456 net.ipv4.tcp_rmem='4096 131072 268435456'"),
    /*
     * A listener's accept queue, not a receive buffer: ListenOverflows counts connections dropped because
     * the accept queue was full (tcp_check_req, sk_acceptq_is_full), ListenDrops every drop in LISTEN
     * (include/uapi/linux/snmp.h). The queue is min(the application's listen() backlog, net.core.somaxconn),
     * whose default is 4096 since Linux 5.4 (128 before); socket buffers do nothing for it.
     */
    LISTEN_OVERFLOWS("counter-listen-overflows", Severity.INFO, Counters.Scope.HOST,
            "TcpExtListenOverflows|TcpExtListenDrops",
            "connections were dropped at a listening socket whose accept queue was full: its application accepted"
                    + " them slower than they came, or its listen() backlog is small",
            "find the listener (ss -lnt: Recv-Q is its queue, Send-Q its backlog) and raise the application's backlog,"
                    + " and net.core.somaxconn where it is below it (128 before Linux 5.4, 4096 since); socket buffers do"
                    + " not change this",
            "ss -lnt"),
    /*
     * UDP's own: a TCP buffer setting does nothing for these (issue 26). RcvbufErrors: a datagram
     * arrived at a socket whose receive queue was full (__udp_queue_rcv_skb); SndbufErrors: a send
     * found no buffer space (udp_sendmsg, ENOBUFS). SO_RCVBUF is capped at net.core.rmem_max (socket(7)).
     */
    UDP_DROPS("counter-udp-drops", Severity.INFO, Counters.Scope.HOST,
            "UdpRcvbufErrors|UdpSndbufErrors|Udp6RcvbufErrors|Udp6SndbufErrors",
            "the kernel dropped UDP datagrams at a socket whose receive queue was full (RcvbufErrors), or a send found"
                    + " its buffer full (SndbufErrors): the receiving application did not read fast enough for its buffer",
            "give the receiving socket a larger buffer (SO_RCVBUF, capped at net.core.rmem_max; wirespeed: -w) or make"
                    + " the receiver keep up (a free core, fewer senders); ss -uam shows each socket's drops (d in skmem)",
            "sysctl -w net.core.rmem_max=268435456"),
    QDISC_DROPS("counter-qdisc-drops", Severity.WARN, Counters.Scope.NETDEV,
            "qdisc_dropped",
            "the interface's queueing discipline dropped packets before they reached the NIC (a shaper, a policer or a full queue)",
            "look at the qdisc (a rate limit, netem, or a queue too short for the rate) and remove or enlarge it",
            "tc -s qdisc show dev {IF}"),
    IF_ERRORS("counter-if-errors", Severity.WARN, Counters.Scope.NETDEV,
            "rx_errors|tx_errors|tx_carrier_errors|tx_aborted_errors|tx_fifo_errors",
            "the interface counted errors, and none of its counters read here says which kind",
            "read the driver's own counters to find which kind",
            "ethtool -S {IF}", true, true),
    DROPPED("counter-dropped", Severity.INFO, Counters.Scope.NETDEV,
            "rx_dropped|tx_dropped",
            "the kernel dropped packets at the interface; this total also counts frames for unknown protocols or VLANs,"
                    + " so it can be harmless",
            "read the driver's counters to tell buffer drops from the rest",
            "ethtool -S {IF}", true, true);

    final String ruleId;
    final Severity severity;
    /** Null: any scope. */
    final Counters.Scope scope;
    final Pattern names;
    final String cause;
    /** Null for the ring signals: {@link RingFix} words their fix from the ring's size. */
    final String fixAction;
    /** With {IF} for the netdev; null when no single command fixes it. */
    final String fixCommand;
    /** A total that speaks only when no specific signal of the same subject does. */
    final boolean generic;
    /**
     * Its advice is to read a NIC driver's own counters (`ethtool -S`): a software device (veth, bridge,
     * tun …) has none, so {@link SoftwareNetdevDrops} words the fix there instead.
     */
    final boolean needsDriverCounters;

    CounterSignal(String ruleId, Severity severity, Counters.Scope scope, String names, String cause, String fixAction,
                  String fixCommand) {
        this(ruleId, severity, scope, names, cause, fixAction, fixCommand, false, false);
    }

    CounterSignal(String ruleId, Severity severity, Counters.Scope scope, String names, String cause, String fixAction,
                  String fixCommand, boolean generic, boolean needsDriverCounters) {
        this.ruleId = ruleId;
        this.severity = severity;
        this.scope = scope;
        this.names = Pattern.compile(names);
        this.cause = cause;
        this.fixAction = fixAction;
        this.fixCommand = fixCommand;
        this.generic = generic;
        this.needsDriverCounters = needsDriverCounters;
    }

    /** Drops for want of receive descriptors: the fix is the ring's ({@link RingFix}). */
    boolean ringDrops() {
        return this == RX_BUFFER || this == PORT_DISCARD;
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

    /**
     * Standard names that count the same frames as a driver's own `ethtool -S` counter → that counter.
     * mlx5 answers `ethtool --include-statistics -a` (tx/rx_pause_frames) from the PPCNT IEEE 802.3
     * group's a_pause_mac_ctrl_frames_transmitted/received (mlx5e_stats_pause_get), the very registers
     * its `ethtool -S` shows as tx/rx_pause_ctrl_phy (en_stats.c, pport_802_3_stats_desc). doctor reads
     * both, and a paste may hold both: where both were read, a finding names the count once, under
     * the driver's name (the one its counters documentation and its users go by).
     */
    private static final Map<String, String> DRIVER_NAME_OF = Map.of(
            "rx_pause_frames", "rx_pause_ctrl_phy", "tx_pause_frames", "tx_pause_ctrl_phy");

    /** True when {@code name} is a standard counter whose driver counter {@code c} also holds: it is left out. */
    static boolean repeatsDriverCounter(Counters c, String name) {
        String driver = DRIVER_NAME_OF.get(name);
        return driver != null && c.value(driver).isPresent();
    }

    /** True when a specific (not {@link #generic}) signal has a nonzero counter in {@code c}. */
    static boolean specificFires(Counters c) {
        return c.nonzero().keySet().stream().anyMatch(n -> of(c.scope(), n).filter(s -> !s.generic).isPresent());
    }

    /** Names that matter (any signal) among {@code c}'s counters. */
    static List<String> mattering(Counters c) {
        return c.values().keySet().stream().filter(n -> of(c.scope(), n).isPresent() && !repeatsDriverCounter(c, n)).toList();
    }
}
