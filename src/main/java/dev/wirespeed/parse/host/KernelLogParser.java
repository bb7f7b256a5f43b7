package dev.wirespeed.parse.host;

import dev.wirespeed.parse.BaseParser;
import dev.wirespeed.parse.Lines;
import dev.wirespeed.parse.ParseBuilder;
import dev.wirespeed.parse.Parsed;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Quantity;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import dev.wirespeed.parse.mlx.MlxDevice;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kernel messages about a PCI device, as {@code dmesg}, {@code dmesg -T}, {@code journalctl -k} or
 * syslog print them ("[   10.64] mlx5_core 0004:01:00.0: …", "… kernel: [ 3.02] pci 0003:01:00.0: …"):
 * the PCIe bandwidth line of pcie_print_link_status() ("63.008 Gb/s available PCIe bandwidth
 * (8.0 GT/s PCIe x8 link)", or "…, limited by 5.0 GT/s PCIe x4 link at BDF (capable of …)"),
 * link up/down ("enp1s0f0np0: Link up", "NIC Link is Down"), mlx5's "Port module event" lines, its
 * "firmware version: 16.35.4030" at probe (an MlxDevice) and its health buffer (HealthEvent).
 * The block is a run of kernel lines. Every line of it is kept as printed (issue 31: a user searches
 * for "DDP package", "VF is not trusted", a QPLIB status), under its device ("ice 0000:65:00.0") or
 * the subsystem before its first ": " ("bond0", "nvme nvme2"), beside the record read from it if any.
 */
public final class KernelLogParser extends BaseParser {
    private static final String BDF = "(?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]";
    /** Optional "grep -n"/line-number or syslog prefix, optional timestamp, driver, device, optional netdev. */
    private static final Pattern LINE = Pattern.compile(
            "(?:.*?\\bkernel:\\s*|\\d+\\s*)?(?:<\\d>)?(?:\\[[^\\]]*]\\s*)?([\\w-]+) (" + BDF + ")(?: ([\\w.@-]+))?: (.*)");
    /**
     * FreeBSD's driver lines have no PCI address: device_printf()/if_printf() put the unit's name before the
     * message ("ice0: Link is up, 25 Gbps Full Duplex, …", "ax0: Link is UP - 1Gbps/Full - …"), the unit being
     * the driver's name and a number. Read with LINE's groups: 1 the driver (a lookahead), 2 the address (never
     * set: the empty {@code \b\B} cannot match), 3 the unit as the interface, 4 the message. The names are
     * those of FreeBSD's Ethernet drivers of the speeds wirespeed measures (ice(4), ixl(4), iavf(4), ix(4),
     * mce = mlx5en(4), mlxen(4), bnxt(4), cxgbe(4)'s cxl/cc, axgbe(4)'s ax, ena(4), …), so a BSD device
     * that is no NIC ("uart0:", "nvd0:") and ifconfig's "ix0: flags=…" head are not read as kernel lines.
     */
    private static final String BSD_DRIVERS = "(?:ice|ixl|iavf|ixv|ix|igc|igb|em|mce|mlxen|mlx5_core|mlx4_core|bnxt|bxe|"
            + "cxl|cc|vcxl|vcc|ql|qlnxe|ax|ena|gve|vmx|vtnet|oce|sfxge|enic|lio|mgb|re|bge)";
    private static final Pattern BSD_LINE = Pattern.compile(KernelLogParser.PREFIX + "(?=(" + BSD_DRIVERS + ")\\d{1,4}: )(\\b\\B)?("
            + BSD_DRIVERS + "\\d{1,4}): (?!flags=)(.*)");
    /**
     * illumos/Solaris syslog: "… host mac: [ID 435574 kern.info] NOTICE: e1000g0 link up, 1000 Mbps, full duplex",
     * "… i40e: [ID 517869 kern.warning] WARNING: i40e1: failed to …" (cmn_err's level word, then the instance, the
     * driver's name and a number, with or without a colon). BSD_LINE's groups: 1 the driver, 2 never set, 3 the
     * instance as the interface, 4 the message.
     */
    private static final Pattern ILLUMOS_LINE = Pattern.compile("(?:.*?\\s)?[\\w-]+: \\[ID \\d+ kern\\.\\w+] (?:NOTICE|WARNING): "
            + "(?=([a-z][a-z0-9]*?[a-z])\\d{1,4}:? )(\\b\\B)?([a-z][a-z0-9]*?[a-z]\\d{1,4}):? (.*)");
    /**
     * pcie_print_link_status(): since 5.4 "8.0 GT/s PCIe x8", from 4.17 to 5.3 "8 GT/s x8" (PCIE_SPEED2STR
     * without the "PCIe" suffix: "63.008 Gb/s available PCIe bandwidth, limited by 8 GT/s x8 link at
     * 0001:00:00.0 (capable of 126.016 Gb/s with 8 GT/s x16 link)").
     */
    private static final Pattern PCIE = Pattern.compile("([\\d.]+) Gb/s available PCIe bandwidth"
            + "(?:, limited by ([\\d.]+) GT/s(?: PCIe)? x(\\d+) link at (\\S+) \\(capable of ([\\d.]+) Gb/s with ([\\d.]+) GT/s"
            + "(?: PCIe)? x(\\d+) link\\)| \\(([\\d.]+) GT/s(?: PCIe)? x(\\d+) link\\)).*");
    /**
     * "Link up", "NIC Link is Up …"; igb repeats its name and the netdev inside the message ("igb 0000:07:00.0 eno1: igb:
     * eno1 NIC Link is Up 1000 Mbps …", igb_main.c's netdev_info "igb: %s NIC Link is Up"); bnx2 names the medium
     * ("NIC Copper Link is Up, 1000 Mbps full duplex").
     */
    private static final Pattern LINK = Pattern.compile(
            "(?:[\\w-]+: [\\w.@-]+ )?(?:NIC )?(?:Copper |Fiber |SerDes |Remote Copper )?Link (?:is )?(up|down)\\b,?\\s*(.*)",
            Pattern.CASE_INSENSITIVE);
    /**
     * Linux drivers that print without a PCI address: older e1000e/igb/e1000 printk("e1000e: %s NIC Link is Up …",
     * netdev->name) ("e1000e: eth0 NIC Link is Up 100 Mbps Full Duplex, Flow Control: None"), e1000's "e1000: eth1:
     * e1000_watchdog_task: NIC Link is Up …" (the function between), mlx4_en's en_print() "mlx4_en: eth1: Link Up".
     */
    private static final String LINUX_DRIVERS = "(?:mlx4_en|mlx4_core|mlx5_core|e1000e|e1000|igbvf|igb|igc|ixgbevf|ixgbe|ixgb|i40e|"
            + "iavf|ice|bnxt_en|bnx2x|bnx2|tg3|virtio_net|hv_netvsc|sfc|qede|cxgb4|ena|r8169|r8125|atlantic|be2net|enic|nfp|vmxnet3|"
            + "gve|mana|forcedeth|sky2|alx|atl1c|tulip)";
    /** The names the kernel and udev give Ethernet and IPoIB netdevs ("eth0", "eno1", "enp3s0f1", "ens5", "ib0", "p1p2"). */
    private static final String NETDEV = "(?:eth\\d+|en[opsx]\\w+|ib[ps]?\\w*\\d|em\\d+|p\\d+p\\d+\\w*|bond\\d+|rename\\d+)(?:\\.\\d+)?";
    /**
     * A driver's line without a PCI address, read with LINE's groups: 1 the driver, 2 never set, 3 the netdev (any name
     * before a colon, a netdev's name before a blank), 4 the message after an optional function name.
     */
    private static final Pattern NAMED_LINE = Pattern.compile(KernelLogParser.PREFIX + "(" + LINUX_DRIVERS + "): (\\b\\B)?("
            + "[a-z][\\w.@-]{0,14}(?=: )|" + NETDEV + "(?= )):? (?:[a-z][a-z0-9]*_\\w+: )?(.*)");
    /**
     * Only the netdev before the message, the way old drivers and pasted excerpts print it ("eth0: NIC Link is Up 1000
     * Mbps …", "ens5: The number of lost tx completions is above the threshold (361 > 128). Reset the device"): read for
     * the statements below only, so that ifconfig's "eth0: flags=…" is no kernel line. LINE's groups, 1 and 2 never set.
     */
    private static final Pattern NETDEV_LINE = Pattern.compile(KernelLogParser.PREFIX + "(\\b\\B)?(\\b\\B)?(" + NETDEV + "): ("
            + "(?i:(?:NIC )?Link (?:is )?(?:up|down))\\b.*|The number of lost tx completions is above.*|Keep alive watchdog timeout.*"
            + "|Trigger reset is on.*|Detected (?:Tx|Hardware) Unit Hang.*)");
    /**
     * ENA resets its own device (ena_netdev.c): check_for_missing_completions "The number of lost tx completions is above
     * the threshold (%d > %d). Reset the device", check_for_missing_keep_alive "Keep alive watchdog timeout.", and
     * ena_timer_service's "Trigger reset is on" when the reset starts.
     */
    private static final Pattern ENA_LOST_TX = Pattern.compile(
            "The number of lost tx completions is above the threshold \\((\\d+ > \\d+)\\)\\.? ?(?:Reset the device)?.*");
    private static final Pattern ENA_KEEP_ALIVE = Pattern.compile("Keep alive watchdog timeout\\.?\\s*");
    private static final Pattern ENA_TRIGGER = Pattern.compile("Trigger reset is on\\b.*");
    /**
     * Intel's own transmit hang check before the stack's watchdog (e1000e "Detected Hardware Unit Hang:", igb/ixgbe/e1000
     * "Detected Tx Unit Hang"), its register dump on the lines after it, "Tx Queue <1>" among them.
     */
    private static final Pattern UNIT_HANG = Pattern.compile("(Detected (?:Tx|Hardware) Unit Hang):?.*");
    /**
     * What a driver prints on the line after its link-up line: tg3's and b44's pause ("Flow control is on for TX and on
     * for RX."), bnxt_en's bnxt_report_fec ("FEC autoneg off encoding: Clause 91 RS(544,514)", the active FEC). Kept in
     * the link event of the same port.
     */
    private static final Pattern LINK_FLOW_LINE = Pattern.compile("Flow control is ((?:on|off) for TX and (?:on|off) for RX)\\.?\\s*");
    private static final Pattern LINK_FEC_LINE = Pattern.compile("FEC autoneg (?:on|off) encoding: (.+?)\\s*");
    /** The stack's watchdog of 2.6 kernels, without the driver: "NETDEV WATCHDOG: eth0: transmit timed out". */
    private static final Pattern WATCHDOG_OLDEST = Pattern.compile(KernelLogParser.PREFIX + "NETDEV WATCHDOG: ([\\w.@-]+): transmit timed out\\s*");
    /** The driver's own line after it (tg3, b44: "tg3: eth0: transmit timed out, resetting"): names the driver. */
    private static final Pattern TX_RESETTING = Pattern.compile("transmit timed out, resetting\\s*");
    private static final Pattern HANG_QUEUE = Pattern.compile("Tx Queue\\s+<(\\d{1,4})>\\s*");
    private static final Pattern MODULE = Pattern.compile("Port module event(\\[error])?: module (\\d+), (.*)");
    /** mlx5 health.c: every line of the health buffer; the syndrome line names the failure. */
    private static final Pattern HEALTH = Pattern.compile("print_health_info:\\d+:\\(pid \\d+\\):\\s*(.*)");
    /** mlx5's printk prefix of its own messages ("poll_health:471:(pid 0): "), absent since Linux 5.x's plain mlx5_core_err. */
    private static final String MLX5_FUNC = "(?:\\w+:\\d+:\\(pid \\d+\\):\\s*)?";
    /**
     * mlx5 health.c poll_health: the firmware's health counter stopped ("device's health compromised - reached miss
     * count") or a fatal sensor fired ("Fatal error 1 detected"); print_health_info's dump follows.
     */
    private static final Pattern HEALTH_COMPROMISED = Pattern.compile(
            MLX5_FUNC + "(device's health compromised - reached miss count|Fatal error \\d+ detected)\\s*");
    /** One line of print_health_info's dump, with or without its prefix: the values a firmware-health error keeps. */
    private static final Pattern HEALTH_DUMP = Pattern.compile(MLX5_FUNC + "(?:(synd (0x[0-9a-fA-F]+):?\\s*(.*))"
            + "|ext_synd (0x[0-9a-fA-F]+)|fw_ver (\\d+\\.\\d+\\.\\d+)|assert_var\\[\\d+\\] 0x\\w+|assert_exit_ptr 0x\\w+"
            + "|assert_callra 0x\\w+|time \\d+|hw_id 0x\\w+|rfr \\d+|severity \\d+ \\(\\w+\\)|irisc_index \\d+|raw fw_ver 0x\\w+"
            // health.c since 5.17: "Health issue observed, %s, severity(%d) %s:" names the syndrome in words
            + "|Health issue observed, (.*?)(?:, severity\\(\\d+\\).*)?)\\s*");
    /**
     * mlx5 cmd.c: a firmware command that never completed ("wait_func:1132:(pid 141181): CREATE_DCT(0x710) timeout.
     * Will cause a leak of a command resource", "wait_func_handle_exec_timeout:…: cmd[22]: CREATE_DCT(0x710) No done
     * completion", the async "cmd[3]: X(0x…) Async, timeout. …").
     */
    private static final Pattern COMMAND_TIMEOUT = Pattern.compile(MLX5_FUNC
            + "(?:cmd\\[\\d+\\]: )?(\\w+\\(0x[0-9a-fA-F]+\\))(?: Async,)? (timeout\\. Will cause a leak of a command resource|No done completion)\\s*");
    /**
     * mlx5 events.c temp_warn: the adapter's temperature event ("High temperature on sensors with bit set 0 1", the
     * sensor bit masks as printed).
     */
    private static final Pattern TEMPERATURE = Pattern.compile(MLX5_FUNC + "(High temperature on sensors with bit set (\\w+ \\w+))\\s*");
    /** mlx5 main.c at probe: the firmware the adapter runs. */
    private static final Pattern FIRMWARE = Pattern.compile("firmware version: (\\d+\\.\\d+\\.\\d+)");
    /** i40e/ice at probe: "fw 7.0.50775 api 1.8 nvm 7.00 0x80004c97 1.2154.0 [8086:1583] [8086:0002]". */
    private static final Pattern INTEL_FIRMWARE = Pattern.compile("fw ([\\d.]+) api ([\\d.]+) nvm ([\\w.]+)\\b.*");
    /**
     * i40e's own PCIe line at probe: "PCI-Express: Speed 8.0GT/s Width x8"; FreeBSD's ice/ixl print it as
     * "PCI Express Bus: Speed 8.0GT/s Width x8" (opnsense/core#7601).
     */
    private static final Pattern INTEL_PCIE = Pattern.compile("PCI(?:-Express| Express Bus): Speed ([\\d.]+) ?GT/s Width x(\\d+)");
    private static final Pattern SYNDROME = Pattern.compile("synd (0x[0-9a-fA-F]+):?\\s*(.*)");
    /**
     * The prefix a kernel line may carry: syslog/journal "… kernel:", a grep -n number, the console level of dmesg -r
     * or a pstore dump ("<6>"), a timestamp.
     */
    private static final String PREFIX = "(?:.*?\\bkernel:\\s*|\\d+\\s*)?(?:<\\d>)?(?:\\[[^\\]]*]\\s*)?";
    /** mlx5_ib names the RDMA device, not the PCI function: "infiniband rocep33s0f0: mlx5_poll_one:527:(pid 0): …". */
    private static final Pattern IB_LINE = Pattern.compile(PREFIX + "(infiniband) ([\\w.-]+): (.*)");
    /** The stack's watchdog before 6.x, with no device prefix: "NETDEV WATCHDOG: eth1 (ixgbe): transmit queue 0 timed out". */
    private static final Pattern WATCHDOG_OLD = Pattern.compile(
            PREFIX + "NETDEV WATCHDOG: ([\\w.@-]+) \\(([\\w-]+)\\): transmit queue (\\d+) timed out(?: (\\d+) ms)?.*");
    /** Since 6.x after the device prefix: "NETDEV WATCHDOG: CPU: 3: transmit queue 0 timed out 5010 ms". */
    private static final Pattern WATCHDOG = Pattern.compile(
            "NETDEV WATCHDOG: (?:CPU: \\d+: )?transmit queue (\\d+) timed out(?: (\\d+) ms)?.*");
    /** mlx5e/bnxt/… "TX timeout detected", mlx5e "TX timeout on queue: 1, SQ: …, usecs since last trans: 21565000". */
    private static final Pattern TX_TIMEOUT = Pattern.compile(
            "TX timeout (?:detected\\b.*|on queue: (\\d+),(?:.*usecs since last trans: (\\d+))?.*)");
    private static final Pattern CQE = Pattern.compile("(?:\\w+:\\d+:\\(pid \\d+\\):\\s*)?(\\w+) error cqe on cqn (0x[0-9a-fA-F]+):?");
    private static final Pattern CQE_SYNDROME = Pattern.compile(
            "(?:\\w+:\\d+:\\(pid \\d+\\):\\s*)?syndrome (0x[0-9a-fA-F]+), vendor syndrome (0x[0-9a-fA-F]+)");
    /**
     * The driver core's report of a failed bind (drivers/base/dd.c, really_probe): before 5.x without the
     * device prefix, "mlx5_core: probe of 0000:03:00.0 failed with error -22".
     */
    private static final Pattern PROBE_OLD = Pattern.compile(
            PREFIX + "([\\w-]+): probe of (" + BDF + ") failed with error (-?\\d+)");
    /**
     * mm/page_alloc.c warn_alloc(): "swapper/21: page allocation failure: order:0, mode:0x20" (older kernels
     * "… failure. order:3, mode:0x4020", newer ones add "(GFP_ATOMIC), nodemask=…"); the task comes first.
     */
    private static final Pattern PAGE_ALLOC = Pattern.compile(
            PREFIX + "(\\S+): page allocation failure[:.] ?(order:\\s*\\d+, mode:\\s*0x[0-9a-fA-F]+).*");
    /** The same after the device prefix since 5.x: "probe with driver mlx5_core failed with error -22". */
    private static final Pattern PROBE = Pattern.compile("probe with driver ([\\w-]+) failed with error (-?\\d+)");
    /**
     * The PF refused a VF's request because the VF is not trusted: i40e_virtchnl_pf.c "Cannot add more MAC
     * addresses, VF is not trusted, switch the VF to trusted to add more functionality" and "VF is not trusted,
     * switch the VF to trusted to add more VLAN addresses"; ice_virtchnl.c "Can't add more MAC addresses, because
     * VF-3 is not trusted, switch the VF to trusted mode in order to add more functionalities" and (before 5.14)
     * "VF-3 is not trusted, switch the VF to trusted mode, in order to add more VLAN addresses".
     */
    private static final Pattern VF_NOT_TRUSTED = Pattern.compile("(?:(?:Cannot|Can't) ([\\w ]{1,60}?), (?:because )?)?"
            + "VF(?:[- ](\\d{1,4}))? is not trusted\\b(?:, switch the VF to trusted(?: mode)?,? (?:in order )?to ([\\w ]{1,60}?))?\\s*");
    /**
     * A driver's banner at module load, printed before any device and often without a timestamp when pasted
     * from a mail or a console: "i40e: Intel(R) Ethernet Connection XL710 Network Driver - version 2.1.7-k"
     * and its "i40e: Copyright (c) 2013 - 2014 Intel Corporation." (intel-wired-lan, 2019-05-16, Lennart
     * Sorensen), mlx5's "mlx5_core: Mellanox ConnectX core driver v5.0-0". A kernel line: kept as printed.
     */
    private static final Pattern BANNER = Pattern.compile(PREFIX + "[\\w-]{2,24}: (?:(?i:.{0,100}?\\bdriver\\b.{0,60}?"
            + "(?:\\bversion:?\\s*|\\bv)\\d\\S*.*)|Copyright\\s*\\([cC]\\).*)");
    /** Before the message of a kernel line: the prefix, and the device or subsystem it names ("bonding: bond0"). */
    private static final Pattern PREFIXED = Pattern.compile(PREFIX + "(.*)");
    private static final Pattern SUBSYSTEM = Pattern.compile("([^:]{1,60}?): (\\S.*)");
    /** drivers/base/firmware_loader: "Direct firmware load for intel/ice/ddp/ice.pkg failed with error -2". */
    private static final Pattern FIRMWARE_LOAD = Pattern.compile("Direct firmware load for (\\S+) failed with error (-?\\d+)");
    /**
     * ice_common.c ice_init_hw: "Get PHY capabilities failed status = -5, continuing anyway"; ice_main.c
     * ice_init_nvm_phy_type: "Get PHY capability failed." (intel-wired-lan, 2022-04-12, after a firmware
     * flash and devlink reload).
     */
    private static final Pattern PHY_CAPS = Pattern.compile("Get PHY capabilit(?:ies|y) failed(?:\\.|,? status = (-?\\d+).*)?\\s*");
    /**
     * i40e_main.c (i40e_force_link_state, i40e_set_fc …): "failed to get phy cap., ret =  I40E_ERR_UNKNOWN_PHY last_status
     * =  I40E_AQ_RC_EIO" (newer kernels print the return as "-EIO" or a number); two blanks after each "=" as printed.
     */
    private static final Pattern I40E_PHY_CAPS = Pattern.compile("failed to get phy cap\\., ret =\\s+(\\S+)\\s+last_status =\\s+(\\S+)\\s*");
    /**
     * The driver refused the transceiver: i40e_main.c i40e_handle_link_event "Rx/Tx is disabled on this
     * device because an unsupported SFP module type was detected."; ixgbe_main.c ixgbe_probe "failed to
     * load because an unsupported SFP+ or QSFP module type was detected."
     */
    private static final Pattern UNSUPPORTED_MODULE = Pattern.compile(
            "(Rx/Tx is disabled on this device|failed to load) because an unsupported (SFP\\+? or QSFP|SFP\\+?|QSFP\\+?) module type was detected\\.?\\s*");
    /**
     * bnxt_re's firmware channel (drivers/infiniband/hw/bnxt_re/qplib_rcfw.c): a RoCE command the adapter's
     * firmware refused ("QPLIB: cmdq[0x4b9]=0x15 status 0x5"), did not answer ("… timedout (20000)msec") or
     * could not be sent ("… send failed"); newer kernels drop the "QPLIB: ".
     */
    private static final Pattern QPLIB = Pattern.compile(
            "(?:QPLIB: )?cmdq\\[(0x[0-9a-fA-F]{1,8})\\]=(0x[0-9a-fA-F]{1,8}) (?:status (0x[0-9a-fA-F]{1,8})|timedout \\((\\d{1,9})\\)\\s*msec|(send failed))\\s*");
    /** What bnxt_re was doing when its command failed, on the next line: "Failed to allocate HW AH". */
    private static final Pattern HW_FAILED = Pattern.compile("Failed to ((?:\\w+ ){1,2}HW \\w+)\\s*");
    /**
     * bnxt_re's command opcodes (include/linux/bnxt/… roce_hsi.h CMDQ_BASE_OPCODE_*), for the commands a
     * failure names.
     */
    private static final Map<Integer, String> BNXT_OPCODES = Map.ofEntries(
            Map.entry(0x1, "CREATE_QP"), Map.entry(0x2, "DESTROY_QP"), Map.entry(0x3, "MODIFY_QP"),
            Map.entry(0x4, "QUERY_QP"), Map.entry(0x5, "CREATE_SRQ"), Map.entry(0x6, "DESTROY_SRQ"),
            Map.entry(0x9, "CREATE_CQ"), Map.entry(0xa, "DESTROY_CQ"), Map.entry(0xd, "ALLOCATE_MRW"),
            Map.entry(0xe, "DEALLOCATE_KEY"), Map.entry(0xf, "REGISTER_MR"),
            Map.entry(0x10, "DEREGISTER_MR"), Map.entry(0x11, "ADD_GID"), Map.entry(0x12, "DELETE_GID"),
            Map.entry(0x13, "CREATE_QP1"), Map.entry(0x14, "DESTROY_QP1"), Map.entry(0x15, "CREATE_AH"),
            Map.entry(0x16, "DESTROY_AH"), Map.entry(0x17, "MODIFY_GID"), Map.entry(0x18, "QUERY_GID"));
    /**
     * ice's health status events (ice_main.c ice_print_health_status_string, out-of-tree ice 1.x and newer
     * kernels): one statement, then "Possible Solution[ N]: …" lines and "Port Number: N.". The firmware
     * found a problem with the port, its module or its NVM; netdev_info for the three "limited"/"underutilized"
     * notices, netdev_err for the rest. ICE_AQC_HEALTH_STATUS_ERR_PARALLEL_FAULT's newer wording is "All configured
     * link modes were attempted but failed to establish link. The device will restart …" (FreeBSD's ice_health_status
     * table, opnsense/src#317 prints its two sentences on two lines).
     */
    private static final Pattern NIC_HEALTH = Pattern.compile("(A parallel fault was detected"
            + "|All configured link modes were attempted but failed to establish link|Module is not present"
            + "|An unsupported module was detected|Module type is not supported|Module is not qualified"
            + "|Device cannot communicate with the module|Unresolved module conflict|Underutilized module"
            + "|Invalid link configuration|Port hardware access error|A port is unreachable|Port speed is limited due to module"
            + "|Port speed is limited by PHY capabilities|LOM topology netlist is corrupted|Unrecoverable netlist error"
            + "|Port topology conflict|Unrecoverable hardware access error|Unrecoverable runtime error"
            + "|Link management engine failed to initialize|Failed to load the firmware image in the external PHY"
            + "|DDP package failed|NVM image is incompatible|Option ROM is incompatible)\\.?"
            + "(?:\\s+The device will restart the process to establish link\\.?)?\\s*");
    private static final Pattern HEALTH_SOLUTION = Pattern.compile("Possible Solution(?: \\d)?: (.*?)\\s*");
    private static final Pattern HEALTH_PORT = Pattern.compile("Port Number: (\\d{1,4})\\.?.*");
    /**
     * ixgbe_main.c ixgbe_sfp_detection_subtask: "detected SFP+: 5", the driver's module type (ixgbe_type.h enum
     * ixgbe_sfp_type, named below up to 14; later values differ between kernel versions).
     */
    private static final Pattern SFP_DETECTED = Pattern.compile("detected SFP\\+: (\\d{1,5})\\s*");
    private static final String[] IXGBE_SFP_TYPES = {"direct-attach copper", "SR", "LR", "direct-attach copper (core 0)",
        "direct-attach copper (core 1)", "SR/LR (core 0)", "SR/LR (core 1)", "active limiting direct-attach (core 0)",
        "active limiting direct-attach (core 1)", "1G copper (core 0)", "1G copper (core 1)", "1G SX (core 0)",
        "1G SX (core 1)", "1G LX (core 0)", "1G LX (core 1)"};
    private static final Pattern AER = Pattern.compile(
            "(?:AER: )?PCIe Bus Error: severity=([^,]+), type=([^,]+),.*");
    /** An AER error bit after the severity line: "[ 0] RxErr", "[12] Timeout" (older kernels: "Receiver Error"). */
    private static final Pattern AER_BIT = Pattern.compile("(?:AER:\\s*)?\\[\\s*\\d+\\]\\s+(.+?)(?:\\s+\\(First\\))?");
    /** Any other kernel line with a dmesg timestamp or a syslog "kernel:" tag: read past inside a block. */
    private static final Pattern OTHER_KERNEL = Pattern.compile(
            "(?:.*?\\bkernel:.*|(?:\\d+\\s*)?(?:<\\d>)?\\[\\s*\\d+\\.\\d{3,}\\].*|\\[[A-Z][a-z]{2} [A-Z][a-z]{2} .*\\d{4}\\].*)");
    /** mlx5 CQE syndromes (include/linux/mlx5/device.h, MLX5_CQE_SYNDROME_*). */
    private static final Map<Integer, String> CQE_SYNDROMES = Map.ofEntries(
            Map.entry(0x01, "local length error"), Map.entry(0x02, "local QP operation error"),
            Map.entry(0x04, "local protection error"), Map.entry(0x05, "work request flushed"),
            Map.entry(0x06, "memory window bind error"), Map.entry(0x10, "bad response"),
            Map.entry(0x11, "local access error"), Map.entry(0x12, "remote invalid request"),
            Map.entry(0x13, "remote access error"), Map.entry(0x14, "remote operation error"),
            Map.entry(0x15, "transport retry counter exceeded"),
            Map.entry(0x16, "RNR retry counter exceeded"), Map.entry(0x22, "remote aborted"));

    public KernelLogParser() {
        super("kernel-log", "dmesg", "journalctl");
    }

    /** A run of this many timestamped kernel lines is a kernel log even with no event in it. */
    static final int QUIET_RUN_LINES = 3;

    /**
     * What each line of the last input asked about is (kernel line, event), so that the reader's
     * question at every line costs one look each, not a scan of the next 200 lines (issue 26: an
     * ordinary 341-line dmesg took 2 s). Lines are immutable; a new input replaces the cache.
     */
    private volatile Scan scan;

    private Scan scan(Lines in) {
        Scan s = scan;
        if (s == null || s.in != in) {
            s = new Scan(in);
            scan = s;
        }
        return s;
    }

    private static final class Scan {
        final Lines in;
        /** 0 not looked at, 1 yes, 2 no. */
        final byte[] kernel;
        final byte[] event;

        Scan(Lines in) {
            this.in = in;
            this.kernel = new byte[in.size()];
            this.event = new byte[in.size()];
        }

        boolean kernel(int i) {
            if (kernel[i] == 0) {
                kernel[i] = (byte) (kernelLine(in, i) ? 1 : 2);
            }
            return kernel[i] == 1;
        }

        boolean event(int i) {
            if (event[i] == 0) {
                event[i] = (byte) (KernelLogParser.event(in, i) ? 1 : 2);
            }
            return event[i] == 1;
        }
    }

    @Override
    public boolean startsAt(Lines in, int i) {
        // a run of kernel lines starts here when one of its first 200 lines is an event we read, or when it
        // is a dmesg/journal run of its own (an ordinary kernel log: "no network or RDMA events")
        Scan s = scan(in);
        if (!s.kernel(i)) {
            return false;
        }
        int j = i;
        for (; j < Math.min(in.size(), i + 200) && (s.kernel(j) || in.blank(j)); j++) {
            if (!in.blank(j) && s.event(j)) {
                return true;
            }
        }
        // a quiet run starts a log, not the tail of one whose events another block read
        int before = i - 1;
        while (before >= 0 && in.blank(before)) {
            before--;
        }
        if (before >= 0 && s.kernel(before)) {
            return false;
        }
        int run = 0;
        for (int k = i; k < j && run < QUIET_RUN_LINES; k++) {
            run += !in.blank(k) && in.matches(OTHER_KERNEL, k) ? 1 : 0;
        }
        return run >= QUIET_RUN_LINES;
    }

    /** A device line, an RDMA device line, the old watchdog line, or any timestamped/syslog kernel line. */
    private static boolean kernelLine(Lines in, int i) {
        return in.matches(LINE, i) || in.matches(BSD_LINE, i) || in.matches(ILLUMOS_LINE, i) || in.matches(NAMED_LINE, i)
                || in.matches(NETDEV_LINE, i) || in.matches(IB_LINE, i) || in.matches(WATCHDOG_OLDEST, i)
                || in.matches(WATCHDOG_OLD, i) || in.matches(PROBE_OLD, i)
                || in.matches(PAGE_ALLOC, i) || in.matches(OTHER_KERNEL, i) || in.matches(BANNER, i);
    }

    /** Whether line i is an event this parser has a record for. */
    private static boolean event(Lines in, int i) {
        if (in.matches(WATCHDOG_OLD, i) || in.matches(WATCHDOG_OLDEST, i) || in.matches(PROBE_OLD, i) || in.matches(PAGE_ALLOC, i)) {
            return true;
        }
        Matcher ib = in.match(IB_LINE, i);
        if (ib != null) {
            return CQE.matcher(ib.group(3)).matches();
        }
        Matcher m = device(in, i);
        if (m == null) {
            return false;
        }
        String message = m.group(4);
        for (Pattern p : new Pattern[] {PCIE, LINK, MODULE, HEALTH, WATCHDOG, TX_TIMEOUT, AER, INTEL_PCIE, FIRMWARE, INTEL_FIRMWARE,
                PROBE, FIRMWARE_LOAD, PHY_CAPS, I40E_PHY_CAPS, UNSUPPORTED_MODULE, QPLIB, NIC_HEALTH, SFP_DETECTED, VF_NOT_TRUSTED, HEALTH_COMPROMISED,
                COMMAND_TIMEOUT, TEMPERATURE, ENA_LOST_TX, ENA_KEEP_ALIVE, ENA_TRIGGER, UNIT_HANG, TX_RESETTING}) {
            if (p.matcher(message).matches()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Parsed parse(Lines in, int from) {
        ParseBuilder b = builder(in, from);
        int i = from;
        KernelError open = null; // an AER error or CQE whose detail lines may follow
        int openAt = -1;
        for (; i < in.size(); i++) {
            if (in.blank(i)) {
                continue;
            }
            if (kernelLine(in, i)) {
                keep(b, in, i);
            }
            Matcher m;
            if ((m = in.match(WATCHDOG_OLD, i)) != null) {
                b.add(new KernelError(m.group(2), null, m.group(1), KernelError.TX_TIMEOUT, UnitWords.integer(m.group(3)),
                        m.group(4) == null ? null : Long.parseLong(m.group(4)), null, null, null, null, null, in.source(i))).use(i);
                continue;
            }
            if ((m = in.match(WATCHDOG_OLDEST, i)) != null) {
                open = flush(b, open);
                open = new KernelError(null, null, m.group(1), KernelError.TX_TIMEOUT, null, null, null, null, null, null, null,
                        in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            if ((m = in.match(PROBE_OLD, i)) != null) {
                b.add(new KernelError(m.group(1), m.group(2), null, KernelError.PROBE_FAILED, null, null, null, null, null,
                        null, "error " + m.group(3), in.source(i))).use(i);
                continue;
            }
            if ((m = in.match(PAGE_ALLOC, i)) != null) {
                b.add(new KernelError(null, null, null, KernelError.PAGE_ALLOCATION_FAILURE, null, null, m.group(1), null,
                        null, null, m.group(2), in.source(i))).use(i);
                continue;
            }
            if ((m = in.match(IB_LINE, i)) != null) {
                Matcher c = CQE.matcher(m.group(3));
                Matcher s = CQE_SYNDROME.matcher(m.group(3));
                if (c.matches()) {
                    open = flush(b, open);
                    open = new KernelError(m.group(1), null, m.group(2), KernelError.CQE_ERROR, null, null, c.group(1),
                            null, null, null, null, in.source(i));
                    openAt = i;
                    b.use(i);
                } else if (open != null && open.event().equals(KernelError.RDMA_COMMAND_FAILED) && open.detail() == null
                        && HW_FAILED.matcher(m.group(3)).matches()) {
                    open = flush(b, open.with(m.group(3).strip(), open.syndrome(), open.vendorSyndrome()).on(m.group(2)));
                    b.use(i);
                } else if (s.matches() && open != null && open.event().equals(KernelError.CQE_ERROR)) {
                    int synd = Integer.decode(s.group(1));
                    open = open.with(CQE_SYNDROMES.get(synd), s.group(1), s.group(2));
                    open = flush(b, open);
                    b.use(i);
                }
                continue;
            }
            if (open != null && open.event().equals(KernelError.TX_TIMEOUT) && open.queue() == null && i - openAt <= 3) {
                Matcher p = in.match(PREFIXED, i);
                Matcher q = p == null ? null : HANG_QUEUE.matcher(p.group(1).strip());
                if (q != null && q.matches()) {
                    open = flush(b, open.withQueue(UnitWords.integer(q.group(1))));
                    b.use(i);
                    continue;
                }
            }
            if ((m = device(in, i)) == null) {
                if (in.matches(OTHER_KERNEL, i) || in.matches(BANNER, i)) {
                    continue; // another kernel message inside the log (kept as printed above when it is a kernel line)
                }
                break;
            }
            Matcher compromised = HEALTH_COMPROMISED.matcher(m.group(4));
            if (compromised.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.FIRMWARE_HEALTH, null, null,
                        compromised.group(1), null, null, null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            Matcher dump = HEALTH_DUMP.matcher(m.group(4));
            if (dump.matches() && open != null && open.event().equals(KernelError.FIRMWARE_HEALTH) && i - openAt <= 30
                    && Objects.equals(open.address(), m.group(2))) {
                open = healthValue(open, dump);
                if (!HEALTH.matcher(m.group(4)).matches()) {
                    b.use(i);
                    continue;
                }
            }
            Matcher h = HEALTH.matcher(m.group(4));
            if (h.matches()) {
                // a mail or narrow terminal puts each health value on the line after its prefix
                String value = h.group(1);
                b.use(i);
                if (value.isEmpty() && i + 1 < in.size() && !in.blank(i + 1) && !kernelLine(in, i + 1)) {
                    value = in.get(++i);
                    b.use(i);
                }
                Matcher synd = SYNDROME.matcher(value);
                if (synd.matches()) {
                    b.add(new HealthEvent(m.group(1), m.group(2), synd.group(1), synd.group(2).strip(), in.source(i)));
                }
                continue;
            }
            Matcher aer = AER.matcher(m.group(4));
            if (aer.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.PCIE_AER, null, null,
                        aer.group(2).strip(), aer.group(1).strip(), null, null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            Matcher bit = AER_BIT.matcher(m.group(4).strip());
            if (bit.matches() && open != null && open.event().equals(KernelError.PCIE_AER) && i - openAt <= 40) {
                String name = bit.group(1).strip();
                open = open.with(open.detail() == null ? name : open.detail() + ", " + name, null, null);
                b.use(i);
                continue;
            }
            Matcher q = QPLIB.matcher(m.group(4));
            if (q.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.RDMA_COMMAND_FAILED, null,
                        q.group(4) == null ? null : Long.parseLong(q.group(4)), command(q.group(2)), null,
                        q.group(3) != null ? "status " + q.group(3) : q.group(4) != null ? "timed out" : "send failed",
                        null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            if (open != null && open.event().equals(KernelError.RDMA_COMMAND_FAILED) && open.detail() == null
                    && i - openAt <= 3 && HW_FAILED.matcher(m.group(4)).matches()) {
                // "bnxt_en 0000:41:00.0 rocep65s0f0: Failed to create HW CQ" (ibdev_err names the RDMA device)
                KernelError e = open.with(m.group(4).strip(), open.syndrome(), open.vendorSyndrome());
                open = flush(b, m.group(3) == null ? e : e.on(m.group(3)));
                b.use(i);
                continue;
            }
            Matcher health = NIC_HEALTH.matcher(m.group(4));
            if (health.matches()) {
                open = flush(b, open);
                String statement = health.group(1);
                boolean info = statement.startsWith("Underutilized") || statement.startsWith("Port speed is limited");
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.NIC_HEALTH, null, null, statement,
                        info ? "info" : "error", null, null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            if (open != null && open.event().equals(KernelError.NIC_HEALTH) && i - openAt <= 6
                    && Objects.equals(open.address(), m.group(2))) {
                Matcher solution = HEALTH_SOLUTION.matcher(m.group(4));
                Matcher port = HEALTH_PORT.matcher(m.group(4));
                if (solution.matches()) {
                    open = open.with(open.detail() == null ? solution.group(1) : open.detail() + " " + solution.group(1),
                            open.syndrome(), open.vendorSyndrome());
                    b.use(i);
                    continue;
                }
                if (port.matches()) {
                    open = flush(b, open.withQueue(UnitWords.integer(port.group(1))));
                    b.use(i);
                    continue;
                }
            }
            if (TX_RESETTING.matcher(m.group(4)).matches()) {
                // the watchdog's line before it named no driver: this one does; alone, it is the timeout itself
                boolean same = open != null && open.event().equals(KernelError.TX_TIMEOUT) && open.driver() == null
                        && i - openAt <= 3 && Objects.equals(open.iface(), m.group(3));
                KernelError e = same ? open.of(m.group(1)) : new KernelError(m.group(1), m.group(2), m.group(3),
                        KernelError.TX_TIMEOUT, null, null, null, null, null, null, null, in.source(i));
                open = flush(b, same ? null : open);
                b.add(e).use(i);
                continue;
            }
            Matcher follow = LINK_FLOW_LINE.matcher(m.group(4));
            Matcher fec = LINK_FEC_LINE.matcher(m.group(4));
            if ((follow.matches() || fec.matches()) && LinkDetail.amend(b.records(), m.group(2), m.group(3),
                    follow.matches() ? follow.group(1) : null, fec.matches() ? fec.group(1) : null)) {
                b.use(i);
                continue;
            }
            Matcher hang = UNIT_HANG.matcher(m.group(4));
            if (hang.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.TX_TIMEOUT, null, null, hang.group(1),
                        null, null, null, null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            Matcher lost = ENA_LOST_TX.matcher(m.group(4));
            Matcher keepAlive = ENA_KEEP_ALIVE.matcher(m.group(4));
            if (lost.matches() || keepAlive.matches()) {
                open = flush(b, open);
                open = new KernelError(m.group(1), m.group(2), m.group(3), KernelError.DEVICE_RESET, null, null,
                        lost.matches() ? "lost tx completions" : "keep alive watchdog timeout", null, null, null,
                        lost.matches() ? lost.group(1) : null, in.source(i));
                openAt = i;
                b.use(i);
                continue;
            }
            if (ENA_TRIGGER.matcher(m.group(4)).matches()) {
                // the reset the line before asked for, or one whose reason the paste left out
                boolean asked = open != null && open.event().equals(KernelError.DEVICE_RESET) && i - openAt <= 3;
                open = flush(b, open);
                if (!asked) {
                    b.add(new KernelError(m.group(1), m.group(2), m.group(3), KernelError.DEVICE_RESET, null, null,
                            "reset triggered", null, null, null, null, in.source(i)));
                }
                b.use(i);
                continue;
            }
            ParsedRecord r = record(m.group(1), m.group(2), m.group(3), m.group(4), in.source(i));
            if (r != null) {
                b.add(r).use(i);
            }
        }
        flush(b, open);
        if (b.records().isEmpty()) {
            // an ordinary kernel log: read, and nothing in it about a network or RDMA device
            int lines = 0;
            for (int k = from; k < i; k++) {
                lines += in.blank(k) ? 0 : 1;
            }
            Set<String> devices = new LinkedHashSet<>();
            for (int k = from; k < i; k++) {
                Matcher d = in.blank(k) ? null : device(in, k);
                if (d != null) {
                    devices.add(d.group(2) == null ? d.group(3) : d.group(1) + " " + d.group(2));
                }
            }
            b.add(new KernelLogRead(lines, new ArrayList<>(devices), in.source(from)));
            for (int k = from; k < i; k++) {
                if (!in.blank(k)) {
                    b.use(k);
                }
            }
            b.note("kernel log: no network or RDMA events");
        }
        return b.done(i);
    }

    /**
     * Keeps kernel line i as printed and marks it read: "driver BDF[ netdev]" → its message, "infiniband
     * DEV" → its message, else the words before the message's first ": " ("bonding: bond0", "nvme nvme2")
     * → the rest, else "kernel" → the whole message.
     */
    private static void keep(ParseBuilder b, Lines in, int i) {
        String text = in.get(i);
        // a line without a PCI address ("tg3: eth0: Link is down.") is kept under the word before its first ": ", below
        Matcher m = in.match(LINE, i);
        m = m != null ? m : in.match(BSD_LINE, i);
        m = m != null ? m : in.match(ILLUMOS_LINE, i);
        if (m != null) {
            b.printed(i, m.group(2) == null ? m.group(3)
                    : m.group(1) + " " + m.group(2) + (m.group(3) == null ? "" : " " + m.group(3)), m.group(4).strip());
        } else if ((m = IB_LINE.matcher(text)).matches()) {
            b.printed(i, m.group(1) + " " + m.group(2), m.group(3).strip());
        } else {
            Matcher p = PREFIXED.matcher(text);
            String message = p.matches() ? p.group(1).strip() : text.strip();
            Matcher s = SUBSYSTEM.matcher(message);
            if (s.matches()) {
                b.printed(i, s.group(1), s.group(2).strip());
            } else {
                b.printed(i, "kernel", message);
            }
        }
        b.use(i);
    }

    /** Line i as a device line: Linux's "driver BDF[ netdev]: message", FreeBSD's "unit: message" or illumos'; null if none. */
    private static Matcher device(Lines in, int i) {
        Matcher m = in.match(LINE, i);
        m = m != null ? m : in.match(BSD_LINE, i);
        m = m != null ? m : in.match(ILLUMOS_LINE, i);
        m = m != null ? m : in.match(NAMED_LINE, i);
        return m != null ? m : in.match(NETDEV_LINE, i);
    }

    /** Adds the error still open, if any; returns null (nothing open). */
    private static KernelError flush(ParseBuilder b, KernelError open) {
        if (open != null) {
            b.add(open);
        }
        return null;
    }

    private static ParsedRecord record(String driver, String address, String netdev, String message, Source src) {
        Matcher m;
        if ((m = PCIE.matcher(message)).matches()) {
            boolean limited = m.group(2) != null;
            return new PcieBandwidthLine(driver, address, gbps(m.group(1)), limited ? m.group(4) : null,
                    gts(limited ? m.group(2) : m.group(8)), UnitWords.integer(limited ? m.group(3) : m.group(9)),
                    limited ? gbps(m.group(5)) : null, limited ? gts(m.group(6)) : null,
                    limited ? UnitWords.integer(m.group(7)) : null, src);
        }
        if ((m = LINK.matcher(message)).matches()) {
            // tg3's and b44's sentences end in a full stop: "Link is down." has no detail
            String detail = m.group(2).isBlank() || m.group(2).strip().equals(".") ? null : m.group(2).strip();
            return LinkDetail.event(driver, address, netdev, m.group(1).equalsIgnoreCase("up"), detail, src);
        }
        if ((m = FIRMWARE.matcher(message)).matches()) {
            return new MlxDevice(address, null, null, null, null, address, m.group(1), null, null, src);
        }
        if ((m = INTEL_FIRMWARE.matcher(message)).matches()) {
            return new NicFirmware(driver, address, m.group(1), m.group(2), m.group(3), src);
        }
        if ((m = INTEL_PCIE.matcher(message)).matches()) {
            return new PcieBandwidthLine(driver, address, null, null, gts(m.group(1)), UnitWords.integer(m.group(2)), null,
                    null, null, src);
        }
        if ((m = WATCHDOG.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.TX_TIMEOUT, UnitWords.integer(m.group(1)),
                    m.group(2) == null ? null : Long.parseLong(m.group(2)), null, null, null, null, null, src);
        }
        if ((m = TX_TIMEOUT.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.TX_TIMEOUT,
                    m.group(1) == null ? null : UnitWords.integer(m.group(1)),
                    m.group(2) == null ? null : Long.parseLong(m.group(2)) / 1000, null, null, null, null, null, src);
        }
        if ((m = TEMPERATURE.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.TEMPERATURE_WARNING, null, null, m.group(1), null, null,
                    null, "sensors " + m.group(2), src);
        }
        if ((m = COMMAND_TIMEOUT.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.COMMAND_TIMEOUT, null, null, m.group(1), null, null,
                    null, m.group(2), src);
        }
        if ((m = PROBE.matcher(message)).matches()) {
            return new KernelError(m.group(1), address, netdev, KernelError.PROBE_FAILED, null, null, null, null, null, null,
                    "error " + m.group(2), src);
        }
        if ((m = FIRMWARE_LOAD.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.FIRMWARE_LOAD_FAILED, null, null,
                    "error " + m.group(2), null, null, null, m.group(1), src);
        }
        if ((m = PHY_CAPS.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.PHY_CAPABILITIES_FAILED, null, null,
                    m.group(1) == null ? null : "status " + m.group(1), null, null, null, message.strip(), src);
        }
        if ((m = I40E_PHY_CAPS.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.PHY_CAPABILITIES_FAILED, null, null, m.group(1), null,
                    m.group(2), null, message.strip(), src);
        }
        if ((m = UNSUPPORTED_MODULE.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.UNSUPPORTED_MODULE, null, null, m.group(2), null, null,
                    null, m.group(1).startsWith("Rx/Tx") ? "Rx/Tx disabled" : "driver not loaded", src);
        }
        if ((m = VF_NOT_TRUSTED.matcher(message)).matches()) {
            return new KernelError(driver, address, netdev, KernelError.VF_NOT_TRUSTED, null, null,
                    m.group(1) != null ? m.group(1) : m.group(3), null, null, null, m.group(2) == null ? null : "VF " + m.group(2), src);
        }
        if ((m = SFP_DETECTED.matcher(message)).matches()) {
            int type = Integer.parseInt(m.group(1));
            String name = type < IXGBE_SFP_TYPES.length ? " (" + IXGBE_SFP_TYPES[type] + ")" : "";
            return new ModuleEvent(driver, address, null, message.strip() + name, false, src);
        }
        if ((m = MODULE.matcher(message)).matches()) {
            return new ModuleEvent(driver, address, UnitWords.integer(m.group(2)), m.group(3).strip(), m.group(1) != null, src);
        }
        return null;
    }

    /** A firmware-health error with one dump line's value: the syndrome and its name, ext_synd, the firmware version. */
    private static KernelError healthValue(KernelError open, Matcher dump) {
        if (dump.group(1) != null) {
            String name = dump.group(3).isBlank() ? null : dump.group(3).strip();
            // the "Health issue observed" line may have named it already
            String detail = open.detail() == null ? name
                    : name == null || open.detail().equals(name) || open.detail().startsWith(name + "; ") ? open.detail()
                    : name + "; " + open.detail();
            return open.with(detail, dump.group(2), open.vendorSyndrome());
        }
        if (dump.group(4) != null) {
            return open.with(open.detail(), open.syndrome(), dump.group(4));
        }
        if (dump.group(6) != null && open.detail() == null && !dump.group(6).isBlank()) {
            return open.with(dump.group(6).strip(), open.syndrome(), open.vendorSyndrome()); // the synd line may be cut off
        }
        if (dump.group(5) != null && !dump.group(5).startsWith("65535.")) { // all ones: the device no longer answers reads
            String fw = "fw_ver " + dump.group(5);
            return open.with(open.detail() == null ? fw : open.detail() + "; " + fw, open.syndrome(), open.vendorSyndrome());
        }
        return open;
    }

    /** "0x15" → "CREATE_AH (0x15)", an opcode bnxt_re's table does not name → "opcode 0x15". */
    private static String command(String opcode) {
        String name = BNXT_OPCODES.get(Integer.decode(opcode));
        return name == null ? "opcode " + opcode : name + " (" + opcode + ")";
    }

    private static Quantity gbps(String text) {
        return Quantity.bitsPerSecond(UnitWords.number(text) * 1e9, text + " Gb/s");
    }

    private static Quantity gts(String text) {
        double v = UnitWords.number(text);
        return Double.isNaN(v) ? null : new Quantity(v, "GT/s", text + " GT/s");
    }
}
