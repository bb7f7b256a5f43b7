package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What {@link KernelWrap} joins and what it leaves (issue 31 round 11): the real wrapped samples are fixtures with key
 * facts (parse/kernel/journal-pcie-limited-wrapped-two-quoted-lines-ath11k-mail.txt,
 * pstore-dmesg-r-igb-ice-link-wrapped-quoted-open-iscsi.txt); here the cases where two real lines must stay two.
 */
class KernelWrapTest {
    private static List<String> joined(String... lines) {
        List<PasteRepair.Row> rows = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            rows.add(new PasteRepair.Row(i + 1, lines[i], ""));
        }
        return KernelWrap.join(rows, l -> l.startsWith("dmesg")).stream().map(PasteRepair.Row::text).toList();
    }

    private static final String NOTICE = "[    1.040787] pci 0000:01:00.0: 2.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s";

    @Test
    void theNoticeWrappedOverThreeLinesIsOneLineWithItsFirstNumber() {
        List<PasteRepair.Row> rows = List.of(new PasteRepair.Row(7, NOTICE + " PCIe x1 link at", "> "),
                new PasteRepair.Row(8, "0000:00:01.0 (capable of 31.504 Gb/s with", "> "),
                new PasteRepair.Row(9, "8.0 GT/s PCIe x4 link)", "> "));
        List<PasteRepair.Row> out = KernelWrap.join(rows, l -> false);
        assertThat(out).hasSize(1);
        assertThat(out.getFirst().number()).isEqualTo(7);
        assertThat(out.getFirst().text()).endsWith("link at 0000:00:01.0 (capable of 31.504 Gb/s with 8.0 GT/s PCIe x4 link)");
    }

    @Test
    void aLineWithItsOwnStampOrDriverIsNeverARest() {
        assertThat(joined(NOTICE + " PCIe x1 link at", "[    1.040790] pci 0000:01:00.0: Adding to iommu group 3")).hasSize(2);
        assertThat(joined("[ 8364.650898] ice 0000:01:00.0 ice0: NIC Link is up 25 Gbps Full",
                "ice 0000:01:00.1 ice1: NIC Link is Down")).hasSize(2);
        assertThat(joined("[ 20.680882] e1000e 0000:00:19.0 eth0: something the driver said about the link at",
                "mlx4_en: eth1: Link Up")).hasSize(2);
    }

    @Test
    void aTxTimeoutLineTakesTheRestThatBringsItsStallEvenWhenTheRestLooksLikeAField() {
        // round 13: virtio_net's line ends "…, N usecs ago"; the mail broke it before "name: output.0, …"
        assertThat(joined("[  254.060962] virtio_net virtio1 ens3: TX timeout on queue: 0, sq: output.0, vq: 0x1,",
                "name: output.0, 8856000 usecs ago")).containsExactly(
                "[  254.060962] virtio_net virtio1 ens3: TX timeout on queue: 0, sq: output.0, vq: 0x1, name: output.0,"
                        + " 8856000 usecs ago");
        // without that end, a "name: value" line after it stays a line of its own
        assertThat(joined("[  254.060962] virtio_net virtio1 ens3: TX timeout on queue: 0, sq: output.0, vq: 0x1,",
                "name: output.0")).hasSize(2);
    }

    @Test
    void aSentenceWhoseFixedEndNeverComesStaysAsPrinted() {
        // ixgbevf prints "NIC Link is Up 10 Gbps" and nothing after it: the prose under it is no rest
        assertThat(joined("[   12.345678] ixgbevf 0000:00:06.0 eth0: NIC Link is Up 10 Gbps",
                "This is where the VF came up.", "After that nothing happened for an hour.")).hasSize(3);
    }

    @Test
    void aFinishedOrShortLineIsNotJoinedNorIsACommandOrAnIndentedDumpLine() {
        assertThat(joined("[ 6112.388874] e1000e: eth0 NIC Link is Up 100 Mbps Full Duplex, Flow Control: None",
                "then I unplugged it")).hasSize(2);
        assertThat(joined("[ 1.2] pci 0000:01:00.0: at", "0000:00:01.0")).hasSize(2); // short: no wrap
        assertThat(joined("[ 9327.470501] e1000e 0000:00:19.0 eth0: Detected Hardware Unit Hang while sending at",
                "  TDH                  <13>")).hasSize(2);
        assertThat(joined("[ 9327.470501] e1000e 0000:00:19.0 eth0: Detected Hardware Unit Hang while sending at",
                "dmesg | grep e1000e")).hasSize(2);
    }
    @Test
    void kernelLinesGluedWhenTheirNewlinesWereLostAreCutBeforeEachStamp() {
        // round 15: parse/kernel/dmesg-newlines-lost-ipq806x-gmac-dwmac-link-up-lede7453.txt is the real sample
        assertThat(joined("lan0: RX-Q ok.[   75.995209] dwmac eth1: configuring[   76.002587] dwmac eth1: Link is Up"
                + "[   76.011364] IPv6: ADDRCONF(NETDEV_CHANGE): eth1: link becomes ready")).containsExactly("lan0: RX-Q ok.",
                "[   75.995209] dwmac eth1: configuring", "[   76.002587] dwmac eth1: Link is Up",
                "[   76.011364] IPv6: ADDRCONF(NETDEV_CHANGE): eth1: link becomes ready");
        // one stamp inside a line is text (a quoted earlier message), not a lost newline
        assertThat(joined("[   76.1] note: the log said[   76.002587] eth1: Link is Up")).hasSize(1);
        // a stamp after a blank is no glue
        assertThat(joined("x [   75.995209] a [   76.002587] b [   76.011364] c")).hasSize(1);
    }

    @Test
    void anIndentedKernelLineTakesTheRestIndentedAlikeUntilItsEnd() {
        // round 15b: a commit message quotes mlx5_cmd_out_err's line indented, wrapped after "(pid N):" and "status"
        assertThat(joined("    mlx5_core 0000:41:04.2: mlx5_cmd_out_err:782:(pid 8321):",
                "    CREATE_GENERAL_OBJECT(0xa00) op_mod(0xd) failed, status",
                "    bad parameter(0x3), syndrome (0x5fa1c), err(-22)")).containsExactly(
                "    mlx5_core 0000:41:04.2: mlx5_cmd_out_err:782:(pid 8321): CREATE_GENERAL_OBJECT(0xa00) op_mod(0xd)"
                        + " failed, status bad parameter(0x3), syndrome (0x5fa1c), err(-22)");
        // wrapped after the command: the syndrome ends it, the prose after it stays
        assertThat(joined(" mlx5_core 0000:08:00.0: mlx5_cmd_check:782:(pid 980716): DEALLOC_PD(0x801)",
                " op_mod(0x0) failed, status bad resource state(0x9), syndrome (0x31b635)", " Cc: someone")).hasSize(2);
        // a rest indented otherwise than its head is no part of it (a hung-task report's deeper lines)
        assertThat(joined("     mlx5_core 0000:01:00.0: mlx5_cmd_check:782:(pid 3880418): DEALLOC_PD(0x801)",
                "           op_mod(0x0) failed, status bad resource state(0x9), syndrome (0x31b635)")).hasSize(2);
        // a complete line is never continued
        assertThat(joined("  mlx5_core 0000:04:00.0: mlx5_cmd_check:756:(pid 12450): ACCESS_REG(0x805) op_mod(0x1) failed,"
                + " status bad parameter(0x3), syndrome (0x1e5585)", "  Fix it by setting local port to one.")).hasSize(2);
    }
    @Test
    void aPrefixOnlyLineTakesTheMlx5CommandItsReplyWrappedOverFourLinesButNotAnUnendedOne() {
        // round 16: a reply rewrapped "[…] mlx5_core 0000:d8:00.0:" before a long word; the end is the recovery's
        assertThat(joined("[ 1537.028969] mlx5_core 0000:d8:00.0:", "wait_func_handle_exec_timeout:1062:(pid 1416): cmd[0]:",
                "CREATE_EQ(0x301)", "recovered after timeout")).containsExactly("[ 1537.028969] mlx5_core 0000:d8:00.0:"
                        + " wait_func_handle_exec_timeout:1062:(pid 1416): cmd[0]: CREATE_EQ(0x301) recovered after timeout");
        // the same start whose end never comes: only the rest that completes the prefix is joined
        assertThat(joined("[ 1537.028969] mlx5_core 0000:d8:00.0:", "wait_func_handle_exec_timeout:1062:(pid 1416): cmd[0]:",
                "CREATE_EQ(0x301)", "and then", "nothing")).hasSize(4);
    }

    @Test
    void anErrorCqeCutByItsWriterIsNotJoinedToTheProseAfterIt() {
        assertThat(joined("     mlx5_core 0017:01:00.0 eth1: Error cqe on cqn 0x54e, ci 0xb06,",
                "     then the watchdog fired")).hasSize(2);
        assertThat(joined("    mlx5_core 0000:3b:00.1 eth1: Error cqe on cqn 0x817, ci 0x8,",
                "    qn 0x1dbb, opcode 0xd, syndrome 0x1, vendor syndrome 0x68")).hasSize(1);
    }
    @Test
    void gluedSyslogOrKernelPrefixedLinesAreCutButOneSyslogLineStays() {
        assertThat(joined("Nov  9 11:20:38 debian kernel: [69300.887669] pcieport 0000:00:02.0: AER: Multiple Corrected error"
                + " received: id=0010")).hasSize(1);
        assertThat(joined("kernel: pcieport 0000:00:1b.2: AER: Correctable error received from 0000:03:04.0 kernel: pcieport"
                + " 0000:03:04.0: PCIe Bus Error: severity=Correctable, type=Physical Layer, (Receiver ID) kernel: pcieport"
                + " 0000:03:04.0: [ 0] RxErr")).containsExactly(
                "kernel: pcieport 0000:00:1b.2: AER: Correctable error received from 0000:03:04.0",
                "kernel: pcieport 0000:03:04.0: PCIe Bus Error: severity=Correctable, type=Physical Layer, (Receiver ID)",
                "kernel: pcieport 0000:03:04.0: [ 0] RxErr");
        // one glued head is not enough: prose may name a time and a tag once
        assertThat(joined("it failed at Apr 8 08:45:41 ubuntu1804 kernel: [ 8.546423] pcieport 0000:00:1c.4: AER: x")).hasSize(1);
    }

    @Test
    void aRecordsFurtherLinesIndentedToItsStampAreItsLinesAndOthersStay() {
        // round 17: dmesg prints a record's further lines indented to the stamp's width (NVIDIA's three-line NVRM record)
        assertThat(joined("[ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0",
                "               NVRM: (PCI ID: 10de:26b5) installed in this system has",
                "               NVRM: fallen off the bus and is not responding to commands.",
                "[ 1843.439662] NVRM: The NVIDIA probe routine failed for 1 device(s).")).containsExactly(
                "[ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0 NVRM: (PCI ID: 10de:26b5) installed in this system has NVRM:"
                        + " fallen off the bus and is not responding to commands.",
                "[ 1843.439662] NVRM: The NVIDIA probe routine failed for 1 device(s).");
        // indented otherwise (a writer's own wrap, five blanks), it is no line of the record
        assertThat(joined("[   22.879706] input: AVOCENT as /devices/pci0000:70/0000:70:07.1/0000:71:00.4/usb4/4-1/4-1.",
                "     2/4-1.2.1/4-1.2.1:1.0/0003:0624:0307.0001/input/input2")).hasSize(2);
    }
}
