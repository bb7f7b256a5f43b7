package dev.wirespeed.parse.host;

import dev.wirespeed.parse.PciAddress;
import java.util.regex.Pattern;

/**
 * How a kernel line is shaped before its message: the prefixes dmesg, syslog, journalctl, pstore and grep put
 * before it, the device or subsystem a driver names (Linux, FreeBSD, illumos), and the stack's own lines that name no
 * device (the old transmit watchdog, a failed bind, a failed page allocation). Read by {@link KernelLogParser}.
 */
final class KernelLineForms {
    private KernelLineForms() {}

    /**
     * The prefix a kernel line may carry: syslog/journal "… kernel:", a grep -n number, the console level of dmesg -r
     * or a pstore dump ("<6>"), dmesg -x's facility and level ("kern  :info  : ", util-linux dmesg --decode), a timestamp,
     * and after it the caller a kernel built with CONFIG_PRINTK_CALLER adds ("[   36.772366][  T291] pcieport …": task
     * T291, or C2 for CPU 2; round 17).
     */
    static final String PREFIX = "(?:.*?\\bkernel:\\s*|\\d+\\s*)?(?:<\\d>)?(?:" + KernelLineForms.DECODED + ")?(?:\\[[^\\]]*]\\s*)?"
            + "(?:\\[\\s*[TC]\\d{1,7}\\]\\s*)?";
    /**
     * dmesg -x (--decode) prints the syslog facility and level before the stamp, each padded: "kern  :info  : [ 9.71] …",
     * "kern  :err   : …" (util-linux's facility and level names).
     */
    static final String DECODED = "(?:kern|user|mail|daemon|auth|syslog|lpr|news|uucp|cron|authpriv|ftp|local[0-7])\\s*:"
            + "(?:emerg|alert|crit|err|warn|notice|info|debug)\\s*: ";
    /**
     * Optional "grep -n"/line-number or syslog prefix, optional timestamp, driver, device, optional netdev; before the
     * netdev is registered netdev_err() prints "(unnamed net_device) (uninitialized)" in its place (bnxt_en, sfc at
     * probe): read as no netdev. A PCIe port service of older kernels names its port device after the function
     * ("pciehp 0000:02:05.0:pcie24: slot(6): Link Down event", "aer 0000:00:03.0:pcie02: …"): the function is the device.
     */
    static final Pattern LINE = Pattern.compile(
            PREFIX + "([\\w-]+) (" + PciAddress.BDF + ")(?::pcie\\d{2,3})?(?: ([\\w.@-]+)| \\(unnamed net_device\\)(?: \\(uninitialized\\))?)?: (.*)");
    /**
     * virtio_net names the virtio bus device, not a PCI address: "virtio_net virtio1 ens3: TX timeout on queue: 0, …",
     * "virtio_net virtio1: output.0:id 135 is not a head!". LINE's groups: 1 the driver, 2 never set, 3 the netdev (the
     * virtio device when no netdev follows it), 4 the message.
     */
    static final Pattern VIRTIO_LINE = Pattern.compile(PREFIX + "(virtio_net) (\\b\\B)?(?:virtio\\d{1,4} (?=[\\w.@-]+: ))?"
            + "([\\w.@-]+): (.*)");
    /**
     * A Linux net driver on a device that is no PCI function, named as the driver core names it before the netdev:
     * a platform device, its register base and node name ("airoha_eth 1fb50000.ethernet eth0: Link is Up - 10Gbps/Full
     * - flow control rx/tx", stmmac's "dwmac-sun8i 5030000.ethernet end0: …", "mtk_soc_eth 1e100000.ethernet eth0: port 2
     * link up"), a switch on an MDIO bus ("mt7530-mdio mdio-bus:1f eth4: Link is Down"), a USB interface ("r8152 2-2:1.0
     * eth2: …"), an SPI chip select ("sja1105 spi1.0 t1slave: Link is Up - 100Mbps/Full - flow control off", a DSA
     * switch's port, round 17b) or a VMBus device's GUID ("hv_netvsc 7aac4423-37ca-415c-85a9-06c05ff05683 eth1: VF
     * slot 2 added"). A netdev must follow the device, so "hub 2-0:1.0: USB hub found" is none. LINE's groups: 1 the driver, 2 never set
     * (the record's address is a PCI address), 3 the netdev, 4 the message.
     */
    static final Pattern PLATFORM_LINE = Pattern.compile(PREFIX + "([\\w-]+) (\\b\\B)?(?:[0-9a-f]{4,16}\\.[a-z][\\w-]*"
            + "|[\\w-]+:[0-9a-f]{2}|\\d{1,3}-[\\d.]{1,12}:\\d{1,2}\\.\\d{1,2}|spi\\d{1,3}\\.\\d{1,3}"
            + "|\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}) ([\\w.@-]+): (.*)");
    /**
     * FreeBSD's driver lines have no PCI address: device_printf()/if_printf() put the unit's name before the
     * message ("ice0: Link is up, 25 Gbps Full Duplex, …", "ax0: Link is UP - 1Gbps/Full - …"), the unit being
     * the driver's name and a number. Read with LINE's groups: 1 the driver (a lookahead), 2 the address (never
     * set: the empty {@code \b\B} cannot match), 3 the unit as the interface, 4 the message. The names are
     * those of FreeBSD's Ethernet drivers of the speeds wirespeed measures (ice(4), ixl(4), iavf(4), ix(4),
     * mce = mlx5en(4), mlxen(4), bnxt(4), cxgbe(4)'s cxl/cc, axgbe(4)'s ax, ena(4), …), so a BSD device
     * that is no NIC ("uart0:", "nvd0:") and ifconfig's "ix0: flags=…" head are not read as kernel lines.
     */
    static final String BSD_DRIVERS = "(?:ice|ixl|iavf|ixv|ix|igc|igb|em|mce|mlxen|mlx5_core|mlx4_core|bnxt|bxe|"
            + "cxl|cc|vcxl|vcc|ql|qlnxe|ax|ena|gve|vmx|vtnet|oce|sfxge|enic|lio|mgb|re|bge)";
    static final Pattern BSD_LINE = Pattern.compile(PREFIX + "(?=(" + BSD_DRIVERS + ")\\d{1,4}: )(\\b\\B)?("
            + BSD_DRIVERS + "\\d{1,4}): (?!flags=)(.*)");
    /**
     * illumos/Solaris syslog: "… host mac: [ID 435574 kern.info] NOTICE: e1000g0 link up, 1000 Mbps, full duplex",
     * "… i40e: [ID 517869 kern.warning] WARNING: i40e1: failed to …" (cmn_err's level word, then the instance, the
     * driver's name and a number, with or without a colon). BSD_LINE's groups: 1 the driver, 2 never set, 3 the
     * instance as the interface, 4 the message.
     */
    static final Pattern ILLUMOS_LINE = Pattern.compile("(?:.*?\\s)?[\\w-]+: \\[ID \\d+ kern\\.\\w+] (?:NOTICE|WARNING): "
            + "(?=([a-z][a-z0-9]*?[a-z])\\d{1,4}:? )(\\b\\B)?([a-z][a-z0-9]*?[a-z]\\d{1,4}):? (.*)");
    /**
     * Linux drivers that print without a PCI address: older e1000e/igb/e1000 printk("e1000e: %s NIC Link is Up …",
     * netdev->name) ("e1000e: eth0 NIC Link is Up 100 Mbps Full Duplex, Flow Control: None"), e1000's "e1000: eth1:
     * e1000_watchdog_task: NIC Link is Up …" (the function between), mlx4_en's en_print() "mlx4_en: eth1: Link Up".
     */
    static final String LINUX_DRIVERS = "(?:mlx4_en|mlx4_core|mlx5_core|e1000e|e1000|igbvf|igb|igc|ixgbevf|ixgbe|ixgb|i40e|"
            + "iavf|ice|bnxt_en|bnx2x|bnx2|tg3|virtio_net|hv_netvsc|sfc|qede|cxgb4|ena|r8169|r8168|r8126|r8125|atlantic|be2net|enic|nfp|vmxnet3|"
            + "gve|mana|forcedeth|sky2|alx|atl1c|tulip)";
    /** The names the kernel and udev give Ethernet and IPoIB netdevs ("eth0", "eno1", "enp3s0f1", "ens5", "ib0", "p1p2"). */
    static final String NETDEV = "(?:eth\\d+|en[opsx]\\w+|ib[ps]?\\w*\\d|em\\d+|p\\d+p\\d+\\w*|bond\\d+|rename\\d+)(?:\\.\\d+)?";
    /**
     * A driver's line without a PCI address, read with LINE's groups: 1 the driver, 2 never set, 3 the netdev (any name
     * before a colon, a netdev's name before a blank), 4 the message after an optional function name.
     */
    static final Pattern NAMED_LINE = Pattern.compile(PREFIX + "(" + LINUX_DRIVERS + "): (\\b\\B)?("
            + "[a-z][\\w.@-]{0,14}(?=: )|" + NETDEV + "(?= )):? (?:[a-z][a-z0-9]*_\\w+: )?(.*)");
    /**
     * Only the netdev before the message, the way old drivers and pasted excerpts print it ("eth0: NIC Link is Up 1000
     * Mbps …", "ens5: The number of lost tx completions is above the threshold (361 > 128). Reset the device"): read for
     * the statements below only, so that ifconfig's "eth0: flags=…" is no kernel line. LINE's groups, 1 and 2 never set.
     */
    static final Pattern NETDEV_LINE = Pattern.compile(PREFIX + "(\\b\\B)?(\\b\\B)?(" + NETDEV + "): ("
            + "(?i:(?:NIC )?Link (?:is )?(?:up|down))\\b.*|The number of lost tx completions is above.*|Keep alive watchdog timeout.*"
            + "|Trigger reset is on.*|Detected (?:Tx|Hardware) Unit Hang.*)");
    /** The stack's watchdog of 2.6 kernels, without the driver: "NETDEV WATCHDOG: eth0: transmit timed out". */
    static final Pattern WATCHDOG_OLDEST = Pattern.compile(PREFIX + "NETDEV WATCHDOG: ([\\w.@-]+): transmit timed out\\s*");
    /** mlx5_ib names the RDMA device, not the PCI function: "infiniband rocep33s0f0: mlx5_poll_one:527:(pid 0): …". */
    static final Pattern IB_LINE = Pattern.compile(PREFIX + "(infiniband) ([\\w.-]+): (.*)");
    /** The stack's watchdog before 6.x, with no device prefix: "NETDEV WATCHDOG: eth1 (ixgbe): transmit queue 0 timed out". */
    static final Pattern WATCHDOG_OLD = Pattern.compile(
            PREFIX + "NETDEV WATCHDOG: ([\\w.@-]+) \\(([\\w-]+)\\): transmit queue (\\d+) timed out(?: (\\d+) ms)?.*");
    /**
     * The driver core's report of a failed bind (drivers/base/dd.c, really_probe): before 5.x without the
     * device prefix, "mlx5_core: probe of 0000:03:00.0 failed with error -22".
     */
    static final Pattern PROBE_OLD = Pattern.compile(
            PREFIX + "([\\w-]+): probe of (" + PciAddress.BDF + ") failed with error (-?\\d+)");
    /**
     * mm/page_alloc.c warn_alloc(): "swapper/21: page allocation failure: order:0, mode:0x20" (older kernels
     * "… failure. order:3, mode:0x4020", newer ones add "(GFP_ATOMIC), nodemask=…"); the task comes first.
     */
    static final Pattern PAGE_ALLOC = Pattern.compile(
            PREFIX + "(\\S+): page allocation failure[:.] ?(order:\\s*\\d+, mode:\\s*0x[0-9a-fA-F]+).*");
    /**
     * A driver's banner at module load, printed before any device and often without a timestamp when pasted
     * from a mail or a console: "i40e: Intel(R) Ethernet Connection XL710 Network Driver - version 2.1.7-k"
     * and its "i40e: Copyright (c) 2013 - 2014 Intel Corporation." (intel-wired-lan, 2019-05-16, Lennart
     * Sorensen), mlx5's "mlx5_core: Mellanox ConnectX core driver v5.0-0". A kernel line: kept as printed.
     */
    static final Pattern BANNER = Pattern.compile(PREFIX + "[\\w-]{2,24}: (?:(?i:.{0,100}?\\bdriver\\b.{0,60}?"
            + "(?:\\bversion:?\\s*|\\bv)\\d\\S*.*)|Copyright\\s*\\([cC]\\).*)");
    /** Before the message of a kernel line: the prefix, and the device or subsystem it names ("bonding: bond0"). */
    /**
     * A task the kernel found stalled: kernel/hung_task.c "INFO: task kworker/13:2:4055883 blocked for more than 120
     * seconds." (comm:pid) and kernel/watchdog.c "watchdog: BUG: soft lockup - CPU#32 stuck for 23s! [ksoftirqd/32:179]".
     * No device is named: a driver's line beside it does not make it the driver's.
     */
    static final Pattern STALL = Pattern.compile(PREFIX + "(?:INFO: task (\\S+) blocked for more than (\\d{1,7}) seconds\\.?"
            + "|watchdog: BUG: soft lockup - CPU#\\d{1,5} stuck for (\\d{1,7})s! \\[(\\S+)\\])\\s*");
    /**
     * The body of a kernel report after a stall or a WARNING, kept in the log without a record: "Not tainted 4.19.90 #1",
     * the hung-task hint, the task's state line, "Workqueue: …", "Call trace:", frames ("cmd_exec+0x7a0/0xa00
     * [mlx5_core]", "[<0>] …"), "<TASK>", "WARNING: CPU: 32 PID: 0 at …", "Kernel panic - not syncing: …".
     */
    static final Pattern REPORT_BODY = Pattern.compile(PREFIX + "(?:WARNING: CPU: \\d+ PID: \\d+ at .*|Call [Tt]race:"
            + "|</?TASK>|\\S+\\+0x[0-9a-f]+/0x[0-9a-f]+(?: \\[\\w+\\])?|\\[<[0-9a-f]+>\\] .*|(?:Not tainted|Tainted:) .*"
            + "|\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message\\.|Workqueue: .*"
            + "|Kernel panic - not syncing: .*|[\\w/:.-]+\\s+D\\s+\\d+\\s+\\d+\\s+\\d+\\s+0x[0-9a-f]+|task:\\S+\\s+state:.*)\\s*");
    static final Pattern PREFIXED = Pattern.compile(PREFIX + "(.*)");
    static final Pattern SUBSYSTEM = Pattern.compile("([^:]{1,60}?): (\\S.*)");
    /** Any other kernel line with a dmesg timestamp or a syslog "kernel:" tag: read past inside a block. */
    static final Pattern OTHER_KERNEL = Pattern.compile(
            "(?:.*?\\bkernel:.*|(?:\\d+\\s*)?(?:<\\d>)?(?:" + DECODED + ")?\\[\\s*\\d+\\.\\d{3,}\\].*|\\[[A-Z][a-z]{2} [A-Z][a-z]{2} .*\\d{4}\\].*)");
}
