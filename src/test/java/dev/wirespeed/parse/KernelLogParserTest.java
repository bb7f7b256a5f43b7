package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.explain.Explainer;
import dev.wirespeed.explain.Explanation;
import dev.wirespeed.parse.host.LinkEvent;
import dev.wirespeed.parse.host.ModuleEvent;
import dev.wirespeed.parse.host.PcieBandwidthLine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** dmesg / syslog lines of PCI devices (parse/kernel/README.md names the sources). */
class KernelLogParserTest {
    private static List<Parsed> blocks(String file) {
        return Fixture.blocks("kernel/" + file).stream().filter(b -> b.format().equals("kernel-log")).toList();
    }

    private static <T extends ParsedRecord> List<T> all(String file, Class<T> type) {
        return blocks(file).stream().flatMap(b -> b.all(type).stream()).toList();
    }

    private static List<Finding> findings(String file, String rule) {
        Explanation e = Explainer.standard().explain(file, Fixture.text("kernel/" + file));
        return e.findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    /** mlx5 health buffer lines as mailed: each value on the line after its prefix; only the syndrome is a record. */
    @Test
    void mlx5FirmwareHealthSyndromeWrappedByAMail() {
        Parsed p = Fixture.only("mlx/mlxup-mstflint-dmesg-health-power9-mail.txt", "kernel-log");
        assertThat(p.all(dev.wirespeed.parse.host.HealthEvent.class)).singleElement().satisfies(h -> {
            assertThat(h.address()).isEqualTo("0001:19:00.0");
            assertThat(h.syndrome()).isEqualTo("0x7");
            assertThat(h.status()).isEqualTo("irisc not responding");
        });
        assertThat(p.skipped()).as("assert_var, fw_ver … are read past").isEmpty();
        List<Finding> health = Explainer.standard().explain("m.txt", Fixture.text("mlx/mlxup-mstflint-dmesg-health-power9-mail.txt"))
                .findings().stream().filter(f -> f.rule().equals("kernel-firmware-health")).toList();
        assertThat(health).singleElement().satisfies(f -> assertThat(f.message()).contains("irisc not responding"));
        assertThat(Explainer.standard().explain("m.txt", Fixture.text("kernel/dmesg-mlx5-arm-nas16.txt")).findings())
                .noneMatch(f -> f.rule().equals("kernel-firmware-health"));
    }

    @Test
    void mlx5ProbeBandwidthAndModulePlugged() {
        List<PcieBandwidthLine> bw = all("dmesg-mlx5-arm-nas16.txt", PcieBandwidthLine.class);
        assertThat(bw).extracting(PcieBandwidthLine::address).containsExactly("0004:01:00.0", "0004:01:00.1");
        PcieBandwidthLine first = bw.getFirst();
        assertThat(first.driver()).isEqualTo("mlx5_core");
        assertThat(first.available().value()).isEqualTo(63.008e9);
        assertThat(first.speed().value()).isEqualTo(8.0);
        assertThat(first.width()).isEqualTo(8);
        assertThat(first.limitedAt()).isNull();
        assertThat(all("dmesg-mlx5-arm-nas16.txt", ModuleEvent.class)).singleElement().satisfies(m -> {
            assertThat(m.module()).isZero();
            assertThat(m.status()).isEqualTo("Cable plugged");
            assertThat(m.error()).isFalse();
        });
        assertThat(blocks("dmesg-mlx5-arm-nas16.txt")).singleElement()
                .satisfies(b -> assertThat(b.skipped()).as("probe lines without a record").hasSize(7));
        assertThat(all("dmesg-mlx5-arm-nas16.txt", dev.wirespeed.parse.mlx.MlxDevice.class))
                .as("mlx5's 'firmware version:' at probe, one per function")
                .extracting(dev.wirespeed.parse.mlx.MlxDevice::pciAddress).containsExactly("0004:01:00.0", "0004:01:00.1");
        assertThat(findings("dmesg-mlx5-arm-nas16.txt", "kernel-module-error")).isEmpty();
        assertThat(findings("dmesg-mlx5-arm-nas16.txt", "pcie-link-downgraded")).as("x8 and not limited").isEmpty();
    }

    @Test
    void limitedLinkBecomesTheDowngradedFinding() {
        PcieBandwidthLine l = all("dmesg-pcie-limited-openmptcprouter3114.txt", PcieBandwidthLine.class).getFirst();
        assertThat(l.available().value()).isEqualTo(16.0e9);
        assertThat(l.limitedAt()).isEqualTo("0000:00:1c.4");
        assertThat(l.speed().value()).isEqualTo(5.0);
        assertThat(l.width()).isEqualTo(4);
        assertThat(l.capable().value()).isEqualTo(63.008e9);
        assertThat(l.capableSpeed().value()).isEqualTo(8.0);
        assertThat(l.capableWidth()).isEqualTo(8);
        assertThat(findings("dmesg-pcie-limited-openmptcprouter3114.txt", "pcie-link-downgraded")).singleElement()
                .satisfies(f -> assertThat(f.message()).contains("5", "x4", "x8"));
    }

    @Test
    void numberedLinesGen5AndGen4() {
        List<PcieBandwidthLine> bw = all("dmesg-numbered-gpu-operator2511.txt", PcieBandwidthLine.class);
        assertThat(bw).extracting(b -> b.available().value()).containsExactly(504.112e9, 252.048e9, 252.048e9);
        assertThat(bw).extracting(b -> b.speed().value()).containsExactly(32.0, 16.0, 16.0);
        assertThat(bw).extracting(PcieBandwidthLine::width).containsOnly(16);
    }

    @Test
    void syslogLinkFlaps() {
        List<LinkEvent> events = all("syslog-igc-link-flaps-lede11302.txt", LinkEvent.class);
        assertThat(events).extracting(LinkEvent::up).containsExactly(false, true, false, true);
        assertThat(events).extracting(LinkEvent::iface).containsOnly("eth5");
        assertThat(events.get(1).detail()).isEqualTo("100 Mbps Full Duplex, Flow Control: RX");
        assertThat(findings("syslog-igc-link-flaps-lede11302.txt", "kernel-link-flaps")).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("eth5: link went down 2 time(s) in the log, each time it came back"));
    }

    @Test
    void oneDownAtTheEndAndAModuleErrorAreFindingsOneUpIsNot() {
        String text = """
                [  5.1] mlx5_core 0000:01:00.0 enp1s0f0np0: Link up
                [ 95.2] mlx5_core 0000:01:00.0: Port module event[error]: module 0, Cable error, Unsupported cable
                [ 95.3] mlx5_core 0000:01:00.0 enp1s0f0np0: Link down
                """;
        Explanation e = Explainer.standard().explain("made-up.txt", text);
        assertThat(e.findings()).extracting(Finding::rule).contains("kernel-link-flaps", "kernel-module-error");
        Explanation up = Explainer.standard().explain("made-up.txt", text.lines().findFirst().orElseThrow());
        assertThat(up.findings()).extracting(Finding::rule).doesNotContain("kernel-link-flaps");
    }
}
