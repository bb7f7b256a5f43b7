package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.mlx.MftError;
import dev.wirespeed.parse.mlx.MlxlinkPort;
import dev.wirespeed.parse.other.ZeroTierNetwork;
import dev.wirespeed.parse.pci.PciDevice;
import java.util.List;
import org.junit.jupiter.api.Test;

/** mlxlink's sections, zerotier-cli listnetworks, and lspci lists indented as a whole (issue 18, round 3). */
class MlxlinkTest {
    private static final String LOOP = "mlx/mlxlink-show-ber-monitor-8x-cx6-ib-hdr-2x-counters-grep.txt";
    private static final String SONIC = "mlx/mlxlink-spectrum-25gbe-firecode-sonic-doc.txt";
    private static final String PAGE = "mlx/mlxlink-m-c-cx6-200g-html-stripped-blog.txt";
    private static final String BF3 = "mlx/mst-status-v-mlxlink-m-c-bluefield3-dac-sigcomm-tutorial.txt";

    private static List<MlxlinkPort> ports(String text) {
        return Fixture.blocksOf(text).stream().flatMap(b -> b.all(MlxlinkPort.class).stream()).toList();
    }

    private static List<Finding> findings(String text, String rule) {
        return Explainer.standard().explain("t.txt", text).findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    /** A loop over eight HCAs: one port per "Operational Info", the -E- line kept, then eight grep'd -c pieces. */
    @Test
    void loopOverEightDevicesThenGreppedCounters() {
        List<MlxlinkPort> all = ports(Fixture.text(LOOP));
        assertThat(all).hasSize(16);
        List<MlxlinkPort> full = all.stream().filter(p -> p.state() != null).toList();
        assertThat(full).hasSize(8).allSatisfy(p -> {
            assertThat(p.speed()).isEqualTo("IB-HDR");
            assertThat(p.width()).isEqualTo(2);
            assertThat(p.rate().value()).isEqualTo(100e9); // HDR100: two 50G lanes, ibstat's "Rate: 100"
            assertThat(p.enabledSpeeds()).containsExactly("HDR", "EDR", "FDR", "QDR", "SDR");
            assertThat(p.cableSpeeds()).contains("FDR10", "DDR");
            assertThat(p.statusOpcode()).isZero();
            assertThat(p.groupOpcode()).as("N/A dropped").isNull();
            assertThat(p.firmware()).isEqualTo("20.36.1010");
            assertThat(p.errors()).containsExactly("\"--show_ber_monitor\" option is not supported for HCA");
            assertThat(p.device()).as("the loop's $i is no device name").isNull();
        });
        List<MlxlinkPort> counters = all.stream().filter(p -> p.state() == null).toList();
        assertThat(counters).extracting(MlxlinkPort::rawBer).containsExactly(1e-8, 9e-9, 3e-8, 1e-7, 2e-8, 6e-8, 4e-9, 2e-8);
        assertThat(counters.get(3).rawErrorsPerLane()).containsExactly(32379149L, 224947L);
        assertThat(counters.get(0).counters()).containsEntry("Symbol Errors", 0L).containsEntry("Link Error Recovery Counter", 0L)
                .doesNotContainKey("amBER Version");
        assertThat(counters.get(0).effectiveBer()).isLessThan(1e-250);
        assertThat(findings(Fixture.text(LOOP), "mlxlink-link-issue")).isEmpty();
    }

    /** The switch port the command names (-p 0x2), and the firmware's recommendation. */
    @Test
    void spectrumPortFromTheCommand() {
        MlxlinkPort p = ports(Fixture.text(SONIC)).getFirst();
        assertThat(p.device()).isEqualTo("/dev/mst/mt52100_pci_cr0");
        assertThat(p.port()).isEqualTo(2);
        assertThat(p.rate().value()).isEqualTo(25e9);
        assertThat(p.fec()).isEqualTo("Firecode FEC");
        assertThat(p.recommendation()).isEqualTo("No issue was observed.");
        assertThat(Fixture.only(SONIC, "mlxlink").skipped()).isEmpty();
        assertThat(findings(Fixture.text(SONIC), "mlxlink-link-issue")).isEmpty();
    }

    /** A web page's text: one blank around the colon, "#" after the titles, "(Ext.)" masks. */
    @Test
    void pageTextWithExtendedMasks() {
        MlxlinkPort p = ports(Fixture.text(PAGE)).getFirst();
        assertThat(p.device()).isEqualTo("mlx5_0");
        assertThat(p.physicalState()).isEqualTo("ETH_AN_FSM_ENABLE");
        assertThat(p.rate().value()).isEqualTo(200e9);
        assertThat(p.width()).isEqualTo(4);
        assertThat(p.enabledSpeeds()).startsWith("200G", "100G_2X").endsWith("1G");
        assertThat(p.cableSpeeds()).hasSize(7);
    }

    /** A nonzero status opcode names the firmware's recommendation; errors after FEC are named too. */
    @Test
    void troubleshootingStatusAndEffectiveErrorsFire() {
        // the SONiC sample with its status as a failing port prints it (values changed here, not a fixture)
        String bad = Fixture.text(SONIC).replace("Status Opcode                   : 0", "Status Opcode                   : 1024")
                .replace("No issue was observed.", "Check the cable");
        assertThat(findings(bad, "mlxlink-link-issue")).singleElement().satisfies(f -> {
            assertThat(f.message()).contains("status opcode 1024").contains("Check the cable");
            assertThat(f.fix().action()).isEqualTo("Check the cable");
        });
        String lost = Fixture.text(LOOP).replaceFirst("Effective Physical Errors       : 0", "Effective Physical Errors       : 17");
        assertThat(findings(lost, "mlxlink-link-issue")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("17 errors remained after FEC"));
    }

    /**
     * -m's per-lane module flags: "N/A" (a passive DAC) gives none; a flag set on a lane is named by the rule, all
     * lanes 0 are no finding. No public output with set flags was found outside the held-out sets, so the values
     * are changed here in the BlueField-3 sample (not a fixture), in mlxlink's own form (mlxlink_amBER_collector:
     * per-lane values joined with ",").
     */
    @Test
    void perLaneModuleFlags() {
        String text = Fixture.text(BF3);
        assertThat(ports(text)).allSatisfy(p -> assertThat(p.laneFlags()).as("N/A").isEmpty());
        String los = text.replaceFirst("Rx LOS \\[per lane\\]                  : N/A", "Rx LOS [per lane]                  : 0,0,1,0")
                .replaceFirst("Tx Fault \\[per lane\\]                : N/A", "Tx Fault [per lane]                : 0,0,0,0");
        MlxlinkPort first = ports(los).getFirst();
        assertThat(first.laneFlags()).containsEntry("Rx LOS", List.of(0, 0, 1, 0)).containsEntry("Tx Fault", List.of(0, 0, 0, 0));
        assertThat(findings(los, "mlxlink-link-issue")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("Rx LOS on lane 3").doesNotContain("Tx Fault on"));
        assertThat(findings(los.replace(": 0,0,1,0", ": 0,0,0,0"), "mlxlink-link-issue")).isEmpty();
    }

    /** Cut anywhere, the sections read so far still come out; nothing throws. */
    @Test
    void truncatedAndGarbled() {
        String text = Fixture.text(SONIC);
        for (int cut = 0; cut < text.length(); cut += 37) {
            assertThat(Fixture.blocksOf(text.substring(0, cut))).isNotNull();
        }
        String head = text.substring(0, text.indexOf("Speed "));
        assertThat(ports(head)).singleElement().satisfies(p -> {
            assertThat(p.physicalState()).isEqualTo("LinkUp");
            assertThat(p.rate()).isNull();
        });
        assertThat(ports(text.replace(": 25GbE", ": 25Gb?E").replace("1x", "x"))).singleElement()
                .satisfies(p -> assertThat(p.rate()).isNull());
        assertThat(ports("Physical state: LinkUp\nState: Active\n")).as("ibstat's unpadded colon is not mlxlink").isEmpty();
    }

    /** listnetworks before authorisation (ACCESS_DENIED, empty name) and after (OK, an address). */
    @Test
    void zeroTierListNetworks() {
        String text = Fixture.text("other/zerotier-listnetworks-access-denied-then-ok-es.txt");
        List<ZeroTierNetwork> nets = Fixture.blocksOf(text).stream().flatMap(b -> b.all(ZeroTierNetwork.class).stream()).toList();
        assertThat(nets).extracting(ZeroTierNetwork::status).containsExactly("ACCESS_DENIED", "OK");
        assertThat(nets.getFirst().name()).isNull();
        assertThat(nets.getFirst().addresses()).isEmpty();
        assertThat(nets.getLast().name()).isEqualTo("GreenestAI");
        assertThat(nets.getLast().addresses()).containsExactly("172.24.99.136/16");
        assertThat(findings(text, "zerotier-network-denied")).as("authorised in the later listing").isEmpty();
        String before = text.substring(0, text.indexOf("Indicar"));
        assertThat(findings(before, "zerotier-network-denied")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("e3918db48393fa2e").contains("2e:5c:d6:53:93:e5"));
        String masked = Fixture.text("other/zerotier-listnetworks-info-peers-1.12-masked-zh-blog.txt");
        assertThat(Fixture.blocksOf(masked).stream().flatMap(b -> b.all(ZeroTierNetwork.class).stream()))
                .singleElement().satisfies(n -> assertThat(n.device()).isEqualTo("zt*****"));
        assertThat(findings(masked, "zerotier-network-denied")).isEmpty();
    }

    /** A one-line lspci list that a mail reply indented as a whole: every line a device. */
    @Test
    void lspciListIndentedAsAWhole() {
        Parsed p = Fixture.only("pci/lspci-nn-s-bcm57414-mail-quoted-intel-wired-lan.txt", "lspci");
        assertThat(p.all(PciDevice.class)).extracting(PciDevice::address).containsExactly("c4:00.0", "c4:00.1");
        assertThat(p.all(PciDevice.class)).extracting(PciDevice::deviceClass).containsOnly("Ethernet controller");
    }

    /** An MFT tool's "-E-" line under its command: an MftError with the tool and device. */
    @Test
    void mftErrorLine() {
        Parsed p = Fixture.only("mlx/mstflint-q-cannot-open-mfe-cr-error-power9-lspci-s.txt", "mft-error");
        assertThat(p.all(MftError.class)).singleElement().satisfies(e -> {
            assertThat(e.tool()).isEqualTo("mstflint");
            assertThat(e.device()).isEqualTo("0031:01:00.0");
            assertThat(e.message()).endsWith("MFE_CR_ERROR");
        });
        assertThat(Fixture.blocksOf("-E- Cannot open Device: 0031:01:00.0\n")).extracting(Parsed::format)
                .as("without a firmware tool's command, a bare -E- line is not claimed").doesNotContain("mft-error");
    }
}
