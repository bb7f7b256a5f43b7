package dev.wirespeed.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.Counters;
import dev.wirespeed.host.CpuList;
import dev.wirespeed.host.DeviceSetting;
import dev.wirespeed.host.Evidence;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Each seed machine's fixture tree gives exactly its expected findings ("severity rule subject").
 * Together they make every rule fire somewhere and stay quiet somewhere else (see the matrix test).
 */
class FixtureDoctorTest {
    static List<String> findings(String host) {
        return findings(host, null);
    }

    static List<String> findings(String host, CpuList testCpus) {
        Facts facts = Fixtures.facts(host);
        Context context = testCpus == null ? Context.of(facts) : new Context(testCpus);
        return RuleSet.standard().diagnose(facts, context).stream()
                .map(f -> f.severity().label() + " " + f.rule() + " " + f.subject()).toList();
    }

    @Test
    void r86sDualTwentyFiveGigInAnX4Slot() {
        // seed 004 l.136-143: LnkSta Width x4 (downgraded) of x8; two 25G ports. One cause (the x4 link), one
        // finding: the ports it cannot carry are the downgrade's evidence, not a second finding
        assertThat(findings("r86s-004")).containsExactly(
                "warn pcie-link-downgraded 0000:04:00.0 (ConnectX-4 Lx)");
    }

    @Test
    void m02GenTwoSlotsAndNoSubnetManager() {
        // seed 001 l.489-544 (mlnx_tune -r) and l.646-652 (OpenSM)
        // one cause, one finding: no SM (ib-sm-not-running speaks; the SM LID 0 and ibp3s0 waiting are its evidence),
        // the Gen2 slot of 03:00.0 (the 100G port it cannot carry is its evidence); the 10GbE card (MT_1680110023,
        // MCX342A-XCC) runs at its rating, and its x4 Gen2 link still carries its one linked port (info)
        assertThat(findings("m02-001")).containsExactly(
                "error ib-sm-not-running mlx5_0 port 1",
                "warn port-down mlx4_0 port 1 (ib0)",
                "warn port-down mlx4_0 port 2 (ib1)",
                "warn port-down mlx4_1 port 2 (enp6s0d1)",
                "warn pcie-link-downgraded 0000:03:00.0 (ConnectX-4)",
                "warn pcie-link-downgraded 0000:04:00.0 (ConnectX-3)",
                "warn ethernet-mtu enp6s0",
                "info pcie-link-downgraded 0000:06:00.0 (ConnectX-3)");
    }

    @Test
    void t3640TenAndTwentyFiveGigRoce() {
        // seed 000 l.1310-1327 (ibstatus), l.1626-1628 (nfsstat -m)
        assertThat(findings("t3640-000")).containsExactly(
                "warn ethernet-mtu enp1s0f0np0",
                "warn ethernet-mtu enp1s0f1np1",
                "warn roce-ecn-off enp1s0f1np1",
                "info port-rate-below-device mlx5_0 port 1 (enp1s0f0np0)",
                "info nfs-over-tcp /mnt/nfs-tcp");
    }

    @Test
    void losslessRoceFromTheToolsDoctorRunsPauseOffWithoutPfcAndPfcBesideTheDscpMappedPriority() {
        // enp1s0f0np0: pause on (seed 000's ethtool -a), no PFC; enp1s0f1np1: pause off, dcb not supported;
        // enp2s0f0np0: PFC on 4, DSCP 26 mapped to 3 (dcb -j); enp3s0f0np0: mlnx_qos PFC on 3
        assertThat(findings("roce-qos-020")).containsExactly(
                "warn roce-no-flow-control mlx5_1 port 1 (enp1s0f1np1)",
                "warn roce-pfc-priority-mismatch enp2s0f0np0",
                // single-function ConnectX-4 Lx cards at 25G (the family's single-port part does 50G)
                "info port-rate-below-device mlx5_2 port 1 (enp2s0f0np0)",
                "info port-rate-below-device mlx5_3 port 1 (enp3s0f0np0)");
        Facts f = Fixtures.facts("roce-qos-020");
        assertThat(f.netInterface("enp1s0f0np0").orElseThrow().pause().value().bothOn()).isTrue();
        assertThat(f.netInterface("enp2s0f0np0").orElseThrow().pause().isPresent()).isFalse();
        assertThat(f.settings()).extracting(s -> s.device() + " " + s.name() + "=" + s.value()).containsExactlyInAnyOrder(
                "enp1s0f0np0 pfc=none", "enp2s0f0np0 pfc=4", "enp2s0f0np0 trust=dscp", "enp2s0f0np0 dscp26-priority=3",
                "enp3s0f0np0 pfc=3");
        assertThat(new RocePfcPriorityRule().apply(f, Context.of(f))).singleElement().satisfies(x -> {
            assertThat(x.message()).isEqualTo("enp2s0f0np0 has PFC on priority 4 but not 3: with trust dscp, RoCE's "
                    + "default DSCP 26 maps to priority 3 (the DSCP map), so RoCE traffic is not protected from drops");
            assertThat(x.evidence()).extracting(e -> e.source()).containsExactly("dcb, dcb -j pfc show dev enp2s0f0np0 line 2",
                    "dcb, dcb -j -N app show dev enp2s0f0np0 line 2");
        });
        // the trees without tool output stay quiet about pause and PFC
        for (String quiet : List.of("t3640-000", "bluefield2-002", "vm-virtio")) {
            assertThat(findings(quiet)).noneMatch(x -> x.contains("roce-no-flow-control") || x.contains("roce-pfc"));
        }
    }

    @Test
    void nfsOverRdmaWithoutTheTransportModuleAndNfsdWithoutRdmaListener() {
        // constructed from seed 000 l.1580-1615: the proto=rdma mount before "modprobe xprtrdma", nfsd on TCP only
        assertThat(findings("nfs-rdma-broken-000")).containsExactly(
                "error nfs-rdma-module-missing /mnt/nfs",
                "warn nfsd-no-rdma-port nfsd");
        Facts broken = Fixtures.facts("nfs-rdma-broken-000");
        assertThat(new NfsdNoRdmaPortRule().apply(broken, Context.of(broken))).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("nfsd listens on tcp 2049;udp 2049 but not on rdma 20049 while"
                        + " mlx5_0 port 1 is an active RDMA port: clients cannot mount with proto=rdma"));
        // t3640 (client, rpcrdma loaded) and ft2000 (server, "rdma 20049" listening) stay quiet
        for (String quiet : List.of("t3640-000", "ft2000-000")) {
            assertThat(findings(quiet)).noneMatch(f -> f.contains("nfs-rdma") || f.contains("nfsd-"));
        }
    }

    @Test
    void inboxHostWithAnInitPortAndAnMlx4DatagramPort() {
        // constructed for issue 26 (hosts/README.md): Debian's opensm unit, ConnectX-3 MCX354A-FCB, no process list
        assertThat(findings("ib-init-inbox-026")).containsExactly(
                "error ib-no-subnet-manager mlx4_0 port 1",
                // a dual-FDR ConnectX-3 on Gen3 x8: the card's own PCIe interface, not a downgrade
                "warn pcie-below-ports 0000:05:00.0 (ConnectX-3)",
                "warn ipoib-datagram ib1",
                "info nfs-over-tcp /mnt/data");
    }

    @Test
    void smNotRunningNeedsALookAtTheProcessesAndIsQuietWhenOpensmRuns() {
        Facts m02 = Fixtures.facts("m02-001");
        assertThat(new IbSmNotRunningRule().apply(m02, Context.of(m02))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("mlx5_0 port 1 is INIT and no subnet manager runs here (no opensm among 3 processes):"
                    + " start one on this host or on another node or switch of the fabric; its IPoIB interface ibp3s0 (datagram"
                    + " mode, MTU 2044) carries nothing until the port is ACTIVE");
            // MLNX_OFED's init script is in the tree (seed 001 l.652 starts opensmd)
            assertThat(f.fix().command()).isEqualTo("systemctl enable --now opensmd");
        });
        // the same facts with opensm seen (a /proc scan hit, sminfo's answer): quiet
        Facts.Builder b = Facts.builder("m02 with opensm");
        m02.interfaces().forEach(b::add);
        m02.rdmaDevices().forEach(b::add);
        b.add(new DeviceSetting("fabric", "subnet-manager", "running",
                new Evidence("/proc/2201/comm", "opensm")));
        Facts withSm = b.build();
        assertThat(new IbSmNotRunningRule().apply(withSm, Context.of(withSm))).isEmpty();
        // trees without a process list say nothing (ndr200: no /proc/PID)
        Facts ndr = Fixtures.facts("ndr200-node-000");
        assertThat(new IbSmNotRunningRule().apply(ndr, Context.of(ndr))).isEmpty();
    }

    @Test
    void roceEcnOffFiresWhereEveryPriorityIsOffAndStaysQuietWherePriorityThreeIsOn() {
        // constructed (hosts/README.md): t3640's enp1s0f1np1 all 0; bluefield2's ports np/rp 3 on;
        // enp1s0f0np0 has no ecn directory: not seen, never a finding
        Facts t3640 = Fixtures.facts("t3640-000");
        assertThat(t3640.netInterface("enp1s0f1np1").orElseThrow().roceEcn().raw())
                .contains("roce_np/3=0", "roce_rp/7=0");
        assertThat(t3640.netInterface("enp1s0f0np0").orElseThrow().roceEcn().isNotSeen()).isTrue();
        assertThat(new RoceEcnOffRule().apply(t3640, Context.of(t3640))).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("enp1s0f1np1 (mlx5_1 port 1) carries RoCE with ECN off on every priority: "
                    + "congestion is left to pause/PFC or to drops");
            assertThat(f.fix().command()).contains("/sys/class/net/enp1s0f1np1/ecn/roce_np/enable/3");
        });
        Facts bf2 = Fixtures.facts("bluefield2-002");
        assertThat(bf2.netInterface("enp33s0f0np0").orElseThrow().roceEcn().value().reactionPoint()).containsExactly(3);
        assertThat(new RoceEcnOffRule().apply(bf2, Context.of(bf2))).isEmpty();
    }

    @Test
    void ft2000DisabledPort() {
        // seed 000 l.1362-1379: mlx5_1 "phys state: 3: Disabled"
        assertThat(findings("ft2000-000")).containsExactly(
                "warn port-down mlx5_1 port 1 (enp16s0f1np1)",
                "warn ethernet-mtu enp16s0f0np0");
    }

    @Test
    void bluefield2TwoHundredGigLinkIsFineButTheClockIsNot() {
        // seed 002 l.6-16 (lspci, mstconfig: 200GbE, PCIe Gen4 x16), l.337 (CPU Frequency is not max)
        assertThat(findings("bluefield2-002")).containsExactly("warn cpu-governor cpufreq");
    }

    @Test
    void ibNodeIpoibDatagramAndGovernor() {
        // seed 003 l.10 (ib0 mtu 2044), l.15-31 (ibstat), l.276 (CPU Frequency is not max)
        assertThat(findings("ib-node-003")).containsExactly("warn ipoib-datagram ib0", "warn cpu-governor cpufreq");
    }

    @Test
    void mlx5PortDroppingErringAndPausedNamesEachCause() {
        // issue 18: enp65s0f0np0 has ring drops, port discards, CRC/symbol errors, pauses, link flaps;
        // its sibling port is clean; the host retransmits 3 % and drops at full socket backlogs
        assertThat(findings("mlx5-counters-018")).containsExactly(
                "error counter-pause-storm enp65s0f0np0",
                "warn counter-rx-buffer enp65s0f0np0",
                "warn counter-port-discard enp65s0f0np0",
                "warn counter-phy-errors enp65s0f0np0",
                "warn counter-link-flaps enp65s0f0np0",
                "warn counter-rdma-out-of-buffer mlx5_0 port 1",
                "warn counter-rdma-cqe-errors mlx5_0 port 1",
                "warn counter-qdisc-drops enp65s0f0np0",
                "info counter-pause enp65s0f0np0",
                "info counter-tcp-retransmits tcp/ip",
                "info counter-socket-drops tcp/ip");
    }

    @Test
    void ibPortSymbolErrorsFlapsAndCongestion() {
        assertThat(findings("ib-counters-018")).containsExactly(
                "warn counter-phy-errors mlx5_0 port 1",
                "warn counter-link-flaps mlx5_0 port 1",
                "info counter-congestion mlx5_0 port 1",
                "info counter-listen-overflows tcp/ip");
    }

    @Test
    void counterFindingsCarryCauseFixAndEvidence() {
        var all = RuleSet.standard().diagnose(Fixtures.facts("mlx5-counters-018"), Context.of(Fixtures.facts("mlx5-counters-018")));
        Finding ring = all.stream().filter(f -> f.rule().equals("counter-rx-buffer")).findFirst().orElseThrow();
        assertThat(ring.message()).contains("rx_out_of_buffer 1,203,411").contains("rx_missed_errors 1,203,411")
                .contains("want of buffers");
        assertThat(ring.fix().command()).isEqualTo("ethtool -G enp65s0f0np0 rx <maximum>");
        assertThat(ring.evidence()).extracting(e -> e.source())
                .contains("ethtool -S enp65s0f0np0: rx_out_of_buffer", "/sys/class/net/enp65s0f0np0/statistics/rx_missed_errors");
        Finding phy = all.stream().filter(f -> f.rule().equals("counter-phy-errors")).findFirst().orElseThrow();
        assertThat(phy.message()).contains("rx_crc_errors_phy 1,843", "rx_symbol_err_phy 5,120", "cable");
        assertThat(phy.fix().command()).isEqualTo("ethtool -m enp65s0f0np0");
        Finding tcp = all.stream().filter(f -> f.rule().equals("counter-tcp-retransmits")).findFirst().orElseThrow();
        assertThat(tcp.message()).contains("TcpRetransSegs 180,000 (3.00 % of segments sent)");
        Finding sock = all.stream().filter(f -> f.rule().equals("counter-socket-drops")).findFirst().orElseThrow();
        assertThat(sock.message()).contains("TcpExtTCPBacklogDrop 5,120", "TcpExtTCPRcvQDrop 311")
                .doesNotContain("ListenOverflows");
        // per-queue ethtool counters are left out; the facts keep the port-wide ones
        var counters = Fixtures.facts("mlx5-counters-018").counters(Counters.Scope.NETDEV, "enp65s0f0np0")
                .orElseThrow();
        assertThat(counters.value("rx0_buff_alloc_err")).isEmpty();
        assertThat(counters.value("rx_out_of_buffer")).contains(1_203_411L);
        assertThat(counters.value("qdisc_dropped")).contains(4211L); // the root mq, not its fq_codel child added again
        assertThat(counters.value("qdisc_requeues")).contains(1733L);
    }

    @Test
    void healthyNdr200NodeHasNoFindings() {
        assertThat(findings("ndr200-node-000")).isEmpty();
    }

    @Test
    void plainVirtualMachineHasNoFalseAlarms() {
        // the one finding is true: this CI machine's UDP tests overran socket buffers (Udp RcvbufErrors 606002),
        // a UDP finding with a UDP fix (issue 26: not TCP's tcp_rmem)
        assertThat(findings("vm-virtio")).containsExactly("info counter-udp-drops tcp/ip");
    }

    @Test
    void aCloudInstanceOverItsNetworkAllowanceIsNamedAsSuch() {
        assertThat(findings("ena-allowance-018")).containsExactlyInAnyOrder("warn counter-cloud-allowance eth0",
                "info counter-udp-drops tcp/ip");
        Finding f = RuleSet.standard().diagnose(Fixtures.facts("ena-allowance-018")).stream()
                .filter(x -> x.rule().equals("counter-cloud-allowance")).findFirst().orElseThrow();
        assertThat(f.message()).startsWith("eth0: bw_in_allowance_exceeded 9").contains("hypervisor");
        assertThat(f.fix().command()).isNull();
    }

    @Test
    void interfaceTotalsSpeakOnlyWhenNoSpecificCounterExplainsThem() {
        assertThat(findings("virtio-errors-018")).containsExactlyInAnyOrder("warn counter-if-errors eth0", "info counter-dropped eth0",
                "info counter-udp-drops tcp/ip");
        Finding errors = RuleSet.standard().diagnose(Fixtures.facts("virtio-errors-018")).stream()
                .filter(f -> f.rule().equals("counter-if-errors")).findFirst().orElseThrow();
        assertThat(errors.message()).startsWith("eth0: rx_errors 2,713 since the counters were last reset");
        assertThat(errors.fix().command()).isEqualTo("ethtool -S eth0");
        // mlx5-counters-018's port has errors and drops too, but its ring and CRC counters already name the cause
        assertThat(findings("mlx5-counters-018")).noneMatch(f -> f.contains("counter-if-errors") || f.contains("counter-dropped"));
    }

    @Test
    void numaRuleFiresOnlyWhenTheTestIsConfinedToAnotherNode() {
        assertThat(findings("m02-001", CpuList.parse("10-19,30-39")))
                .contains("info nic-numa-remote 0000:03:00.0 (ConnectX-4)", "info nic-numa-remote 0000:06:00.0 (ConnectX-3)")
                .noneMatch(s -> s.contains("nic-numa-remote 0000:04:00.0")); // no linked port there
        assertThat(findings("m02-001", CpuList.parse("0-9"))).noneMatch(s -> s.contains("nic-numa-remote"));
        assertThat(findings("ndr200-node-000", CpuList.parse("0-7")))
                .containsExactly("info nic-numa-remote 0000:ab:00.0 (ConnectX-7)", "info nic-numa-remote 0000:bb:00.0 (ConnectX-7)",
                        "info nic-numa-remote 0000:cb:00.0 (ConnectX-7)", "info nic-numa-remote 0000:db:00.0 (ConnectX-7)");
        assertThat(findings("vm-virtio", CpuList.parse("0"))).noneMatch(s -> s.contains("nic-numa-remote")); // one node
    }

    @Test
    void malformedFilesNeverFireOnGuesses() {
        // width is still readable (x4 of x8); speed, rate, state and MTU are not and fire nothing
        assertThat(findings("malformed")).containsExactly("warn pcie-link-downgraded 0000:04:00.0");
    }

    /**
     * Rules that read what only pasted tool output carries: pause frames, measured results, firmware
     * status and settings (mlxfwmanager, mlxconfig; explain's tests).
     */
    static final Set<String> NEEDS_TOOL_OUTPUT = Set.of("bandwidth-below-link",
            "iperf3-single-thread", UdpLossRule.ID, CpufreqNoDriverRule.ID,
            // no fixture tree has ib_core without ib_ipoib yet: SeedStepsTest judges it both ways on seed 003's output
            IpoibNotLoadedRule.ID, FirmwareUpdateRule.ID, LinkTypeRule.ID, OfedWithoutNfsrdmaRule.ID,
            ServiceNotRunningRule.ID,
            // /etc/exports and the local file systems: doctor does not read them (SeedStepsTest judges it both ways)
            NfsExportNotTmpfsRule.ID);

    /** Every rule fires on some fixture (or, for pause frames, on explain-only facts) and stays quiet on another. */
    @Test
    void everyRuleHasAFixtureWhereItFiresAndOneWhereItDoesNot() {
        List<String> hosts = List.of("r86s-004", "m02-001", "t3640-000", "ft2000-000", "bluefield2-002", "ib-node-003",
                "ndr200-node-000", "vm-virtio", "mlx5-counters-018", "ib-counters-018", "virtio-errors-018",
                "nfs-rdma-broken-000", "roce-qos-020", "ena-allowance-018", "ib-init-inbox-026");
        for (Rule rule : RuleSet.standard().rules()) {
            if (NEEDS_TOOL_OUTPUT.contains(rule.id())) {
                continue; // sysfs has no pause settings (RoceFlowControlRuleTest) and no measurements (explain's tests)
            }
            boolean fires = false;
            boolean quiet = false;
            for (String h : hosts) {
                Facts facts = Fixtures.facts(h);
                Context context = rule.id().equals(NicNumaRule.ID) ? new Context(CpuList.parse("8-15")) : Context.of(facts);
                if (rule.apply(facts, context).isEmpty()) {
                    quiet = true;
                } else {
                    fires = true;
                }
            }
            assertThat(fires).as(rule.id() + " fires somewhere").isTrue();
            assertThat(quiet).as(rule.id() + " is quiet somewhere").isTrue();
        }
    }
}
