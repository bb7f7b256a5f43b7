package dev.wirespeed.explain;

import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.host.Services;
import dev.wirespeed.limits.NicModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * A fixture tree's host as a user would paste it (issue 26, explain = doctor): the outputs of the
 * tools that show what doctor reads from sysfs and /proc, in those tools' own layouts, with the
 * tree's values — `lspci -D -vvv` (LnkCap/LnkSta, NUMA node, driver), `mst status -v` (RDMA device ↔ PCI
 * ↔ netdev), `ethtool -i` and `ethtool`, `ip -d -s -s link` (flags, MTU, IPoIB mode, statistics),
 * `ibv_devinfo` and `ibstatus` (board_id, part id, port states, rates as sysfs prints them), `rdma
 * link` (a port's netdev), `rdma statistic` (hw_counters) and `perfquery` (IB PortCounters), the NFS
 * lines of /proc/mounts, lsmod of /proc/modules, /proc/fs/nfsd/portlist, /proc/net/snmp and netstat,
 * `systemctl status` of the units found; and the tree's own captured command outputs
 * (.wirespeed/ethtool-S, tc-s-qdisc, ethtool-a, ethtool-I-a, ethtool-g, dcb-pfc, dcb-app, mlnx_qos) as
 * they were printed. What no pasted tool shows is left out, and the agreement test names it.
 */
final class TreePaste {
    private TreePaste() {}

    static String of(String tree) {
        Facts f = Fixtures.facts(tree);
        Path root = Fixtures.root(tree);
        String p = "root@" + tree + ":~# ";
        StringBuilder b = new StringBuilder();
        for (PciFunction fn : f.pciFunctions()) {
            lspci(b, p, f, fn);
        }
        mst(b, p, f);
        for (NetInterface i : f.interfaces()) {
            if (i.pciAddress().isPresent() && i.driver().isPresent()) {
                b.append(p).append("ethtool -i ").append(i.name()).append('\n').append("driver: ").append(i.driver().value())
                        .append("\nversion: 6.1.0\nbus-info: ").append(i.pciAddress().value()).append('\n');
            }
            if (i.speedMbps().isPresent()) {
                b.append(p).append("ethtool ").append(i.name()).append("\nSettings for ").append(i.name()).append(":\n\tSpeed: ")
                        .append(i.speedMbps().value()).append("Mb/s\n\tDuplex: Full\n\tLink detected: ")
                        .append(i.isLinkUp() ? "yes" : "no").append('\n');
            }
        }
        ipLink(b, p, f);
        for (RdmaDevice d : f.rdmaDevices()) {
            ibvDevinfo(b, p, d);
        }
        if (!f.rdmaDevices().isEmpty()) {
            b.append(p).append("ibstatus\n");
            for (RdmaPort port : f.rdmaPorts()) {
                ibstatus(b, port);
            }
            b.append(p).append("rdma link show\n");
            for (RdmaPort port : f.rdmaPorts()) {
                b.append("link ").append(port.device()).append('/').append(port.port()).append(" state ")
                        .append(port.state().isPresent() ? port.state().value().name() : "DOWN").append(" physical_state ")
                        .append(port.physState().isPresent() ? port.physState().value().name() : "DISABLED")
                        .append(port.netdev().isPresent() ? " netdev " + port.netdev().value() : "").append(" \n");
            }
        }
        rdmaCounters(b, p, f);
        List<Mount> nfs = f.mounts().stream().filter(Mount::isNfs).toList();
        if (!nfs.isEmpty()) {
            b.append(p).append("grep nfs /proc/mounts\n");
            nfs.forEach(m -> b.append(m.evidence().raw()).append('\n'));
        }
        file(root, "proc/modules").ifPresent(t -> {
            b.append(p).append("lsmod\nModule                  Size  Used by\n");
            t.lines().forEach(l -> {
                String[] x = l.split("\\s+");
                String users = x[3].equals("-") ? "" : x[3].replaceAll(",$", "");
                b.append(String.format(Locale.ROOT, "%-24s%8s  %s %s%n", x[0], x[1], x[2], users).stripTrailing()).append('\n');
            });
        });
        file(root, "proc/fs/nfsd/portlist").ifPresent(t -> b.append(p).append("cat /proc/fs/nfsd/portlist\n").append(t));
        file(root, "proc/net/snmp").ifPresent(t -> b.append(p).append("cat /proc/net/snmp\n").append(t));
        file(root, "proc/net/netstat").ifPresent(t -> b.append(p).append("cat /proc/net/netstat\n").append(t));
        services(b, p, f);
        captures(b, p, root);
        return b.toString();
    }

    private static Optional<String> file(Path root, String path) {
        Path x = root.resolve(path);
        if (!Files.isRegularFile(x)) {
            return Optional.empty();
        }
        try {
            String t = Files.readString(x, StandardCharsets.UTF_8);
            return Optional.of(t.endsWith("\n") ? t : t + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** lspci -D -vvv -s ADDR: the device line as lspci names the family, the NUMA node, the link and the driver. */
    private static void lspci(StringBuilder b, String p, Facts f, PciFunction fn) {
        String family = fn.vendorId().isPresent() && fn.deviceId().isPresent()
                ? NicModel.lookup(fn.vendorId().value(), fn.deviceId().value()).map(NicModel::family).orElse("Device") : "Device";
        String vendor = fn.vendorId().isPresent() ? switch (fn.vendorId().value()) {
            case NicModel.MELLANOX -> "Mellanox Technologies";
            case NicModel.INTEL -> "Intel Corporation";
            case NicModel.BROADCOM -> "Broadcom Inc. and subsidiaries";
            default -> "Vendor";
        } : "Vendor";
        boolean ib = f.interfacesOf(fn.address()).stream().anyMatch(NetInterface::isIpoib);
        b.append(p).append("lspci -D -vvv -s ").append(fn.address()).append('\n').append(fn.address())
                .append(ib ? " Infiniband controller: " : " Ethernet controller: ").append(vendor).append(" Device [")
                .append(family).append("]\n");
        if (fn.numaNode().isPresent()) {
            b.append("\tNUMA node: ").append(fn.numaNode().value()).append('\n');
        }
        PcieLink l = fn.link();
        if (fn.address().equals(l.linkOwner()) && l.maxGts().isPresent() && l.maxWidth().isPresent()) {
            b.append("\tCapabilities: [60] Express (v2) Endpoint, MSI 00\n\t\tLnkCap:\tPort #0, Speed ")
                    .append(PcieLink.formatGts(l.maxGts().value())).append("GT/s, Width x").append(l.maxWidth().value())
                    .append(", ASPM not supported\n");
            if (l.currentGts().isPresent() && l.currentWidth().isPresent()) {
                b.append("\t\tLnkSta:\tSpeed ").append(PcieLink.formatGts(l.currentGts().value())).append("GT/s, Width x")
                        .append(l.currentWidth().value()).append('\n');
            }
        }
        if (fn.driver().isPresent()) {
            b.append("\tKernel driver in use: ").append(fn.driver().value()).append('\n');
        }
    }

    /** mst status -v: which RDMA device and netdev each Mellanox function carries. */
    private static void mst(StringBuilder b, String p, Facts f) {
        List<String> rows = f.pciFunctions().stream()
                .filter(fn -> fn.vendorId().isPresent() && fn.vendorId().value() == NicModel.MELLANOX).map(fn -> {
                    String rdma = f.rdmaDevicesOf(fn.address()).stream().map(RdmaDevice::name).findFirst().orElse("");
                    String net = f.interfacesOf(fn.address()).stream().map(NetInterface::name).findFirst().map(n -> "net-" + n).orElse("");
                    String type = NicModel.lookup(fn.vendorId().value(), fn.deviceId().optional().orElse(0))
                            .map(m -> m.family().replace("-", "").replace(" ", "").toUpperCase(Locale.ROOT)).orElse("Device");
                    return String.format(Locale.ROOT, "%-24s%-30s%-14s%-16s%-40s%s", type + "(rev:0)",
                            "/dev/mst/mt" + fn.deviceId().optional().orElse(0) + "_pciconf" + fn.address().substring(5, 7),
                            fn.address(), rdma.isEmpty() ? "-" : rdma, net.isEmpty() ? "-" : net,
                            fn.numaNode().optional().map(String::valueOf).orElse("-1"));
                }).toList();
        if (rows.isEmpty()) {
            return;
        }
        b.append(p).append("mst status -v\nMST modules:\n------------\n    MST PCI module is not loaded\n    MST PCI configuration "
                + "module loaded\nPCI devices:\n------------\nDEVICE_TYPE             MST                           PCI"
                + "           RDMA            NET                                     NUMA\n");
        rows.forEach(r -> b.append(r).append('\n'));
    }

    /** ip -d -s -s link show: flags, MTU, state, link type, IPoIB mode and the statistics files. */
    private static void ipLink(StringBuilder b, String p, Facts f) {
        b.append(p).append("ip -d -s -s link show\n");
        int n = 1;
        for (NetInterface i : f.interfaces()) {
            String flags = i.isLoopback() ? "LOOPBACK" : "BROADCAST,MULTICAST";
            if (i.adminUp().isPresent() && i.adminUp().value()) {
                flags += ",UP";
            }
            if (i.carrier().isPresent() && i.carrier().value()) {
                flags += ",LOWER_UP";
            }
            String state = i.operState().isPresent() ? i.operState().value().toUpperCase(Locale.ROOT) : "UNKNOWN";
            b.append(n++).append(": ").append(i.name()).append(": <").append(flags).append("> mtu ")
                    .append(i.mtuBytes().optional().map(String::valueOf).orElse("1500")).append(" qdisc mq state ").append(state)
                    .append(" mode DEFAULT group default qlen 1000\n");
            b.append(i.isIpoib() ? "    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:00:02:c9:03:00:00:00:01 brd "
                    + "00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff promiscuity 0 minmtu 68 maxmtu 65520 \n"
                    : i.isLoopback() ? "    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00 promiscuity 0\n"
                    : "    link/ether 00:00:00:00:00:00 brd ff:ff:ff:ff:ff:ff promiscuity 0 minmtu 68 maxmtu 9978\n");
            if (i.isIpoib() && i.ipoibMode().isPresent()) {
                b.append("    ipoib pkey  0xffff mode  ").append(i.ipoibMode().value())
                        .append(" umcast  0000 addrlen 20 numtxqueues 1 numrxqueues 1\n");
            }
            f.countersOf(i).ifPresent(c -> stats(b, c));
        }
    }

    /** The statistics files in ip -s -s's table (iproute2 6.x layout). */
    private static void stats(StringBuilder b, Counters c) {
        Function<String, String> v = name -> c.value(name).map(String::valueOf).orElse("0");
        if (Stream.of("rx_bytes", "rx_packets", "rx_errors", "rx_dropped", "tx_bytes").noneMatch(x -> c.value(x).isPresent())) {
            return;
        }
        b.append("    RX:  bytes packets errors dropped  missed   mcast\n    ").append(String.join(" ", v.apply("rx_bytes"),
                v.apply("rx_packets"), v.apply("rx_errors"), v.apply("rx_dropped"), v.apply("rx_missed_errors"),
                v.apply("multicast"))).append('\n');
        b.append("    RX errors:  length    crc   frame    fifo overrun\n    ").append(String.join(" ",
                v.apply("rx_length_errors"), v.apply("rx_crc_errors"), v.apply("rx_frame_errors"), v.apply("rx_fifo_errors"),
                v.apply("rx_over_errors"))).append('\n');
        b.append("    TX:  bytes packets errors dropped carrier collsns\n    ").append(String.join(" ", v.apply("tx_bytes"),
                v.apply("tx_packets"), v.apply("tx_errors"), v.apply("tx_dropped"), v.apply("tx_carrier_errors"),
                v.apply("collisions"))).append('\n');
        b.append("    TX errors: aborted    fifo  window heartbt transns\n    ").append(String.join(" ",
                v.apply("tx_aborted_errors"), v.apply("tx_fifo_errors"), v.apply("tx_window_errors"),
                v.apply("tx_heartbeat_errors"), "0")).append('\n');
    }

    private static void ibvDevinfo(StringBuilder b, String p, RdmaDevice d) {
        b.append(p).append("ibv_devinfo -d ").append(d.name()).append("\nhca_id:\t").append(d.name()).append('\n');
        b.append("\ttransport:\t\t\tInfiniBand (0)\n");
        d.fwVersion().optional().ifPresent(v -> b.append("\tfw_ver:\t\t\t\t").append(v).append('\n'));
        b.append("\tvendor_id:\t\t\t0x02c9\n");
        String part = d.hcaType().optional().filter(t -> t.matches("MT\\d+")).map(t -> t.substring(2)).orElse(null);
        if (part != null) {
            b.append("\tvendor_part_id:\t\t\t").append(part).append('\n');
        }
        d.boardId().optional().ifPresent(v -> b.append("\tboard_id:\t\t\t").append(v).append('\n'));
        b.append("\tphys_port_cnt:\t\t\t").append(d.ports().size()).append('\n');
    }

    /** ibstatus prints the sysfs values as they are ("4: ACTIVE", "25 Gb/sec (1X EDR)"). */
    private static void ibstatus(StringBuilder b, RdmaPort port) {
        b.append("Infiniband device '").append(port.device()).append("' port ").append(port.port()).append(" status:\n");
        b.append("\tdefault gid:\t fe80:0000:0000:0000:0000:0000:0000:0000\n");
        raw(b, "base lid", port.lid());
        raw(b, "sm lid", port.smLid());
        raw(b, "state", port.state());
        raw(b, "phys state", port.physState());
        raw(b, "rate", port.rate());
        if (port.linkLayer().isPresent()) {
            b.append("\tlink_layer:\t ").append(port.linkLayer().value() == LinkLayer.INFINIBAND ? "InfiniBand" : "Ethernet")
                    .append('\n');
        }
        b.append('\n');
    }

    private static void raw(StringBuilder b, String key, Observed<?> o) {
        if (o.raw() != null && !o.isNotSeen()) {
            b.append('\t').append(key).append(":\t ").append(o.raw()).append('\n');
        }
    }

    /** rdma statistic show link DEV/PORT for hw_counters; perfquery for the IBA PortCounters. */
    private static void rdmaCounters(StringBuilder b, String p, Facts f) {
        for (RdmaPort port : f.rdmaPorts()) {
            f.countersOf(port).ifPresent(c -> {
                Map<String, Observed<Long>> v = c.values();
                StringBuilder hw = new StringBuilder();
                StringBuilder pq = new StringBuilder();
                v.forEach((name, o) -> {
                    if (!o.isPresent()) {
                        return;
                    }
                    String pqName = PERFQUERY.get(name);
                    if (pqName != null) {
                        pq.append(pqName).append(':').append(".".repeat(Math.max(1, 33 - pqName.length()))).append(o.value()).append('\n');
                    } else if (o.source() != null && o.source().contains("/hw_counters/")) {
                        hw.append(' ').append(name).append(' ').append(o.value());
                    }
                });
                if (!hw.isEmpty()) {
                    b.append(p).append("rdma statistic show link ").append(port.device()).append('/').append(port.port())
                            .append("\nlink ").append(port.device()).append('/').append(port.port()).append(hw).append('\n');
                }
                if (!pq.isEmpty()) {
                    b.append(p).append("perfquery -x -C ").append(port.device()).append(" -P ").append(port.port())
                            .append("\n# Port extended counters: Lid ").append(port.lid().optional().orElse(0)).append(" port ")
                            .append(port.port()).append(" (CapMask: 0x5A00)\nPortSelect:......................")
                            .append(port.port()).append('\n').append(pq);
                }
            });
        }
    }

    /** perfquery's names of the IBA PortCounters (infiniband-diags perfquery.c) for the sysfs file names. */
    private static final Map<String, String> PERFQUERY = Map.ofEntries(
            Map.entry("symbol_error", "SymbolErrorCounter"), Map.entry("link_error_recovery", "LinkErrorRecoveryCounter"),
            Map.entry("link_downed", "LinkDownedCounter"), Map.entry("port_rcv_errors", "PortRcvErrors"),
            Map.entry("port_rcv_remote_physical_errors", "PortRcvRemotePhysicalErrors"),
            Map.entry("port_rcv_switch_relay_errors", "PortRcvSwitchRelayErrors"), Map.entry("port_xmit_discards", "PortXmitDiscards"),
            Map.entry("port_xmit_constraint_errors", "PortXmitConstraintErrors"),
            Map.entry("port_rcv_constraint_errors", "PortRcvConstraintErrors"),
            Map.entry("local_link_integrity_errors", "LocalLinkIntegrityErrors"),
            Map.entry("excessive_buffer_overrun_errors", "ExcessiveBufferOverrunErrors"), Map.entry("VL15_dropped", "VL15Dropped"),
            Map.entry("port_xmit_data", "PortXmitData"), Map.entry("port_rcv_data", "PortRcvData"),
            Map.entry("port_xmit_packets", "PortXmitPkts"), Map.entry("port_rcv_packets", "PortRcvPkts"),
            Map.entry("port_xmit_wait", "PortXmitWait"));

    /**
     * systemctl status of each unit found: doctor reads that it is installed, not whether it runs — except
     * opensm(d), whose process doctor looks for: not among the processes, it is "inactive (dead)".
     */
    private static void services(StringBuilder b, String p, Facts f) {
        boolean smScanned = !NfsRdma.settings(f.settings(), NfsRdma.FABRIC, NfsRdma.SUBNET_MANAGER).isEmpty();
        boolean smRunning = NfsRdma.settings(f.settings(), NfsRdma.FABRIC, NfsRdma.SUBNET_MANAGER).stream()
                .anyMatch(s -> !s.value().equals("not running"));
        for (DeviceSetting s : f.settings()) {
            if (!s.device().equals(Services.DEVICE)) {
                continue;
            }
            boolean sm = s.name().equals(Services.OPENSM) || s.name().equals(Services.OPENSMD);
            b.append(p).append("systemctl status ").append(s.name()).append("\n● ").append(s.name()).append(".service - ")
                    .append(s.name()).append("\n   Loaded: loaded (").append(s.evidence().source()).append("; enabled; vendor preset: enabled)\n");
            if (sm && smScanned) {
                b.append(smRunning ? "   Active: active (running) since Tue 2026-12-01 10:00:00 UTC; 1h ago\n"
                        : "   Active: inactive (dead)\n");
            }
        }
    }

    /** The tree's captured command outputs, under the commands that printed them (inspect.CounterReader, QosReader). */
    private static void captures(StringBuilder b, String p, Path root) {
        Map<String, String> commands = Map.of("ethtool-S", "ethtool -S %s", "tc-s-qdisc", "tc -s qdisc show dev %s",
                "ethtool-a", "ethtool -a %s", "ethtool-I-a", "ethtool --include-statistics -a %s", "ethtool-g", "ethtool -g %s",
                "dcb-pfc", "dcb -j pfc show dev %s", "dcb-app", "dcb -j -N app show dev %s", "mlnx_qos", "mlnx_qos -i %s");
        for (String dir : List.of("ethtool-S", "tc-s-qdisc", "ethtool-I-a", "ethtool-a", "ethtool-g", "dcb-pfc", "dcb-app", "mlnx_qos")) {
            Path d = root.resolve(".wirespeed").resolve(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> s = Files.list(d)) {
                for (Path x : s.sorted().toList()) {
                    String text = Files.readString(x, StandardCharsets.UTF_8);
                    b.append(p).append(String.format(commands.get(dir), x.getFileName())).append('\n')
                            .append(text.endsWith("\n") ? text : text + "\n");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
