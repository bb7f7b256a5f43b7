package dev.wirespeed.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Fixtures;
import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.IbRate;
import dev.wirespeed.host.LinkLayer;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.Observed;
import dev.wirespeed.host.PciFunction;
import dev.wirespeed.host.PhysState;
import dev.wirespeed.host.PortState;
import dev.wirespeed.host.RdmaPort;
import dev.wirespeed.limits.IbSpeed;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class SysfsReaderTest {
    @Test
    void readsTheR86sCard() {
        Facts f = Fixtures.facts("r86s-004");
        PciFunction cx4 = f.pciFunction("0000:04:00.0").orElseThrow();
        assertThat(cx4.vendorId().value()).isEqualTo(0x15b3);
        assertThat(cx4.deviceId().value()).isEqualTo(0x1015);
        assertThat(cx4.driver().value()).isEqualTo("mlx5_core");
        assertThat(cx4.link().currentGts().value()).isEqualTo(8.0);
        assertThat(cx4.link().currentGts().raw()).isEqualTo("8.0 GT/s PCIe");
        assertThat(cx4.link().currentGts().source()).isEqualTo("/sys/bus/pci/devices/0000:04:00.0/current_link_speed");
        assertThat(cx4.link().currentWidth().value()).isEqualTo(4);
        assertThat(cx4.link().maxWidth().value()).isEqualTo(8);
        assertThat(cx4.link().maxPayloadBytes().status()).isEqualTo(Observed.Status.ABSENT); // no config file in the fixture

        NetInterface port0 = f.netInterface("enp4s0f0np0").orElseThrow();
        assertThat(port0.pciAddress().value()).isEqualTo("0000:04:00.0");
        assertThat(port0.isVirtual()).isFalse();
        assertThat(port0.speedMbps().value()).isEqualTo(25_000L);
        assertThat(port0.mtuBytes().value()).isEqualTo(9000);
        assertThat(port0.adminUp().value()).isTrue();
        assertThat(f.netInterface("lo").orElseThrow().isVirtual()).isTrue();

        RdmaPort p = f.rdmaDevice("mlx5_0").orElseThrow().ports().getFirst();
        assertThat(p.state().value()).isEqualTo(PortState.ACTIVE);
        assertThat(p.physState().value()).isEqualTo(PhysState.LINK_UP);
        assertThat(p.rate().value()).isEqualTo(new IbRate(25.0, 1, IbSpeed.EDR));
        assertThat(p.linkLayer().value()).isEqualTo(LinkLayer.ETHERNET);
        assertThat(p.netdev().value()).isEqualTo("enp4s0f0np0");
        assertThat(f.rdmaDevice("mlx5_0").orElseThrow().pciAddress().value()).isEqualTo("0000:04:00.0");
        assertThat(f.cpu().online().value().count()).isEqualTo(4);
        assertThat(f.tcp().retransSegs().value()).isEqualTo(120L);
    }

    @Test
    void readsHexLidsAndNumaNodes() {
        Facts f = Fixtures.facts("ib-node-003");
        RdmaPort p = f.rdmaPorts().getFirst();
        assertThat(p.lid().value()).isEqualTo(25606); // seed 003 l.26 "Base lid: 25606" = sysfs 0x6406
        assertThat(p.smLid().value()).isEqualTo(117);
        assertThat(f.netInterface("ib0").orElseThrow().ipoibMode().value()).isEqualTo("datagram");
        assertThat(f.cpu().policies()).hasSize(32);
        assertThat(f.cpu().policies().getFirst().governor().value()).isEqualTo("ondemand");
    }

    @Test
    void virtioNetdevLivesBelowItsPciFunction() {
        Facts f = Fixtures.facts("vm-virtio");
        NetInterface eth0 = f.netInterface("eth0").orElseThrow();
        assertThat(eth0.pciAddress().value()).isEqualTo("0000:00:03.0");
        assertThat(eth0.speedMbps().status()).isEqualTo(Observed.Status.ABSENT);
        assertThat(eth0.speedMbps().raw()).isEqualTo("-1"); // unknown, not zero
        assertThat(f.netInterface("ifb0").orElseThrow().isVirtual()).isTrue();
        assertThat(f.rdmaDevices()).isEmpty();
        assertThat(f.mounts()).isEmpty();
    }

    @Test
    void malformedAttributesAreUnreadableWithTheirRawTextNeverZero() {
        Facts f = Fixtures.facts("malformed");
        NetInterface i = f.netInterface("enp4s0f0np0").orElseThrow();
        assertThat(i.speedMbps().status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(i.speedMbps().raw()).isEqualTo("fast");
        assertThat(i.speedMbps().value()).isNull();
        assertThat(i.mtuBytes().status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(i.mtuBytes().note()).isEqualTo("empty");
        assertThat(i.type().status()).isEqualTo(Observed.Status.UNREADABLE);
        PciFunction fn = f.pciFunction("0000:04:00.0").orElseThrow();
        assertThat(fn.deviceId().raw()).isEqualTo("garbage");
        assertThat(fn.numaNode().status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(fn.link().currentGts().raw()).isEqualTo("8.0 Gb/s"); // wrong unit
        assertThat(fn.link().currentGts().status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(fn.link().maxGts().status()).isEqualTo(Observed.Status.ABSENT); // the kernel's own "Unknown"
        assertThat(fn.link().maxGts().raw()).isEqualTo("Unknown");
        RdmaPort p = f.rdmaPorts().getFirst();
        assertThat(p.state().status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(p.physState().raw()).isEqualTo("9: Warp");
        assertThat(p.rate().raw()).isEqualTo("lots");
        assertThat(p.lid().status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(f.cpu().online().status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(f.cpu().policies().getFirst().governor().status()).isEqualTo(Observed.Status.UNREADABLE);
        assertThat(f.mounts()).isEmpty(); // "server:/x /mnt/x nfs" lacks its options field
        assertThat(f.tcp().retransSegs().status()).isEqualTo(Observed.Status.UNREADABLE);
    }

    @Test
    void functionWithoutALinkOfItsOwnUsesItsUpstreamBridge(@org.junit.jupiter.api.io.TempDir Path root)
            throws IOException {
        // a virtual function: no current_link_* files; its bridge 0000:00:1c.0 has them
        Path bridge = root.resolve("sys/devices/pci0000:00/0000:00:1c.0");
        Path vf = bridge.resolve("0000:01:00.2");
        Files.createDirectories(vf.resolve("net/ens1f0v0"));
        Files.writeString(bridge.resolve("current_link_speed"), "16.0 GT/s PCIe\n");
        Files.writeString(bridge.resolve("current_link_width"), "8\n");
        Files.writeString(vf.resolve("vendor"), "0x15b3\n");
        Files.writeString(vf.resolve("net/ens1f0v0/type"), "1\n");
        Files.createDirectories(root.resolve("sys/class/net"));
        Files.createDirectories(root.resolve("sys/bus/pci/devices"));
        Files.createSymbolicLink(root.resolve("sys/class/net/ens1f0v0"),
                Path.of("../../devices/pci0000:00/0000:00:1c.0/0000:01:00.2/net/ens1f0v0"));
        Files.createSymbolicLink(root.resolve("sys/bus/pci/devices/0000:01:00.2"),
                Path.of("../../../devices/pci0000:00/0000:00:1c.0/0000:01:00.2"));
        Files.createSymbolicLink(root.resolve("sys/bus/pci/devices/0000:00:1c.0"),
                Path.of("../../../devices/pci0000:00/0000:00:1c.0"));
        Facts f = Inspection.read(root, null, new CommandFacts());
        PciFunction vfn = f.pciFunction("0000:01:00.2").orElseThrow();
        assertThat(vfn.link().linkOwner()).isEqualTo("0000:00:1c.0");
        assertThat(vfn.link().currentGts().value()).isEqualTo(16.0);
        assertThat(vfn.link().currentWidth().value()).isEqualTo(4 * 2);
        assertThat(vfn.link().maxGts().status()).isEqualTo(Observed.Status.ABSENT);
    }

    @Test
    void nfsMountsWithTheirProtocol() {
        Facts f = Fixtures.facts("t3640-000");
        assertThat(f.mounts()).extracting(m -> m.mountPoint() + " " + m.proto().value())
                .containsExactly("/mnt/nfs rdma", "/mnt/nfs-tcp tcp");
        assertThat(f.mounts().getFirst().evidence().source()).isEqualTo("/proc/mounts line 3");
    }
}
