package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link FormatWrap} joins and what it leaves (issue 31 round 17). The real wrapped samples are fixtures with key
 * facts (parse/pci/lspci-*-wrapped-*, parse/perftest/ib_read_bw-hns-roce-msgrate-head-and-vaddr-wrapped-quoted-linux-rdma-mail.txt,
 * parse/fio/fio-3.x-*-wrapped-*, parse/iperf/iperf3-3.x-tap-tun-every-line-ends-in-markdown-backslash-break-readme.txt);
 * here the cases where two real lines must stay two, and the backslash form no public sample showed outside a held-out set.
 */
class FormatWrapTest {
    private static List<String> joined(String... lines) {
        List<PasteRepair.Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            rows.add(new PasteRepair.Row(i + 1, lines[i], ""));
        }
        return FormatWrap.join(rows, l -> l.startsWith("$ ")).stream().map(PasteRepair.Row::text).toList();
    }

    private static final String DEVICE = "04:00.0 Ethernet controller: Mellanox Technologies MT28800 Family [ConnectX-5 Ex]";

    @Test
    void anLspciFieldWrappedToTheMarginIsOneLine() {
        assertThat(joined(DEVICE, "\t\tInitial VFs: 8, Total VFs: 8, Number of VFs: 0, Function Dependency Link:", "00",
                "\tKernel driver in use: mlx5_core"))
                .containsExactly(DEVICE, "\t\tInitial VFs: 8, Total VFs: 8, Number of VFs: 0, Function Dependency Link: 00",
                        "\tKernel driver in use: mlx5_core");
    }

    @Test
    void proseDeviceLinesStampsAndBlankSeparatedLinesAfterAnLspciBlockStayLinesOfTheirOwn() {
        String numa = "\tFlags: bus master, fast devsel, latency 0, IRQ 16, NUMA node 0, IOMMU group 62";
        assertThat(joined(DEVICE, numa, "The card sits in the slot next to the GPU.")).hasSize(3);
        assertThat(joined(DEVICE, numa, "04:00.1 Ethernet controller: Mellanox Technologies MT28800 Family")).hasSize(3);
        assertThat(joined(DEVICE, numa, "[   12.345678] mlx5_core 0000:04:00.0: firmware version: 16.35.2000")).hasSize(3);
        assertThat(joined(DEVICE, numa, "", "DisINTx-")).hasSize(4);
        assertThat(joined(numa, "DisINTx-")).hasSize(2); // no device line above: not known to be lspci's
        // a list line that ends as lspci ends one, then another tool's heading (seed 002: mstconfig's "Device #1:")
        assertThat(joined("61:00.1 DMA controller: Mellanox Technologies MT42822 BlueField-2 SoC Management Interface (rev 01)",
                "Device #1:", "----------")).hasSize(3);
        assertThat(joined("21:00.0 Ethernet controller: Mellanox Technologies MT2892 Family [ConnectX-6 Dx]", "Device #1:")).hasSize(2);
    }

    @Test
    void aPerftestHeadAndRowContinuedAfterABackslashAreOneHeadAndOneRow() {
        assertThat(joined(" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec] \\",
                "   t_avg[usec]    t_stdev[usec]   99% percentile[usec]   99.9% percentile[usec]",
                " 2       1000          0.97           3.95         1.00 \\",
                "      1.01        0.06         1.20          3.95"))
                .containsExactly(" #bytes #iterations    t_min[usec]    t_max[usec]  t_typical[usec] t_avg[usec]    t_stdev[usec]"
                        + "   99% percentile[usec]   99.9% percentile[usec]", " 2       1000          0.97           3.95         1.00 1.01"
                        + "        0.06         1.20          3.95");
    }

    @Test
    void aWholePerftestRowIsNeverContinuedByTheNextOne() {
        String head = " #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]";
        assertThat(joined(head, " 65536      5000             92.58              92.58              0.176588", " 131072 5000"))
                .hasSize(3);
        assertThat(joined(head, " 65536      5000             92.58              92.58", " 0.176588 1 2")).hasSize(3);
    }

    @Test
    void markdownHardBreaksGoAndEachLineStaysItsOwn() {
        assertThat(joined("[ ID] Interval           Transfer     Bandwidth       Retr \\",
                "[  4]   0.00-40.00  sec   779 MBytes   163 Mbits/sec   60             sender \\",
                "[  4]   0.00-40.00  sec   777 MBytes   163 Mbits/sec                  receiver \\", "iperf Done. \\"))
                .containsExactly("[ ID] Interval           Transfer     Bandwidth       Retr",
                        "[  4]   0.00-40.00  sec   779 MBytes   163 Mbits/sec   60             sender",
                        "[  4]   0.00-40.00  sec   777 MBytes   163 Mbits/sec                  receiver", "iperf Done.");
    }

    @Test
    void aShellCommandContinuedOverOptionLinesKeepsItsBackslashes() {
        List<String> lines = List.of("ib_write_bw -d mlx5_0 \\", "    -x 3 \\", "    --report_gbits \\", "    -q 4 \\", "    10.0.0.1");
        assertThat(joined(lines.toArray(String[]::new))).isEqualTo(lines);
    }

    @Test
    void aFioGroupLineWrappedAfterItsRangeIsOneLine() {
        assertThat(joined("  WRITE: bw=520MiB/s (545MB/s), 520MiB/s-520MiB/s (545MB/s-545MB/s),", "io=5120MiB (5369MB), run=9848-9848msec"))
                .containsExactly("  WRITE: bw=520MiB/s (545MB/s), 520MiB/s-520MiB/s (545MB/s-545MB/s), io=5120MiB (5369MB), run=9848-9848msec");
        // a whole group line is not continued by the next group's
        assertThat(joined("   READ: bw=1MiB/s (1MB/s), 1MiB/s-1MiB/s (1MB/s-1MB/s), io=1MiB (1MB), run=1-1msec",
                "io=2MiB (2MB), run=2-2msec")).hasSize(2);
    }
}
