package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.wirespeed.parse.host.HostLabels;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A script's or a poster's own "Label: value" lines beside a tool's output (parse/kernel and parse/ib README rows). */
class HostLabelsParserTest {
    private static List<HostLabels> labels(List<Parsed> blocks) {
        return blocks.stream().flatMap(b -> b.all(HostLabels.class).stream()).toList();
    }

    @Test
    void thePostersLinesUnderACallTraceNameKernelDistributionAndOfed() {
        HostLabels l = labels(Fixture.blocks("kernel/rcu-stall-ib-cq-poll-then-os-kernel-ofed-lines-mail.txt")).getFirst();
        assertThat(l.kernelRelease()).isEqualTo("5.10.91");
        assertThat(l.os()).isEqualTo("Debian 11");
        assertThat(l.ofed()).isEqualTo("MLNX_OFED_LINUX-5.5-1.0.3.2");
        assertThat(labels(Fixture.blocks("kernel/ibv_reg_mr-hang-stack-double-spaced-then-os-kernel-ofed-mail.txt")))
                .as("double spaced by the mail: the repair joins the three lines into one run")
                .extracting(HostLabels::kernelRelease, HostLabels::os, HostLabels::ofed)
                .containsExactly(tuple("4.19.90-2112.8.0.0131.oel", "openEuler 20.03", "MLNX_OFED_LINUX-5.7-1.0.2.0"));
    }

    @Test
    void aScriptsLinesEndWhereEthtoolsOwnOutputBegins() {
        // constructed: a report script's heading and summary lines right above ethtool -i's output
        List<Parsed> blocks = Fixture.blocksOf(String.join("\n", "=== eth0 ===", "Kernel: 5.15.0-91-generic",
                "Driver: mlx5_core", "driver: mlx5_core", "version: 5.8-1.0.1",
                "firmware-version: 16.35.1012 (MT_0000000080)", "bus-info: 0000:3b:00.0"));
        assertThat(blocks).extracting(Parsed::format).containsExactly("host-labels", "ethtool");
        assertThat(labels(blocks).getFirst().kernelRelease()).isEqualTo("5.15.0-91-generic");
    }

    @Test
    void aLogLineOrALoneLabelThatNamesNoFieldIsNoLabel() {
        assertThat(labels(Fixture.blocksOf("Note: the link flapped twice"))).isEmpty();
        assertThat(labels(Fixture.blocksOf("ofed: not installed"))).as("an OFED label alone needs a release").isEmpty();
        assertThat(labels(Fixture.blocksOf("kernel: mlx5_core 0000:3b:00.0: Port module event: module 0, Cable unplugged")))
                .as("a kernel log line: its value is no release").isEmpty();
        assertThat(labels(Fixture.blocksOf("OS: Ubuntu 22.04.3 LTS"))).extracting(HostLabels::os).containsExactly("Ubuntu 22.04.3 LTS");
    }
}
