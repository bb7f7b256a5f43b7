package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.parse.ib.RdmaPortRecord;
import dev.wirespeed.parse.mlx.MlxDevice;
import dev.wirespeed.parse.mlx.MstModule;
import dev.wirespeed.parse.mlx.OfedVersion;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** mlxfwmanager/mlxup version tables: "FW (Running)", PXE/UEFI/Virtio images, and the pending-reset finding. */
class MlxFirmwareVersionsTest {
    private static MlxDevice device(String file) {
        return Fixture.only("mlx/" + file, "mlxfwmanager").all(MlxDevice.class).getFirst();
    }

    private static List<Finding> pending(String file) {
        return Explainer.standard().explain(file, Fixture.text("mlx/" + file)).findings().stream()
                .filter(f -> f.rule().equals("firmware-reset-pending")).toList();
    }

    @Test
    void connectX7RunsTheOldFirmwareUntilReset() {
        Parsed p = Fixture.only("mlx/mlxup-fw-running-cx7.txt", "mlxfwmanager");
        MlxDevice d = p.all(MlxDevice.class).getFirst();
        assertThat(d.firmware()).isEqualTo("28.47.1026");
        assertThat(d.available()).isEqualTo("28.47.1026");
        assertThat(d.runningFirmware()).isEqualTo("28.46.3048");
        assertThat(d.romVersions()).containsExactly(Map.entry("PXE", "3.8.0100"),
                Map.entry("UEFI", "14.39.0014"));
        assertThat(d.status()).isEqualTo("Up to date");
        assertThat(d.resetPending()).isTrue();
        assertThat(p.skipped()).isEmpty();
        assertThat(pending("mlxup-fw-running-cx7.txt")).singleElement().satisfies(f -> {
            assertThat(f.message()).isEqualTo("0000:8e:00.0 runs firmware 28.46.3048 but 28.47.1026 is installed: "
                    + "the new firmware loads only at the next reset");
            assertThat(f.fix().command()).isEqualTo("mlxfwreset -d 0000:8e:00.0 reset");
        });
    }

    @Test
    void blueField2WithVirtioImages() {
        MlxDevice d = device("mlxfwmanager-online-fw-running-bf2.txt");
        assertThat(d.device()).isEqualTo("/dev/mst/mt41686_pciconf0");
        assertThat(d.firmware()).isEqualTo("24.47.1026");
        assertThat(d.available()).isEqualTo("24.43.1014");
        assertThat(d.runningFirmware()).isEqualTo("24.42.1000");
        assertThat(d.romVersions()).containsEntry("UEFI", "14.35.0015").containsEntry("UEFI Virtio net", "21.4.0013")
                .hasSize(4);
        assertThat(pending("mlxfwmanager-online-fw-running-bf2.txt")).hasSize(1);
    }

    @Test
    void noRunningRowNoFinding() {
        MlxDevice d = device("mlxup-query-update-required-cx6lx.txt");
        assertThat(d.firmware()).isEqualTo("26.33.1048");
        assertThat(d.available()).isEqualTo("26.43.1014");
        assertThat(d.runningFirmware()).isNull();
        assertThat(d.romVersions()).containsEntry("PXE", "3.6.0502").containsEntry("UEFI", "14.26.0017");
        assertThat(d.status()).isEqualTo("Update required");
        assertThat(pending("mlxup-query-update-required-cx6lx.txt")).isEmpty();
    }

    @Test
    void mstStatusBeforeMstStart() {
        Parsed p = Fixture.only("mlx/mst-status-not-loaded-lshca28.txt", "mst");
        assertThat(p.all(MstModule.class)).extracting(m -> m.module() + "=" + m.loaded())
                .containsExactly("MST PCI=false", "MST PCI configuration=false");
        assertThat(p.skipped()).isEmpty();
        assertThat(Explainer.standard().explain("m.txt", Fixture.text("mlx/mst-status-not-loaded-lshca28.txt")).findings())
                .filteredOn(f -> f.rule().equals("mst-not-started")).singleElement()
                .satisfies(f -> assertThat(f.fix().command()).isEqualTo("mst start"));
        assertThat(Explainer.standard().explain("m.txt", Fixture.text("mlx/mst-status-seed001.txt")).findings())
                .filteredOn(f -> f.rule().equals("mst-not-started")).as("seed 001's mst is started").isEmpty();
        assertThat(Explainer.standard().explain("m.txt", Fixture.text("mlx/mst-status-mlxconfig-link-type-proxmox.txt")).findings())
                .filteredOn(f -> f.rule().equals("mst-not-started"))
                .as("after mst start only the unused MST PCI module is unloaded; the configuration module serves the tools")
                .isEmpty();
    }

    /** mst start's lines: the module steps as MstModules, every line read, no mst-not-started finding. */
    @Test
    void mstStartOutput() {
        Parsed p = Fixture.only("mlx/mst-start-mlxfwmanager-cx4lx-blog.txt", "mst");
        assertThat(p.all(MstModule.class)).extracting(m -> m.module() + "=" + m.loaded())
                .containsExactly("MST PCI=true", "MST PCI configuration=true", "MST PCI=false");
        assertThat(p.skipped()).isEmpty();
        assertThat(Explainer.standard().explain("m.txt", Fixture.text("mlx/mst-start-mlxfwmanager-cx4lx-blog.txt"))
                .findings()).filteredOn(f -> f.rule().equals("mst-not-started")).isEmpty();
        Parsed seed = Fixture.blocks("seeds/001_f6752bc58d89dcbd.txt").stream()
                .filter(b -> b.format().equals("mst") && b.records().stream()
                        .anyMatch(r -> r.source().text().strip().startsWith("[warn]"))).findFirst().orElseThrow();
        assertThat(seed.all(MstModule.class))
                .as("'[warn] mst_pci is already loaded, skipping'").extracting(m -> m.module() + "=" + m.loaded())
                .containsExactly("MST PCI=true", "MST PCI configuration=true");
        assertThat(seed.skipped()).isEmpty();
    }

    /** ofed_info -s: the MLNX_OFED release line. */
    @Test
    void ofedInfoRelease() {
        Parsed p = Fixture.only("mlx/mlxfwmanager-query-cx7-no-matching-image.txt", "ofed_info");
        OfedVersion v = p.all(OfedVersion.class).getFirst();
        assertThat(v.distribution()).isEqualTo("MLNX_OFED_LINUX");
        assertThat(v.version()).isEqualTo("24.10-3.2.5.0");
        assertThat(v.source().text()).isEqualTo("MLNX_OFED_LINUX-24.10-3.2.5.0:");
        assertThat(p.skipped()).isEmpty();
        assertThat(Fixture.blocks("mlx/mlnx_tune-r-seed001.txt")).extracting(Parsed::format)
                .as("mlnx_tune's 'OK: MLNX_OFED_LINUX-…' stays mlnx_tune's Driver Status").doesNotContain("ofed_info");
    }

    /** Long tail of rdma link: the first iproute2 format and the InfiniBand keywords. */
    @Test
    void rdmaLinkOlderFormatAndIbKeywords() {
        RdmaPortRecord old = Fixture.only("ib/rdma-link-old-format.txt", "rdma-link")
                .all(RdmaPortRecord.class).getFirst();
        assertThat(old.device()).isEqualTo("mlx5_0");
        assertThat(old.port()).isEqualTo(1);
        assertThat(old.state()).isEqualTo("ACTIVE");
        assertThat(old.netdev()).isEqualTo("eth0");
        RdmaPortRecord ib = Fixture.only("ib/rdma-link-ib-rccl1423.txt", "rdma-link")
                .all(RdmaPortRecord.class).getFirst();
        assertThat(ib.device()).isEqualTo("mlx5_7");
        assertThat(ib.baseLid()).isEqualTo("3403");
        assertThat(ib.smLid()).isEqualTo("1");
        assertThat(ib.state()).isEqualTo("DOWN");
    }
}
