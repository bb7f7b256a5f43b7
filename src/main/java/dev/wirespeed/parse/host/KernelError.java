package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.LogInput;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A kernel error line of a NIC, RDMA device or PCIe link:
 * <ul>
 *   <li>{@code tx-timeout}: the stack's watchdog (net/sched/sch_generic.c, dev_watchdog: "NETDEV WATCHDOG: eth1
 *       (ixgbe): transmit queue 0 timed out", since 6.x "… CPU: 3: transmit queue 0 timed out 5010 ms") or
 *       the driver's own report (mlx5 "TX timeout on queue: 1, … usecs since last trans: N", bnxt "TX timeout
 *       detected"): a send queue made no progress;</li>
 *   <li>{@code cqe-error}: mlx5_ib's dump of an error completion ("Responder error cqe on cqn 0x406:" then
 *       "syndrome 0x5, vendor syndrome 0xf9");</li>
 *   <li>{@code pcie-aer}: drivers/pci/pcie/aer.c, "PCIe Bus Error: severity=Corrected, type=Data Link Layer,
 *       (Transmitter ID)" with the error bits named on the lines after it ("[12] Timeout");</li>
 *   <li>{@code probe-failed}: the driver core could not bind the driver (drivers/base/dd.c: "mlx5_core: probe of
 *       0000:03:00.0 failed with error -22", since 5.x "probe with driver mlx5_core failed with error -22"), the
 *       error as {@code detail} ("error -22"): the device has no interface;</li>
 *   <li>{@code firmware-load-failed}: "Direct firmware load for intel/ice/ddp/ice.pkg failed with error -2"
 *       (drivers/base/firmware_loader), the file as {@code detail}, the error as {@code errorType};</li>
 *   <li>{@code page-allocation-failure}: mm/page_alloc.c, "swapper/21: page allocation failure: order:0, mode:0x20":
 *       the task as {@code errorType}, "order:0, mode:0x20" as {@code detail}; no device is named;</li>
 *   <li>{@code phy-capabilities-failed}: ice could not read the PHY's capabilities from the firmware ("Get PHY
 *       capabilities failed status = -5, continuing anyway", "Get PHY capability failed."): the status as
 *       {@code errorType}, the line as {@code detail};</li>
 *   <li>{@code unsupported-module}: i40e "Rx/Tx is disabled on this device because an unsupported SFP module type
 *       was detected." or ixgbe "failed to load because an unsupported SFP+ or QSFP module type was detected.": the
 *       module type as {@code errorType} ("SFP", "SFP+ or QSFP"), what the driver did as {@code detail};</li>
 *   <li>{@code rdma-command-failed}: bnxt_re's firmware refused, did not answer or could not take a RoCE command
 *       ("QPLIB: cmdq[0x4b9]=0x15 status 0x5"): the command as {@code errorType} ("CREATE_AH (0x15)"), "status 0x5",
 *       "timed out" or "send failed" as {@code syndrome}, the wait as {@code stalledMillis}, the next line's
 *       "Failed to allocate HW AH" as {@code detail} and its RDMA device as {@code iface};</li>
 *   <li>{@code nic-health}: ice's firmware health status ("A parallel fault was detected.", "Module is not
 *       present."): the statement as {@code errorType}, "error" or "info" (the driver's log level) as
 *       {@code severity}, the driver's "Possible Solution" lines as {@code detail}, "Port Number: N" as
 *       {@code queue} (the port);</li>
 *   <li>{@code vf-not-trusted}: the PF refused a VF's request because the VF is not trusted (i40e "Cannot add more
 *       MAC addresses, VF is not trusted, …", ice "Can't add more MAC addresses, because VF-3 is not trusted, …"):
 *       what was refused as {@code errorType} ("add more MAC addresses"), the VF as {@code detail} when named;</li>
 *   <li>{@code firmware-health}: mlx5's health poll found the firmware stuck ("device's health compromised - reached
 *       miss count") or a fatal sensor ("Fatal error 1 detected"), as {@code errorType}; the dump after it gives
 *       {@code syndrome} ("0x7"), {@code vendorSyndrome} (ext_synd) and {@code detail} ("irisc not responding;
 *       fw_ver 20.26.4012");</li>
 *   <li>{@code command-timeout}: an mlx5 firmware command never completed ("CREATE_DCT(0x710) timeout. Will cause a
 *       leak of a command resource", "… No done completion"): the command as {@code errorType}, what the driver
 *       said as {@code detail};</li>
 *   <li>{@code device-reset}: the driver resets its own device: ENA's "The number of lost tx completions is above the
 *       threshold (248 > 128). Reset the device" ("lost tx completions" as {@code errorType}, "248 > 128" as
 *       {@code detail}), "Keep alive watchdog timeout." (the device stopped its keep-alive events: "keep alive watchdog
 *       timeout"), or a bare "Trigger reset is on" ("reset triggered"); the trigger line after a reason is no second
 *       reset; iavf's "Reset indication received from the PF" ("reset by the PF": the PF reset its VF);</li>
 *   <li>{@code vf-request-failed}: the PF refused a VF's virtchnl request: iavf "PF returned error -64
 *       (IAVF_NOT_SUPPORTED) to our request 51" (the status name as {@code errorType}, the number as {@code syndrome},
 *       "request 51" as {@code detail}), ice "PF failed to honor VF 0, opcode 53, error -22" ("error -22", "-22",
 *       "VF 0, opcode 53");</li>
 *   <li>{@code sriov-enable-failed}: mlx5's "pci_enable_sriov failed : -5" ("error -5" as {@code errorType}), bnxt_en's
 *       "not enough MMIO resources for SR-IOV" ("not enough MMIO resources");</li>
 *   <li>{@code firmware-command-failed}: bnxt_en's "hwrm req_type 0x1d seq id 0xb error 0x2": "req_type 0x1d" as
 *       {@code errorType}, the status "0x2" as {@code syndrome};</li>
 *   <li>{@code tx-timeout} also for Intel's own hang check, "Detected Tx Unit Hang" (igb, ixgbe, e1000) and "Detected
 *       Hardware Unit Hang" (e1000e), the statement as {@code errorType}, the dump's "Tx Queue &lt;1&gt;" as {@code queue};</li>
 *   <li>{@code command-recovered}: an mlx5 firmware command whose completion came but whose interrupt never did: the
 *       driver found it by polling the command EQ after its timeout ("Recovered 1 EQEs on cmd_eq", then "cmd[0]:
 *       CREATE_EQ(0x301) recovered after timeout"): the command as {@code errorType}, the EQ line as {@code detail};</li>
 *   <li>{@code task-stalled}: the kernel's hung-task check ("INFO: task kworker/13:2:4055883 blocked for more than 120
 *       seconds.") or soft-lockup watchdog ("watchdog: BUG: soft lockup - CPU#32 stuck for 23s! [ksoftirqd/32:179]"):
 *       the task as printed as {@code errorType}, the stall as {@code stalledMillis}, no device (the line names none);</li>
 *   <li>{@code cqe-error} also for mlx5e's Ethernet queues ("mlx5_core 0000:3b:00.1 eth1: Error cqe on cqn 0x817, ci
 *       0x8, qn 0x1dbb, opcode 0xd, syndrome 0x1, vendor syndrome 0x68"): opcode 0xd (MLX5_CQE_REQ_ERR) as
 *       "Requestor", 0xe (MLX5_CQE_RESP_ERR) as "Responder";</li>
 *   <li>{@code temperature-warning}: mlx5's temperature event ("High temperature on sensors with bit set 0 1",
 *       events.c temp_warn) as {@code errorType}, the sensor masks as {@code detail}.</li>
 * </ul>
 *
 * @param address       the PCI address printed, null when the line names only an interface or RDMA device; a GPU's as NVRM
 *                      prints it ("0000:91:00", no function)
 * @param iface         the netdev or RDMA device named ("eth4", "rocep33s0f0"), an NVMe controller ("nvme0"), null when none
 * @param event         "tx-timeout", "cqe-error", "pcie-aer", "probe-failed", "firmware-load-failed",
 *                      "page-allocation-failure", "phy-capabilities-failed" or "unsupported-module"
 * @param queue         the transmit queue that timed out (an NVMe I/O timeout's QID); for nic-health, the port number the
 *                      driver printed
 * @param stalledMillis how long the queue had not sent (the watchdog's "N ms", mlx5's usecs / 1000)
 * @param errorType     "Responder"/"Requestor" for a CQE; the AER layer ("Physical Layer", "Data Link Layer", …); a
 *                      firmware load's "error -2"; a GPU's "Xid 79", an NVSwitch's "SXid 20034"
 * @param severity      AER severity: "Corrected", "Uncorrected (Non-Fatal)", "Uncorrected (Fatal)"
 * @param syndrome      the CQE syndrome ("0x5")
 * @param vendorSyndrome the CQE vendor syndrome ("0xf9")
 * @param detail        the AER error bits ("RxErr, Timeout"), the CQE syndrome's name, a failed probe's "error -22",
 *                      the firmware file not loaded, an NVMe controller's "CSTS=…, PCI_STATUS=…" or what the driver does
 *                      about a timed-out command ("aborting"), a GPU error's message, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("KernelError")
public record KernelError(String driver, String address, String iface, String event, Integer queue, Long stalledMillis,
                          String errorType, String severity, String syndrome, String vendorSyndrome, String detail,
                          Source source) implements LogInput {
    public static final String TX_TIMEOUT = "tx-timeout";
    public static final String CQE_ERROR = "cqe-error";
    public static final String PCIE_AER = "pcie-aer";
    public static final String PROBE_FAILED = "probe-failed";
    public static final String FIRMWARE_LOAD_FAILED = "firmware-load-failed";
    public static final String PAGE_ALLOCATION_FAILURE = "page-allocation-failure";
    public static final String PHY_CAPABILITIES_FAILED = "phy-capabilities-failed";
    public static final String UNSUPPORTED_MODULE = "unsupported-module";
    public static final String RDMA_COMMAND_FAILED = "rdma-command-failed";
    public static final String NIC_HEALTH = "nic-health";
    public static final String VF_NOT_TRUSTED = "vf-not-trusted";
    public static final String FIRMWARE_HEALTH = "firmware-health";
    public static final String COMMAND_TIMEOUT = "command-timeout";
    public static final String TEMPERATURE_WARNING = "temperature-warning";
    public static final String COMMAND_RECOVERED = "command-recovered";
    public static final String TASK_STALLED = "task-stalled";
    public static final String DEVICE_RESET = "device-reset";
    public static final String VF_REQUEST_FAILED = "vf-request-failed";
    public static final String SRIOV_ENABLE_FAILED = "sriov-enable-failed";
    public static final String FIRMWARE_COMMAND_FAILED = "firmware-command-failed";
    /** nvme_timeout(): the controller stopped answering ("controller is down; will reset: CSTS=…, PCI_STATUS=…"). */
    public static final String NVME_CONTROLLER_DOWN = "nvme-controller-down";
    /** nvme_timeout(): a command on queue QID timed out ("I/O 12 QID 5 timeout, aborting"). */
    public static final String NVME_IO_TIMEOUT = "nvme-io-timeout";
    /** NVIDIA's GPU driver: an Xid/SXid error, or a GPU fallen off the bus. */
    public static final String GPU_ERROR = "gpu-error";

    /** The same error with the AER bits or the CQE syndrome read from the lines after it. */
    KernelError with(String newDetail, String newSyndrome, String newVendorSyndrome) {
        return new KernelError(driver, address, iface, event, queue, stalledMillis, errorType, severity, newSyndrome,
                newVendorSyndrome, newDetail, source);
    }

    /** The same error on the RDMA device the next line names ("bnxt_re0", "rocep65s0f0"). */
    KernelError on(String device) {
        return new KernelError(driver, address, device, event, queue, stalledMillis, errorType, severity, syndrome,
                vendorSyndrome, detail, source);
    }

    /** The same error with the driver a later line names (tg3's "transmit timed out, resetting" after the watchdog). */
    KernelError of(String newDriver) {
        return new KernelError(newDriver, address, iface, event, queue, stalledMillis, errorType, severity, syndrome,
                vendorSyndrome, detail, source);
    }

    /** The same error with the port number a health event's last line gives. */
    KernelError withQueue(Integer port) {
        return new KernelError(driver, address, iface, event, port, stalledMillis, errorType, severity, syndrome,
                vendorSyndrome, detail, source);
    }

    /** Where it happened: the interface or device, else the PCI address. */
    public String subject() {
        return iface != null ? iface : address != null ? address : "kernel";
    }

    @Override
    public Map<String, String> columns() {
        return Columns.of().put("device", address).put("interface", iface).put("event", event).put("queue", queue)
                .put("stalled ms", stalledMillis).put("type", errorType).put("severity", severity)
                .put("syndrome", syndrome).put("vendor syndrome", vendorSyndrome).put("detail", detail).map();
    }

    /** Transmit timeouts, error completions, PCIe AER errors: the kernel-log rule's. */
    @Override
    public void addFacts(FactSink out) {}
}
