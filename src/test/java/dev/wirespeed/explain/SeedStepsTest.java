package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.parse.Fixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 26, "seed steps nothing covers yet": a seed's step that draws a conclusion, and the rule that draws it. */
class SeedStepsTest {
    static Explanation explain(String fixture) {
        return Explainer.standard().explain(fixture, Fixture.text(fixture));
    }

    static List<Finding> findings(Explanation e, String rule) {
        return e.findings().stream().filter(f -> f.rule().equals(rule)).toList();
    }

    @Test
    void aWholeMstconfigQueryWithoutLinkTypeMeansThePortCannotBeSwitchedToInfiniband() {
        // seed 002: a BlueField-2 engineering sample; "this ES firmware does not support infiniband"
        assertThat(findings(explain("mlx/mstconfig-q-seed002.txt"), "link-type-fixed")).singleElement().satisfies(f -> {
            assertThat(f.severity().name()).isEqualTo("INFO");
            assertThat(f.message()).startsWith("21:00.0 (BlueField2 MBF2M345A-VENOT_ES_Ax): its firmware configuration "
                    + "(158 settings) has no LINK_TYPE_P1");
            assertThat(f.fix().action()).contains("VPI");
        });
        // a query that shows LINK_TYPE_P1, and one cut by grep, say nothing
        assertThat(findings(explain("mlx/mst-status-mlxconfig-link-type-proxmox.txt"), "link-type-fixed")).isEmpty();
        assertThat(findings(explain("mlx/mstconfig-e-grep-num-of-vfs-legend-dgx.txt"), "link-type-fixed")).isEmpty();
        String withLinkType = Fixture.text("mlx/mstconfig-q-seed002.txt").replace("MEMIC_BAR_SIZE 0", "LINK_TYPE_P1 ETH(2)");
        assertThat(findings(Explainer.standard().explain("vpi.txt", withLinkType), "link-type-fixed")).isEmpty();
    }

    @Test
    void cpupowerWithoutADriverSaysTheGovernorCannotBeSetAndWhyAVmIsFine() {
        // seed 003: "lsmod | grep acpi_cpufreq", "modprobe acpi_cpufreq"
        assertThat(findings(explain("host/cpupower-frequency-info-no-driver-ubuntu2004-forum.txt"), "cpufreq-no-driver"))
                .singleElement().satisfies(f -> {
                    assertThat(f.severity().name()).isEqualTo("INFO");
                    assertThat(f.message()).contains("the governor cannot be set", "in a VM");
                    assertThat(f.fix().command()).isEqualTo("modprobe acpi_cpufreq && cpupower frequency-set -g performance");
                });
        assertThat(findings(explain("host/cpupower-frequency-info-intel-pstate-powersave-notes.txt"), "cpufreq-no-driver"))
                .isEmpty();
    }

    @Test
    void cpupowerAndScalingGovernorFeedTheGovernorRule() {
        // seed 003: "cpupower frequency-info", "cat /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor"
        assertThat(findings(explain("host/cpupower-frequency-info-intel-pstate-powersave-notes.txt"), "cpu-governor"))
                .singleElement().satisfies(f -> {
                    assertThat(f.message()).isEqualTo("CPU governor is 'powersave' on all 1 cpufreq policies, not 'performance'");
                    assertThat(f.fix().command()).isEqualTo("cpupower frequency-set -g performance");
                });
        String cat = "$ cat /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor\npowersave\npowersave\nperformance\n";
        assertThat(findings(Explainer.standard().explain("gov.txt", cat), "cpu-governor")).singleElement()
                .satisfies(f -> assertThat(f.message()).isEqualTo("CPU governor is 'powersave' on 2 of 3 cpufreq policies, not 'performance'"));
        // MHz readings are read, but one reading of an idle core is no finding
        String mhz = "$ cat /proc/cpuinfo | grep \"cpu MHz\"\ncpu MHz\t\t: 1200.000\ncpu MHz\t\t: 2000.000\n"
                + "$ lscpu | grep MHz\nCPU MHz:                         1200.000\nCPU max MHz:                     3500.0000\n";
        Explanation e = Explainer.standard().explain("mhz.txt", mhz);
        assertThat(e.summary().formats()).containsEntry("cpufreq", 2);
        assertThat(e.findings()).isEmpty();
    }

    @Test
    void anActiveInfinibandPortWithoutIbIpoibNeedsModprobeForIpTools() {
        // seed 003: ibstat shows the port ACTIVE; "lsmod | grep ib_ipoib", "modprobe ib_ipoib" before iperf3 over ib0
        String ibstat = Fixture.text("ib/ibstat-seed003.txt");
        String lsmod = Fixture.text("host/lsmod-seed003.txt");
        // the seed's own host has it: ib_core's users name ib_ipoib
        assertThat(findings(Explainer.standard().explain("seed.txt", ibstat + lsmod), "ipoib-not-loaded")).isEmpty();
        // the same host before "modprobe ib_ipoib": ib_core's users without it, and no ib0 in the paste
        String before = lsmod.replace(",ib_ipoib", "");
        assertThat(before).isNotEqualTo(lsmod);
        assertThat(findings(Explainer.standard().explain("before.txt", ibstat + before), "ipoib-not-loaded")).singleElement()
                .satisfies(f -> {
                    assertThat(f.message()).startsWith("mlx5_0 port 1 is ACTIVE but ib_ipoib is not loaded");
                    assertThat(f.fix().command()).isEqualTo("modprobe ib_ipoib");
                });
        // with ib0 shown (seed 003's "ip a | grep ib"), IPoIB is there whatever lsmod says (built into the kernel)
        assertThat(findings(Explainer.standard().explain("ib0.txt", ibstat + before + Fixture.text("host/ip-addr-seed003.txt")),
                "ipoib-not-loaded")).isEmpty();
    }
}
