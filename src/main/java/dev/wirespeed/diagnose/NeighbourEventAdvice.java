package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.KernelError;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Findings for the kernel lines of a NIC's neighbours (issue 31 round 17): an NVMe controller that went down or whose
 * commands time out, an NVIDIA GPU's Xid or NVSwitch's SXid. Each names the drive or GPU and what its line says, and
 * says that it is no finding about the network: a drive or GPU failing beside a NIC proves nothing about the NIC (a
 * shared PCIe port would show in that port's own AER lines). Used by {@link KernelEventsRule}.
 */
final class NeighbourEventAdvice {
    private NeighbourEventAdvice() {}

    private static final String NOT_THE_NIC = "; this is no network finding: a drive or GPU failing beside a NIC says"
            + " nothing about the NIC unless AER lines show a PCIe port they share";

    /**
     * NVIDIA's Xid catalog (docs.nvidia.com/deploy/xid-errors), for the numbers most often pasted beside NIC lines: what
     * the number means and whether the GPU itself (hardware, bus, power) is named. Other numbers: the catalog.
     */
    private static final Map<Integer, String> XIDS = Map.ofEntries(
            Map.entry(13, "graphics engine exception: most often the application's own fault (an illegal instruction or"
                    + " an access out of range)"),
            Map.entry(31, "GPU memory page fault: most often the application's (or its framework's) bad address"),
            Map.entry(43, "the GPU stopped processing the application's work: most often the application's fault"),
            Map.entry(45, "preemptive cleanup: the driver ended the work after an earlier error, which is the one to act on"),
            Map.entry(48, "double-bit ECC error in GPU memory: a hardware memory error; the GPU needs a reset"),
            Map.entry(63, "a memory row was marked for remapping: a reset of the GPU activates it"),
            Map.entry(64, "a memory row could not be remapped: the GPU's memory is failing"),
            Map.entry(74, "NVLink error: a link between GPUs (or to an NVSwitch) failed"),
            Map.entry(79, "the GPU has fallen off the bus: it stopped answering on PCIe (power, cooling, the slot or riser,"
                    + " the link)"),
            Map.entry(94, "contained ECC error: the affected application was stopped, the GPU goes on"),
            Map.entry(95, "uncontained ECC error: every application on the GPU is affected; the GPU needs a reset"),
            Map.entry(109, "context switch timeout: the GPU did not switch work in time (the application or the driver)"),
            Map.entry(119, "GSP RPC timeout: the GPU's system processor did not answer the driver"),
            Map.entry(120, "GSP error: the GPU's system processor reported an error"));
    /** The Xids that name the GPU's hardware, its bus or its firmware: an error finding. */
    private static final List<Integer> HARDWARE = List.of(48, 64, 74, 79, 95, 119, 120);
    /** Xid 144 to 150: NVLink errors of newer GPUs, each line saying "Fatal" or "Nonfatal" (the catalog's sub-codes). */
    private static final int NVLINK_FIRST = 144;
    private static final int NVLINK_LAST = 150;
    private static final Pattern XID = Pattern.compile("Xid (\\d+)");
    /** Xid 45's own hint: "… caused by previous Xid 149". */
    private static final Pattern PREVIOUS = Pattern.compile(".*caused by previous Xid (\\d+).*");

    /**
     * nvme_timeout(): CSTS (the controller's status register) read all ones means the controller's registers no longer
     * answer; PCI_STATUS 0xffff means its PCI configuration space does not either (the device is gone from the bus).
     */
    static Finding nvmeControllerDown(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        String status = first.detail() == null ? "" : " (" + first.detail() + ")";
        boolean gone = first.detail() != null && first.detail().contains("PCI_STATUS=0xffff");
        return new Finding("kernel-nvme-controller-down", Severity.ERROR, first.subject(),
                first.subject() + ": NVMe controller stopped answering " + g.size() + " time(s)" + status + " and the driver"
                        + " reset it: " + (gone ? "its PCI configuration space reads all ones too, so the drive is gone from"
                        + " the bus (link down, power lost or the drive hung)" : "its registers read all ones while its PCI"
                        + " function still answers (a power-saving state it did not leave, or the drive hung)")
                        + "; the line cannot tell which" + NOT_THE_NIC,
                evidence, null,
                Fix.action("look for AER lines on the drive's PCIe port before it; as a test, boot with"
                        + " nvme_core.default_ps_max_latency_us=0 pcie_aspm=off (the kernel's own hint: it keeps the drive out"
                        + " of its deepest power states); update the drive's firmware; reseat the drive and check its cooling;"
                        + " a drive that still drops is the drive's or the slot's fault, not the network's"));
    }

    /** nvme_timeout(): a command got no completion in time; "aborting" first, a reset when the abort does not help. */
    static Finding nvmeIoTimeout(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        String queues = g.stream().map(KernelError::queue).filter(Objects::nonNull).distinct().map(q -> "QID " + q)
                .collect(Collectors.joining(", "));
        String actions = g.stream().map(KernelError::detail).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining(", "));
        return new Finding("kernel-nvme-io-timeout", Severity.WARN, first.subject(),
                first.subject() + ": " + g.size() + " NVMe command(s) timed out" + (queues.isEmpty() ? "" : " on " + queues)
                        + (actions.isEmpty() ? "" : " (the driver: " + actions + ")") + ": the drive did not complete them in"
                        + " time (nvme_core.io_timeout, 30 s by default); a busy drive, one in a power-saving state, or a"
                        + " failing drive or link; the line cannot tell which" + NOT_THE_NIC,
                evidence, null,
                Fix.action("read the lines after it (an abort status, \"controller is down\", a reset or the drive's removal)"
                        + " and any AER lines on its PCIe port; check the drive's health (nvme smart-log: critical warning,"
                        + " media errors, temperature) and update its firmware"));
    }

    /** NVRM's Xid, an NVSwitch's SXid, or a GPU fallen off the bus without an Xid. */
    static Finding gpuError(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        List<String> codes = g.stream().map(KernelError::errorType).filter(Objects::nonNull).distinct().toList();
        boolean fallen = g.stream().anyMatch(e -> e.errorType() == null && e.detail() != null
                && e.detail().contains("fallen off the bus"));
        String meaning = null;
        boolean hardware = fallen;
        boolean nvlink = false;
        for (String code : codes) {
            Matcher x = XID.matcher(code);
            if (x.matches()) { // "SXid 20034" is no Xid
                int n = Integer.parseInt(x.group(1));
                hardware |= HARDWARE.contains(n);
                nvlink |= n >= NVLINK_FIRST && n <= NVLINK_LAST;
                meaning = meaning != null ? meaning : XIDS.get(n);
            }
        }
        boolean fatal = g.stream().anyMatch(e -> e.detail() != null && e.detail().matches(".*\\bFatal\\b.*"));
        if (nvlink && meaning == null) {
            meaning = "an NVLink error (Xid 144 to 150): the line's own word says whether it was fatal, the catalog's"
                    + " sub-code what failed";
        }
        hardware |= nvlink && fatal;
        String previous = g.stream().map(KernelError::detail).filter(Objects::nonNull).map(PREVIOUS::matcher)
                .filter(Matcher::matches).map(m -> "Xid " + m.group(1)).distinct().collect(Collectors.joining(", "));
        boolean sxid = codes.stream().anyMatch(c -> c.startsWith("SXid"));
        String what = fallen && meaning == null ? "the GPU has fallen off the bus: it stopped answering on PCIe"
                : meaning != null ? meaning
                : sxid ? "an NVSwitch error (the Fabric Manager guide lists its SXids; 20034: a link went down from active)"
                : "a GPU error: NVIDIA's Xid catalog names it";
        return new Finding("kernel-gpu-error", hardware ? Severity.ERROR : Severity.WARN, first.subject(),
                first.subject() + ": " + (codes.isEmpty() ? "GPU error" : String.join(", ", codes)) + " (" + g.size()
                        + " line(s)): " + what + (previous.isEmpty() ? "" : "; the line names the earlier error: " + previous)
                        + NOT_THE_NIC,
                evidence, null,
                Fix.action(nvlink
                        ? "look the number and its sub-code up in NVIDIA's Xid catalog (docs.nvidia.com/deploy/xid-errors);"
                                + " nvidia-smi nvlink -s and -e (the links' state and error counters); reset the GPU, and"
                                + " have a link that keeps failing checked (the GPU, the NVSwitch or the baseboard)"
                        : hardware
                        ? "look the number up in NVIDIA's Xid catalog (docs.nvidia.com/deploy/xid-errors); check the GPU's"
                                + " power cables, temperature and slot, and AER lines on its PCIe port; nvidia-smi -q (ECC and"
                                + " remapped rows); reset the GPU or the node, and have a GPU that repeats it replaced"
                        : "look the number up in NVIDIA's Xid catalog (docs.nvidia.com/deploy/xid-errors): act first on the"
                                + " earliest Xid of the log (a later Xid 45 only cleans up after it); the catalog says whether"
                                + " the application, the driver or the GPU is the cause, and an application's fault is the"
                                + " application's to fix"));
    }
}
