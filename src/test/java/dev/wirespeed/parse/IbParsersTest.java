package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.explain.Explainer;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.parse.ib.IbLink;
import dev.wirespeed.parse.ib.IbNode;
import dev.wirespeed.parse.ib.RdmaDeviceRecord;
import dev.wirespeed.parse.ib.RdmaPortRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** InfiniBand/RDMA tools, on the seeds' outputs (fixture files name the seed and lines). */
class IbParsersTest {
    @Test
    void ibstatOneCaOneActiveInfinibandPort() {
        Parsed p = Fixture.only("ib/ibstat-seed003.txt", "ibstat");
        RdmaDeviceRecord d = p.all(RdmaDeviceRecord.class).getFirst();
        assertThat(d.device()).isEqualTo("mlx5_0");
        assertThat(d.caType()).isEqualTo("MT4119");
        assertThat(d.firmware()).isEqualTo("16.32.1010");
        assertThat(d.ports()).isEqualTo(1);
        RdmaPortRecord port = p.all(RdmaPortRecord.class).getFirst();
        assertThat(port.state()).isEqualTo("ACTIVE");
        assertThat(port.physicalState()).isEqualTo("LinkUp");
        assertThat(port.rate().value()).isEqualTo(100e9);
        assertThat(port.rate().raw()).isEqualTo("100"); // as ibstat prints the value, not the line (issue 31)
        assertThat(port.smLid()).isEqualTo("117");
        assertThat(port.linkLayer()).isEqualTo("InfiniBand");
        assertThat(port.source().line()).isEqualTo(8); // "Port 1:" is line 8 of the fixture's output
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void ibstatTwoBlueField2CasAt200GEthernet() {
        Parsed p = Fixture.only("ib/ibstat-seed002-two-cas.txt", "ibstat");
        assertThat(p.all(RdmaDeviceRecord.class)).extracting(RdmaDeviceRecord::device).containsExactly("mlx5_0", "mlx5_1");
        assertThat(p.all(RdmaPortRecord.class)).allSatisfy(port -> {
            assertThat(port.rate().value()).isEqualTo(200e9);
            assertThat(port.linkLayer()).isEqualTo("Ethernet");
        });
    }

    @Test
    void ibstatusNineNdr200PortsWithPciNames() {
        Parsed p = Fixture.only("ib/ibstatus-seed000-node139-ibp-names.txt", "ibstatus");
        List<RdmaPortRecord> ports = p.all(RdmaPortRecord.class);
        assertThat(ports).hasSize(9);
        assertThat(ports.getFirst().device()).isEqualTo("ibp171s0");
        assertThat(ports.getFirst().rate().value()).isEqualTo(200e9);
        assertThat(ports.getFirst().width()).isEqualTo("2X");
        assertThat(ports.getFirst().speed()).isEqualTo("NDR");
        assertThat(ports.getLast().device()).isEqualTo("rocep22s0f0");
        assertThat(ports.getLast().linkLayer()).isEqualTo("Ethernet");
        assertThat(ports.getLast().speed()).isEqualTo("EDR");
    }

    @Test
    void ibstatusDisabledPort() {
        List<RdmaPortRecord> ports = Fixture.only("ib/ibstatus-seed000-ft2000-disabled.txt", "ibstatus").all(RdmaPortRecord.class);
        assertThat(ports).extracting(RdmaPortRecord::state).containsExactly("ACTIVE", "DOWN");
        assertThat(ports).extracting(RdmaPortRecord::physicalState).containsExactly("LinkUp", "Disabled");
        assertThat(ports.get(1).rate().value()).isEqualTo(40e9);
        assertThat(ports.get(1).width() + " " + ports.get(1).speed()).isEqualTo("4X QDR");
    }

    @Test
    void ibvDevinfoFlatAndIndented() {
        Parsed flat = Fixture.only("ib/ibv_devinfo-seed003.txt", "ibv_devinfo");
        assertThat(flat.all(RdmaDeviceRecord.class).getFirst().vendorPartId()).isEqualTo("4119");
        RdmaPortRecord up = flat.all(RdmaPortRecord.class).getFirst();
        assertThat(up.state()).isEqualTo("ACTIVE");
        assertThat(up.activeMtuBytes()).isEqualTo(4096);
        Parsed indented = Fixture.only("ib/ibv_devinfo-seed001-port-down.txt", "ibv_devinfo");
        RdmaPortRecord down = indented.all(RdmaPortRecord.class).getFirst();
        assertThat(down.state()).isEqualTo("DOWN");
        assertThat(down.baseLid()).isEqualTo("65535");
        assertThat(indented.all(RdmaDeviceRecord.class).getFirst().boardId()).isEqualTo("MT_2180110032");
        assertThat(indented.skipped()).isEmpty();
    }

    @Test
    void ibvDevices() {
        Parsed p = Fixture.only("ib/ibv_devices-seed003.txt", "ibv_devices");
        assertThat(p.all(RdmaDeviceRecord.class)).singleElement()
                .satisfies(d -> assertThat(d.nodeGuid()).isEqualTo("043f720300da2130"));
    }

    @Test
    void iblinkinfoTwoCasBackToBackAtEdr() {
        Parsed p = Fixture.only("ib/iblinkinfo-seed001.txt", "iblinkinfo");
        assertThat(p.all(IbNode.class)).extracting(IbNode::name).containsExactly("m01 HCA-3", "m02 HCA-1");
        IbLink l = p.all(IbLink.class).getFirst();
        assertThat(l.width()).isEqualTo("4X");
        assertThat(l.laneSignal().value()).isEqualTo(25.78125e9);
        assertThat(l.state()).isEqualTo("Active");
        assertThat(l.peer()).isEqualTo("m02 HCA-1");
        assertThat(l.peerLid()).isEqualTo("1");
        // iblinkinfo.c print_port prints port->guid before a CA's port line; a CA's node GUID is not printed
        assertThat(l.portGuid()).isEqualTo("0x0000000000000123");
        assertThat(l.nodeGuid()).isNull();
    }

    @Test
    void ibnetdiscoverSwitchPortsAt2xNdr() {
        Parsed p = Fixture.only("ib/ibnetdiscover-seed000.txt", "ibnetdiscover");
        assertThat(p.all(IbNode.class)).singleElement().satisfies(n -> {
            assertThat(n.type()).isEqualTo("Switch");
            assertThat(n.name()).isEqualTo("MF0;CNTSN-POD229-QM97-IB-02:MQM9700/U1");
            assertThat(n.ports()).isEqualTo(129);
        });
        List<IbLink> links = p.all(IbLink.class);
        assertThat(links).hasSize(5).allSatisfy(l -> assertThat(l.width() + " " + l.speed()).isEqualTo("2X NDR"));
        assertThat(links.getFirst().peer()).isEqualTo("tj01-4090-node005 mlx5_2");
        assertThat(links.getFirst().peerLid()).isEqualTo("22");
    }

    @Test
    void ibnetdiscoverLidsAndGuids() {
        Parsed sw = Fixture.only("ib/ibnetdiscover-edr-switch-5922696467.txt", "ibnetdiscover");
        assertThat(sw.skipped()).isEmpty();
        assertThat(sw.all(IbNode.class)).singleElement().satisfies(n -> assertThat(n.lid()).isEqualTo("48"));
        List<IbLink> ports = sw.all(IbLink.class);
        assertThat(ports).hasSize(36).allSatisfy(l -> {
            assertThat(l.nodeGuid()).isEqualTo("0xec0d9a0300ec8240");
            assertThat(l.lid()).as("a switch port line names only the peer's LID").isNull();
        });
        assertThat(ports.get(11).peer()).isEqualTo("node046 HCA-1");
        assertThat(ports.get(11).peerLid()).isEqualTo("103");
        assertThat(ports.get(12).peerLid()).isEqualTo("21");
        assertThat(ports.get(12).peerPort()).isEqualTo(19);
        Parsed cas = Fixture.only("ib/ibnetdiscover-edr-cas-5922696467.txt", "ibnetdiscover");
        List<IbLink> links = cas.all(IbLink.class);
        assertThat(links).extracting(IbLink::lid).containsExactly("6", "4", "1");
        assertThat(links).extracting(IbLink::peerLid).containsExactly("23", "23", "23");
        assertThat(links).extracting(IbLink::nodeGuid)
                .containsExactly("0x506b4b030043fa92", "0x506b4b030043f9fe", "0x506b4b030043fa26");
        assertThat(links.getFirst().node()).isEqualTo("gpu014 HCA-1");
        assertThat(links.getFirst().peerPort()).isEqualTo(30);
        assertThat(links.getFirst().width() + " " + links.getFirst().speed()).isEqualTo("4X EDR");
    }

    /**
     * Issue 31: RdmaPort.rate keeps the value as each tool prints it and its reader reads it ("200" from
     * ibstat, "56 Gb/sec (4X FDR)" from ibstatus, the two fields of ibv_devinfo -v), never the line with the
     * field's name; the host fact carries the same text, as sysfs's rate file would.
     */
    @Test
    void theRateIsKeptAsTheToolPrintsTheValue() {
        RdmaPortRecord status = Fixture.blocks("ib/ibstatus-fdr-perfquery-watch-read-lat.txt").stream()
                .flatMap(b -> b.all(RdmaPortRecord.class).stream()).findFirst().orElseThrow();
        assertThat(status.rate().raw()).isEqualTo("56 Gb/sec (4X FDR)");
        // built from rdma-core's ibv_devinfo.c: "active_width:\t\t%s (%d)" and "active_speed:\t\t%s (%d)"
        RdmaPortRecord devinfo = Fixture.blocksOf("hca_id:\tmlx5_0\n\ttransport:\t\t\tInfiniBand (0)\n\tport:\t1\n"
                        + "\t\t\tstate:\t\t\tPORT_ACTIVE (4)\n\t\t\tactive_width:\t\t4X (2)\n\t\t\tactive_speed:\t\t25.0 Gbps (32)\n"
                        + "\t\t\tphys_state:\t\tLINK_UP (5)\n\t\t\tlink_layer:\t\tInfiniBand\n").stream()
                .flatMap(b -> b.all(RdmaPortRecord.class).stream()).findFirst().orElseThrow();
        assertThat(devinfo.rate().value()).isEqualTo(100e9);
        assertThat(devinfo.rate().raw()).isEqualTo("4X (2) × 25.0 Gbps (32)");
        Facts facts = Explainer.standard()
                .explain("ibstat-seed003.txt", Fixture.text("ib/ibstat-seed003.txt")).facts().getFirst();
        assertThat(facts.rdmaPorts()).singleElement().satisfies(p -> assertThat(p.rate().raw()).isEqualTo("100"));
    }
}
