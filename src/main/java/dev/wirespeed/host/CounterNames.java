package dev.wirespeed.host;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The one spelling of a counter across sources (see {@link Counters}): tools that print other
 * names for the same kernel counter map them here, so rules see one name.
 */
public final class CounterNames {
    private CounterNames() {}

    /*
     * perfquery / ibqueryerrors (IBA PortCounters and PortCountersExtended attribute names) →
     * /sys/class/infiniband/DEV/ports/N/counters file names (drivers/infiniband/core/sysfs.c).
     * PortXmitData/PortRcvData are in 4-octet words in both.
     */
    private static final Map<String, String> IB = Map.ofEntries(
            Map.entry("symbolerrorcounter", "symbol_error"),
            Map.entry("symbolerrors", "symbol_error"),
            Map.entry("linkerrorrecoverycounter", "link_error_recovery"),
            Map.entry("linkrecovers", "link_error_recovery"),
            Map.entry("linkdownedcounter", "link_downed"),
            Map.entry("linkdowned", "link_downed"),
            Map.entry("portrcverrors", "port_rcv_errors"),
            Map.entry("portrcvremotephysicalerrors", "port_rcv_remote_physical_errors"),
            Map.entry("portrcvswitchrelayerrors", "port_rcv_switch_relay_errors"),
            Map.entry("portxmitdiscards", "port_xmit_discards"),
            Map.entry("portxmitconstrainterrors", "port_xmit_constraint_errors"),
            Map.entry("portrcvconstrainterrors", "port_rcv_constraint_errors"),
            Map.entry("localintegrityerrors", "local_link_integrity_errors"),
            Map.entry("locallinkintegrityerrors", "local_link_integrity_errors"),
            Map.entry("excbufoverrunerrors", "excessive_buffer_overrun_errors"),
            Map.entry("excessivebufferoverrunerrors", "excessive_buffer_overrun_errors"),
            Map.entry("vl15dropped", "VL15_dropped"),
            Map.entry("portxmitdata", "port_xmit_data"),
            Map.entry("portrcvdata", "port_rcv_data"),
            Map.entry("portxmitpkts", "port_xmit_packets"),
            Map.entry("portrcvpkts", "port_rcv_packets"),
            Map.entry("portxmitwait", "port_xmit_wait"),
            Map.entry("portunicastxmitpkts", "unicast_xmit_packets"),
            Map.entry("portunicastrcvpkts", "unicast_rcv_packets"),
            Map.entry("portmulticastxmitpkts", "multicast_xmit_packets"),
            Map.entry("portmulticastrcvpkts", "multicast_rcv_packets"));

    /** perfquery's "SymbolErrorCounter" (any case, with or without the "Counter" suffix where IBA has it) → "symbol_error". */
    public static Optional<String> ibSysfsName(String perfqueryName) {
        return Optional.ofNullable(IB.get(perfqueryName.strip().toLowerCase(Locale.ROOT)));
    }

    /*
     * `ip -s link` (iproute2 print_link_stats64) column words → /sys/class/net/IF/statistics names.
     * Older iproute2 prints "overrun" where newer prints "missed"; -s -s adds the "RX errors:" and
     * "TX errors:" lines.
     */
    private static final Map<String, String> IP_RX = Map.ofEntries(
            Map.entry("bytes", "rx_bytes"), Map.entry("packets", "rx_packets"), Map.entry("errors", "rx_errors"),
            Map.entry("dropped", "rx_dropped"), Map.entry("missed", "rx_missed_errors"),
            Map.entry("overrun", "rx_over_errors"), Map.entry("mcast", "multicast"),
            Map.entry("length", "rx_length_errors"), Map.entry("crc", "rx_crc_errors"),
            Map.entry("frame", "rx_frame_errors"), Map.entry("fifo", "rx_fifo_errors"),
            Map.entry("nohandler", "rx_nohandler"), Map.entry("otherhost", "rx_otherhost_dropped"));
    private static final Map<String, String> IP_TX = Map.ofEntries(
            Map.entry("bytes", "tx_bytes"), Map.entry("packets", "tx_packets"), Map.entry("errors", "tx_errors"),
            Map.entry("dropped", "tx_dropped"), Map.entry("carrier", "tx_carrier_errors"),
            Map.entry("collsns", "collisions"), Map.entry("aborted", "tx_aborted_errors"),
            Map.entry("fifo", "tx_fifo_errors"), Map.entry("window", "tx_window_errors"),
            Map.entry("heartbeat", "tx_heartbeat_errors"), Map.entry("transns", "tx_compressed"));

    /** `ip -s link`'s column under "RX:"/"RX errors:" ({@code receive} true) or "TX:"/"TX errors:" → the statistics name. */
    public static Optional<String> ipLink(boolean receive, String column) {
        return Optional.ofNullable((receive ? IP_RX : IP_TX).get(column.strip().toLowerCase(Locale.ROOT)));
    }

    /** /proc/net/snmp or /proc/net/netstat group and field → nstat's name ("Tcp", "RetransSegs" → "TcpRetransSegs"). */
    public static String nstat(String group, String field) {
        return group + field;
    }
}
