package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.host.Filesystem;
import dev.wirespeed.parse.host.NetInterfaceRecord;
import dev.wirespeed.parse.host.NfsMount;
import dev.wirespeed.parse.host.NfsdPortlist;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ip -d link of IPoIB, ip link wrapped by a mail, NFS mount lines, a bare nfsd portlist (parse/host/README.md). */
class HostNetworkLongTailTest {
    private static <T extends ParsedRecord> List<T> all(String file, String format, Class<T> type) {
        return Fixture.blocks("host/" + file).stream().filter(b -> b.format().equals(format))
                .flatMap(b -> b.all(type).stream()).toList();
    }

    @Test
    void ipDetailsGiveTheIpoibModeAndPartitionKey() {
        List<NetInterfaceRecord> ifs = all("ip-d-link-ipoib-datagram-pkeys-mail.txt", "ip", NetInterfaceRecord.class);
        assertThat(ifs).extracting(NetInterfaceRecord::name).containsExactly("mlx5_ib0.8001", "mlx5_ib0.8002", "mlx5_ib0");
        assertThat(ifs).extracting(NetInterfaceRecord::pkey).containsExactly("0x8001", "0x8002", "0xffff");
        assertThat(ifs).extracting(NetInterfaceRecord::ipoibMode).containsOnly("datagram");
        assertThat(Fixture.blocks("host/ip-d-link-ipoib-datagram-pkeys-mail.txt")).filteredOn(b -> b.format().equals("ip"))
                .allSatisfy(b -> assertThat(b.skipped()).isEmpty());
        // the mode reaches the host facts: doctor's IPoIB rules read it as they read /sys/class/net/NAME/mode
        assertThat(Explainer.standard().explain("d.txt", Fixture.text("host/ip-d-link-ipoib-datagram-pkeys-mail.txt")).facts())
                .anySatisfy(f -> assertThat(f.interfaces()).anySatisfy(i -> {
                    assertThat(i.name()).isEqualTo("mlx5_ib0");
                    assertThat(i.ipoibMode().value()).isEqualTo("datagram");
                }));
        assertThat(all("ip-addr-ipoib-no-carrier-cx6-note.txt", "ip", NetInterfaceRecord.class))
                .allSatisfy(i -> assertThat(i.ipoibMode()).as("plain ip addr prints no mode").isNull());
    }

    @Test
    void aLinkAddressWrappedByAMailIsJoined() {
        assertThat(all("ip-link-ipoib-wrapped-mail-kirjanov.txt", "ip", NetInterfaceRecord.class)).singleElement().satisfies(i -> {
            assertThat(i.name()).isEqualTo("ib1");
            assertThat(i.state()).isEqualTo("UP");
            assertThat(i.linkType()).isEqualTo("infiniband");
            assertThat(i.address()).isEqualTo("80:00:00:66:fe:80:00:00:00:00:00:00:24:8a:07:03:00:a4:3e:7c");
        });
    }

    @Test
    void mountLinesWrappedByAMailAndADocument() {
        assertThat(all("mount-v-nfs-rdma-wrapped-mail-gavriliuk.txt", "mount", NfsMount.class)).singleElement().satisfies(m -> {
            assertThat(m.mountPoint()).isEqualTo("/mnt1");
            assertThat(m.export()).isEqualTo("1.1.1.4:/mnt");
            assertThat(m.transport()).isEqualTo("rdma");
            assertThat(m.port()).isEqualTo(20049);
            assertThat(m.version()).isEqualTo("3");
            assertThat(m.options()).containsEntry("nconnect", "8").containsEntry("addr", "1.1.1.4").hasSize(19);
        });
        List<NfsMount> docs = all("mount-nfs-rdma-v3-v4-wrapped-docs.txt", "mount", NfsMount.class);
        assertThat(docs).extracting(NfsMount::version).containsExactly("3", "4.2");
        assertThat(docs).extracting(NfsMount::transport).containsOnly("rdma");
        assertThat(docs.getLast().options()).containsEntry("max_connect", "2").containsEntry("addr", "10.1.1.21");
        String proc = "10.100.98.3:/storage_pool/shared /mnt/shared nfs4 rw,vers=4.2,proto=tcp,port=2049,addr=10.100.98.3 0 0\n";
        assertThat(LogReader.standard().read(proc).getFirst().outputs()).singleElement().satisfies(b -> {
            assertThat(b.format()).isEqualTo("mount");
            assertThat(b.all(NfsMount.class).getFirst().transport()).isEqualTo("tcp");
        });
        // a local file system is no NFS mount: a Filesystem (issue 26: what backs an NFS export)
        String notNfs = "/dev/sda1 on /boot type ext4 (rw,relatime)\n";
        assertThat(LogReader.standard().read(notNfs).getFirst().outputs()).singleElement().satisfies(b -> {
            assertThat(b.all(NfsMount.class)).isEmpty();
            assertThat(b.all(Filesystem.class)).singleElement().satisfies(f -> {
                assertThat(f.mountPoint()).isEqualTo("/boot");
                assertThat(f.fsType()).isEqualTo("ext4");
            });
        });
    }

    @Test
    void aBarePortlistWithNfsdsPortIsRead() {
        assertThat(all("nfsd-portlist-rdma-twice-vastnfs-note.txt", "nfsd-portlist", NfsdPortlist.class)).singleElement()
                .satisfies(p -> assertThat(p.ports()).containsExactly("rdma 20049", "rdma 20049", "udp 2049", "tcp 2049",
                        "udp 2049", "tcp 2049"));
        assertThat(LogReader.standard().read("tcp 80\ntcp 443\n").getFirst().outputs())
                .as("two listener-like lines without nfsd's port").noneMatch(b -> b.format().equals("nfsd-portlist"));
    }

    @Test
    void ifconfigIsClaimedByItsOwnReaderOnly() {
        // IpParser.reads() answers only "ip …", so "ifconfig" in its programs named a reader that never reads it;
        // the older "Link encap:" layout has its own reader
        assertThat(Parsers.all()).filteredOn(p -> p.programs().contains("ifconfig")).extracting(Parser::format)
                .containsExactly("ifconfig", "ifconfig-link-encap", "ifconfig-grep");
        assertThat(Fixture.blocks("host/ifconfig-net-tools-2.10-veth-mtu-9000-and-lo-netns.txt")).extracting(Parsed::format)
                .containsOnly("ifconfig");
    }
}
