package dev.wirespeed.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.limits.IbSpeed;
import org.junit.jupiter.api.Test;

/** The shared value parsers, on spellings copied from the seeds and the kernel's sysfs.c. */
class FormatsTest {
    @Test
    void portStateInEverySpelling() {
        assertThat(PortState.parse("4: ACTIVE")).isEqualTo(PortState.ACTIVE); // sysfs, ibstatus (seed 000 l.892)
        assertThat(PortState.parse("1: DOWN")).isEqualTo(PortState.DOWN); // seed 000 l.1376
        assertThat(PortState.parse("PORT_DOWN (1)")).isEqualTo(PortState.DOWN); // ibv_devinfo, seed 001 l.321
        assertThat(PortState.parse("PORT_ACTIVE (4)")).isEqualTo(PortState.ACTIVE); // seed 003 l.67
        assertThat(PortState.parse("Active")).isEqualTo(PortState.ACTIVE); // ibstat, seed 002 l.185
        assertThat(PortState.parse("Initializing")).isEqualTo(PortState.INIT);
        assertThat(PortState.parse("2: INIT")).isEqualTo(PortState.INIT);
        assertThat(PortState.parse("Armed")).isEqualTo(PortState.ARMED);
        assertThatThrownBy(() -> PortState.parse("fast")).hasMessageContaining("'fast'");
    }

    @Test
    void physStateInEverySpelling() {
        assertThat(PhysState.parse("5: LinkUp")).isEqualTo(PhysState.LINK_UP);
        assertThat(PhysState.parse("3: Disabled")).isEqualTo(PhysState.DISABLED);
        assertThat(PhysState.parse("LinkUp")).isEqualTo(PhysState.LINK_UP);
        assertThat(PhysState.parse("Polling")).isEqualTo(PhysState.POLLING);
        assertThat(PhysState.parse("LINK_UP (5)")).isEqualTo(PhysState.LINK_UP);
        assertThat(PhysState.parse("7: Phy Test")).isEqualTo(PhysState.PHY_TEST);
        assertThatThrownBy(() -> PhysState.parse("9: Warp")).hasMessageContaining("'9: Warp'");
    }

    @Test
    void ibRateFromSysfsAndFromIbstat() {
        IbRate edr = IbRate.parse("100 Gb/sec (4X EDR)");
        assertThat(edr).isEqualTo(new IbRate(100.0, 4, IbSpeed.EDR));
        assertThat(edr.infinibandDataGbps()).isEqualTo(100.0);
        IbRate qdr = IbRate.parse("40 Gb/sec (4X QDR)");
        assertThat(qdr.infinibandDataGbps()).isEqualTo(32.0);
        assertThat(IbRate.parse("2.5 Gb/sec (1X SDR)").infinibandDataGbps()).isEqualTo(2.0);
        assertThat(IbRate.parse("200 Gb/sec (2X NDR)").infinibandDataGbps()).isEqualTo(200.0);
        IbRate bare = IbRate.parse("200"); // ibstat "Rate: 200", seed 002 l.187
        assertThat(bare.reportedGbps()).isEqualTo(200.0);
        assertThat(bare.infinibandDataGbps()).isNull();
        assertThat(edr.toString()).isEqualTo("100 Gb/sec (4X EDR)");
        assertThatThrownBy(() -> IbRate.parse("100 Gb/sec (4X ZDR)")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> IbRate.parse("fast")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pcieRateAndWidth() {
        assertThat(PcieLink.parseTransferRate("8.0 GT/s PCIe")).isEqualTo(8.0);
        assertThat(PcieLink.parseTransferRate("2.5 GT/s PCIe")).isEqualTo(2.5);
        assertThat(PcieLink.parseTransferRate("5 GT/s")).isEqualTo(5.0);
        assertThat(PcieLink.parseTransferRate("8GT/s")).isEqualTo(8.0); // lspci, seed 004 l.137
        assertThatThrownBy(() -> PcieLink.parseTransferRate("Unknown")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PcieLink.parseTransferRate("7 GT/s")).hasMessageContaining("no PCIe generation");
        assertThatThrownBy(() -> PcieLink.parseTransferRate("8.0 Gb/s")).isInstanceOf(IllegalArgumentException.class);
        assertThat(PcieLink.parseWidth("4")).isEqualTo(4);
        assertThat(PcieLink.parseWidth("x16")).isEqualTo(16);
        assertThatThrownBy(() -> PcieLink.parseWidth("0")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void pciAddressesAndIds() {
        assertThat(PciFunction.normalizeAddress("04:00.0")).isEqualTo("0000:04:00.0");
        assertThat(PciFunction.normalizeAddress("0000:AF:00.1")).isEqualTo("0000:af:00.1");
        assertThat(PciFunction.parseHexId("0x15b3")).isEqualTo(0x15b3);
        assertThatThrownBy(() -> PciFunction.parseHexId("0xzz")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PciFunction.normalizeAddress("virtio2")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void cpuListsRoundTrip() {
        CpuList l = CpuList.parse("0-9,20-29");
        assertThat(l.count()).isEqualTo(20);
        assertThat(l.toString()).isEqualTo("0-9,20-29");
        assertThat(CpuList.parse("0").toString()).isEqualTo("0");
        assertThat(CpuList.of(1, 2).isSubsetOf(l)).isTrue();
        assertThat(CpuList.of(10).isSubsetOf(l)).isFalse();
        assertThatThrownBy(() -> CpuList.parse("3-1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuList.parse("a-b")).isInstanceOf(IllegalArgumentException.class);
    }
}
