package dev.wirespeed.parse.host;

import java.util.regex.Pattern;

/**
 * Lines of the kernel's neighbours to a NIC that a pasted log often holds beside its AER or mlx5 lines (issue 31 round
 * 17): the NVMe driver's and NVIDIA's GPU driver's. Each is kept as a kernel event with what it prints (the device, the
 * message) and tied to no NIC: a drive or a GPU that fails next to a NIC proves nothing about the NIC. Read by
 * {@link KernelLogParser}.
 */
final class KernelNeighbourLines {
    private KernelNeighbourLines() {}

    /**
     * drivers/nvme/host/pci.c nvme_timeout(): "nvme nvme0: controller is down; will reset: CSTS=0xffffffff,
     * PCI_STATUS=0xffff" (the controller's status register and the function's PCI status word as read), "nvme nvme0: I/O
     * 12 QID 5 timeout, aborting" (also "…, reset controller", "…, completion polled", "…, disable controller"; 6.x
     * "I/O tag 12 (100c) opcode 0x2 (I/O Cmd) QID 5 timeout, aborting req_op:READ(0) size:4096"). dev_warn() names the
     * controller "nvme nvme0"; a retelling may drop the driver and quote the line inside its prose ('getting the error
     * message "nvme0: controller is down; will reset: …" and after …', xcp-ng/xcp#311). Groups: 1 the controller,
     * 2 the status words of a controller down, 3 the queue of an I/O timeout, 4 what the driver does about it.
     */
    static final Pattern NVME = Pattern.compile("(?:" + KernelLineForms.PREFIX + "|.*?[\"“‘`] ?)(?:nvme )?(nvme\\d{1,4}): (?:controller is down; will"
            + " reset: (CSTS=0x\\p{XDigit}+, PCI_STATUS=0x\\p{XDigit}+)|I/O (?:tag )?\\d+ .{0,60}?QID (\\d+) timeout, "
            + "(aborting|reset controller|completion polled|disable controller)\\b).*");
    /**
     * NVIDIA's resource manager reports a GPU error as an Xid: "NVRM: Xid (PCI:0000:91:00): 79, pid='<unknown>',
     * name=<unknown>, GPU has fallen off the bus." (the GPU as domain:bus:device, the Xid number, then what the driver
     * knows); an NVSwitch's as an SXid: "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 20034, Fatal, Link 48 LTSSM Fault
     * Up". Groups: 1 the reporter ("NVRM", "nvidia-nvswitch1"), 2 Xid or SXid, 3 the device, 4 the number, 5 the message.
     */
    static final Pattern XID = Pattern.compile(KernelLineForms.PREFIX + "(NVRM|nvidia-nvswitch\\d{1,3}): (S?Xid) \\(PCI:"
            + "(\\p{XDigit}{4}:\\p{XDigit}{2}:\\p{XDigit}{2}(?:\\.\\d)?)\\): (\\d{1,6}),? ?(.*)");
    /**
     * NVRM's own sentence for a GPU that stopped answering, without an Xid: "NVRM: GPU 0000:91:00.0: GPU has fallen off the
     * bus.", and the older three-line record "NVRM: The NVIDIA GPU 0000:b3:00.0 / NVRM: (PCI ID: 10de:26b5) installed in
     * this system has / NVRM: fallen off the bus and is not responding to commands." (dmesg prints a record's further
     * lines indented to the stamp's width; {@code KernelWrap} joins them into one line). Groups: 1 and 2 the GPU and the
     * words of the first form, 3 and 4 of the second.
     */
    static final Pattern GPU_GONE = Pattern.compile(KernelLineForms.PREFIX + "NVRM: (?:GPU (\\S+): (GPU has fallen off the bus\\.?)"
            + "|The NVIDIA GPU (\\S+)(?: NVRM:)? \\(PCI ID: [\\p{XDigit}:]+\\) installed in this system has(?: NVRM:)? "
            + "(fallen off the bus and is not responding to commands\\.?))\\s*");
}
