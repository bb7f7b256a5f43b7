package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.parse.Fixture;
import dev.wirespeed.results.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Whole seeds through explain: facts per host and the output-only rules, firing and not firing. */
class ExplainerTest {
    private static Explanation seed(String file) {
        return Explainer.standard().explain(file, Fixture.text("seeds/" + file));
    }

    private static List<Finding> findings(Explanation e, String rule) {
        return e.findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void seed000MixedRdmaNamingAndPatchedStartupImage() {
        Explanation e = seed("000_a2147e746c8b34a4.txt");
        assertThat(findings(e, "rdma-naming-mixed")).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("tj01-h20-node139", "ibp171s0", "tj01-h20-node140", "mlx5_2");
            assertThat(f.fix().command()).isEqualTo("cp /lib/udev/rules.d/60-rdma-persistent-naming.rules /etc/udev/rules.d/");
        });
        assertThat(findings(e, "mdcli-patch-blocks-upgrade")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("AirEngineX773_V600R023SPH151.pat"));
        assertThat(findings(e, "zerotier-peer-unreachable")).as("every peer answered").isEmpty();
        assertThat(findings(e, "ib-link-degraded")).as("all switch links at 2X NDR").isEmpty();
        assertThat(findings(e, "roce-no-flow-control")).as("ethtool -a shows RX on, TX on").isEmpty();
        assertThat(findings(e, "bandwidth-below-link")).as("196.69 of 200 and 23.13 of 25 Gbit/s").isEmpty();
        assertThat(e.facts()).extracting(Facts::origin).contains("tj01-h20-node139", "tj01-h20-node140", "t3640", "ft2000");
        Facts ft2000 = e.facts().stream().filter(f -> f.origin().equals("ft2000")).findFirst().orElseThrow();
        RdmaPort disabled = ft2000.rdmaDevice("mlx5_1").orElseThrow().ports().getFirst();
        assertThat(disabled.physState().value().name()).isEqualTo("DISABLED");
        assertThat(disabled.physState().source()).isEqualTo("ibstatus, 000_a2147e746c8b34a4.txt line 1372");
    }

    @Test
    void seed001BandwidthBehindPcieGen2AndDoctorsRulesOnParsedFacts() {
        Explanation e = seed("001_f6752bc58d89dcbd.txt");
        assertThat(findings(e, "bandwidth-below-link")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("enp3s0");
            assertThat(f.message()).contains("55.0 Gbit/s = 55 % of the 100 Gbit/s link enp3s0",
                    "behind PCIe 2.0 x16 = 58.5 Gbit/s usable", "94 % of that");
            assertThat(f.impact().capBitsPerSecond()).isEqualTo(55.0e9);
        });
        // doctor's rules read the same facts: mlnx_tune's "Warning: PCI Speed 5GT/s" and the installer's x4 of x8
        assertThat(findings(e, "pcie-link-downgraded")).hasSize(4);
        // one cause, one finding: the 100G port the Gen2 link cannot carry is the downgrade's evidence
        assertThat(findings(e, "pcie-below-ports")).isEmpty();
        assertThat(findings(e, "pcie-link-downgraded")).filteredOn(f -> f.subject().startsWith("0000:03:00.0")).first()
                .satisfies(f -> assertThat(f.message()).endsWith("it carries 58.5 Gbit/s usable, less than the 100 Gbit/s of its linked port"));
    }

    @Test
    void seed002Iperf3IsTheLimitAndCpuFrequency() {
        Explanation e = seed("002_6dce3dfc6f2788a4.txt");
        // one cause, one finding: iperf3's one thread speaks, and RDMA over the same link at 8 times its rate is its
        // evidence (on main bandwidth-below-link said the same of the same result)
        assertThat(findings(e, "iperf3-single-thread")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("16 streams", "17.1 Gbit/s", "200 Gbit/s",
                        "perftest rdma-write-bw reached 141 Gbit/s over the same link"));
        assertThat(findings(e, "bandwidth-below-link")).extracting(Finding::message)
                .anySatisfy(m -> assertThat(m).startsWith("perftest rdma-write-bw: 141 Gbit/s = 71 %"))
                .noneSatisfy(m -> assertThat(m).startsWith("iperf3"));
        // perftest's result gets perftest's advice, not iperf2 -P
        assertThat(findings(e, "bandwidth-below-link")).filteredOn(f -> f.message().startsWith("perftest")).singleElement()
                .satisfies(f -> assertThat(f.fix().action()).contains("-q 4", "-x N", "-d mlx5_N -i 1", "--report_gbits",
                        "governor").doesNotContain("iperf2"));
        assertThat(findings(e, "cpu-governor")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("Conflicting CPU frequency values detected"));
    }

    @Test
    void seed003UdSendIsJudgedByItsMtuSizedMessagesNotAsAShareOfTheLink() {
        Explanation e = seed("003_6d654e133b65fb90.txt");
        List<Finding> ud = findings(e, "bandwidth-below-link").stream().filter(f -> f.message().contains("over UD")).toList();
        assertThat(ud).hasSize(2).allSatisfy(f -> {
            assertThat(f.severity().name()).isEqualTo("INFO");
            assertThat(f.message()).contains("at 4096-byte messages", "UD sends at most one MTU per message")
                    .doesNotContain("% of the");
        });
        assertThat(findings(e, "bandwidth-below-link")).filteredOn(f -> f.message().startsWith("iperf2")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("the TCP stack", "not the link"));
    }

    @Test
    void seed004HasNoLinkRateSoNoBandwidthVerdictButTheX4Slot() {
        Explanation e = seed("004_2a39351d1c4a425e.txt");
        assertThat(findings(e, "pcie-link-downgraded")).extracting(Finding::subject)
                .containsExactly("0000:04:00.0 (ConnectX-4 Lx)");
        assertThat(findings(e, "bandwidth-below-link")).isEmpty();
        assertThat(e.measurements()).hasSize(4);
        assertThat(e.summary().formats()).containsEntry("lspci", 6);
    }

    @Test
    void roceWithPauseOffFiresAndFabricLinkAtLowerWidth() {
        // seed 004's lstopo (it starts with "root@r86s-01:~# lstopo") ties enp4s0f0np0 to mlx5_0; an
        // ibstatus of that RoCE port (seed 000's t3640 output, on the same host) and ethtool -a with
        // the pause parameters off, as ethtool prints them then
        Map<String, String> in = new LinkedHashMap<>();
        in.put("roce.txt", Fixture.text("host/lstopo-seed004.txt")
                + Fixture.text("ib/ibstatus-seed000-t3640-roce.txt").replace("root@t3640:/#", "root@r86s-01:~#")
                + "root@r86s-01:~# ethtool -a enp4s0f0np0\n"
                + "Pause parameters for enp4s0f0np0:\nAutonegotiate: off\nRX: off\nTX: off\n");
        // seed 000's ibnetdiscover with port 6 trained at 1xNDR
        in.put("fabric.txt", Fixture.text("ib/ibnetdiscover-seed000.txt").replace("lid 11 2xNDR", "lid 11 1xNDR"));
        Explanation e = Explainer.standard().explain(in);
        assertThat(findings(e, "roce-no-flow-control")).singleElement()
                .satisfies(f -> assertThat(f.fix().command()).isEqualTo("ethtool -A enp4s0f0np0 rx on tx on"));
        assertThat(findings(e, "ib-link-degraded")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("port 6", "1X NDR", "2X NDR"));
    }

    @Test
    void ibportstateDownPortWithStaleSpeedIsNotADegradedLinkButAnActiveOneIs() {
        // the Exadata switch twice: four links up at 4X 10.0 Gbps, two disabled ports whose PortInfo still says 2.5 Gbps
        String paste = Fixture.text("ib/ibportstate-switch-peer-iberror-exadata.txt");
        assertThat(findings(Explainer.standard().explain("p.txt", paste + paste), "ib-link-degraded")).isEmpty();
        // the same port up at 2.5 Gbps is judged
        String up = paste.replace("LinkState:.......................Down\nPhysLinkState:...................Disabled",
                "LinkState:.......................Active\nPhysLinkState:...................LinkUp");
        assertThat(up).isNotEqualTo(paste);
        assertThat(findings(Explainer.standard().explain("p.txt", paste + up), "ib-link-degraded")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("port 36", "4X 2.5 Gbps", "4X 10.0 Gbps"));
    }

    private static Explanation fixture(String... files) {
        Map<String, String> in = new LinkedHashMap<>();
        for (String f : files) {
            in.put(f, Fixture.text(f));
        }
        return Explainer.standard().explain(in);
    }

    @Test
    void ofedInstallerPcieIsJudgedAgainstTheFamilyAndFirmwareUpdateIsNamed() {
        Explanation e = fixture("mlx/mlnxofedinstall-seed001.txt");
        assertThat(findings(e, "pcie-link-downgraded")).extracting(Finding::message).containsExactly(
                "PCIe link runs at PCIe 2.0 x16 (5 GT/s); a ConnectX-4 supports PCIe 3.0 x16 (8 GT/s) (the family's best; "
                        + "the output does not show the card's maximum)",
                "PCIe link runs at PCIe 2.0 x8 (5 GT/s); a ConnectX-3 supports PCIe 3.0 x8 (8 GT/s) (the family's best; "
                        + "the output does not show the card's maximum)",
                "PCIe link runs at PCIe 2.0 x4 (5 GT/s); a ConnectX-3 supports PCIe 3.0 x8 (8 GT/s) (the family's best; "
                        + "the output does not show the card's maximum)");
        assertThat(findings(e, "pcie-link-downgraded").getLast().impact().capBitsPerSecond())
                .isLessThan(findings(e, "pcie-link-downgraded").getLast().impact().possibleBitsPerSecond());
        assertThat(findings(e, "firmware-update-required")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("03:00.0");
            assertThat(f.message()).isEqualTo("03:00.0 needs a firmware update: firmware 12.21.1000, 12.25.1020 available");
        });
    }

    @Test
    void mlx5cmdWidthX4OnAnX16CardWarnsAndX16DoesNot() {
        assertThat(findings(fixture("mlx/mlx5cmd-stat-x4-seed001.txt"), "pcie-link-downgraded")).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith(
                        "PCIe link runs at PCIe 3.0 x4 (8 GT/s); a ConnectX-4 supports PCIe 3.0 x16 (8 GT/s)"));
        assertThat(findings(fixture("mlx/mlx5cmd-stat-x16-seed001.txt"), "pcie-link-downgraded")).isEmpty();
    }

    @Test
    void portDownWithoutPhysicalState() {
        assertThat(findings(fixture("ib/ibv_devinfo-seed001-port-down.txt"), "port-down")).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo(
                        "mlx5_0 port 1 is down: state DOWN (the physical state is not shown)"));
        assertThat(findings(fixture("ib/ibv_devinfo-seed003.txt"), "port-down")).as("PORT_ACTIVE").isEmpty();
        assertThat(findings(fixture("mlx/mlnx_tune-r-seed001.txt"), "port-down")).extracting(Finding::subject)
                .containsExactly("ib0", "ib1", "enp6s0d1");
    }

    @Test
    void mlnxTuneMtuFiresTheSameMtuRuleAsDoctor() {
        assertThat(findings(fixture("mlx/mlnx_tune-r-seed001.txt"), "ethernet-mtu")).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith("enp6s0: 10.0 Gbit/s link with MTU 1500"));
    }

    @Test
    void linkTypeSetToEthWhileThePortRunsInfiniband() {
        assertThat(findings(fixture("ib/ibv_devinfo-seed001-port-down.txt", "mlx/mlxconfig-set-seed001.txt"),
                "link-type-mismatch")).singleElement().satisfies(f -> {
                    assertThat(f.subject()).isEqualTo("mlx5_0 port 1");
                    assertThat(f.message()).contains("runs InfiniBand", "LINK_TYPE_P1 is ETH(2)");
                });
        assertThat(findings(seed("002_6dce3dfc6f2788a4.txt"), "link-type-mismatch")).as("ETH(2) on Ethernet ports").isEmpty();
        assertThat(findings(seed("002_6dce3dfc6f2788a4.txt"), "firmware-update-required")).isEmpty();
    }

    @Test
    void oneStreamFarAboveTheOthers() {
        assertThat(findings(fixture("iperf/iperf2-client-P8-seed004.txt"), "stream-imbalance")).singleElement()
                .satisfies(f -> assertThat(f.message()).startsWith(
                        "stream 6 carried 8.23 Gbit/s while the other 7 carried 2.03 Gbit/s–2.79 Gbit/s"));
        assertThat(findings(fixture("iperf/iperf3-3.12-client-P2.txt"), "stream-imbalance")).as("two streams").isEmpty();
        assertThat(findings(fixture("iperf/iperf2-client-97G-seed001.txt"), "stream-imbalance")).isEmpty();
    }

    @Test
    void zerotierPeerWithoutAnswer() {
        String peers = Fixture.text("other/zerotier-peers-seed000.txt").replace("MOON 66 DIRECT", "MOON -1 DIRECT");
        Explanation e = Explainer.standard().explain("zt.txt", peers);
        assertThat(findings(e, "zerotier-peer-unreachable")).singleElement().satisfies(f -> {
            assertThat(f.subject()).isEqualTo("ZeroTier MOON 3cdfac522d");
            assertThat(f.fix().action()).contains("primaryPort");
        });
    }

    @Test
    void jsonHasSchemaPiecesRecordsAndMeasurements() {
        String json = Json.pretty(seed("004_2a39351d1c4a425e.txt"));
        assertThat(json).contains("\"schema\" : \"wirespeed.explain/1\"", "\"kind\" : \"PcieLink\"",
                "\"widthDowngraded\" : true", "\"tool\" : \"iperf2\"", "\"raw\" : \"24.8 Gbits/sec\"");
    }

    /** paste9: openSUSE's root prompt and a host in brackets name the host whose facts the output gives. */
    @Test
    void promptsWithoutUserAtHostNameTheirHost() {
        Explanation suse = Explainer.standard().explain("m.txt", Fixture.text("host/ethtool-i-r8169-suse-root-prompt-netdev-tesarik.txt"));
        assertThat(suse.facts()).extracting(Facts::origin).contains("zabulon");
        Explanation bracket = Explainer.standard().explain("m.txt", Fixture.text("host/ethtool-i-igb-bracket-host-status-prompt-intel-wired-lan.txt"));
        assertThat(bracket.facts()).extracting(Facts::origin).contains("schwarzgerat");
    }
}
