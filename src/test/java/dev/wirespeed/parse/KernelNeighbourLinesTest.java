package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.host.KernelError;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 31 round 17: AER lines typed in lower case, and the lines of a NIC's neighbours (nvme, NVIDIA). The real samples
 * are fixtures with key facts under parse/kernel/ (README there, "round 17"); here what must stay unread, and the lower
 * case no public sample was found in.
 */
class KernelNeighbourLinesTest {
    private static List<KernelError> errors(String text) {
        return Fixture.blocksOf(text).stream().filter(b -> b.format().equals("kernel-log"))
                .flatMap(b -> b.all(KernelError.class).stream()).toList();
    }

    @Test
    void anAerReportTypedInLowerCaseIsReadWithTheKernelsWords() {
        List<KernelError> aer = errors("""
                pcieport 0000:00:1c.0: aer: corrected error received: 0000:00:1c.0
                pcieport 0000:00:1c.0: pcie bus error: severity=corrected, type=physical layer, (receiver id)
                pcieport 0000:00:1c.0:   device [8086:a110] error status/mask=00000001/00002000
                pcieport 0000:00:1c.0:    [ 0] rxerr                  (first)
                """);
        assertThat(aer).singleElement().satisfies(e -> {
            assertThat(e.event()).isEqualTo(KernelError.PCIE_AER);
            assertThat(e.severity()).isEqualTo("Corrected");
            assertThat(e.errorType()).isEqualTo("Physical Layer");
            assertThat(e.detail()).isEqualTo("rxerr");
        });
        // a value printed in the kernel's own case stays as printed
        assertThat(errors("pcieport 0000:00:1c.0: PCIe Bus Error: severity=Uncorrected (Non-Fatal), type=Transaction Layer,"
                + " (Requester ID)\npcieport 0000:00:1c.0:    [14] CmpltTO\n")).singleElement()
                .satisfies(e -> assertThat(e.severity()).isEqualTo("Uncorrected (Non-Fatal)"));
    }

    @Test
    void nvmesOrdinaryLinesAndAnUnquotedSentenceAreNoEvents() {
        assertThat(errors("""
                [    1.10] nvme nvme0: pci function 0000:01:00.0
                [    1.20] nvme nvme0: 4/0/0 default/read/poll queues
                [    1.30] nvme nvme0: Shutdown timeout set to 10 seconds
                """)).isEmpty();
        // prose that names the words without quoting a line is no line
        assertThat(Fixture.blocksOf("I think the nvme0: controller is down; will reset: CSTS=0xffffffff, PCI_STATUS=0xffff"
                + " message means nothing\n")).noneMatch(b -> b.format().equals("kernel-log"));
    }

    @Test
    void anXidsGpuAndNumberAreKeptAsPrintedAndTiedToNoNic() {
        List<KernelError> xid = errors("[ 9.1] NVRM: Xid (PCI:0000:cb:00): 13, pid='<unknown>', name=<unknown>, Graphics SM"
                + " Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter\n");
        assertThat(xid).singleElement().satisfies(e -> {
            assertThat(e.event()).isEqualTo(KernelError.GPU_ERROR);
            assertThat(e.address()).isEqualTo("0000:cb:00");
            assertThat(e.errorType()).isEqualTo("Xid 13");
            assertThat(e.iface()).isNull();
            assertThat(e.detail()).startsWith("pid='<unknown>'");
        });
    }
}
