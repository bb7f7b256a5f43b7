package dev.wirespeed.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.host.IbRate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The seeds' numbers (PRODUCT.md "Limits, as facts to compute from"). */
class LimitsTest {
    @Test
    void pcieGen3x4IsThirtyOnePointFiveRaw() {
        // seed 004 l.143: "3.938 GB/s, which is equivalent to 31.504 Gbps"
        PcieLimit p = PcieLimit.parse("gen3x4", null);
        assertThat(p.rawBitsPerSecond()).isCloseTo(31.508e9, within(0.01e9));
        assertThat(p.rawBitsPerSecond() / 8 / 1e9).isCloseTo(3.938, within(0.001));
        assertThat(p.payloadAssumed()).isTrue();
        assertThat(p.tlpEfficiency()).isCloseTo(256.0 / 282, within(1e-9));
        assertThat(p.usableBitsPerSecond()).isCloseTo(28.6e9, within(0.05e9));
        assertThat(p.assumption()).contains("256 B + 26 B", "90.8 %", "assumed");
    }

    @Test
    void pcieGen2x16IsSixtyFourRaw() {
        // seed 001: the ConnectX-4 at 5 GT/s x16 gave 55 Gbit/s of a 100G port
        PcieLimit p = PcieLimit.of(PcieGen.GEN2, 16, 256);
        assertThat(p.rawBitsPerSecond()).isCloseTo(64e9, within(1e3));
        assertThat(p.tlpOverheadBytes()).isEqualTo(24);
        assertThat(p.usableBitsPerSecond()).isCloseTo(58.5e9, within(0.05e9));
        assertThat(p.payloadAssumed()).isFalse();
    }

    @Test
    void pcieParsingRejectsNonsense() {
        assertThat(PcieLimit.parse("Gen4 x16", 512).maxPayloadBytes()).isEqualTo(512);
        assertThatThrownBy(() -> PcieLimit.parse("gen9x4", null)).hasMessageContaining("gen9");
        assertThatThrownBy(() -> PcieLimit.parse("gen3", null)).hasMessageContaining("gen3x4");
        assertThatThrownBy(() -> PcieLimit.parse("gen3x64", null)).hasMessageContaining("out of range");
    }

    @Test
    void ethernetTcpGoodputAt1500And9000() {
        assertThat(Framing.ethernetTcpGoodput(9000)).isCloseTo(0.990, within(0.0005));
        assertThat(Framing.ethernetTcpGoodput(1500)).isCloseTo(0.941, within(0.0005));
        Stage s = Links.ethernet(100, 1, 9000);
        assertThat(s.rawBitsPerSecond()).isEqualTo(100e9);
        assertThat(s.usableBitsPerSecond()).isCloseTo(99.0e9, within(0.01e9));
        assertThat(s.assumption()).contains("99.0 %");
    }

    @Test
    void infinibandDataRates() {
        assertThat(new IbRate(null, 4, IbSpeed.EDR).infinibandDataGbps()).isEqualTo(100.0);
        assertThat(IbRate.parse("40 Gb/sec (4X QDR)").infinibandDataGbps()).isEqualTo(32.0);
        assertThat(IbRate.parse("200 Gb/sec (2X NDR)").infinibandDataGbps()).isEqualTo(200.0);
        assertThat(IbRate.parse("56 Gb/sec (4X FDR)").infinibandDataGbps()).isCloseTo(54.55, within(0.01));
        Stage edr = Links.infiniband(4, IbSpeed.EDR, 1, null, null);
        assertThat(edr.rawBitsPerSecond()).isEqualTo(100e9);
        assertThat(edr.assumption()).contains("25.78125 Gbit/s signal", "64b/66b");
        assertThat(IbSpeed.bySignalRate(25.78125)).isEqualTo(IbSpeed.EDR); // iblinkinfo, seed 001 l.662
    }

    @Test
    void ipoibModes() {
        assertThat(Framing.ipoibTcpGoodput(false, 2044)).isCloseTo(1992.0 / 2082, within(1e-9));
        assertThat(Framing.ipoibTcpGoodput(true, 65520)).isCloseTo(0.993, within(0.0005));
        Stage qdr = Links.infiniband(4, IbSpeed.QDR, 1, true, null);
        assertThat(qdr.rawBitsPerSecond()).isEqualTo(32e9);
        assertThat(qdr.name()).contains("connected");
    }

    @Test
    void bottleneckIsTheLowestUsableStage() {
        // seed 004: two 25G ports behind PCIe 3.0 x4
        PathLimit p = new PathLimit("r86s", List.of(Links.ethernet(25, 2, 9000), Stage.pcie(PcieLimit.parse("gen3x4", null))));
        assertThat(p.bottleneck().kind()).isEqualTo(Stage.PCIE);
        assertThat(p.ceilingBitsPerSecond()).isCloseTo(28.6e9, within(0.05e9));
        PathLimit wide = new PathLimit("x8", List.of(Links.ethernet(25, 2, 9000), Stage.pcie(PcieLimit.parse("gen3x8", null))));
        assertThat(wide.bottleneck().kind()).isEqualTo(Stage.LINK);
        assertThat(wide.ceilingBitsPerSecond()).isCloseTo(49.5e9, within(0.05e9));
    }

    @Test
    void nicFamiliesByPciId() {
        assertThat(NicModel.lookup(0x15b3, 0x1015).orElseThrow().family()).isEqualTo("ConnectX-4 Lx");
        assertThat(NicModel.lookup(NicModel.MELLANOX_OUI, 0x1013).orElseThrow().bestIbLane()).isEqualTo(IbSpeed.EDR);
        assertThat(NicModel.lookup(0x1af4, 0x1041)).isEmpty(); // virtio-net: unknown
        assertThat(NicModel.lookup(0x15b3, 0x1015).orElseThrow().bestEthGbps(2)).isEqualTo(25);
    }
}
