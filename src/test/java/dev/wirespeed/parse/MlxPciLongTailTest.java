package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.mlx.MlxDevice;
import dev.wirespeed.parse.mlx.MlxSetting;
import dev.wirespeed.parse.mlx.MstDevice;
import dev.wirespeed.parse.mlx.OfedVersion;
import dev.wirespeed.parse.other.ZeroTierNode;
import dev.wirespeed.parse.pci.PciDevice;
import dev.wirespeed.parse.pci.PcieLinkRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The long tail of flint, mlxconfig -e, ofed_info, mst status -v, zerotier-cli info and lspci -t, on real samples. */
class MlxPciLongTailTest {
    private static List<Finding> findings(String fixture, String rule) {
        return Explainer.standard().explain(fixture, Fixture.text(fixture)).findings().stream()
                .filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void flintQueryGuidsMacsSecurityAndRomInfo() {
        Parsed p = Fixture.only("mlx/flint-q-bluefield2-secure-fw-virtio-roms-lshca54.txt", "flint");
        MlxDevice d = p.all(MlxDevice.class).getFirst();
        assertThat(d.device()).isEqualTo("mlx5_0");
        assertThat(d.firmware()).isEqualTo("24.33.1048");
        assertThat(d.baseGuid()).as("the GUID, not its count").isEqualTo("08c0eb030053eaec");
        assertThat(d.baseMac()).isEqualTo("08c0eb53eaec");
        assertThat(d.securityAttributes()).isEqualTo("secure-fw");
        assertThat(d.description()).as("'Description: UID GuidsNumber' heads the GUID table").isNull();
        assertThat(d.romVersions()).containsExactly(Map.entry("UEFI Virtio net", "21.2.10"),
                Map.entry("UEFI Virtio blk", "22.2.10"), Map.entry("UEFI", "14.26.17"),
                Map.entry("PXE", "3.6.502"));
        assertThat(p.skipped()).isEmpty();

        MlxDevice full = Fixture.only("mlx/flint-q-full-hpe-cx4lx-part-number-ethtool-i.txt", "flint")
                .all(MlxDevice.class).getFirst();
        assertThat(full.partNumber()).isEqualTo("817753-B21_Ax");
        assertThat(full.description()).isEqualTo("HPE Ethernet 10/25Gb 2-port 640SFP28 Adapter");
        assertThat(full.securityAttributes()).as("N/A").isNull();

        MlxDevice noted = Fixture.only("mlx/mstflint-q-annotated-lspci-nn-vv-grep-vf-header-7f.txt", "flint")
                .all(MlxDevice.class).getFirst();
        assertThat(noted.firmware()).as("'14.32.1010 <---latest version'").isEqualTo("14.32.1010");
        assertThat(noted.device()).as("the command written as inline code").isEqualTo("0b:00.0");
    }

    @Test
    void mlxfwmanagerBaseGuidAndMac() {
        List<MlxDevice> ds = Fixture.blocks("mlx/mlxfwmanager-query-bf2-bf3-running-virtio-doc.txt").stream()
                .flatMap(b -> b.all(MlxDevice.class).stream()).toList();
        assertThat(ds).extracting(MlxDevice::deviceType).containsExactly("BlueField2", "BlueField3");
        assertThat(ds.get(0).baseGuid()).isEqualTo("a088c20300ea8240");
        assertThat(ds.get(1).baseGuid()).isNull();
        assertThat(ds.get(1).baseMac()).isEqualTo("a088c232137a");
        MlxDevice masked = Fixture.only("mlx/mlxfwmanager-online-fw-running-bf2.txt", "mlxfwmanager")
                .all(MlxDevice.class).getFirst();
        assertThat(masked.baseGuid()).as("masked by its writer").isNull();
    }

    @Test
    void mlxconfigExtendedColumnsAndPendingChange() {
        List<MlxSetting> s = Fixture.only("mlx/mstconfig-e-grep-num-of-vfs-legend-dgx.txt", "mlxconfig")
                .all(MlxSetting.class);
        assertThat(s).singleElement().satisfies(v -> {
            assertThat(v.name()).isEqualTo("NUM_OF_VFS");
            assertThat(v.defaultValue()).isEqualTo("16");
            assertThat(v.currentValue()).isEqualTo("16");
            assertThat(v.nextBoot()).isEqualTo("8");
            assertThat(v.modified()).isTrue();
        });
        assertThat(findings("mlx/mstconfig-e-grep-num-of-vfs-legend-dgx.txt", "mlxconfig-change-pending"))
                .singleElement().satisfies(f -> assertThat(f.message()).startsWith("NUM_OF_VFS is 16 now and 8 at the next boot"));

        List<MlxSetting> sharp = Fixture.blocks("mlx/mlxconfig-e-q-grep-sriov-ib-routing-sharp-notes.txt").stream()
                .flatMap(b -> b.all(MlxSetting.class).stream()).toList();
        assertThat(sharp).extracting(v -> v.currentValue() + ">" + v.nextBoot()).containsExactly("GID(1)>GID(0)", "GID(0)>GID(0)");
        assertThat(findings("mlx/mlxconfig-e-q-grep-sriov-ib-routing-sharp-notes.txt", "mlxconfig-change-pending"))
                .as("before the reset only").hasSize(1);

        Parsed e = Fixture.blocks("mlx/slingshot-firmware-mlxfwmanager-mlxconfig-e-star-hpe-doc.txt").stream()
                .filter(b -> b.format().equals("mlxconfig")).findFirst().orElseThrow();
        assertThat(e.all(MlxSetting.class)).filteredOn(MlxSetting::modified).singleElement()
                .satisfies(v -> assertThat(v.name() + "=" + v.defaultValue() + "/" + v.currentValue() + "/" + v.nextBoot())
                        .isEqualTo("ADVANCED_PCI_SETTINGS=False(0)/True(1)/True(1)"));
        assertThat(e.all(MlxSetting.class)).allSatisfy(v -> assertThat(v.device()).isEqualTo("/dev/mst/mt4119_pciconf0"));
        assertThat(e.skipped()).as("'...' and the '*' legend are mlxconfig's").isEmpty();
        assertThat(findings("mlx/slingshot-firmware-mlxfwmanager-mlxconfig-e-star-hpe-doc.txt", "mlxconfig-change-pending"))
                .as("'*' marks a change from the default, in effect").isEmpty();
    }

    @Test
    void docaOfedReleaseAndMstTableWithEmptyCells() {
        String f = "mlx/doca-fw-updater-ofed-internal-mst-v-vfio-dgx-spark.txt";
        OfedVersion v = Fixture.only(f, "ofed_info").all(OfedVersion.class).getFirst();
        assertThat(v.distribution() + " " + v.version()).isEqualTo("OFED-internal 25.10-1.7.1");
        List<MstDevice> rows = Fixture.only(f, "mst").all(MstDevice.class);
        assertThat(rows).hasSize(6);
        assertThat(rows.getFirst()).satisfies(r -> {
            assertThat(r.deviceType()).isEqualTo("GB100(rev:0)");
            assertThat(r.pciAddress()).isEqualTo("000f:01:00.0");
            assertThat(r.rdma()).isNull();
            assertThat(r.net()).isNull();
            assertThat(r.numaNode()).isEqualTo(-1);
        });
        // the NET cell as printed, and the netdev it names (issue 31: identifiers stay as printed)
        assertThat(rows.getLast().rdma() + " " + rows.getLast().net() + " " + rows.getLast().netdev())
                .isEqualTo("rocep1s0f0 net-aerial00 aerial00");

        Parsed plain = Fixture.only("mlx/ofed-info-plain-debian-packages-mlnx-ofed-5.0.txt", "ofed_info");
        assertThat(plain.all(OfedVersion.class).getFirst().version()).isEqualTo("5.0-2.1.8.0");
        assertThat(plain.skipped()).as("the dpkg package list is ofed_info's").isEmpty();
    }

    @Test
    void zerotierInfo() {
        ZeroTierNode n = Fixture.only("other/zerotier-info-1.10.5-self-hosted-planet.txt", "zerotier")
                .all(ZeroTierNode.class).getFirst();
        assertThat(n.address() + " " + n.version() + " " + n.status()).isEqualTo("8d211494d1 1.10.5 ONLINE");
    }

    @Test
    void lspciTreeAddresses() {
        List<PciDevice> ds = Fixture.only("pci/lspci-tv-cx6dx-gpu-annotated-blog.txt", "lspci-tree").all(PciDevice.class);
        assertThat(ds).extracting(PciDevice::address).containsExactly("0000:c0:00.0", "0000:c0:01.1", "0000:c1:00.0",
                "0000:c1:00.1", "0000:80:00.0", "0000:80:01.1", "0000:81:00.0", "0000:81:00.1", "0000:81:00.2",
                "0000:81:00.3");
        assertThat(ds.get(1).description()).as("a bridge to a bus prints no name").isNull();
        assertThat(ds.get(2).description()).isEqualTo("Mellanox Technologies MT2892 Family [ConnectX-6 Dx]");

        String nested = """
                -[0000:00]-+-00.0
                           +-1c.0-[01]----00.0
                           +-1d.0-[03-3b]----00.0-[04-3b]--+-00.0-[05]----00.0
                           |                               +-01.0-[06-1f]----00.0-[07-09]--+-02.0-[08]----00.0
                           |                               |                               \\-04.0-[09]----00.0-[0a]--
                           \\-1f.0
                """;
        assertThat(Fixture.blocksOf(nested).getFirst().all(PciDevice.class)).extracting(PciDevice::address)
                .containsExactly("0000:00:00.0", "0000:00:1c.0", "0000:01:00.0", "0000:00:1d.0", "0000:03:00.0",
                        "0000:04:00.0", "0000:05:00.0", "0000:04:01.0", "0000:06:00.0", "0000:07:02.0", "0000:08:00.0",
                        "0000:07:04.0", "0000:09:00.0", "0000:00:1f.0");
    }

    @Test
    void lspciBlockIndentedAsAWhole() {
        Parsed p = Fixture.only("pci/lspci-vvvs-cx5ex-rst-indented-old-lnksta-csit.txt", "lspci");
        PciDevice d = p.all(PciDevice.class).getFirst();
        assertThat(d.address()).isEqualTo("5e:00.0");
        assertThat(d.partNumber()).isEqualTo("MCX556A-EDAT");
        PcieLinkRecord l = p.all(PcieLinkRecord.class).getFirst();
        assertThat(l.address()).isEqualTo("5e:00.0");
        assertThat(l.speed().value()).isEqualTo(8);
        assertThat(l.capableSpeed().value()).isEqualTo(16);
        assertThat(l.width()).isEqualTo(Quantity.lanes(16, "x16")); // the token as printed (ethib13)
    }

    /** A root shell's "#" before a known program with arguments, and a command a page wrote as inline code. */
    @Test
    void rootPromptAndInlineCodeCommands() {
        List<Piece> ps = LogReader.standard().read("# mstflint -d 03:00.0 q\n# iperf3\nx\n`lspci -s 5e:00.0 -vv`\ny\n");
        assertThat(ps).extracting(Piece::command).containsExactly("mstflint -d 03:00.0 q", "lspci -s 5e:00.0 -vv");
        assertThat(ps.getFirst().prompt()).isEqualTo("#");
    }

    /** "(rev ff)" and "!!! Unknown header type 7f": configuration reads that nobody answered. */
    @Test
    void pciFunctionsReadingAllOnes() {
        String f = "mlx/mstflint-q-annotated-lspci-nn-vv-grep-vf-header-7f.txt";
        List<PciDevice> ds = Fixture.blocks(f).stream().flatMap(b -> b.all(PciDevice.class).stream()).toList();
        assertThat(ds).filteredOn(d -> Boolean.TRUE.equals(d.unreadable())).extracting(PciDevice::address)
                .containsExactly("0b:01.0", "0b:01.1", "0b:01.2", "0b:01.3", "0b:01.4", "0b:01.5", "0b:01.6", "0000:0b:08.1");
        assertThat(ds).filteredOn(d -> d.address().equals("0b:00.0")).singleElement()
                .satisfies(d -> assertThat(d.unreadable()).isNull());
        assertThat(findings(f, "pci-function-unreadable")).singleElement().satisfies(x -> {
            assertThat(x.message()).startsWith("8 PCI function(s) read back all ones (0b:01.0, 0b:01.1, 0b:01.2, 0b:01.3 …)");
            assertThat(x.fix().command()).contains("/sys/bus/pci/devices/0000:0b:01.0/remove");
        });
        assertThat(findings("pci/lspci-vvvs-cx5ex-rst-indented-old-lnksta-csit.txt", "pci-function-unreadable")).isEmpty();
        assertThat(findings("pci/lspci-tv-cx6dx-gpu-annotated-blog.txt", "pci-function-unreadable")).isEmpty();
    }

    /** issue 31: lspci -vv's VPD that pciutils could not decode, and the SR-IOV counts printed three to a line. */
    @Test
    void vpdReadErrorsAndSriovCounts() {
        String f = "pci/lspci-vvv-vpd-no-end-tag-cx23880-rtl8139-ubuntuforums.txt";
        List<PciDevice> ds = Fixture.blocks(f).stream().flatMap(b -> b.all(PciDevice.class).stream()).toList();
        assertThat(ds).extracting(PciDevice::address, PciDevice::vpdError)
                .containsExactly(tuple("02:02.0", "No end tag found"), tuple("02:05.0", null));
        assertThat(findings(f, "pci-vpd-unreadable")).singleElement().satisfies(x -> {
            assertThat(x.severity()).isEqualTo(Severity.INFO);
            assertThat(x.subject()).isEqualTo("02:02.0");
            assertThat(x.message()).contains("02:02.0 (No end tag found)");
            assertThat(x.fix().command()).isNull(); // whether the card ever had VPD the paste cannot tell
            assertThat(x.fix().action()).contains("cannot tell");
        });
        assertThat(findings("pci/lspci-vvvs-cx5ex-rst-indented-old-lnksta-csit.txt", "pci-vpd-unreadable")).isEmpty();
        PciDevice pf = Fixture.blocks("pci/lspci-vvv-i350-pf-ok-downgraded-x1.txt").stream()
                .flatMap(b -> b.all(PciDevice.class).stream()).findFirst().orElseThrow();
        assertThat(pf.totalVfs()).isEqualTo(8);
        assertThat(pf.numberOfVfs()).isEqualTo(1);
    }
}
