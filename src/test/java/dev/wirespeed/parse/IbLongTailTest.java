package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.host.CounterSample;
import dev.wirespeed.parse.ib.IbLink;
import dev.wirespeed.parse.ib.IbNode;
import dev.wirespeed.parse.ib.RdmaDeviceRecord;
import dev.wirespeed.parse.ib.RdmaGid;
import dev.wirespeed.parse.ib.RdmaPortRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The InfiniBand/RDMA long tail on real pastes (README.md of parse/ib names each source): what the
 * key facts do not pin down, such as whole blocks read, counts, and what must not become a record.
 */
class IbLongTailTest {
    @Test
    void ibdev2netdevAlignedByColumnWithNotesGivesEveryPortAndNoNote() {
        Parsed p = Fixture.only("ib/ibdev2netdev-column-t-comments-imbue4.txt", "ibdev2netdev");
        List<RdmaPortRecord> ports = p.all(RdmaPortRecord.class);
        assertThat(ports).hasSize(12);
        assertThat(ports).filteredOn(r -> "Up".equals(r.netdevState())).extracting(RdmaPortRecord::netdev)
                .containsExactly("enp27s0f0np0", "enp157s0f0np0");
        assertThat(ports).allSatisfy(r -> assertThat(r.state()).as("the carrier is not the port state").isNull());
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void ibdev2netdevVerboseGivesThePortStateAndFirmware() {
        List<Parsed> blocks = Fixture.blocks("ib/ib-guide-annotated-mlx4-qdr-zh.txt").stream()
                .filter(b -> b.format().equals("ibdev2netdev")).toList();
        assertThat(blocks).hasSize(2);
        RdmaPortRecord verbose = blocks.getLast().all(RdmaPortRecord.class).getFirst();
        assertThat(verbose.state()).isEqualTo("ACTIVE");
        assertThat(verbose.netdev()).isEqualTo("ib0");
        assertThat(blocks.getLast().all(RdmaDeviceRecord.class).getFirst().firmware()).isEqualTo("2.9.1000");
    }

    @Test
    void aReadersNoteIsLeftOutOfTheValues() {
        List<Parsed> blocks = Fixture.blocks("ib/ib-guide-annotated-mlx4-qdr-zh.txt");
        RdmaPortRecord ibstatus = blocks.stream().filter(b -> b.format().equals("ibstatus")).findFirst().orElseThrow()
                .all(RdmaPortRecord.class).getLast();
        assertThat(ibstatus.rate().value()).isEqualTo(10e9);
        assertThat(ibstatus.width()).isEqualTo("4X");
        RdmaDeviceRecord devinfo = blocks.stream().filter(b -> b.format().equals("ibv_devinfo")).findFirst().orElseThrow()
                .all(RdmaDeviceRecord.class).getFirst();
        assertThat(devinfo.device()).isEqualTo("mlx4_0");
        assertThat(devinfo.boardId()).isEqualTo("MT_0D81120009");
    }

    @Test
    void rdmaDevLinesWrappedByMailAreJoined() {
        List<RdmaDeviceRecord> devices = Fixture.only("ib/rdma-dev-wrapped-bond-mail.txt", "rdma-dev")
                .all(RdmaDeviceRecord.class);
        assertThat(devices).extracting(RdmaDeviceRecord::device).containsExactly("mlx5_0", "mlx5_1", "rbond0");
        assertThat(devices).extracting(RdmaDeviceRecord::systemImageGuid).containsOnly("248a:0703:0055:4660");
        assertThat(devices.getLast().firmware()).as("a bond device prints no fw").isNull();
    }

    @Test
    void showGidsRowsWithAndWithoutIpv4() {
        List<RdmaGid> gids = Fixture.only("ib/show_gids-trailing-spaces-nine-roce.txt", "show_gids").all(RdmaGid.class);
        assertThat(gids).hasSize(36);
        assertThat(gids).filteredOn(g -> g.ipv4() == null).hasSize(18).allSatisfy(g -> assertThat(g.gid()).startsWith("fe80"));
        assertThat(gids).filteredOn(g -> "v2".equals(g.version()) && g.ipv4() != null).extracting(RdmaGid::index).containsOnly(3);
    }

    @Test
    void ibnetdiscoverPortsGivesLinksOnlyForConnectedPorts() {
        Parsed p = Fixture.only("ib/ibnetdiscover-ports-edr-infiniband_exporter.txt", "ibnetdiscover");
        assertThat(p.all(IbLink.class)).hasSize(7).allSatisfy(l -> {
            assertThat(l.width()).isEqualTo("4X");
            assertThat(l.speed()).isEqualTo("EDR");
        });
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void iblinkinfoLineModeKeepsTheDownPortWithoutPeer() {
        List<IbLink> links = Fixture.blocks("ib/iblinkinfo-line-ibqueryerrors-perfquery-ibsim-lab.txt").stream()
                .filter(b -> b.format().equals("iblinkinfo")).flatMap(b -> b.all(IbLink.class).stream()).toList();
        assertThat(links).hasSize(4);
        IbLink down = links.getLast();
        assertThat(down.node()).isEqualTo("hxa-su2-leaf-r2");
        assertThat(down.state()).isEqualTo("Down");
        assertThat(down.peer()).isEmpty();
        assertThat(down.peerLid()).isNull();
    }

    @Test
    void ibqueryerrorsNamesCaPortsByTheirHeader() {
        List<CounterSample> ports = Fixture.blocks("ib/ibqueryerrors-ca-names-mail-quoted-ceph.txt").stream()
                .flatMap(b -> b.all(CounterSample.class).stream()).toList();
        assertThat(ports).as("14 ports and the switch's port ALL").hasSize(15);
        assertThat(ports).filteredOn(s -> s.subject().endsWith("(rd240 mlx4_0)")).hasSize(2);
    }

    @Test
    void ibnodesListsGiveGuidsPortsAndTheSwitchLid() {
        List<IbNode> nodes = Fixture.blocks("ib/ib-guide-annotated-mlx4-qdr-zh.txt").stream()
                .filter(b -> b.format().equals("ibnodes")).flatMap(b -> b.all(IbNode.class).stream()).toList();
        assertThat(nodes).hasSize(12);
        assertThat(nodes).filteredOn(n -> n.type().equals("Switch")).allSatisfy(n -> {
            assertThat(n.lid()).isEqualTo("2");
            assertThat(n.ports()).isEqualTo(36);
        });
    }
}
