package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.host.DriverInfo;
import dev.wirespeed.parse.host.EthtoolSettings;
import dev.wirespeed.parse.host.KernelModule;
import dev.wirespeed.parse.host.NetInterfaceRecord;
import dev.wirespeed.parse.host.NfsMount;
import dev.wirespeed.parse.host.PauseSettings;
import dev.wirespeed.parse.host.TopologyDevice;
import dev.wirespeed.parse.host.TopologyMachine;
import dev.wirespeed.parse.pci.PciDevice;
import dev.wirespeed.parse.pci.PcieLinkRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

class PciHostParsersTest {
    @Test
    void lspciOneLineList() {
        List<PciDevice> d = Fixture.only("pci/lspci-seed004.txt", "lspci").all(PciDevice.class);
        assertThat(d).extracting(PciDevice::address).containsExactly("04:00.0", "04:00.1");
        assertThat(d.getFirst().deviceClass()).isEqualTo("Ethernet controller");
        assertThat(d.getFirst().description()).isEqualTo("Mellanox Technologies MT27710 Family [ConnectX-4 Lx]");
    }

    @Test
    void lspciCutsTheWordPressCaption() {
        List<PciDevice> d = Fixture.only("pci/lspci-seed002-bluefield.txt", "lspci").all(PciDevice.class);
        assertThat(d).hasSize(4);
        assertThat(d.getLast().description()).isEqualTo("Mellanox Technologies MT42822 BlueField-2 SoC Management Interface (rev 01)");
    }

    @Test
    void lspciWidthX4DowngradedFromX8() {
        List<PcieLinkRecord> links = Fixture.blocks("pci/lspci-vvv-width-seed004.txt").stream()
                .flatMap(b -> b.all(PcieLinkRecord.class).stream()).toList();
        assertThat(links).extracting(PcieLinkRecord::address).containsExactly("01:00.0", "02:00.0", "03:00.0", "04:00.0", "04:00.1");
        PcieLinkRecord mlx = links.get(3);
        assertThat(mlx.capableSpeed().value()).isEqualTo(8.0);
        assertThat(mlx.capableWidth().value()).isEqualTo(8.0);
        assertThat(mlx.speed().value()).isEqualTo(8.0);
        assertThat(mlx.width().value()).isEqualTo(4.0);
        assertThat(mlx.widthDowngraded()).isTrue();
        assertThat(mlx.speedDowngraded()).isNull();
        assertThat(links.getFirst().widthDowngraded()).isNull();
    }

    @Test
    void lspciVerboseOfVirtioDevicesHasNoLinkButDrivers() {
        Parsed p = Fixture.only("pci/lspci-3.9.0-vvv-virtio.txt", "lspci");
        assertThat(p.all(PciDevice.class)).hasSize(6);
        assertThat(p.all(PciDevice.class).get(3).driver()).isEqualTo("virtio-pci");
        assertThat(p.all(PcieLinkRecord.class)).isEmpty();
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void lstopoTreeWithNetAndRdmaNames() {
        Parsed p = Fixture.only("host/lstopo-seed004.txt", "lstopo");
        TopologyMachine m = p.all(TopologyMachine.class).getFirst();
        assertThat(m.memory().value()).isEqualTo(7721.0 * 1024 * 1024);
        assertThat(m.cores()).isEqualTo(4);
        assertThat(m.processingUnits()).isEqualTo(4);
        TopologyDevice mlx = p.all(TopologyDevice.class).get(4);
        assertThat(mlx.address()).isEqualTo("04:00.0");
        assertThat(mlx.netdevs()).containsExactly("enp4s0f0np0");
        assertThat(mlx.rdmaDevices()).containsExactly("mlx5_0");
        assertThat(mlx.numaNode()).isZero();
        assertThat(Fixture.only("host/lstopo-2.9.0-vm.txt", "lstopo").all(TopologyDevice.class)).hasSize(2);
    }

    @Test
    void ipAddrAndLink() {
        NetInterfaceRecord ib0 = Fixture.only("host/ip-addr-seed003.txt", "ip").all(NetInterfaceRecord.class).getFirst();
        assertThat(ib0.name()).isEqualTo("ib0");
        assertThat(ib0.mtuBytes()).isEqualTo(2044);
        assertThat(ib0.linkType()).isEqualTo("infiniband");
        assertThat(ib0.addresses()).containsExactly("192.168.1.11/8");
        List<NetInterfaceRecord> local = Fixture.only("host/ip-6.1.0-addr.txt", "ip").all(NetInterfaceRecord.class);
        assertThat(local).extracting(NetInterfaceRecord::name).containsExactly("lo", "ifb0", "ifb1", "eth0");
        assertThat(local.getLast().mtuBytes()).isEqualTo(1400);
        assertThat(Fixture.only("host/ip-link-seed000.txt", "ip").all(NetInterfaceRecord.class).getFirst().state()).isEqualTo("UP");
    }

    @Test
    void ethtoolPauseStatistics() {
        Parsed fbnic = Fixture.only("host/ethtool-I-a-fbnic.txt", "ethtool");
        PauseSettings p = fbnic.all(PauseSettings.class).getFirst();
        assertThat(p.iface()).isEqualTo("eth0");
        assertThat(p.rx()).isFalse();
        assertThat(p.tx()).isTrue();
        assertThat(p.txPauseFrames()).isEqualTo(759657);
        assertThat(p.rxPauseFrames()).isZero();
        assertThat(p.statistics()).containsEntry("tx_pause_storm_events", 219L);
        assertThat(fbnic.skipped()).isEmpty();
        PauseSettings doc = Fixture.only("host/ethtool-include-statistics-a-kerneldoc.txt", "ethtool")
                .all(PauseSettings.class).getFirst();
        assertThat(doc.autoNegotiate()).isTrue();
        assertThat(doc.txPauseFrames()).isEqualTo(1);
        assertThat(doc.rxPauseFrames()).isEqualTo(1);
        assertThat(Fixture.only("host/ethtool-a-seed000.txt", "ethtool").all(PauseSettings.class).getFirst()
                .statistics()).as("plain -a has no statistics").isEmpty();
    }

    @Test
    void ethtoolPauseSettingsAndDriver() {
        PauseSettings pause = Fixture.only("host/ethtool-a-seed000.txt", "ethtool").all(PauseSettings.class).getFirst();
        assertThat(pause.iface()).isEqualTo("enp1s0f0np0");
        assertThat(pause.autoNegotiate()).isFalse();
        assertThat(pause.rx()).isTrue();
        assertThat(pause.tx()).isTrue();
        EthtoolSettings s = Fixture.only("host/ethtool-6.1-virtio.txt", "ethtool").all(EthtoolSettings.class).getFirst();
        assertThat(s.speed()).as("Speed: Unknown! stays absent").isNull();
        assertThat(s.linkDetected()).isTrue();
        DriverInfo d = Fixture.only("host/ethtool-6.1-i-virtio.txt", "ethtool").all(DriverInfo.class).getFirst();
        assertThat(d.driver()).isEqualTo("virtio_net");
        assertThat(d.busInfo()).isEqualTo("0000:00:03.0");
    }

    @Test
    void nfsstatMountOverRdma() {
        NfsMount m = Fixture.only("host/nfsstat-m-seed000.txt", "nfsstat").all(NfsMount.class).getFirst();
        assertThat(m.mountPoint()).isEqualTo("/mnt/nfs");
        assertThat(m.export()).isEqualTo("192.168.23.1:/tmp");
        assertThat(m.transport()).isEqualTo("rdma");
        assertThat(m.port()).isEqualTo(20049);
        assertThat(m.readSizeBytes()).isEqualTo(1048576L);
    }

    @Test
    void lsmodModules() {
        List<KernelModule> mods = Fixture.only("host/lsmod-seed003.txt", "lsmod").all(KernelModule.class);
        assertThat(mods).hasSize(9);
        assertThat(mods.get(2).name()).isEqualTo("ib_core");
        assertThat(mods.get(2).usedBy()).contains("ib_ipoib", "mlx5_ib");
        assertThat(Fixture.only("host/lsmod-seed000.txt", "lsmod").all(KernelModule.class)).hasSize(8);
    }
}
