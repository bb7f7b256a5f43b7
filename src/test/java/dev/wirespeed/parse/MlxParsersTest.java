package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.ib.RdmaPortRecord;
import dev.wirespeed.parse.mlx.MlxDevice;
import dev.wirespeed.parse.mlx.MlxSetting;
import dev.wirespeed.parse.mlx.MstDevice;
import dev.wirespeed.parse.mlx.TuneItem;
import dev.wirespeed.parse.pci.PcieLinkRecord;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class MlxParsersTest {
    @Test
    void mstconfigQueryOfBlueField2() {
        Parsed p = Fixture.only("mlx/mstconfig-q-seed002.txt", "mlxconfig");
        MlxDevice d = p.all(MlxDevice.class).getFirst();
        assertThat(d.device()).isEqualTo("21:00.0");
        assertThat(d.deviceType()).isEqualTo("BlueField2");
        assertThat(d.partNumber()).isEqualTo("MBF2M345A-VENOT_ES_Ax");
        List<MlxSetting> s = p.all(MlxSetting.class);
        assertThat(s).hasSize(158);
        assertThat(s).filteredOn(x -> x.name().equals("SRIOV_EN")).singleElement()
                .satisfies(x -> assertThat(x.nextBoot()).isEqualTo("True(1)"));
        assertThat(s.getLast().name()).isEqualTo("SAFE_MODE_ENABLE");
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void mlxconfigSetShowsNextBootAndNew() {
        MlxSetting s = Fixture.only("mlx/mlxconfig-set-seed001.txt", "mlxconfig").all(MlxSetting.class).getFirst();
        assertThat(s.name()).isEqualTo("LINK_TYPE_P1");
        assertThat(s.nextBoot()).isEqualTo("IB(1)");
        assertThat(s.newValue()).isEqualTo("ETH(2)");
    }

    @Test
    void installerPrintsPcieCheckAndFirmwareQuery() {
        List<PcieLinkRecord> links = Fixture.only("mlx/mlnxofedinstall-seed001.txt", "mlnxofedinstall").all(PcieLinkRecord.class);
        assertThat(links).extracting(PcieLinkRecord::address).containsExactly("03:00.0", "04:00.0", "06:00.0");
        assertThat(links.getFirst().speed().value()).isEqualTo(5.0);
        assertThat(links.getFirst().width().value()).isEqualTo(16.0);
        assertThat(links.getLast().width()).isEqualTo(Quantity.lanes(4, "x4")); // the token as printed, not its line
        assertThat(links.getLast().capableWidth()).isEqualTo(Quantity.lanes(8, "x8"));
        assertThat(links.getFirst().speed().raw()).isEqualTo("5GT/s");
        assertThat(links.getLast().widthDowngraded()).isTrue();
        List<MlxDevice> fw = Fixture.only("mlx/mlnxofedinstall-seed001.txt", "mlxfwmanager").all(MlxDevice.class);
        assertThat(fw).hasSize(3);
        assertThat(fw.getFirst().partNumber()).isEqualTo("MCX455A-ECA_Ax");
        assertThat(fw.getFirst().firmware()).isEqualTo("12.21.1000");
        assertThat(fw.getFirst().available()).isEqualTo("12.25.1020");
        assertThat(fw.getFirst().status()).isEqualTo("Update required");
    }

    @Test
    void mstStatusLinuxAndWindows() {
        List<MstDevice> d = Fixture.only("mlx/mst-status-seed001.txt", "mst").all(MstDevice.class);
        assertThat(d).hasSize(5);
        assertThat(d.getLast().path()).isEqualTo("/dev/mst/mt4115_pciconf0");
        assertThat(d.getLast().pciAddress()).isEqualTo("0000:03:00.0");
        MstDevice w = Fixture.only("mlx/mst-status-v-windows-seed001.txt", "mst").all(MstDevice.class).getFirst();
        assertThat(w.path()).isEqualTo("mt4115_pciconf0");
        assertThat(w.pciAddress()).isEqualTo("02:00.0");
    }

    @Test
    void mlnxTuneReportPciSpeedWarning() {
        Parsed p = Fixture.only("mlx/mlnx_tune-r-seed001.txt", "mlnx_tune");
        List<TuneItem> items = p.all(TuneItem.class);
        assertThat(items).filteredOn(i -> i.section().equals("ConnectX-4 Device Status on PCI 03:00.0")
                        && "PCI Speed".equals(i.item())).singleElement()
                .satisfies(i -> {
                    assertThat(i.level()).isEqualTo("Warning");
                    assertThat(i.value()).isEqualTo("5GT/s");
                    assertThat(i.advice()).startsWith("PCI width status is below PCI capabilities");
                });
        assertThat(items).filteredOn(i -> i.section().equals("enp3s0 (Port 1) Status") && "Speed".equals(i.item()))
                .singleElement().satisfies(i -> assertThat(i.value()).isEqualTo("100GbE"));
        assertThat(p.skipped()).isEmpty();
    }

    @Test
    void mlx5cmdWidthX4ThenX16() {
        Parsed x4 = Fixture.only("mlx/mlx5cmd-stat-x4-seed001.txt", "mlx5cmd");
        assertThat(x4.all(PcieLinkRecord.class).getFirst().width()).isEqualTo(Quantity.lanes(4, "x4"));
        assertThat(x4.all(PcieLinkRecord.class).getFirst().speed().value()).isEqualTo(8.0);
        RdmaPortRecord down = x4.all(RdmaPortRecord.class).getFirst();
        assertThat(down.state()).isEqualTo("DOWN");
        assertThat(down.physicalState()).isEqualTo("Disabled");
        Parsed x16 = Fixture.only("mlx/mlx5cmd-stat-x16-seed001.txt", "mlx5cmd");
        assertThat(x16.all(PcieLinkRecord.class).getFirst().width()).isEqualTo(Quantity.lanes(16, "x16"));
        assertThat(x16.all(RdmaPortRecord.class).getFirst().rate().value()).isEqualTo(100e9);
        assertThat(x16.all(MlxDevice.class).getFirst().firmware()).isEqualTo("12.25.1020");
    }

    /**
     * mlxconfig -e rows pasted without their head (issue 31 round 4: heldout2's sriov-network-operator
     * pastes): the rows of the Slingshot guide's query, its "Configurations:" line cut away, read as
     * mlxconfig's by their shape.
     */
    @Test
    void extendedRowsWithoutTheirHead() {
        String rows = Fixture.text("mlx/slingshot-firmware-mlxfwmanager-mlxconfig-e-star-hpe-doc.txt").lines()
                .dropWhile(l -> !l.startsWith("Configurations:")).skip(1).takeWhile(l -> !l.startsWith("The '*'"))
                .collect(Collectors.joining("\n", "", "\n"));
        List<Parsed> blocks = Fixture.blocksOf(rows);
        assertThat(blocks).singleElement().satisfies(b -> {
            assertThat(b.format()).isEqualTo("mlxconfig");
            assertThat(b.all(MlxSetting.class)).extracting(MlxSetting::name)
                    .containsExactly("MEMIC_BAR_SIZE", "MEMIC_SIZE_LIMIT", "ADVANCED_PCI_SETTINGS", "SAFE_MODE_THRESHOLD",
                            "SAFE_MODE_ENABLE");
        });
        MlxSetting pci = blocks.getFirst().all(MlxSetting.class).get(2);
        assertThat(pci.modified()).isTrue();
        assertThat(pci.currentValue()).isEqualTo("True(1)");
    }
}
