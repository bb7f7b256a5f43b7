package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.RdmaDevice;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.results.BwResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsistencyTest {
    private static final BwResult.Peer SELF = new BwResult.Peer("node01", null, null, "wirespeed 0.1.0", 32, "Linux 6.8");

    /** A 100GbE RoCE host: enp4s0f0np0 on mlx5_0 at 0000:04:00.0. */
    private static Facts roceHost(String rdmaName, int mtu, String governor, String firmware) {
        NetInterface nic = NetInterface.builder("enp4s0f0np0")
                .type(Observed.of(1, "1", "/sys/class/net/enp4s0f0np0/type"))
                .virtual(Observed.of(false, null, "/sys/class/net/enp4s0f0np0"))
                .speedMbps(Observed.of(100_000L, "100000", "/sys/class/net/enp4s0f0np0/speed"))
                .mtuBytes(Observed.of(mtu, Integer.toString(mtu), "/sys/class/net/enp4s0f0np0/mtu"))
                .pciAddress(Observed.of("0000:04:00.0", null, "/sys/class/net/enp4s0f0np0/device"))
                .driver(Observed.of("mlx5_core", null, "/sys/class/net/enp4s0f0np0/device/driver"))
                .build();
        RdmaDevice dev = RdmaDevice.builder(rdmaName)
                .fwVersion(Observed.of(firmware, firmware, "/sys/class/infiniband/" + rdmaName + "/fw_ver"))
                .pciAddress(Observed.of("0000:04:00.0", null, null))
                .port(RdmaPort.builder(rdmaName, 1)
                        .linkLayer(Observed.of(LinkLayer.ETHERNET, "Ethernet", null))
                        .netdev(Observed.of("enp4s0f0np0", null, null)).build())
                .build();
        CpuTopology cpu = new CpuTopology(Observed.notSeen(), List.of(), List.of(
                new CpuTopology.CpuPolicy("policy0", Observed.notSeen(), Observed.of(governor, governor, null), Observed.notSeen()),
                new CpuTopology.CpuPolicy("policy1", Observed.notSeen(), Observed.of(governor, governor, null), Observed.notSeen())),
                List.of());
        return Facts.builder("test").add(nic).add(dev).cpu(cpu).build();
    }

    @Test
    void summaryTakesTheFactsOfTheReachedInterface() {
        Finding warn = new Finding("cpu-governor", Severity.WARN, "cpufreq", "governor is powersave", List.of(), null, null);
        Finding info = new Finding("nfs-over-tcp", Severity.INFO, "/mnt", "NFS over TCP", List.of(), null, null);
        NodeFacts f = FactsSummary.of(roceHost("mlx5_0", 9000, "performance", "16.35.1012"), List.of(warn, info),
                "enp4s0f0np0", "10.0.0.1", SELF);
        assertThat(f.hostname()).isEqualTo("node01");
        assertThat(f.linkLayer()).isEqualTo("Ethernet");
        assertThat(f.virtualInterface()).isFalse();
        assertThat(f.mtuBytes()).isEqualTo(9000);
        assertThat(f.portRateBitsPerSecond()).isEqualTo(100e9);
        assertThat(f.rdmaDevice()).isEqualTo("mlx5_0");
        assertThat(f.firmware()).isEqualTo("16.35.1012");
        assertThat(f.rdmaNaming()).isEqualTo("kernel");
        assertThat(f.governor()).isEqualTo("performance");
        assertThat(f.tcpCeilingBitsPerSecond()).isCloseTo(100e9 * 8948 / 9038, within(1.0));
        assertThat(f.findings()).extracting(NodeFacts.NodeFinding::rule).containsExactly("cpu-governor");
    }

    @Test
    void unknownInterfaceGivesNoLinkFactsButKeepsHostFacts() {
        NodeFacts f = FactsSummary.of(roceHost("ibp171s0", 9000, "performance", "1"), List.of(), "eth9", "10.0.0.1", SELF);
        assertThat(f.mtuBytes()).isNull();
        assertThat(f.tcpCeilingBitsPerSecond()).isNull();
        assertThat(f.rdmaNaming()).isEqualTo("udev");
        assertThat(f.rdmaDevices()).containsExactly("ibp171s0");
    }

    @Test
    void ipoibRateIsThePortsDataRate() {
        NetInterface ib0 = NetInterface.builder("ib0").type(Observed.of(32, "32", null))
                .virtual(Observed.of(false, null, null)).mtuBytes(Observed.of(2044, "2044", null)).build();
        RdmaDevice dev = RdmaDevice.builder("mlx5_2").port(RdmaPort.builder("mlx5_2", 1)
                .rate(Observed.of(IbRate.parse("40 Gb/sec (4X QDR)"), "40 Gb/sec (4X QDR)", null))
                .netdev(Observed.of("ib0", null, null)).build()).build();
        NodeFacts f = FactsSummary.of(Facts.builder("t").add(ib0).add(dev).build(), List.of(), "ib0", "10.1.0.1", SELF);
        assertThat(f.linkLayer()).isEqualTo("InfiniBand");
        assertThat(f.portRateBitsPerSecond()).isEqualTo(32e9);
        assertThat(f.tcpCeilingBitsPerSecond()).isNull();
    }

    @Test
    void namingSchemes() {
        assertThat(FactsSummary.rdmaNaming(List.of("mlx5_0", "mlx5_1"))).isEqualTo("kernel");
        assertThat(FactsSummary.rdmaNaming(List.of("ibp171s0", "rocep22s0f0", "ibo1"))).isEqualTo("udev");
        assertThat(FactsSummary.rdmaNaming(List.of("ibp171s0", "mlx5_2"))).isEqualTo("mixed");
        assertThat(FactsSummary.rdmaNaming(List.of())).isNull();
    }

    @Test
    void differencesNameTheOddHosts() {
        List<String> hosts = List.of("n1", "n2", "n3", "n4", "n5");
        Map<String, NodeFacts> facts = new LinkedHashMap<>();
        facts.put("n1", summary("mlx5_0", 9000, "performance", "16.35.1012"));
        facts.put("n2", summary("mlx5_0", 9000, "performance", "16.35.1012"));
        facts.put("n3", summary("mlx5_0", 1500, "performance", "16.35.1012"));
        facts.put("n4", summary("ibp171s0", 9000, "powersave", "16.35.1012"));
        facts.put("n5", summary("mlx5_0", 9000, "performance", "16.31.1014"));
        Consistency.Result r = Consistency.check(hosts, facts);
        assertThat(r.differences()).extracting(Consistency.Difference::fact)
                .containsExactly("MTU", "firmware", "RDMA device naming", "CPU governor");
        Consistency.Difference mtu = r.differences().getFirst();
        assertThat(mtu.odd()).containsExactly("n3");
        assertThat(mtu.summary()).isEqualTo("MTU differs: 9000 on 4 hosts; 1500 on n3");
        assertThat(r.differences().get(2).summary())
                .isEqualTo("RDMA device naming differs: kernel names (driver_N, e.g. mlx5_0) on 4 hosts; "
                        + "udev names (by PCI path, e.g. ibp171s0) on n4");
        assertThat(r.differences().get(3).odd()).containsExactly("n4");
        assertThat(r.doctor()).isEmpty();
    }

    @Test
    void uniformHostsAndMissingFactsGiveNoDifference() {
        List<String> hosts = List.of("n1", "n2", "n3");
        Map<String, NodeFacts> facts = Map.of("n1", summary("mlx5_0", 9000, "performance", "1"),
                "n2", summary("mlx5_0", 9000, "performance", "1"));
        assertThat(Consistency.check(hosts, facts).differences()).isEmpty();
    }

    @Test
    void doctorFindingsAreGroupedByRule() {
        Finding gov = new Finding("cpu-governor", Severity.WARN, "cpufreq", "governor is powersave", List.of(), null, null);
        Finding sm = new Finding("ib-no-subnet-manager", Severity.ERROR, "mlx5_0 port 1", "port INIT: no SM", List.of(), null, null);
        Map<String, NodeFacts> facts = new LinkedHashMap<>();
        facts.put("a", FactsSummary.of(roceHost("mlx5_0", 9000, "powersave", "1"), List.of(gov), "enp4s0f0np0", "x", SELF));
        facts.put("b", FactsSummary.of(roceHost("mlx5_0", 9000, "powersave", "1"), List.of(gov, sm), "enp4s0f0np0", "x", SELF));
        var notes = Consistency.check(List.of("a", "b"), facts).doctor();
        assertThat(notes).extracting(Consistency.DoctorNote::rule).containsExactly("cpu-governor", "ib-no-subnet-manager");
        assertThat(notes.getFirst().hosts()).containsExactly("a", "b");
        assertThat(notes.getFirst().summary()).isEqualTo("doctor warn cpu-governor on every host (a: governor is powersave)");
        assertThat(notes.get(1).summary()).isEqualTo("doctor error ib-no-subnet-manager on b (b: port INIT: no SM)");
    }

    private static NodeFacts summary(String rdma, int mtu, String governor, String fw) {
        return FactsSummary.of(roceHost(rdma, mtu, governor, fw), List.of(), "enp4s0f0np0", "10.0.0.1", SELF);
    }
}
