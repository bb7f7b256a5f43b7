package dev.wirespeed.inspect;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.CpuList;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.Mount;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.NfsRdma;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PcieLink;
import dev.wirespeed.host.PcieSlot;
import dev.wirespeed.host.PhysState;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.host.RoceEcn;
import dev.wirespeed.host.Services;
import dev.wirespeed.host.TcpStats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a host's facts from sysfs and procfs below a root (Documentation/ABI/testing/sysfs-class-net,
 * sysfs-class-infiniband, sysfs-bus-pci, sysfs-devices-system-cpu; proc(5) for /proc/mounts and
 * /proc/net/snmp) and the counters ({@link CounterReader}: on the live host it runs `ethtool -S`).
 * Reads only; never writes. Absent files stay absent;
 * malformed ones are unreadable with their raw text.
 */
public final class SysfsReader {
    private final RootedFs fs;
    private final Attribute attr;
    private final ToolOutputReader tools;

    /** @param tools reads the output of the tools doctor runs (rings, pause, PFC) into facts */
    public SysfsReader(RootedFs fs, ToolOutputReader tools) {
        this.fs = fs;
        this.attr = new Attribute(fs);
        this.tools = Objects.requireNonNull(tools);
    }

    public Facts read(String origin) {
        Facts.Builder b = Facts.builder(origin);
        Set<String> pciAddresses = new LinkedHashSet<>();
        for (String name : fs.list("/sys/class/net")) {
            NetInterface i = netInterface(name);
            b.add(i);
            if (!i.isVirtual() && i.pciAddress().isPresent()) {
                pciAddresses.add(i.pciAddress().value());
            }
        }
        for (String name : fs.list("/sys/class/infiniband")) {
            RdmaDevice d = rdmaDevice(name);
            b.add(d);
            if (d.pciAddress().isPresent()) {
                pciAddresses.add(d.pciAddress().value());
            }
        }
        for (String address : pciAddresses) {
            b.add(pciFunction(address));
            slot(address).forEach(b::add);
        }
        b.cpu(cpu());
        mounts().forEach(b::add);
        nfsRdma().forEach(b::add);
        subnetManager().ifPresent(b::add);
        services().forEach(b::add);
        b.tcp(tcp());
        CounterReader counters = new CounterReader(fs);
        // one `ethtool -a` per netdev: its counters (CounterReader) and its settings (QosReader) come from the same reading
        Map<String, Optional<PauseReading>> pause = new HashMap<>();
        Facts partial = b.build();
        for (var i : partial.interfaces()) {
            if (!i.isLoopback()) {
                // ring sizes only where a NIC has rings: a virtual netdev (veth, bridge) would cost a fork for nothing
                counters.netdev(i.name(), () -> pause.computeIfAbsent(i.name(), counters::pause), !i.isVirtual(), tools, b);
            }
        }
        for (var p : partial.rdmaPorts()) {
            b.add(counters.rdmaPort(p.device(), p.port()));
        }
        // pause, PFC and DSCP map of RoCE netdevs: tools on the live host, their captured output in a tree
        QosReader qos = new QosReader(fs, tools);
        partial.rdmaPorts().stream().filter(RdmaPort::isEthernet)
                .map(p -> p.netdev().orElse(null)).filter(Objects::nonNull).distinct()
                .forEach(n -> qos.read(n, pause.computeIfAbsent(n, counters::pause), b));
        b.add(counters.host());
        return b.build();
    }

    /*
     * The PCI function of a netdev or RDMA device is taken from the resolved path of its class
     * entry (/sys/class/net/X → /sys/devices/pci0000:00/…/0000:04:00.0/net/X), not from its
     * "device" link: that link points back at an ancestor, a cycle that trips every tool which
     * follows links (and a capture would carry it).
     */

    NetInterface netInterface(String name) {
        String dir = "/sys/class/net/" + name;
        Optional<String> real = fs.resolve(dir);
        boolean virtual = real.map(r -> r.startsWith("/sys/devices/virtual/")).orElse(false);
        Observed<Integer> type = attr.integer(dir + "/type");
        NetInterface.Builder b = NetInterface.builder(name)
                .type(type)
                .virtual(Observed.of(virtual, real.orElse(dir), dir))
                .operState(attr.text(dir + "/operstate"))
                .adminUp(attr.read(dir + "/flags", s -> (Attribute.parseHexOrDecimal(s) & 0x1) != 0))
                .carrier(attr.read(dir + "/carrier", Attribute::parseFlag))
                .speedMbps(attr.longOrUnknown(dir + "/speed", "the driver reports no speed (-1)"))
                .mtuBytes(attr.integer(dir + "/mtu"))
                .address(attr.text(dir + "/address"));
        if (real.isPresent() && !virtual) {
            String pci = pciAddressIn(real.get());
            b.pciAddress(pci == null
                    ? Observed.unknown(real.get(), dir, "no PCI device behind it")
                    : Observed.of(pci, real.get(), dir));
            String deviceDir = RootedFs.parent(RootedFs.parent(real.get()));
            b.driver(readLinkOf(deviceDir + "/driver"));
            if (pci != null) {
                b.numaNode(attr.intOrUnknown("/sys/bus/pci/devices/" + pci + "/numa_node", "no NUMA affinity (-1)"));
            }
        }
        if (type.isPresent() && type.value() == NetInterface.ARPHRD_INFINIBAND) {
            b.ipoibMode(attr.text(dir + "/mode"));
        }
        if (fs.exists(dir + "/ecn")) {
            b.roceEcn(roceEcn(dir + "/ecn"));
        }
        return b.build();
    }

    /** mlx5's ecn/roce_np/enable/N and ecn/roce_rp/enable/N (N = priority 0..7, "1" = on). */
    private Observed<RoceEcn> roceEcn(String ecnDir) {
        List<Integer> np = new ArrayList<>();
        List<Integer> rp = new ArrayList<>();
        StringBuilder raw = new StringBuilder();
        for (String side : List.of("roce_np", "roce_rp")) {
            for (int prio = 0; prio < 8; prio++) {
                Observed<Boolean> on = attr.read(ecnDir + "/" + side + "/enable/" + prio, Attribute::parseFlag);
                if (!on.isPresent()) {
                    continue;
                }
                raw.append(raw.isEmpty() ? "" : " ").append(side).append('/').append(prio).append('=')
                        .append(on.value() ? 1 : 0);
                if (on.value()) {
                    (side.equals("roce_np") ? np : rp).add(prio);
                }
            }
        }
        return raw.isEmpty() ? Observed.absent(ecnDir) : Observed.of(new RoceEcn(np, rp), raw.toString(), ecnDir);
    }

    RdmaDevice rdmaDevice(String name) {
        String dir = "/sys/class/infiniband/" + name;
        RdmaDevice.Builder b = RdmaDevice.builder(name)
                .nodeType(attr.text(dir + "/node_type"))
                .nodeGuid(attr.text(dir + "/node_guid"))
                .sysImageGuid(attr.text(dir + "/sys_image_guid"))
                .fwVersion(attr.text(dir + "/fw_ver"))
                .hcaType(attr.text(dir + "/hca_type"))
                .boardId(attr.text(dir + "/board_id"));
        Optional<String> real = fs.resolve(dir);
        String pci = real.map(SysfsReader::pciAddressIn).orElse(null);
        List<String> netdevs = List.of();
        if (pci != null) {
            String pciDir = "/sys/bus/pci/devices/" + pci;
            b.pciAddress(Observed.of(pci, real.get(), dir));
            b.vendorId(attr.read(pciDir + "/vendor", PciFunction::parseHexId));
            b.partId(attr.read(pciDir + "/device", PciFunction::parseHexId));
            netdevs = fs.list(pciDir + "/net");
        }
        for (String port : fs.list(dir + "/ports")) {
            if (port.matches("\\d{1,3}")) {
                b.port(rdmaPort(name, Integer.parseInt(port), netdevs, pci));
            }
        }
        return b.build();
    }

    private RdmaPort rdmaPort(String device, int port, List<String> functionNetdevs, String pci) {
        String dir = "/sys/class/infiniband/" + device + "/ports/" + port;
        Observed<String> ndev = attr.text(dir + "/gid_attrs/ndevs/0");
        if (!ndev.isPresent() && functionNetdevs.size() == 1) {
            String only = functionNetdevs.getFirst();
            ndev = Observed.of(only, only, "/sys/bus/pci/devices/" + pci + "/net");
        }
        return RdmaPort.builder(device, port)
                .state(attr.read(dir + "/state", PortState::parse))
                .physState(attr.read(dir + "/phys_state", PhysState::parse))
                .rate(attr.read(dir + "/rate", IbRate::parse))
                .linkLayer(attr.read(dir + "/link_layer", LinkLayer::parse))
                .lid(attr.read(dir + "/lid", Attribute::parseHexOrDecimal))
                .smLid(attr.read(dir + "/sm_lid", Attribute::parseHexOrDecimal))
                .gid0(attr.text(dir + "/gids/0"))
                .netdev(ndev.isPresent() ? ndev : Observed.notSeen())
                .build();
    }

    PciFunction pciFunction(String address) {
        String dir = "/sys/bus/pci/devices/" + address;
        PcieLink own = link(dir, address);
        PcieLink link = own;
        if (!own.currentGts().isPresent() && !own.currentWidth().isPresent()) {
            String bridge = upstreamBridge(dir, address);
            if (bridge != null) {
                PcieLink up = link("/sys/bus/pci/devices/" + bridge, bridge);
                if (up.currentGts().isPresent()) {
                    link = up;
                }
            }
        }
        return PciFunction.builder(address)
                .vendorId(attr.read(dir + "/vendor", PciFunction::parseHexId))
                .deviceId(attr.read(dir + "/device", PciFunction::parseHexId))
                .driver(readLinkOf(dir + "/driver"))
                .numaNode(attr.intOrUnknown(dir + "/numa_node", "no NUMA affinity (-1)"))
                .localCpus(attr.cpuList(dir + "/local_cpulist"))
                .link(link)
                .build();
    }

    /**
     * The slot's capability (host.PcieSlot): the maximum link width and speed of the port above the
     * function, its parent in the sysfs device path. Nothing when the parent is no PCI device (the
     * function hangs off the host bridge) or shows no link attributes.
     */
    List<DeviceSetting> slot(String address) {
        Optional<String> real = fs.resolve("/sys/bus/pci/devices/" + address);
        List<DeviceSetting> out = new ArrayList<>();
        if (real.isEmpty()) {
            return out;
        }
        String parent = real.get().substring(0, real.get().lastIndexOf('/'));
        if (!PciFunction.isAddress(parent.substring(parent.lastIndexOf('/') + 1))) {
            return out;
        }
        Observed<Integer> width = attr.read(parent + "/max_link_width", PcieLink::parseWidth);
        if (width.isPresent()) {
            out.add(new DeviceSetting(address, PcieSlot.MAX_WIDTH,
                    width.value().toString(), width.evidence()));
        }
        Observed<Double> gts = speed(parent + "/max_link_speed");
        if (gts.isPresent()) {
            out.add(new DeviceSetting(address, PcieSlot.MAX_GTS,
                    PcieLink.formatGts(gts.value()), gts.evidence()));
        }
        return out;
    }

    private PcieLink link(String dir, String address) {
        return new PcieLink(
                speed(dir + "/current_link_speed"),
                attr.read(dir + "/current_link_width", PcieLink::parseWidth),
                speed(dir + "/max_link_speed"),
                attr.read(dir + "/max_link_width", PcieLink::parseWidth),
                ConfigSpace.maxPayloadBytes(fs, dir + "/config"),
                Observed.notSeen(),
                address);
    }

    /** The kernel prints "Unknown" (or "Unknown speed" before 5.x) when it does not know the rate. */
    private Observed<Double> speed(String path) {
        Observed<Double> o = attr.read(path, PcieLink::parseTransferRate);
        if (o.isUnreadable() && o.raw() != null && o.raw().startsWith("Unknown")) {
            return Observed.unknown(o.raw(), path, "the kernel does not know the link speed");
        }
        return o;
    }

    /** The PCI address just above {@code address} in its sysfs device path, or null. */
    private String upstreamBridge(String dir, String address) {
        Optional<String> real = fs.resolve(dir);
        if (real.isEmpty()) {
            return null;
        }
        String[] parts = real.get().split("/");
        for (int i = parts.length - 1; i > 0; i--) {
            if (parts[i].equals(address) && PciFunction.isAddress(parts[i - 1])) {
                return parts[i - 1];
            }
        }
        return null;
    }

    /** The last PCI address in a resolved device path (a virtio netdev's device is below its PCI function). */
    static String pciAddressIn(String realDevicePath) {
        String[] parts = realDevicePath.split("/");
        for (int i = parts.length - 1; i >= 0; i--) {
            if (PciFunction.isAddress(parts[i])) {
                return parts[i];
            }
        }
        return null;
    }

    private Observed<String> readLinkOf(String path) {
        Optional<String> link = fs.readLink(path);
        return link.map(t -> Observed.of(t.substring(t.lastIndexOf('/') + 1), t, path))
                .orElseGet(() -> Observed.absent(path));
    }

    CpuTopology cpu() {
        Observed<CpuList> online = attr.read("/sys/devices/system/cpu/online", CpuList::parse);
        List<CpuTopology.NumaNode> nodes = new ArrayList<>();
        for (String n : fs.list("/sys/devices/system/node")) {
            if (n.matches("node\\d{1,5}")) {
                nodes.add(new CpuTopology.NumaNode(Integer.parseInt(n.substring(4)),
                        attr.cpuList("/sys/devices/system/node/" + n + "/cpulist")));
            }
        }
        nodes.sort(Comparator.comparingInt(CpuTopology.NumaNode::id));
        List<CpuTopology.CpuPolicy> policies = new ArrayList<>();
        for (String p : fs.list("/sys/devices/system/cpu/cpufreq")) {
            if (p.matches("policy\\d{1,5}")) {
                String dir = "/sys/devices/system/cpu/cpufreq/" + p;
                policies.add(new CpuTopology.CpuPolicy(p,
                        attr.read(dir + "/affected_cpus", s -> CpuList.parse(s.strip().replaceAll("\\s+", ","))),
                        attr.text(dir + "/scaling_governor"), attr.text(dir + "/scaling_driver")));
            }
        }
        policies.sort(Comparator.comparingInt(p -> Integer.parseInt(p.name().substring(6))));
        return new CpuTopology(online, nodes, policies, List.of());
    }

    List<Mount> mounts() {
        String text;
        try {
            text = fs.readText("/proc/mounts", SysfsReader::nfsLinesOnly);
        } catch (IOException e) {
            return List.of();
        }
        List<Mount> out = new ArrayList<>();
        String[] lines = text.split("\n");
        for (int n = 0; n < lines.length; n++) {
            String[] f = lines[n].strip().split("\\s+");
            if (f.length < 4 || !f[2].startsWith("nfs")) {
                continue;
            }
            String source = "/proc/mounts line " + (n + 1);
            String proto = Mount.option(f[3], "proto");
            out.add(new Mount(f[0], f[1], f[2], f[3],
                    proto == null ? Observed.absent(source) : Observed.of(proto, "proto=" + proto, source),
                    new Evidence(source, lines[n].strip())));
        }
        return out;
    }

    /**
     * The NFS-over-RDMA settings (see {@link dev.wirespeed.host.NfsRdma}): the transport modules of
     * /proc/modules (proc(5): name first, then size, use count, users) and nfsd's listeners in
     * /proc/fs/nfsd/portlist (nfsd(7); empty or absent when nfsd does not run).
     */
    List<DeviceSetting> nfsRdma() {
        List<DeviceSetting> out = new ArrayList<>();
        try {
            String text = fs.readText("/proc/modules");
            List<String> names = new ArrayList<>();
            for (String line : text.split("\n")) {
                String[] f = line.strip().split("\\s+");
                if (!f[0].isEmpty()) {
                    names.add(f[0]);
                }
            }
            if (names.contains("ib_core")) {
                boolean ipoib = names.contains("ib_ipoib");
                out.add(new DeviceSetting(NfsRdma.KERNEL,
                        NfsRdma.IPOIB_MODULE, ipoib ? NfsRdma.LOADED
                                : NfsRdma.NOT_LOADED,
                        new Evidence("/proc/modules", ipoib ? "ib_ipoib loaded" : "ib_core loaded, no ib_ipoib line")));
            }
            String value = NfsRdma.modulesValue(names);
            out.add(new DeviceSetting(NfsRdma.KERNEL, NfsRdma.MODULES,
                    value, new Evidence("/proc/modules", value.equals("none") ? "no rpcrdma, xprtrdma or svcrdma line"
                            : "loaded: " + value)));
        } catch (IOException e) {
            // no /proc/modules (a fixture without it, a kernel without modules): not seen
        }
        try {
            String text = fs.readText("/proc/fs/nfsd/portlist");
            List<String> ports = text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
            if (!ports.isEmpty()) {
                String value = String.join(";", ports);
                out.add(new DeviceSetting(NfsRdma.NFSD, NfsRdma.PORTLIST,
                        value, new Evidence("/proc/fs/nfsd/portlist", value)));
            }
        } catch (IOException e) {
            // nfsd not loaded or its file system not mounted: not an NFS server
        }
        return out;
    }

    /**
     * Whether opensm runs here: the comm of every process (/proc/PID/comm, proc(5); at most 4096
     * processes read). Nothing when /proc lists no process (a fixture without them): not seen.
     */
    Optional<DeviceSetting> subnetManager() {
        int scanned = 0;
        for (String pid : fs.list("/proc")) {
            if (!pid.matches("\\d+") || scanned >= 4096) {
                continue;
            }
            scanned++;
            try {
                String comm = fs.readText("/proc/" + pid + "/comm").strip();
                if (comm.equals("opensm") || comm.equals("opensmd")) {
                    return Optional.of(new DeviceSetting(NfsRdma.FABRIC,
                            NfsRdma.SUBNET_MANAGER, "running",
                            new Evidence("/proc/" + pid + "/comm", comm)));
                }
            } catch (IOException e) {
                // the process ended while scanning
            }
        }
        return scanned == 0 ? Optional.empty() : Optional.of(new DeviceSetting(NfsRdma.FABRIC,
                NfsRdma.SUBNET_MANAGER, "not running",
                new Evidence("/proc/*/comm", "no opensm among " + scanned + " processes")));
    }

    /** Where systemd (systemd.unit(5): /etc, /usr/lib, /lib) and SysV init keep units; the first found counts. */
    static final List<String> UNIT_PATHS = List.of("/etc/systemd/system/%s.service", "/usr/lib/systemd/system/%s.service",
            "/lib/systemd/system/%s.service", "/etc/init.d/%s", "/etc/rc.d/init.d/%s");

    /**
     * The RDMA stack's units that exist here (host.Services: opensm or opensmd, openibd, rshim) as
     * "installed", from their unit files or init scripts (the first 4 KiB read, so a capture keeps
     * them); and MLNX_OFED's ib_ipoib parameter ipoib_enhanced, which the distributions' ib_ipoib does
     * not have (/sys/module/ib_ipoib/parameters/), so it also names the stack. Whether a unit runs is
     * not read: opensm's process is ({@link #subnetManager}).
     */
    List<DeviceSetting> services() {
        List<DeviceSetting> out = new ArrayList<>();
        for (String unit : Services.KNOWN) {
            for (String pattern : UNIT_PATHS) {
                String path = String.format(pattern, unit);
                try {
                    fs.readBytes(path, 4096);
                    out.add(new DeviceSetting(Services.DEVICE, unit,
                            Services.INSTALLED, new Evidence(path, "unit file")));
                    break;
                } catch (IOException e) {
                    // not there: the next place
                }
            }
        }
        String enhanced = "/sys/module/ib_ipoib/parameters/ipoib_enhanced";
        try {
            String v = fs.readText(enhanced).strip();
            Evidence ev = new Evidence(enhanced, v);
            out.add(new DeviceSetting(Services.STACK,
                    Services.IPOIB_ENHANCED, v, ev));
            out.add(new DeviceSetting(Services.STACK,
                    Services.DISTRIBUTION, "MLNX_OFED_LINUX", ev));
        } catch (IOException e) {
            // the distribution's ib_ipoib, or IPoIB not loaded: the stack stays unknown
        }
        return out;
    }

    /** What a capture keeps of /proc/mounts: the NFS lines, not every mount of the host. */
    static String nfsLinesOnly(String mounts) {
        StringBuilder b = new StringBuilder();
        for (String line : mounts.split("\n")) {
            String[] f = line.strip().split("\\s+");
            if (f.length >= 3 && f[2].startsWith("nfs")) {
                b.append(line).append('\n');
            }
        }
        return b.toString();
    }

    TcpStats tcp() {
        String text;
        try {
            text = attr.raw("/proc/net/snmp");
        } catch (IOException e) {
            return TcpStats.notSeen();
        }
        if (text == null) {
            return new TcpStats(Observed.absent("/proc/net/snmp"), Observed.absent("/proc/net/snmp"));
        }
        List<String> lines = List.of(text.split("\n"));
        return new TcpStats(counter(lines, "OutSegs"), counter(lines, "RetransSegs"));
    }

    private static Observed<Long> counter(List<String> lines, String name) {
        var v = ProcNetSnmp.tcpCounter(lines, name);
        String source = "/proc/net/snmp Tcp: " + name;
        return v.isPresent() ? Observed.of(v.getAsLong(), Long.toString(v.getAsLong()), source)
                : Observed.unreadable(null, source, "no Tcp: " + name + " column");
    }
}
