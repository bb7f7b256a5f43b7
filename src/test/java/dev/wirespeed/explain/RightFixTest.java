package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.CpuList;
import dev.wirespeed.parse.Fixture;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 26, deliver 2: every finding that prints a command, pinned for the facts it needs and refused
 * where those facts make it wrong; one row a case, on a fixture tree (doctor) or pasted outputs (explain).
 * A row names the case it covers ("c1" … "c10"; "fix" for the other commands). Cases 7 and 8
 * (counters attributed to the test, mesh outliers) are adv-count's: their commands (counter-* RingFix,
 * mesh verdicts) are pinned in CounterFindingsBothPathsTest, RingFixDoctorTest and the mesh tests.
 *
 * <p>Each row: where the facts come from, the rule, the subject it must name (a prefix), then either the
 * exact command (or null: the facts do not support one, so no command is printed), words the action must
 * hold, and words neither command nor action may hold; or {@code quiet}: the rule must not speak there.
 */
class RightFixTest {
    record Row(String name, Supplier<List<Finding>> findings, String rule, String subject, boolean quiet, String command,
               List<String> actionHas, List<String> refused) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static Supplier<List<Finding>> tree(String host) {
        return () -> RuleSet.standard().diagnose(Fixtures.facts(host));
    }

    private static Supplier<List<Finding>> tree(String host, String testCpus) {
        return () -> {
            Facts f = Fixtures.facts(host);
            return RuleSet.standard().diagnose(f, new Context(CpuList.parse(testCpus)));
        };
    }

    private static Supplier<List<Finding>> paste(String text) {
        return () -> Explainer.standard().explain("paste.txt", text).findings();
    }

    private static Supplier<List<Finding>> fixtures(String... files) {
        return () -> paste(String.join("", Arrays.stream(files).map(Fixture::text).toList())).get();
    }

    private static Supplier<List<Finding>> seed(String file) {
        return () -> Explainer.standard().explain(file, Fixture.text("seeds/" + file)).findings();
    }

    private static Row fires(String name, Supplier<List<Finding>> f, String rule, String subject, String command,
                             List<String> actionHas, List<String> refused) {
        return new Row(name, f, rule, subject, false, command, actionHas, refused);
    }

    private static Row quiet(String name, Supplier<List<Finding>> f, String rule, String subject) {
        return new Row(name, f, rule, subject, true, null, List.of(), List.of());
    }

    /**
     * The ConnectX-6 Dx fixture's temperature warnings, then its health poll and the first line of a 5.17+ dump
     * (health.c: "Health issue observed, %s, severity(%d) %s:"), the paste cut there, before the synd line.
     */
    static final String CUT_HEAT_DUMP = Fixture.text("kernel/dmesg-mlx5-health-compromised-high-temperature-dump-cx6dx-notes-cn.txt")
            .lines().filter(l -> l.contains("temp_warn") || l.contains("poll_health")).map(l -> l + "\n")
            .reduce("", String::concat)
            + "[  131.207020] mlx5_core 0000:41:00.0: print_health_info:431:(pid 0): Health issue observed, High temperature,"
            + " severity(2) CRITICAL:\n";

    /** Seed 004's lspci and iperf runs with the r86s port's ethtool and MTU (issue 26's case 1 reproduction). */
    static final String R86S = Fixture.text("seeds/004_2a39351d1c4a425e.txt").lines().skip(135).limit(103)
            .map(l -> l + "\n").reduce("", String::concat) + """
            root@r86s-01:~# ethtool enp4s0f0np0
            Settings for enp4s0f0np0:
            	Speed: 25000Mb/s
            	Duplex: Full
            	Link detected: yes
            root@r86s-01:~# ip link show enp4s0f0np0
            6: enp4s0f0np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 qdisc mq state UP mode DEFAULT group default qlen 1000
                link/ether 0c:42:a1:00:00:01 brd ff:ff:ff:ff:ff:ff
            """;

    static final String IBSTAT_INIT = """
            [root@m02 ~]# ibstat
            CA 'mlx5_0'
            	CA type: MT4115
            	Number of ports: 1
            	Port 1:
            		State: Initializing
            		Physical state: LinkUp
            		Rate: 56
            		SM lid: 0
            		Link layer: InfiniBand
            """;

    /** procfs#450's mountstats entry (nconnect=16, two xprt lines). */
    static final String NCONNECT16 = Fixture.text("host/mountstats-nconnect16-xprt-tcp-procfs450.txt");

    /** A real InfiniBand banner (seed 003's ib_send_bw -c UD) up to its rule, for the failures below it. */
    static final String IB_BANNER = Fixture.text("perftest/ib_send_bw-ud-client-seed003.txt").lines().skip(1).limit(17)
            .map(l -> l + "\n").reduce("", String::concat);
    /** perftest's queue-pair failure as linux-rdma/perftest#393 quotes it. */
    static final String RTR_FAILED = "Failed to modify QP 122273 to RTR\n Unable to Connect the HCA's through the link\n";

    static Stream<Row> rows() {
        String t3640Tcp = Fixture.text("ib/ibstatus-seed000-t3640-roce.txt")
                + Fixture.text("host/nfsstat-m-seed000.txt").replace("proto=rdma,port=20049", "proto=tcp");
        String rdmaLinkEth = "root@ft2000:/# rdma link show\nlink mlx5_1/1 state DOWN physical_state DISABLED netdev enp16s0f1np1 \n"
                + "root@ft2000:/# ip link show enp16s0f1np1\n7: enp16s0f1np1: <BROADCAST,MULTICAST> mtu 1500 qdisc mq state DOWN "
                + "mode DEFAULT group default qlen 1000\n    link/ether 98:03:9b:00:00:02 brd ff:ff:ff:ff:ff:ff\n";
        String ibDisabled = Fixture.text("ib/ibstat-mlx4-down-polling-disabled-mail.txt")
                .replace("Link layer: Ethernet", "Link layer: InfiniBand");
        String ipoibUnknown = "$ ip -d link show dev ib0\n4: ib0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 2044 qdisc mq state UP "
                + "mode DEFAULT group default qlen 256\n    link/infiniband 00:00:10:29:fe:80:00:00:00:00:00:00:24:8a:07:03:00:a3:19:64 "
                + "brd 00:ff:ff:ff:ff:12:40:1b:ff:ff:00:00:00:00:00:00:ff:ff:ff:ff promiscuity 0 minmtu 68 maxmtu 65520 \n"
                + "    ipoib pkey  0xffff mode  datagram umcast  0000 addrlen 20 numtxqueues 1 numrxqueues 1\n";
        return Stream.of(
                // --- case 1: judge the whole before a part (24.7-24.8 Gbit/s of a 24.8 Gbit/s ceiling)
                quiet("c1 seed 004 with its port's speed: no stream-imbalance at line rate", paste(R86S), "stream-imbalance", ""),
                fires("c1 seed 004 with its port's speed: at line rate, no fix", paste(R86S), "bandwidth-at-line-rate",
                        "enp4s0f0np0", null, List.of(), List.of("irq", "mpstat")),
                fires("c1 qperf beside a line-rate test: the tool, not MTU or PCIe", paste(R86S), "bandwidth-below-link",
                        "enp4s0f0np0", null, List.of("qperf tcp_bw is one stream on one core"), List.of("doctor", "MTU", "PCIe")),
                quiet("c1 whole seed 004 (card family bounds the ceiling): no stream-imbalance", seed("004_2a39351d1c4a425e.txt"),
                        "stream-imbalance", ""),
                fires("c1 streams uneven below the ceiling still speak", paste(R86S.replace("Speed: 25000Mb/s", "Speed: 40000Mb/s")),
                        "stream-imbalance", "streams", null, List.of("mpstat"), List.of()),
                // --- case 2: NFS over RDMA is umount + mount (nfs_compare_remount_data refuses a remount)
                fires("c2 doctor: NFSv4.2 mount over TCP", tree("ib-init-inbox-026"), "nfs-over-tcp", "/mnt/data",
                        "umount /mnt/data && mount -t nfs -o proto=rdma,port=20049,vers=4.2 192.168.30.1:/export /mnt/data",
                        List.of("refuses a remount"), List.of("remount,")),
                fires("c2 explain: seed 000's mount over TCP", paste(t3640Tcp), "nfs-over-tcp", "/mnt/nfs",
                        "umount /mnt/nfs && mount -t nfs -o proto=rdma,port=20049,vers=4.2 192.168.23.1:/tmp /mnt/nfs",
                        List.of(), List.of("remount,")),
                quiet("c2 mounted over RDMA already", fixtures("ib/ibstatus-seed000-t3640-roce.txt", "host/nfsstat-m-seed000.txt"),
                        "nfs-over-tcp", ""),
                // --- case 3: a Disabled port's fix by its link layer
                fires("c3 doctor: RoCE port, netdev known", tree("ft2000-000"), "port-down", "mlx5_1 port 1",
                        "ip link set enp16s0f1np1 up", List.of("RoCE"), List.of("ibportstate")),
                fires("c3 explain: ibstatus says Ethernet, no netdev", fixtures("ib/ibstatus-seed000-ft2000-disabled.txt"),
                        "port-down", "mlx5_1 port 1", null, List.of("RoCE", "netdev"), List.of("ibportstate")),
                fires("c3 explain: rdma link names the netdev, ip link says Ethernet", paste(rdmaLinkEth), "port-down",
                        "mlx5_1 port 1", "ip link set enp16s0f1np1 up", List.of(), List.of("ibportstate")),
                fires("c3 explain: an Ethernet port of a ConnectX-3, no netdev", fixtures("ib/ibstat-mlx4-down-polling-disabled-mail.txt"),
                        "port-down", "mlx4_0 port 2", null, List.of("RoCE"), List.of("ibportstate")),
                fires("c3 explain: an InfiniBand port Disabled", paste(ibDisabled), "port-down", "mlx4_0 port 2",
                        "ibportstate -C mlx4_0 -P 2 -D 0 2 enable", List.of(), List.of("ip link")),
                fires("c3 explain: Windows' mlx5cmd names the adapter, not a CA: no ibportstate with a description",
                        fixtures("mlx/mlx5cmd-stat-x4-seed001.txt"), "port-down", "Mellanox ConnectX-4 Adapter port 1", null,
                        List.of("switch port", "not a CA name"), List.of("ibportstate -C Mellanox")),
                fires("c3 explain: link layer not shown (rdma link alone): both, no command",
                        paste("root@ft2000:/# rdma link show\nlink mlx5_1/1 state DOWN physical_state DISABLED netdev enp16s0f1np1 \n"),
                        "port-down", "mlx5_1 port 1", null, List.of("ibportstate", "ip link set enp16s0f1np1 up"), List.of()),
                // --- case 4: the card's model, not its family
                quiet("c4 explain: MCX342A-XCC is a 10GbE card (mlxfwmanager)", seed("001_f6752bc58d89dcbd.txt"),
                        "port-rate-below-device", "enp6s0"),
                quiet("c4 doctor: PSID MT_1680110023 is the MCX342A-XCC", tree("m02-001"), "port-rate-below-device", ""),
                fires("c4 explain: nothing names the card (its mlxfwmanager lines cut): the family, worded as such",
                        () -> Explainer.standard().explain("001.txt", Fixture.text("seeds/001_f6752bc58d89dcbd.txt")
                                .replace("  Part Number:      MCX342A-XCC_Ax\n", "")
                                .replace("  Description:      ConnectX-3 EN NIC for OCP;10GbE;dual-port SFP+;PCIe3.0 x8;IPMI disabled;R6\n", "")
                                .replace("  PSID:             MT_1680110023\n", "")).findings(),
                        "port-rate-below-device", "enp6s0", null, List.of("part number"), List.of()),
                // --- case 5: IPoIB by driver
                fires("c5 doctor: mlx5 enhanced IPoIB", tree("ib-node-003"), "ipoib-datagram", "ib0", "ip link set ib0 mtu 4092",
                        List.of("datagram only", "partition"), List.of("connected >")),
                fires("c5 explain: seed 003, a ConnectX-5", seed("003_6d654e133b65fb90.txt"), "ipoib-datagram", "ib0",
                        "ip link set ib0 mtu 4092", List.of(), List.of("connected >")),
                fires("c5 doctor: mlx4 has connected mode", tree("ib-init-inbox-026"), "ipoib-datagram", "ib1",
                        "echo connected > /sys/class/net/ib1/mode && ip link set ib1 mtu 65520", List.of(), List.of("4092")),
                fires("c5 explain: driver not shown: both", paste(ipoibUnknown), "ipoib-datagram", "ib0",
                        "echo connected > /sys/class/net/ib0/mode && ip link set ib0 mtu 65520 || ip link set ib0 mtu 4092",
                        List.of("mlx5"), List.of()),
                fires("c5 explain: another driver (hfi1) may run accelerated IPoIB too: both",
                        paste(ipoibUnknown + "$ ethtool -i ib0\ndriver: hfi1\nversion: 6.1.0\nbus-info: 0000:81:00.0\n"),
                        "ipoib-datagram", "ib0",
                        "echo connected > /sys/class/net/ib0/mode && ip link set ib0 mtu 65520 || ip link set ib0 mtu 4092",
                        List.of(), List.of()),
                // --- case 6: the SM unit the host has
                fires("c6 doctor: MLNX_OFED's opensmd init script", tree("m02-001"), "ib-sm-not-running", "mlx5_0 port 1",
                        "systemctl enable --now opensmd", List.of(), List.of("now opensm ", "now opensm|")),
                fires("c6 doctor: Debian's opensm.service", tree("ib-init-inbox-026"), "ib-no-subnet-manager", "mlx4_0 port 1",
                        "systemctl enable --now opensm", List.of(), List.of("opensmd")),
                fires("c6 explain: ofed_info names MLNX_OFED", paste(IBSTAT_INIT + "[root@m02 ~]# ofed_info -s\nMLNX_OFED_LINUX-5.8-1.0.1.1:\n"),
                        "ib-no-subnet-manager", "mlx5_0 port 1", "systemctl enable --now opensmd", List.of(), List.of()),
                fires("c6 explain: nothing names the stack: both", paste(IBSTAT_INIT), "ib-no-subnet-manager", "mlx5_0 port 1",
                        "systemctl enable --now opensm || systemctl enable --now opensmd", List.of(), List.of()),
                // --- case 9: the box
                fires("c9 doctor: the OCP slot is wired x4", tree("r86s-004"), "pcie-link-downgraded", "0000:04:00.0",
                        null, List.of("need x8", "wired for x4", "if the box has one"), List.of("move the card")),
                fires("c9 explain: the slot is not shown", seed("004_2a39351d1c4a425e.txt"), "pcie-link-downgraded",
                        "0000:04:00.0", null, List.of("if the box has one", "dmidecode -t slot"), List.of("move the card")),
                fires("c9 doctor: x4 Gen2 still carries the one 10G port", tree("m02-001"), "pcie-link-downgraded",
                        "0000:06:00.0", null, List.of("Gen3", "the width need not change"), List.of("move the card", "slot wired")),
                fires("c9 explain: a kernel notice cut before 'at <address>' does not say which link is slow",
                        fixtures("kernel/dmesg-grep-mlx5-cut-pcie-notice-comment-thunderbolt-notes-cn.txt"),
                        "pcie-link-downgraded", "0000:52:00.1", null,
                        List.of("find the slow link first", "lspci -vvv -s 0000:52:00.1", "a bridge on the way",
                                "if it is the card's own link: set the slot"), List.of()),
                fires("c9 explain: the whole notice names the link at the root port: no locating step",
                        fixtures("kernel/dmesg-pcie-limited-openmptcprouter3114.txt"), "pcie-link-downgraded",
                        "0000:03:00.0", null, List.of("set the slot to Gen3"), List.of("find the slow link first")),
                // --- case 10: one cause, one finding
                quiet("c10 doctor: INIT with no SM seen: ib-sm-not-running speaks alone", tree("m02-001"), "ib-no-subnet-manager", ""),
                quiet("c10 doctor: no second PCIe finding for the x4 link", tree("r86s-004"), "pcie-below-ports", ""),
                quiet("c10 explain: iperf3's one thread speaks, not bandwidth-below-link too", seed("002_6dce3dfc6f2788a4.txt"),
                        "bandwidth-below-link", "message:iperf3"),
                // --- the other commands, each with the facts it needs
                fires("fix ethernet-mtu: 25G Ethernet at MTU 1500", tree("t3640-000"), "ethernet-mtu", "enp1s0f1np1",
                        "ip link set enp1s0f1np1 mtu 9000", List.of("switch"), List.of()),
                quiet("fix ethernet-mtu: never on IPoIB", tree("ib-node-003"), "ethernet-mtu", ""),
                fires("fix cpu-governor: ondemand", tree("ib-node-003"), "cpu-governor", "", "cpupower frequency-set -g performance",
                        List.of(), List.of()),
                quiet("fix cpu-governor: already performance", tree("ndr200-node-000"), "cpu-governor", ""),
                fires("fix roce-no-flow-control: pause off, no DCB", tree("roce-qos-020"), "roce-no-flow-control",
                        "mlx5_1 port 1", "ethtool -A enp1s0f1np1 rx on tx on", List.of(), List.of()),
                fires("fix roce-pfc-priority-mismatch from dcb: dcb changes priority 3 only", tree("roce-qos-020"),
                        "roce-pfc-priority-mismatch", "enp2s0f0np0", "dcb pfc set dev enp2s0f0np0 prio-pfc 3:on", List.of(),
                        List.of("mlnx_qos")),
                fires("fix roce-pfc-priority-mismatch from mlnx_qos: the priorities on stay on",
                        fixtures("qos/mlnx_qos-dscp-mellanox-doc2792.txt"), "roce-pfc-priority-mismatch", "eth2",
                        "mlnx_qos -i eth2 --pfc 1,0,1,1,0,0,1,1", List.of(), List.of("0,0,0,1,0,0,0,0")),
                fires("fix roce-ecn-off: mlx5's ecn files", tree("t3640-000"), "roce-ecn-off", "enp1s0f1np1",
                        "echo 1 > /sys/class/net/enp1s0f1np1/ecn/roce_np/enable/3; echo 1 > /sys/class/net/enp1s0f1np1/ecn/roce_rp/enable/3",
                        List.of(), List.of()),
                fires("fix nfs-rdma-module-missing", tree("nfs-rdma-broken-000"), "nfs-rdma-module-missing", "/mnt/nfs",
                        "modprobe xprtrdma", List.of(), List.of()),
                fires("fix nfsd-no-rdma-port", tree("nfs-rdma-broken-000"), "nfsd-no-rdma-port", "nfsd",
                        "modprobe svcrdma && echo rdma 20049 > /proc/fs/nfsd/portlist", List.of(), List.of()),
                fires("fix ofed-without-nfsrdma", fixtures("host/nfsd-portlist-write-seed000.txt"), "ofed-without-nfsrdma", "",
                        "./mlnxofedinstall --with-nfsrdma", List.of(), List.of()),
                fires("fix nfs-export-not-tmpfs: an export on ext4", paste(Fixture.text("host/exportfs-v-wrapped-kubedata-notes.txt")
                        + "pankaj@pankajvare:~$ " + Fixture.text("host/df-hT-ext4-root-zfs-srv-opennebula-notes.txt")),
                        "nfs-export-not-tmpfs", "/srv/nfs/kubedata", "mkdir -p /srv/nfs-ram && mount -t tmpfs -o size=16g tmpfs"
                        + " /srv/nfs-ram && exportfs -o rw,async,no_root_squash '*:/srv/nfs-ram'", List.of("tmpfs", "cannot tell"),
                        List.of("remount")),
                quiet("fix nfs-export-not-tmpfs: seed 000 exports its tmpfs /tmp", fixtures("host/mount-tmp-tmpfs-exports-seed000.txt"),
                        "nfs-export-not-tmpfs", ""),
                fires("fix run-failed: a ping answered Host Unreachable is ARP", fixtures("ping/ping-iputils-host-unreachable-vlan-lab.txt"),
                        "run-failed", "", "ip neigh show 10.4.10.1", List.of("neighbour"), List.of("ip route")),
                fires("fix run-failed: a ping answered Net Unreachable is a route", paste(Fixture.text(
                        "ping/ping-iputils-host-unreachable-vlan-lab.txt").replace("Destination Host Unreachable",
                        "Destination Net Unreachable")), "run-failed", "", "ip route get 10.4.10.1", List.of("route"),
                        List.of("ip neigh")),
                fires("fix mdcli-patch-needs-reboot: reset-board", fixtures("other/mdcli-patch-infos-seed000.txt"),
                        "mdcli-patch-needs-reboot", "", "reboot", List.of(), List.of()),
                quiet("fix mdcli-patch-needs-reboot: in-service", paste(Fixture.text("other/mdcli-patch-infos-seed000.txt")
                        .replace("\"reset-board\"", "\"in-service\"")), "mdcli-patch-needs-reboot", ""),
                fires("fix nic-numa-remote: the NIC's node", tree("ndr200-node-000", "0-7"), "nic-numa-remote", "0000:ab:00",
                        "numactl --cpunodebind=1 --membind=1 wirespeed …", List.of(), List.of()),
                fires("fix firmware-update-required", fixtures("mlx/mlnxofedinstall-seed001.txt"), "firmware-update-required",
                        "03:00.0", "mlxfwmanager -u -d 03:00.0", List.of(), List.of()),
                fires("fix link-type-mismatch", fixtures("ib/ibv_devinfo-seed001-port-down.txt", "mlx/mlxconfig-set-seed001.txt"),
                        "link-type-mismatch", "mlx5_0 port 1", "mlxfwreset -d /dev/mst/mt4115_pciconf0 reset", List.of(), List.of()),
                fires("fix iperf3-single-thread", seed("002_6dce3dfc6f2788a4.txt"), "iperf3-single-thread", "iperf3",
                        "wirespeed bw HOST -P 8", List.of(), List.of()),
                fires("fix service-not-running: rshim inactive", paste(Fixture.text("host/systemctl-status-rshim-seed002.txt")
                        .replace("Active: active (running) since Wed 2024-07-17 15:46:33 CST; 1s ago", "Active: inactive (dead)")),
                        "service-not-running", "rshim", "systemctl enable --now rshim", List.of(), List.of()),
                fires("fix rdma-naming-mixed", seed("000_a2147e746c8b34a4.txt"), "rdma-naming-mixed", "",
                        "cp /lib/udev/rules.d/60-rdma-persistent-naming.rules /etc/udev/rules.d/", List.of(), List.of()),
                fires("fix mst-not-started", fixtures("mlx/mst-status-not-loaded-lshca28.txt"), "mst-not-started", "",
                        "mst start", List.of(), List.of()),
                fires("fix firmware-reset-pending: the running firmware is not the flashed one",
                        fixtures("mlx/mlxup-fw-running-cx7.txt"), "firmware-reset-pending", "0000:8e:00.0",
                        "mlxfwreset -d 0000:8e:00.0 reset", List.of(), List.of()),
                fires("fix mlxconfig-change-pending: the device is not named, so the command says DEVICE",
                        fixtures("mlx/mlxconfig-e-q-grep-sriov-ib-routing-sharp-notes.txt"), "mlxconfig-change-pending", "",
                        "mlxfwreset -d DEVICE reset", List.of(), List.of()),
                fires("fix pci-function-unreadable", fixtures("mlx/mstflint-q-annotated-lspci-nn-vv-grep-vf-header-7f.txt"),
                        "pci-function-unreadable", "0b:01.0", "dmesg | grep -i -e 0b:01.0 -e aer; echo 1 > "
                        + "/sys/bus/pci/devices/0000:0b:01.0/remove; echo 1 > /sys/bus/pci/rescan", List.of(), List.of()),
                fires("fix mdcli-patch-blocks-upgrade", seed("000_a2147e746c8b34a4.txt"), "mdcli-patch-blocks-upgrade", "",
                        "delete-patch delete-type all", List.of(), List.of()),
                fires("fix iperf3-error: a name that does not resolve is no missing server",
                        fixtures("iperf/iperf3-3.7-error-unable-to-connect-forum.txt"), "iperf3-error", "iperf3 to hadar",
                        "getent hosts hadar", List.of(), List.of("iperf3 -s")),
                fires("fix iperf3-error: connection refused", paste("$ iperf3 -c 10.0.0.2\niperf3: error - unable to connect to "
                        + "server: Connection refused\n"), "iperf3-error", "iperf3 to 10.0.0.2", "iperf3 -s", List.of(), List.of()),
                fires("fix iperf3-error: busy server", paste("$ iperf3 -c 10.0.0.2\niperf3: error - the server is busy running a "
                        + "test. try again later\n"), "iperf3-error", "iperf3 to 10.0.0.2", "iperf3 -s -p 5202", List.of(), List.of()),
                // a VF's sent frames dropped by the adapter's switch: the VF's MAC/VLAN/spoof check, shown by its PF
                fires("fix vf-dropping: the PF's view of the VF", fixtures("counters/ip-s-link-vf-tx-dropped-i40e-stable-patch.txt"),
                        "vf-dropping", "enp2s0f0 vf 0", "ip link show enp2s0f0", List.of("spoof check"), List.of("ethtool -G")),
                // a UDP iperf 2 client with no server: the server needs -u too, and nothing else (no iperf3 command)
                fires("fix run-failed: iperf2 UDP with no server", fixtures("iperf/iperf2-2.1.8-udp-client-no-server.txt"),
                        "run-failed", "", "iperf -s -u -p 15999", List.of("-u on the server", "firewall"), List.of("iperf3")),
                // no cpufreq driver: the platform driver first; in a VM there is nothing to do, and the facts cannot tell
                // Solaris's connectionless (UDP) table retransmitting 31 %: the path and the server, and TCP instead of
                // UDP; no command (which counters to read depends on the host), no remount forced on a TCP client
                fires("fix nfs-retransmissions: UDP client retransmitting", fixtures(
                        "host/nfsstat-c-solaris-connectionless-retrans-oracle-doc.txt"), "nfs-retransmissions", "nfs client",
                        null, List.of("over UDP mount with proto=tcp", "server's load"), List.of("reboot")),
                quiet("quiet nfs-retransmissions: a Linux client with 0 of 1033 calls retransmitted", fixtures(
                        "host/nfsstat-client-v4-root-prompt-cut-linuxkit2251.txt"), "nfs-retransmissions", ""),
                // a full accept queue is the listener's backlog, not a socket buffer
                fires("fix counter-listen-overflows: the listener's backlog, no buffer sysctl", fixtures(
                        "counters/netstat-s-blank-lines-shh41.txt"), "counter-listen-overflows", "tcp/ip", "ss -lnt",
                        List.of("somaxconn", "backlog"), List.of("rmem")),
                quiet("quiet counter-socket-drops: listen overflows and PruneCalled (collapsed, not dropped) are no receive-queue"
                        + " drops", fixtures("counters/netstat-s-blank-lines-shh41.txt"), "counter-socket-drops", ""),
                // perftest's failures by the link layer the paste names: a GID index is RoCE's, a LID InfiniBand's
                fires("fix perftest-failed: a RoCE banner: the GID index, nothing of InfiniBand's", fixtures(
                        "perftest/ib_write_bw-roce-pod-gid-index-0-zero-gid-rtr-failed-k8s-rdma-shared-dev-plugin112.txt"),
                        "perftest-failed", "perftest", null, List.of("on RoCE", "-x", "show_gids"), List.of("InfiniBand", "LID")),
                fires("fix perftest-failed: an InfiniBand banner: the LID and the subnet manager, no GID table",
                        paste(IB_BANNER + RTR_FAILED), "perftest-failed", "perftest", null,
                        List.of("on InfiniBand", "subnet manager", "Base lid"), List.of("show_gids", "RoCE")),
                fires("fix perftest-failed: no banner: both, each labelled", fixtures(
                        "perftest/ib_write_bw-failed-to-modify-qp-to-rtr-grh-required-perftest393.txt"), "perftest-failed",
                        "perftest", null, List.of("does not show the link layer", "on RoCE", "on InfiniBand"), List.of()),
                fires("fix perftest-failed: retries exceeded under an InfiniBand banner: the path by LID",
                        paste(IB_BANNER + " Completion with error at client Failed status 12: wr_id 0 syndrom 0x81 scnt=128, ccnt=0\n"),
                        "perftest-failed", "perftest", null, List.of("on InfiniBand", "ibtracert"), List.of("show_gids", "RoCE v2")),
                fires("fix perftest-failed: no RDMA device in a pod: driver, provider, the pod's uverbs file", fixtures(
                        "perftest/ib_write_bw-did-not-detect-devices-in-pod-k8s-rdma-shared-dev-plugin169.txt"),
                        "perftest-failed", "perftest", null, List.of("mlx5_ib", "ibverbs-providers", "uverbs"), List.of()),
                // a software device has no driver counters: ethtool -S answers "no stats available"
                fires("fix counter-dropped: a bridge's receive drops, no ethtool -S of the bridge", fixtures(
                        "counters/proc-net-dev-kvm-host-br0-drops-date-before-netdata4536.txt"), "counter-dropped", "br0",
                        null, List.of("bridge", "ip link show master br0", "no protocol takes"), List.of("ethtool -S br0")),
                fires("fix counter-dropped: a bond's drops are its members'", paste("$ cat /proc/net/dev\n"
                        + "Inter-|   Receive                                                |  Transmit\n"
                        + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n"
                        + " bond0: 1263036860348 1658934221    0  912    0     0          0   6855409 2547124549840 2018357925    0    0    0     0       0          0\n"),
                        "counter-dropped", "bond0", null, List.of("/proc/net/bonding/bond0", "members", "rx_nohandler"),
                        List.of("ethtool -S bond0")),
                fires("fix counter-dropped: a physical port keeps ethtool -S", fixtures(
                        "host/ethtool-ifconfig-ethtool-S-arrow-annotations-e1000e-zh-notes-justscu.txt"), "counter-dropped",
                        "eno1", "ethtool -S eno1", List.of("driver's counters"), List.of("bridge", "bond")),
                // mlx5's health syndrome names the cause: heat is no firmware problem
                fires("fix kernel-firmware-health: syndrome 0x10 is heat: cooling, no firmware tool", fixtures(
                        "kernel/dmesg-mlx5-health-compromised-high-temperature-dump-cx6dx-notes-cn.txt"), "kernel-firmware-health",
                        "0000:41:00.0", null, List.of("cool", "power-cycle"), List.of("mlxfwmanager", "mlxfwreset", "replace")),
                quiet("quiet kernel-adapter-temperature: the device that stopped over heat says it once", fixtures(
                        "kernel/dmesg-mlx5-health-compromised-high-temperature-dump-cx6dx-notes-cn.txt"),
                        "kernel-adapter-temperature", "0000:41:00.0"),
                fires("fix kernel-adapter-temperature: the other port's warning", fixtures(
                        "kernel/dmesg-mlx5-health-compromised-high-temperature-dump-cx6dx-notes-cn.txt"),
                        "kernel-adapter-temperature", "0000:41:00.1", null, List.of("cool"), List.of("mlxfwmanager")),
                // 5.17+ names the syndrome on its first dump line; a paste cut before the synd line still says heat
                fires("fix kernel-firmware-health: dump cut before its synd line, heat named on the first line",
                        paste(CUT_HEAT_DUMP), "kernel-firmware-health", "0000:41:00.0", null, List.of("cool"),
                        List.of("mlxfwmanager", "find the dump's synd line")),
                quiet("quiet kernel-adapter-temperature: overheated by the dump's first line, no synd line",
                        paste(CUT_HEAT_DUMP), "kernel-adapter-temperature", "0000:41:00.0"),
                // one adapter, one firmware: functions whose poll fired without a dump go with the one that names it
                fires("fix kernel-firmware-health: the function with the dump, its silent siblings named", fixtures(
                        "kernel/dmesg-mlx5-health-issue-observed-fw-internal-error-vdpa-mail.txt"), "kernel-firmware-health",
                        "0000:0d:00.0", null, List.of("mlxfwreset -d 0000:0d:00.0 reset"), List.of()),
                quiet("quiet kernel-firmware-health: a sibling function's 'no syndrome line' when its adapter's dump names it",
                        fixtures("kernel/dmesg-mlx5-health-issue-observed-fw-internal-error-vdpa-mail.txt"),
                        "kernel-firmware-health", "0000:0d:00.2"),
                fires("fix kernel-firmware-health: irisc not responding: reset with either tool set, firmware by PSID",
                        fixtures("mlx/mlxup-mstflint-dmesg-health-power9-mail.txt"), "kernel-firmware-health", "0001:19:00.0",
                        null, List.of("mlxfwreset -d 0001:19:00.0 reset", "mstfwreset", "OEM"), List.of("cool")),
                fires("fix kernel-command-timeout: the line cannot tell a hung firmware from a lost completion", fixtures(
                        "kernel/dmesg-mlx5-teardown-hca-timeout-leak-no-timestamps-mail-drory.txt"), "kernel-command-timeout",
                        "0000:18:00.0", null, List.of("health dump", "mlxfwreset -d 0000:18:00.0 reset"), List.of("reload mlx5_core")),
                // issue 31 round 16 (kmlx16): a command the EQ recovery completed is a lost interrupt, not a hung firmware;
                // mlx5e's Ethernet CQE error is no RDMA queue pair; a stalled task is tied to no device
                fires("fix kernel-command-interrupt-lost: interrupt delivery, not a firmware reset", fixtures(
                        "kernel/mlx5-cmd-eq-recovered-create-eq-raw-qp-soft-breaks-maxcpus-mail.txt"),
                        "kernel-command-interrupt-lost", "0000:d8:00.0", null, List.of("/proc/interrupts", "intremap=off"),
                        List.of("mlxfwreset", "power cycle")),
                fires("fix kernel-cqe-error on an Ethernet queue: devlink health, the offload, no RDMA peer advice", fixtures(
                        "kernel/mlx5e-error-cqe-err-cqe-on-rq-one-blank-stable-shampo.txt"), "kernel-cqe-error", "eth2", null,
                        List.of("devlink health show pci/0000:00:08.0"), List.of("queue pair", "peer's registration")),
                fires("fix kernel-task-stalled: the call trace, no device named", fixtures(
                        "kernel/mlx5-cmd-alloc-fail-hung-task-indented-patch-mail-kylinos.txt"), "kernel-task-stalled", "kernel",
                        null, List.of("call trace"), List.of("mlxfwreset", "reseat")),
                // issue 31 round 17 (kern17): a NIC's neighbours (an NVMe drive, a GPU) get their own advice and no NIC tool
                fires("fix kernel-nvme-controller-down: the drive's power states, its port's AER, no NIC tool", fixtures(
                        "kernel/syslog-nvme-controller-is-down-will-reset-power-saving-hint-rpi6661.txt"),
                        "kernel-nvme-controller-down", "nvme0", null,
                        List.of("nvme_core.default_ps_max_latency_us=0", "AER lines"), List.of("ethtool", "devlink", "mlxfwreset")),
                fires("fix kernel-nvme-io-timeout: the drive's health and what followed, no NIC tool", fixtures(
                        "kernel/dmesg-nvme-io-qid-timeout-aborting-abort-status-surface733.txt"), "kernel-nvme-io-timeout", "nvme0",
                        null, List.of("smart-log"), List.of("ethtool", "devlink", "mlxfwreset")),
                fires("fix kernel-gpu-error: Xid 79 is the GPU's bus, power or slot, no NIC tool", fixtures(
                        "kernel/blockquote-empty-lines-nvrm-xid-79-nvswitch-sxid-20034-notes.txt"), "kernel-gpu-error",
                        "0000:91:00", null, List.of("Xid catalog", "AER lines", "power cables"),
                        List.of("ethtool", "devlink", "mlxfwreset")),
                fires("fix kernel-gpu-error: Xid 45 only cleans up: act on the earliest Xid, no GPU replacement", fixtures(
                        "kernel/kernel-prefix-nvrm-xid-45-caused-by-previous-xid-149-ogkm1150.txt"), "kernel-gpu-error",
                        "0000:dc:00", null, List.of("earliest Xid"), List.of("replaced", "ethtool")),
                fires("fix kernel-gpu-error: a fatal NVLink Xid 149: the links' counters, not the application", fixtures(
                        "kernel/nvrm-xid-144-149-quoted-lines-with-notes-gpud1160.txt"), "kernel-gpu-error", "0000:00:00", null,
                        List.of("nvidia-smi nvlink"), List.of("application's to fix", "ethtool", "devlink")),
                // issue 31 round 11 (kernel11): a driver's own reset and transmit hangs, advised for the driver that printed them
                fires("fix kernel-device-reset: ENA resets itself: driver version and instance, no NIC tool", fixtures(
                        "kernel/syslog-ena-lost-tx-completions-trigger-reset-amzn-drivers134.txt"), "kernel-device-reset", "eth0",
                        null, List.of("ena driver", "stop and start the instance"), List.of("ethtool", "mlx", "mst", "devlink")),
                fires("fix kernel-link-flaps: a 1 Gb/s copper link: duplex and autonegotiation, no FEC", fixtures(
                        "kernel/dmesg-grep-e1000-e1000e-no-address-link-flow-control-ubuntuforums.txt"), "kernel-link-flaps",
                        "eth0", null, List.of("duplex", "autonegotiation"), List.of("FEC")),
                fires("fix kernel-tx-timeout: igb's Tx Unit Hang: igb and its NVM, no mlx5 or e1000e advice", fixtures(
                        "kernel/syslog-igb-no-address-link-up-tx-unit-hang-openavnu210.txt"), "kernel-tx-timeout", "0000:09:00.0",
                        null, List.of("update igb", "NVM"), List.of("devlink", "mlx", "tso off")),
                fires("fix kernel-tx-timeout: the watchdog names mlx4_core: no mlx5 devlink health", fixtures(
                        "kernel/dmesg-mlx4_en-link-up-no-address-netdev-watchdog-mlx4_core-cm4-pcie21.txt"), "kernel-tx-timeout",
                        "eth1", null, List.of("mlx4", "cannot tell"), List.of("devlink", "tso off")),
                fires("fix kernel-tx-timeout: mlx5's own timeout: its devlink health reporter", fixtures(
                        "kernel/dmesg-mlx5-tx-timeout-stable-mail.txt"), "kernel-tx-timeout", "", null,
                        List.of("devlink health show", "OEM"), List.of("tso off", "mstflint")),
                fires("fix kernel-tx-timeout: the watchdog names ixgbe: Intel's driver and NVM", fixtures(
                        "kernel/dmesg-ixgbe-netdev-watchdog-tcpreplay169.txt"), "kernel-tx-timeout", "eth1", null,
                        List.of("update ixgbe", "NVM"), List.of("devlink", "mlx")),
                fires("fix kernel-tx-timeout: r8125 names Realtek's ASPM hang, no Intel or mlx5 advice", fixtures(
                        "kernel/dmesg-r8125-netdev-watchdog-openwrt-nic-drivers11.txt"), "kernel-tx-timeout", "eth4", null,
                        List.of("pcie_aspm=off", "r8169"), List.of("devlink", "NVM", "out-of-tree driver")),
                // issue 31 round 15 (kernel15): e1000 is mostly an emulated NIC; r8152 is a USB adapter
                fires("fix kernel-tx-timeout: e1000's Tx Unit Hang: the emulated NIC model, no NVM or PCIe ASPM", fixtures(
                        "kernel/journal-iso-ms-e1000-tx-unit-hang-unprefixed-dump-among-systemd-haos4491.txt"),
                        "kernel-tx-timeout", "enp0s3", null, List.of("virtio-net", "cannot tell"),
                        List.of("NVM", "pcie_aspm", "mlx", "devlink")),
                fires("fix kernel-tx-timeout: r8152's watchdog: the USB port and autosuspend, no PCIe advice", fixtures(
                        "kernel/syslog-rfc3339-no-blank-after-kernel-r8152-watchdog-rpi-linux5239.txt"), "kernel-tx-timeout",
                        "eth1", null, List.of("USB port", "usbcore.autosuspend=-1"),
                        List.of("PCIe", "pcie_aspm", "NVM", "another slot")),
                fires("fix kernel-phy-capabilities: i40e's unknown PHY: a supported module, then driver and NVM", fixtures(
                        "kernel/dmesg-i40e-failed-to-get-phy-cap-unknown-phy-openwrt9527.txt"), "kernel-phy-capabilities",
                        "0000:0b:00.0", null, List.of("supported", "NVM", "server vendor's card"),
                        List.of("allow_unsupported_sfp", "mlx")),
                // issue 31 round 13 (kernel13): a VF reset by its PF, a VF request the PF refused, mlx5's SR-IOV enable
                fires("fix kernel-device-reset: iavf reset by its PF: the PF's host log and ice/i40e, no ENA advice", fixtures(
                        "kernel/dmesg-T-iavf-reset-indication-pf-returned-error-link-speed-is-ice-linux31.txt"),
                        "kernel-device-reset", "0000:ec:01.1", null, List.of("host of the PF", "ice or i40e", "iavf"),
                        List.of("ena", "instance", "mlx", "devlink")),
                fires("fix kernel-vf-request-refused: the PF's policy: trust and VLAN from the PF, ice/i40e and iavf", fixtures(
                        "kernel/dmesg-ice-pf-failed-to-honor-vf-iavf-error-param-ice-linux57.txt"), "kernel-vf-request-refused",
                        "0000:8a:05.0", null, List.of("PF's host", "trust on", "iavf"), List.of("mlx", "ena", "ethtool")),
                fires("fix kernel-sriov-enable-failed: mlx5: BIOS SR-IOV and the firmware's SRIOV_EN, no ethtool", fixtures(
                        "kernel/dmesg-mlx5-sriov-enable-failed-vf-header-7f-notes.txt"), "kernel-sriov-enable-failed",
                        "0000:01:00.1", null, List.of("BIOS", "mlxconfig -d 0000:01:00.1 query SRIOV_EN NUM_OF_VFS"),
                        List.of("ethtool", "devlink", "iavf")),
                fires("fix kernel-sriov-enable-failed: bnxt_en's MMIO: BIOS above-4G and pci=realloc, no mlxconfig", fixtures(
                        "kernel/mail-quoted-bnxt_en-not-enough-mmio-sriov-oops.txt"), "kernel-sriov-enable-failed",
                        "0000:3b:00.0", null, List.of("Above 4G", "pci=realloc"), List.of("mlxconfig", "SRIOV_EN", "ethtool")),
                fires("fix kernel-firmware-command-failed: bnxt_en's HWRM: driver and firmware as a pair, no mlx tool", fixtures(
                        "kernel/bnxt_en-hwrm-error-dim-no-timestamp-stable.txt"), "kernel-firmware-command-failed",
                        "ens2f1np1", null, List.of("bnxt_en", "niccli", "matched pair"), List.of("mlx", "mst", "ethtool -s")),
                // round 15b (kwrap15b): mlx5's command refused by the firmware: mlx5 driver and firmware, no bnxt tool
                fires("fix kernel-firmware-command-failed: mlx5 status and syndrome: mlx5_core and firmware, no niccli",
                        fixtures("kernel/mlx5-cmd-check-wrapped-after-command-one-blank-patch-mail.txt"),
                        "kernel-firmware-command-failed", "0000:08:00.0", null,
                        List.of("mlx5_core", "mlxfwmanager", "matched pair", "NVIDIA support"),
                        List.of("bnxt", "niccli", "ethtool -s")),
                // round 15 (nfsrules15): NFS statistics and sar rates, each advice by the facts the output names
                fires("fix nfsd-threads-all-busy: a pre-2.6.29 th line counting all threads busy: the thread count,"
                        + " and the disk first", fixtures("host/proc-net-rpc-nfsd-th-all-busy-rhel5-thelinuxcluster-2010.txt"),
                        "nfsd-threads-all-busy", "nfsd", null, List.of("rpc.nfsd N", "RPCNFSDCOUNT", "threads=N", "iostat -x"),
                        List.of("mlx", "ethtool", "mount")),
                quiet("quiet nfsd-threads-all-busy: a th line alone with 0 (a 0 tells nothing since 2.6.29)",
                        fixtures("host/proc-net-rpc-nfsd-th-64-centos7-thelinuxcluster.txt"), "nfsd-threads-all-busy", ""),
                quiet("quiet nfsd-threads-all-busy: grep th, 8 threads, 0", fixtures("host/proc-net-rpc-nfsd-grep-th-8-svennd.txt"),
                        "nfsd-threads-all-busy", ""),
                fires("fix nfs-mount-options: soft and rsize 8192 over TCP: umount and mount, keep sec=, no command",
                        fixtures("host/mount-grep-nfs4-krb5-hard-and-soft-rsize8192-freeipa-notes-ru.txt"), "nfs-mount-options",
                        "/home/ipahomes/ipetrov", null, List.of("umount /home/ipahomes/ipetrov", "hard", "rsize=", "sec=",
                                "refuses a remount"), List.of("remount,", "proto=rdma", "nconnect")),
                quiet("quiet nfs-mount-options: the hard mount with 128 KiB beside it",
                        fixtures("host/mount-grep-nfs4-krb5-hard-and-soft-rsize8192-freeipa-notes-ru.txt"), "nfs-mount-options",
                        "/mnt/export"),
                quiet("quiet nfs-mount-options: mountstats opts hard, 1 MiB", fixtures("host/mountstats-nconnect16-xprt-tcp-procfs450.txt"),
                        "nfs-mount-options", ""),
                quiet("quiet nfs-transport: nconnect=16 lines, no bad XIDs, no backlog",
                        fixtures("host/mountstats-nconnect16-xprt-tcp-procfs450.txt"), "nfs-transport", ""),
                fires("fix nfs-transport: a backlog on a mount at nconnect=16 already: slots, not more connections",
                        paste(NCONNECT16.replace("2826 2818 0 24955 0 10", "2826 2818 0 24955 3000 10")), "nfs-transport",
                        "/srv/nfs/files", null, List.of("tcp_max_slot_table_entries"), List.of("nconnect", "proto=")),
                fires("fix nfs-transport: bad XIDs over TCP: the server or the connection, not UDP or RDMA advice",
                        paste(NCONNECT16.replace("2826 2818 0 24955", "2826 2818 9 24955")), "nfs-transport", "/srv/nfs/files",
                        null, List.of("over TCP", "connect count 2"), List.of("proto=tcp", "rpcrdma")),
                quiet("quiet nfs-transport: VAST NFS's rdma lines, bad_reply_count 0",
                        fixtures("host/mountstats-xprt-rdma-multipath-vastnfs-doc.txt"), "nfs-transport", ""),
                fires("fix nfs-transport: an rdma line's bad_reply_count: RPC-over-RDMA versions, no TCP advice",
                        paste(Fixture.text("host/mountstats-xprt-rdma-multipath-vastnfs-doc.txt").replaceFirst(
                                "rdma 0 0 1 0 24 3 3 0 3 0 0 0 0 0 0 0 0 0 0 0", "rdma 0 0 1 0 24 3 3 0 3 0 0 0 0 0 0 0 0 0 0 2")),
                        "nfs-transport", "/mnt/export", null, List.of("RPC-over-RDMA", "rpcrdma"), List.of("nconnect", "proto=tcp")),
                quiet("quiet nfs-op-latency: the blog's GETATTR and SETATTR rows", fixtures("host/mountstats-per-op-v3-cks-blog.txt"),
                        "nfs-op-latency", ""),
                fires("fix nfs-op-latency: rows without their transport: the advice of each transport, labelled",
                        paste(Fixture.text("host/mountstats-per-op-v3-cks-blog.txt").replace("192686 192688 0", "192686 194688 3")),
                        "nfs-op-latency", "nfs mount", null, List.of("over TCP", "over UDP", "over RDMA"), List.of()),
                fires("fix sar-tcp-retransmissions: half the segments resent: find the sockets and the drop, no ring command",
                        fixtures("counters/sar-n-dev-edev-tcp-etcp-tbf-overflow-retrans-veth-made-here.txt"),
                        "sar-tcp-retransmissions", "tcp", null, List.of("ss -ti", "tc -s qdisc", "sar -n EDEV"),
                        List.of("ethtool -G", "proto=")),
                quiet("quiet sar-tcp-retransmissions: 1 of 4286 segments", fixtures(
                        "counters/sar-n-tcp-etcp-4.13-retrans-1-of-1626-unwrapped-perf-notes.txt"), "sar-tcp-retransmissions", ""),
                quiet("quiet sar-tcp-retransmissions: ETCP alone, no oseg/s to judge by", fixtures(
                        "counters/sar-f-etcp-average-only-sadc-vm-wireshark-ask.txt"), "sar-tcp-retransmissions", ""),
                quiet("quiet sar-tcp-retransmissions: retrans/s 0", fixtures("counters/sar-n-tcp-etcp-list-indented-orsts-cn-notes.txt"),
                        "sar-tcp-retransmissions", ""),
                fires("fix sar-interface-errors: a veth's txdrop/s: its counters and its peer, no cable or ring advice",
                        fixtures("counters/sar-n-edev-veth-mtu-mismatch-txdrop-ip-s-link-made-here.txt"), "sar-interface-errors",
                        "va15", null, List.of("ip -s -s link show dev va15", "smaller MTU"), List.of("cable", "ethtool -G")),
                quiet("quiet sar-interface-errors: EDEV all 0 while TCP retransmits", fixtures(
                        "counters/sar-n-dev-edev-tcp-etcp-tbf-overflow-retrans-veth-made-here.txt"), "sar-interface-errors", ""),
                fires("fix cpufreq-no-driver: driver, then governor", fixtures("host/cpupower-frequency-info-no-driver-ubuntu2004-forum.txt"),
                        "cpufreq-no-driver", "", "modprobe acpi_cpufreq && cpupower frequency-set -g performance",
                        List.of("on bare metal", "in a VM nothing to do"), List.of("reboot")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void theFixIsRightForTheFactsItNames(Row row) {
        // a subject "message:TEXT" matches the message's start instead (a rule whose subject is the link, not the tool)
        List<Finding> of = row.findings().get().stream().filter(f -> f.rule().equals(row.rule()))
                .filter(f -> row.subject().startsWith("message:") ? f.message().startsWith(row.subject().substring(8))
                        : f.subject().startsWith(row.subject())).toList();
        if (row.quiet()) {
            assertThat(of).as(row.name()).isEmpty();
            return;
        }
        assertThat(of).as(row.name()).isNotEmpty();
        Finding f = of.getFirst();
        assertThat(f.fix() == null ? null : f.fix().command()).as(row.name() + ": command").isEqualTo(row.command());
        String action = f.fix() == null ? "" : f.fix().action();
        for (String has : row.actionHas()) {
            assertThat(action).as(row.name() + ": action").contains(has);
        }
        String all = (f.fix() == null ? "" : action + " " + (f.fix().command() == null ? "" : f.fix().command())).toLowerCase();
        for (String refused : row.refused()) {
            assertThat(all).as(row.name() + ": refuses '" + refused + "'").doesNotContain(refused.toLowerCase());
        }
    }

    /**
     * "The right-fix table covers every finding that prints a command": every rule that prints one on
     * some fixture tree, fixture output or seed has a row here; the counter rules' commands are pinned
     * in {@code CounterFindingsBothPathsTest} and {@code RingFixDoctorTest} (class comment).
     */
    @org.junit.jupiter.api.Test
    void everyRuleThatPrintsACommandHasARow() {
        Set<String> printing = new TreeSet<>();
        Consumer<List<Finding>> note = fs -> fs.stream()
                .filter(f -> f.fix() != null && f.fix().command() != null && !f.fix().command().isBlank())
                .forEach(f -> printing.add(f.rule()));
        for (String tree : ExplainDoctorAgreementTest.TREES) {
            note.accept(RuleSet.standard().diagnose(Fixtures.facts(tree)));
        }
        for (String file : Fixture.all()) {
            note.accept(Explainer.standard().explain(file, Fixture.text(file)).findings());
        }
        Set<String> rowed = new TreeSet<>();
        rows().forEach(r -> rowed.add(r.rule()));
        List<String> missing = printing.stream().filter(id -> !id.startsWith("counter-") && !rowed.contains(id)).toList();
        assertThat(printing).as("rules printing a command somewhere").hasSizeGreaterThan(10);
        assertThat(missing).as("rules that print a command with no right-fix row").isEmpty();
    }
}
