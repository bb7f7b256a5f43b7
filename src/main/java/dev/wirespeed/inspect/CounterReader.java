package dev.wirespeed.inspect;

import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.EthtoolStats;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.QdiscStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Reads counters: /sys/class/net/IF/statistics (Documentation/ABI/testing/sysfs-class-net-statistics),
 * the driver's `ethtool -S IF` set, /sys/class/infiniband/DEV/ports/N/counters and hw_counters
 * (sysfs-class-infiniband), /proc/net/snmp and /proc/net/netstat (proc(5)).
 *
 * <p>`ethtool -S IF`, the pause reading ({@link PauseReading}: `ethtool --include-statistics -a IF`, the
 * standard pause-frame counters, for drivers whose `ethtool -S` does not name them) and
 * `tc -s qdisc show dev IF` (the root qdisc's drops) are commands, run only on the live host (root
 * "/") and only when the program is on PATH; their output is captured at {@value #ETHTOOL_S}IF,
 * {@value PauseReading#WITH_STATISTICS}IF and {@value #TC_QDISC}IF so a fixture tree or a capture
 * replays it. doctor also reads a physical netdev's ring sizes (`ethtool -g IF`, {@value #ETHTOOL_G}IF)
 * in the same batch; a test's snapshots do not (the sizes are not counters).
 */
public final class CounterReader {
    /** Where a root tree holds `ethtool -S IF` output (fixtures, captures). */
    public static final String ETHTOOL_S = "/.wirespeed/ethtool-S/";
    /** Where a root tree holds `ethtool -g IF` output (doctor's ring sizes, beside `ethtool -S`). */
    public static final String ETHTOOL_G = "/.wirespeed/ethtool-g/";
    /** Where a root tree holds `tc -s qdisc show dev IF` output. */
    public static final String TC_QDISC = "/.wirespeed/tc-s-qdisc/";
    /** The groups of /proc/net/snmp and /proc/net/netstat kept: IP, TCP, UDP. */
    private static final List<String> GROUPS = List.of("Ip", "IpExt", "Tcp", "TcpExt", "Udp", "UdpLite");

    private final RootedFs fs;
    private final Attribute attr;
    /** Empty: read the tree's captured outputs instead of running the command. */
    private final Optional<Path> ethtool;
    private final Optional<Path> tc;

    public CounterReader(RootedFs fs) {
        this(fs, fs.isLiveHost());
    }

    /** {@code runEthtool} false: never run a command, even on the live host. */
    public CounterReader(RootedFs fs, boolean runEthtool) {
        this.fs = fs;
        this.attr = new Attribute(fs);
        this.ethtool = runEthtool ? fs.program("ethtool") : Optional.empty();
        this.tc = runEthtool ? fs.program("tc") : Optional.empty();
    }

    /** The statistics, the `ethtool -S` set and the pause counters of one netdev (empty values when it has none). */
    public Counters netdev(String name) {
        // `ethtool -S` and `tc` run while the pause reading runs: a snapshot (taken before a test)
        // costs about its slowest command, not the sum (docs/PERFORMANCE.md "bw: time to first byte")
        Commands started = start(name, false);
        return netdev(name, pause(name), started);
    }

    /** A new pause reading of {@code name} (one per snapshot), for {@link #netdev(String, java.util.Optional)}. */
    Optional<PauseReading> pause(String name) {
        if (fs.isLiveHost() && loopback(name)) {
            return Optional.empty(); // see start(): the loopback driver has no pause frames
        }
        return PauseReading.read(fs, ethtool, List.of(), name);
    }

    /** As {@link #netdev(String)}, with the snapshot's pause reading of the netdev (shared with {@link QosReader}). */
    Counters netdev(String name, Optional<PauseReading> pause) {
        return netdev(name, pause, start(name, false));
    }

    /**
     * doctor: as {@link #netdev(String, java.util.Optional)} (the pause reading taken once the other
     * commands are started), added to {@code b}, with the ring sizes of
     * a physical netdev ({@code ring}) from `ethtool -g IF`, run beside `ethtool -S` (one more fork,
     * not one more wait) and read by {@code tools} (explain's parser), so doctor and explain
     * hand the ring rules the same fact. A device without rings (veth, virtio on some hosts: "Operation
     * not supported") makes ethtool fail: nothing is added.
     */
    void netdev(String name, Supplier<Optional<PauseReading>> pause, boolean ring,
                ToolOutputReader tools, Facts.Builder b) {
        Commands started = start(name, ring); // before the pause reading, so that runs beside them too
        b.add(netdev(name, pause.get(), started));
        String rings = started.ring().output();
        if (rings != null && !rings.isBlank()) {
            tools.add(b, "ethtool -g " + name, rings, "ethtool -g " + name);
        }
    }

    private record Commands(LiveCommand.Pending stats, LiveCommand.Pending qdisc, LiveCommand.Pending ring) {}

    private Commands start(String name, boolean ring) {
        // The loopback driver has no ethtool statistics and no pause frames (drivers/net/loopback.c:
        // its ethtool_ops are get_link and get_ts_info): ethtool only fails there. tc still runs: a
        // netem or tbf qdisc on lo is a common way to shape a loopback test.
        Optional<Path> stats = fs.isLiveHost() && loopback(name)
                ? Optional.empty() : ethtool;
        return new Commands(command(stats, ETHTOOL_S + name, name, "-S", name),
                command(tc, TC_QDISC + name, name, "-s", "qdisc", "show", "dev", name),
                ring ? command(stats, ETHTOOL_G + name, name, "-g", name) : () -> null);
    }

    private Counters netdev(String name, Optional<PauseReading> pause, Commands started) {
        Counters.Builder b = Counters.netdev(name);
        String dir = "/sys/class/net/" + name + "/statistics";
        for (String c : fs.list(dir)) {
            b.put(c, attr.read(dir + "/" + c, Counters::parseCount));
        }
        String stats = started.stats().output();
        if (stats != null) {
            EthtoolStats.parse(stats, "ethtool -S " + name, b);
        }
        // the first reading of a name wins: `ethtool -S`'s own pause counters stay when it has them
        pause.ifPresent(p -> EthtoolStats.parsePause(p.output(), p.commandLine(), b));
        String qdisc = started.qdisc().output();
        if (qdisc != null) {
            QdiscStats.parse(qdisc, "tc -s qdisc show dev " + name, b);
        }
        return b.build();
    }

    /** ARPHRD_LOOPBACK (772, include/uapi/linux/if_arp.h) in /sys/class/net/IF/type. */
    private boolean loopback(String name) {
        Observed<String> type = attr.text("/sys/class/net/" + name + "/type");
        return type.isPresent() && type.value().strip().equals("772");
    }

    /** A command started on the live host (captured at {@code captured}), or what a root tree holds there. */
    private LiveCommand.Pending command(Optional<Path> program, String captured, String iface,
                                        String... args) {
        List<String> command = new ArrayList<>();
        program.ifPresent(p -> command.add(p.toString()));
        command.addAll(List.of(args));
        return LiveCommand.start(fs, program.isPresent(), captured, command, iface);
    }

    /** counters/ and hw_counters/ of one RDMA port, merged under the file names. */
    public Counters rdmaPort(String device, int port) {
        Counters.Builder b = Counters.rdmaPort(device, port);
        String dir = "/sys/class/infiniband/" + device + "/ports/" + port;
        for (String sub : List.of("/counters", "/hw_counters")) {
            for (String c : fs.list(dir + sub)) {
                if (!c.equals("lifespan")) { // hw_counters/lifespan is the refresh period in ms, not a count
                    b.put(c, attr.read(dir + sub + "/" + c, Counters::parseCount));
                }
            }
        }
        return b.build();
    }

    /** The IP, TCP and UDP groups of /proc/net/snmp and /proc/net/netstat, under nstat's names. */
    public Counters host() {
        Counters.Builder b = Counters.host();
        for (String file : List.of("/proc/net/snmp", "/proc/net/netstat")) {
            String text;
            try {
                text = attr.raw(file);
            } catch (IOException e) {
                continue;
            }
            if (text != null) {
                snmpTable(text, file, b);
            }
        }
        return b.build();
    }

    /** "Group: Name1 Name2" followed by "Group: 1 2" (proc(5)) → "GroupName1" = 1 … */
    static void snmpTable(String text, String file, Counters.Builder into) {
        String[] lines = text.split("\n", 10_000);
        for (int i = 0; i + 1 < lines.length; i++) {
            String[] names = lines[i].strip().split("\\s+");
            String[] values = lines[i + 1].strip().split("\\s+");
            if (names.length < 2 || !names[0].endsWith(":") || !names[0].equals(values[0])) {
                continue;
            }
            String group = names[0].substring(0, names[0].length() - 1);
            i++;
            if (!GROUPS.contains(group) || names[1].matches("-?\\d+")) {
                continue;
            }
            for (int c = 1; c < names.length; c++) {
                String name = group + names[c];
                String source = file + " " + group + ": " + names[c];
                if (c >= values.length) {
                    into.put(name, Observed.unreadable(null, source, "no value in the line below the names"));
                } else if (values[c].startsWith("-")) {
                    // Tcp: MaxConn is -1 ("dynamic"): a setting, not a counter
                    continue;
                } else {
                    into.parse(name, values[c], source);
                }
            }
        }
    }

    /**
     * RDMA ports ("mlx5_0/1") whose netdev is {@code iface}: a RoCE port names it in
     * gid_attrs/ndevs/0; an IPoIB interface sits on its HCA's PCI function, on port dev_port + 1.
     */
    public List<String> rdmaPortsOf(String iface) {
        List<String> out = new ArrayList<>();
        Optional<String> real = fs.resolve("/sys/class/net/" + iface);
        String pciDir = real.map(r -> RootedFs.parent(RootedFs.parent(r))).orElse(null);
        for (String dev : fs.list("/sys/class/infiniband")) {
            boolean found = false;
            for (String port : fs.list("/sys/class/infiniband/" + dev + "/ports")) {
                Observed<String> ndev = attr.text("/sys/class/infiniband/" + dev + "/ports/" + port + "/gid_attrs/ndevs/0");
                if (ndev.isPresent() && ndev.value().equals(iface)) {
                    out.add(dev + "/" + port);
                    found = true;
                }
            }
            if (!found && pciDir != null && fs.exists(pciDir + "/infiniband/" + dev)) {
                Observed<Integer> devPort = attr.integer("/sys/class/net/" + iface + "/dev_port");
                int n = devPort.isPresent() ? devPort.value() + 1 : 1;
                if (fs.exists("/sys/class/infiniband/" + dev + "/ports/" + n)) {
                    out.add(dev + "/" + n);
                }
            }
        }
        return out;
    }
}
