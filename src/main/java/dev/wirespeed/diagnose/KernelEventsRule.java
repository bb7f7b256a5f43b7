package dev.wirespeed.diagnose;

import dev.wirespeed.parse.PciAddress;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.HealthEvent;
import dev.wirespeed.parse.host.KernelError;
import dev.wirespeed.parse.host.LinkEvent;
import dev.wirespeed.parse.host.ModuleEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Kernel log events: a link that went down more than once (flapping) or is down at the end of the
 * log ("kernel-link-flaps"), mlx5 "Port module event[error]" lines ("kernel-module-error":
 * unsupported cable, high temperature, power budget), transmit timeouts ("kernel-tx-timeout"), error
 * completions of an RDMA device ("kernel-cqe-error"), PCIe AER errors ("kernel-pcie-aer"), an ice PHY
 * that did not report its capabilities ("kernel-phy-capabilities"), a transceiver i40e or ixgbe
 * refused ("kernel-unsupported-module"), mlx5's health poll with its dump ("kernel-firmware-health", advised by its
 * syndrome: {@link Mlx5HealthAdvice}), mlx5 firmware commands that did not complete ("kernel-command-timeout") and
 * mlx5's high-temperature warnings ("kernel-adapter-temperature"); a NIC's neighbours in the same log, tied to no NIC
 * ({@link NeighbourEventAdvice}): an NVMe controller down or its commands timing out ("kernel-nvme-controller-down",
 * "kernel-nvme-io-timeout"), an NVIDIA GPU's Xid or NVSwitch's SXid ("kernel-gpu-error").
 */
final class KernelEventsRule implements LogRule {
    @Override
    public String id() {
        return "kernel-link-flaps";
    }

    @Override
    public String description() {
        return "kernel log: link down more than once or down at the end (warn), down once and back (info); transceiver module errors";
    }

    /** dmesg's "[ 139.741]" (seconds since boot) at the start of a line, after a syslog/journal prefix. */
    private static final Pattern UPTIME = Pattern.compile(".*?\\[\\s*(\\d+\\.\\d+)\\].*");

    /**
     * One Link down followed by Link up (issue 26): the link dropped once and came back. The log
     * cannot tell a flap from a cable reseated, the peer restarting or the interface being set up
     * (some drivers log a down first), so it is info, with the time it was down when the lines carry
     * dmesg's uptime; a second drop makes it kernel-link-flaps' warning.
     */
    private Finding onePair(String port, List<LinkEvent> events) {
        LinkEvent down = events.stream().filter(e -> !e.up()).findFirst().orElseThrow();
        LinkEvent up = events.stream().filter(e -> e.up() && e.source().line() > down.source().line()).findFirst()
                .orElse(events.getLast());
        Double since = uptime(down);
        Double until = uptime(up);
        String gap = since != null && until != null && until >= since
                ? String.format(Locale.ROOT, " after %.1f s", until - since) : "";
        return new Finding(id(), Severity.INFO, port, port + ": link went down once and came back" + gap
                + ": a flap, or a cable or optic reseated, the peer restarting, the interface being set up",
                List.of(new Evidence("kernel-log, line " + down.source().line(), down.source().text().strip()),
                        new Evidence("kernel-log, line " + up.source().line(), up.source().text().strip())), null,
                Fix.action("if nothing was done to the cable, the peer or the interface at that time, check the switch"
                        + " port's log for the same moment; a second drop is a flapping link (reseat or replace the cable"
                        + " and transceiver)"));
    }

    /**
     * FEC is negotiated from 25 Gb/s up (IEEE 802.3by/cd; 10GBASE-R's optional FEC is rarely on): a link the log shows
     * at 10 Gb/s or less is not advised to compare it. Speed unknown: the advice names it, for the fast links.
     */
    static String flapFix(List<LinkEvent> events) {
        double fastestBitsPerSecond = events.stream().filter(e -> e.speed() != null).mapToDouble(e -> e.speed().value())
                .max().orElse(Double.NaN);
        if (fastestBitsPerSecond <= 10e9) {
            return "reseat or replace the cable (and the transceiver, if the port takes one), check the switch port's log"
                    + " for the same times, and compare speed, duplex and autonegotiation on both ends (one end forced, the"
                    + " other negotiating, flaps or falls to half duplex)";
        }
        return "reseat or replace the cable and transceiver, check the switch port's log for the same times, and compare"
                + " speed/autonegotiation/FEC on both ends";
    }

    private static Double uptime(LinkEvent e) {
        Matcher m = UPTIME.matcher(e.source().text());
        return m.matches() ? Double.valueOf(m.group(1)) : null;
    }

    @Override
    public List<Finding> apply(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        Map<String, List<LinkEvent>> byPort = new LinkedHashMap<>();
        for (LinkEvent e : log.all(LinkEvent.class)) {
            byPort.computeIfAbsent(e.iface() != null ? e.iface() : e.address(), k -> new ArrayList<>()).add(e);
        }
        for (Map.Entry<String, List<LinkEvent>> p : byPort.entrySet()) {
            List<LinkEvent> events = p.getValue();
            long downs = events.stream().filter(e -> !e.up()).count();
            boolean downAtEnd = !events.getLast().up();
            if (downs == 1 && !downAtEnd) {
                out.add(onePair(p.getKey(), events));
                continue;
            }
            if (downs < 2 && !downAtEnd) {
                continue;
            }
            List<Evidence> evidence = events.stream().filter(e -> !e.up())
                    .map(e -> new Evidence("kernel-log, line " + e.source().line(), e.source().text().strip())).toList();
            String message = p.getKey() + ": link went down " + downs + " time(s) in the log"
                    + (downAtEnd ? " and is down at its end" : ", each time it came back");
            out.add(new Finding(id(), Severity.WARN, p.getKey(), message, evidence, null, Fix.action(flapFix(events))));
        }
        for (ModuleEvent m : log.all(ModuleEvent.class)) {
            if (!m.error()) {
                continue;
            }
            out.add(new Finding("kernel-module-error", Severity.ERROR, m.address() + " module " + m.module(),
                    m.address() + " module " + m.module() + ": " + m.status(),
                    List.of(new Evidence("kernel-log, line " + m.source().line(), m.source().text().strip())), null,
                    Fix.action("use a transceiver or cable the adapter supports (its firmware release notes list them), "
                            + "check its temperature and the slot's airflow")));
        }
        Set<String> dumped = log.all(KernelError.class).stream().filter(e -> e.event().equals(KernelError.FIRMWARE_HEALTH))
                .map(KernelError::address).filter(Objects::nonNull).collect(Collectors.toSet());
        for (HealthEvent h : log.all(HealthEvent.class)) {
            if (dumped.contains(h.address())) {
                continue; // the firmware-health error of its dump says it, with the statement and firmware version
            }
            Mlx5HealthAdvice.Advice advice = Mlx5HealthAdvice.of(h.syndrome(), h.status(), h.address());
            out.add(new Finding("kernel-firmware-health", Severity.ERROR, h.address(),
                    h.address() + ": adapter health syndrome " + h.syndrome()
                            + (h.status().isEmpty() ? "" : " (" + h.status() + ")") + ": " + advice.cause(),
                    List.of(new Evidence("kernel-log, line " + h.source().line(), h.source().text().strip())), null,
                    Fix.action(advice.action())));
        }
        out.addAll(errors(log));
        return out;
    }

    /** One finding per device and kind of {@link KernelError}, with the count and the first line as evidence. */
    private static List<Finding> errors(LogFacts log) {
        Map<String, List<KernelError>> groups = new LinkedHashMap<>();
        for (KernelError e : log.all(KernelError.class)) {
            // each health statement of a port is its own finding: their severities and advice differ
            String key = e.event() + " " + e.subject() + (e.event().equals(KernelError.NIC_HEALTH) ? " " + e.errorType() : "");
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
        }
        // a device whose firmware stopped over temperature: its health finding says it, the warnings are its evidence
        Set<String> overheated = log.all(KernelError.class).stream()
                .filter(e -> e.event().equals(KernelError.FIRMWARE_HEALTH) && Mlx5HealthAdvice.overheated(e.syndrome(), e.detail()))
                .map(KernelError::subject).collect(Collectors.toSet());
        Map<String, List<String>> siblings = silentSiblings(log.all(KernelError.class));
        Set<String> folded = siblings.values().stream().flatMap(List::stream).collect(Collectors.toSet());
        List<Finding> out = new ArrayList<>();
        for (List<KernelError> g : groups.values()) {
            KernelError first = g.getFirst();
            if (first.event().equals(KernelError.TEMPERATURE_WARNING) && overheated.contains(first.subject())) {
                continue;
            }
            if (first.event().equals(KernelError.FIRMWARE_HEALTH) && folded.contains(first.address())) {
                continue; // its adapter's dump, on another function, names the cause
            }
            List<Evidence> evidence = g.stream().limit(3)
                    .map(e -> new Evidence("kernel-log, line " + e.source().line(), e.source().text().strip())).toList();
            out.add(switch (first.event()) {
                case KernelError.TX_TIMEOUT -> txTimeout(first, g, evidence);
                case KernelError.CQE_ERROR -> cqeError(first.subject(), g, evidence);
                case KernelError.PROBE_FAILED -> probeFailed(first, evidence);
                case KernelError.FIRMWARE_LOAD_FAILED -> firmwareLoadFailed(first, evidence);
                case KernelError.PAGE_ALLOCATION_FAILURE -> pageAllocationFailure(g, evidence);
                case KernelError.PHY_CAPABILITIES_FAILED -> phyCapabilities(first, evidence);
                case KernelError.UNSUPPORTED_MODULE -> unsupportedModule(first, evidence);
                case KernelError.RDMA_COMMAND_FAILED -> rdmaCommandFailed(first, g, evidence);
                case KernelError.NIC_HEALTH -> nicHealth(first, g, evidence);
                case KernelError.FIRMWARE_HEALTH -> firmwareHealth(first, evidence,
                        siblings.getOrDefault(first.address(), List.of()));
                case KernelError.COMMAND_TIMEOUT -> commandTimeout(first, g, evidence);
                case KernelError.TEMPERATURE_WARNING -> temperature(first, g, evidence);
                case KernelError.DEVICE_RESET -> deviceReset(first, g, evidence);
                case KernelError.VF_REQUEST_FAILED -> vfRequestFailed(first, g, evidence);
                case KernelError.SRIOV_ENABLE_FAILED -> sriovEnableFailed(first, evidence);
                case KernelError.FIRMWARE_COMMAND_FAILED -> firmwareCommandFailed(first, g, evidence);
                case KernelError.COMMAND_RECOVERED -> commandRecovered(first, g, evidence);
                case KernelError.TASK_STALLED -> taskStalled(g, evidence);
                case KernelError.NVME_CONTROLLER_DOWN -> NeighbourEventAdvice.nvmeControllerDown(first, g, evidence);
                case KernelError.NVME_IO_TIMEOUT -> NeighbourEventAdvice.nvmeIoTimeout(first, g, evidence);
                case KernelError.GPU_ERROR -> NeighbourEventAdvice.gpuError(first, g, evidence);
                default -> aer(first.subject(), g, evidence);
            });
        }
        return out;
    }

    private static Finding txTimeout(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        String subject = first.subject();
        String hang = g.stream().map(KernelError::errorType).filter(Objects::nonNull).findFirst().orElse(null);
        long stalled = g.stream().filter(e -> e.stalledMillis() != null).mapToLong(KernelError::stalledMillis).max().orElse(-1);
        String queues = g.stream().map(KernelError::queue).filter(Objects::nonNull).distinct().sorted()
                .map(String::valueOf).collect(Collectors.joining(", "));
        return new Finding("kernel-tx-timeout", Severity.ERROR, subject,
                subject + ": " + (hang == null ? "transmit timeout" : first.driver() + " " + hang.replace("Detected ", ""))
                        + " reported " + g.size() + " time(s)"
                        + (queues.isEmpty() ? "" : " (queue " + queues + ")")
                        + (stalled < 0 ? "" : ", a queue stalled " + stalled + " ms")
                        + ": the NIC stopped completing sends and the driver resets it; traffic stops meanwhile; the line "
                        + "does not tell why",
                evidence, null, Fix.action(TxTimeoutAdvice.of(first.driver(), first.iface())));
    }

    /**
     * A driver that reset its own device. ENA (ena_netdev.c) does so when transmit completions stop coming (the device
     * or the host behind it stalled) or the device's keep-alive stops; it recovers by itself, traffic stops for the reset.
     * Nothing on the instance is tuned with ethtool or a Mellanox tool: the advice is about the driver and the instance.
     */
    private static Finding deviceReset(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        String reasons = g.stream().map(e -> e.errorType() + (e.detail() == null ? "" : " (" + e.detail() + ")")).distinct()
                .collect(Collectors.joining(", "));
        boolean ena = "ena".equals(first.driver());
        if (g.stream().allMatch(e -> "reset by the PF".equals(e.errorType()))) {
            return vfResetByPf(first, g, evidence);
        }
        return new Finding("kernel-device-reset", Severity.ERROR, first.subject(),
                first.subject() + ": " + (first.driver() == null ? "the driver" : first.driver()) + " reset the device "
                        + g.size() + " time(s): " + reasons + "; traffic stops during each reset"
                        + (ena ? "; the line cannot tell a stalled device from a host that stalled the driver (soft "
                                + "lockups, memory pressure, CPU starvation): look at the lines before it" : ""),
                evidence, null,
                Fix.action(ena ? TxTimeoutAdvice.of("ena", first.iface())
                        : "update the driver and the adapter's firmware; look for PCIe AER errors at the same times"));
    }

    /**
     * iavf: the PF reset its VF ("Reset indication received from the PF"). The VF cannot tell why; the PF's host log can
     * (a link change of the PF, a MAC, VLAN or trust change made on the PF, the PF's own reset). A stream of them is a
     * reset loop, the known ice/iavf virtchnl failures among its causes.
     */
    private static Finding vfResetByPf(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        return new Finding("kernel-device-reset", g.size() > 2 ? Severity.ERROR : Severity.WARN, first.subject(),
                first.subject() + ": the PF reset this VF " + g.size() + " time(s); traffic stops during each reset; the"
                        + " VF's log cannot tell why (the PF's host log can)",
                evidence, null,
                Fix.action("on the host of the PF, read its kernel log (ice or i40e) at the same times for the VF's number:"
                        + " a PF link change, a MAC, VLAN or trust change made with ip link set … vf N, or a refused request;"
                        + " if the resets repeat without such a change, bring the PF driver (ice/i40e) and the VF's iavf to"
                        + " current releases together"));
    }

    /**
     * The PF refused a VF's virtchnl request (iavf "PF returned error -64 (IAVF_NOT_SUPPORTED) to our request 51", ice "PF
     * failed to honor VF 0, opcode 53, error -22"). The line gives the request's opcode number only, not what the VF asked
     * for in words, nor the PF's policy that refused it.
     */
    private static Finding vfRequestFailed(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        String what = g.stream().map(e -> e.errorType() + " (" + e.detail() + ")").distinct().limit(4)
                .collect(Collectors.joining(", "));
        boolean pf = "ice".equals(first.driver()) || "i40e".equals(first.driver());
        return new Finding("kernel-vf-request-refused", Severity.WARN, first.subject(),
                first.subject() + ": " + (pf ? "the PF refused " + g.size() + " request(s) of its VF"
                        : "the PF refused " + g.size() + " request(s) of this VF") + ": " + what
                        + "; the line names the virtchnl opcode by number only and not the PF's reason",
                evidence, null,
                Fix.action((pf ? "" : "on the PF's host, read its log (ice/i40e) at the same time; ")
                        + "requests for more MAC or VLAN filters or promiscuous mode need the VF trusted (ip link set PF vf N"
                        + " trust on); a VLAN set on the VF from the PF (ip link set PF vf N vlan V) refuses the VF's own VLAN"
                        + " requests; a not-supported status means the PF driver lacks the feature: bring ice/i40e on the"
                        + " host and iavf in the VM to matching current releases"));
    }

    /**
     * mlx5 could not add its VFs (sriov.c "pci_enable_sriov failed : -5"). -5 (EIO) with the VF reading all ones
     * ("type 7f", "unknown header type 7f") is the platform not giving the VFs bus numbers or config space (SR-IOV or ARI
     * off in the BIOS); the firmware's own SR-IOV setting limits sriov_totalvfs before this line is reached.
     */
    private static Finding sriovEnableFailed(KernelError e, List<Evidence> evidence) {
        String device = e.address() == null ? "DEVICE" : e.address();
        if (!"mlx5_core".equals(e.driver())) {
            // bnxt_en's "not enough MMIO resources": the VFs' BARs do not fit the window the BIOS gave the bridge
            return new Finding("kernel-sriov-enable-failed", Severity.ERROR, e.subject(),
                    e.subject() + ": enabling SR-IOV failed (" + e.errorType() + "): no VF was created",
                    evidence, null,
                    Fix.action("enable SR-IOV and memory-mapped I/O above 4 GB (Above 4G Decoding) in the BIOS; pci=realloc on"
                            + " the kernel command line lets Linux enlarge the bridge windows; then ask for fewer VFs than "
                            + "/sys/bus/pci/devices/" + device + "/sriov_totalvfs if it still fails"));
        }
        return new Finding("kernel-sriov-enable-failed", Severity.ERROR, e.subject(),
                e.subject() + ": enabling SR-IOV failed (" + e.errorType() + "): no VF was created",
                evidence, null,
                Fix.action("enable SR-IOV (and ARI, if offered) in the BIOS and look for 'unknown header type 7f' lines of the"
                        + " VFs' addresses (the platform gave them no config space); check the firmware's setting: mlxconfig -d "
                        + device + " query SRIOV_EN NUM_OF_VFS (set SRIOV_EN=1 NUM_OF_VFS=N, then reboot); ask for no more VFs"
                        + " than /sys/bus/pci/devices/" + device + "/sriov_totalvfs"));
    }

    /**
     * bnxt_en's firmware refused a command of its HWRM channel ("hwrm req_type 0x53 seq id 0x6fca error 0x2"). The line
     * gives the command and the status by number; some are harmless (a capability the firmware lacks, a request after
     * its ring was freed), one at probe can keep the port from coming up: the finding says the line cannot tell.
     */
    private static Finding firmwareCommandFailed(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        if ("mlx5_core".equals(first.driver())) {
            return mlx5CommandFailed(first, g, evidence);
        }
        String what = g.stream().map(e -> e.errorType() + " error " + e.syndrome()).distinct().limit(4)
                .collect(Collectors.joining(", "));
        return new Finding("kernel-firmware-command-failed", Severity.WARN, first.subject(),
                first.subject() + ": " + (first.driver() == null ? "the driver" : first.driver()) + "'s firmware refused "
                        + g.size() + " command(s) (" + what + "); the line names command and status by number only and"
                        + " cannot tell a harmless refusal (a feature this firmware lacks) from one that kept the port down",
                evidence, null,
                Fix.action("if the port works, note it and move on; if it does not, read the driver's lines after it, then"
                        + " bring the bnxt_en driver and the adapter's firmware (the server vendor's package or Broadcom's"
                        + " niccli) to a matched pair of current releases"));
    }

    /**
     * mlx5 cmd.c: the firmware answered a command with an error status and a syndrome ("DEALLOC_PD(0x801) … failed,
     * status bad resource state(0x9), syndrome (0x31b635)", issue 31 round 15b). The syndrome is the firmware's own
     * reason code, decoded only by NVIDIA's table; "bad parameter" means the driver asked for something this firmware
     * refuses, "bad resource state" an object in the wrong state (often the echo of an earlier failure). The line
     * cannot tell a refused optional step (a tc offload, a counter read) from one that broke the port.
     */
    private static Finding mlx5CommandFailed(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        String what = g.stream().map(e -> e.errorType() + " " + e.detail() + " syndrome " + e.syndrome()).distinct()
                .limit(4).collect(Collectors.joining(", "));
        return new Finding("kernel-firmware-command-failed", Severity.WARN, first.subject(),
                first.subject() + ": the adapter's firmware refused " + g.size() + " mlx5 command(s) (" + what + "); the"
                        + " line cannot tell a refused optional step (a tc offload, a counter read) from one that broke the"
                        + " port, and the syndrome is decoded only by NVIDIA's table",
                evidence, null,
                Fix.action("see what the command belonged to (the step you ran: a tc rule, SR-IOV, LAG, an RDMA object) and"
                        + " whether that step failed; bring the mlx5_core driver (kernel or DOCA-OFED) and the adapter's"
                        + " firmware (mlxfwmanager --query) to a matched pair of current releases; if it recurs, give the"
                        + " command, status and syndrome to NVIDIA support"));
    }

    private static Finding probeFailed(KernelError e, List<Evidence> evidence) {
        return new Finding("kernel-probe-failed", Severity.ERROR, e.subject(),
                e.subject() + ": driver " + e.driver() + " failed to bind (" + e.detail()
                        + "): the device has no network or RDMA interface until the driver loads",
                evidence, null,
                Fix.action("read the driver's lines just before this one for the step that failed; match driver and "
                        + "firmware versions (update one or the other), check that the firmware is not in recovery mode, "
                        + "then reload the driver (modprobe -r and modprobe) or reboot"));
    }

    private static Finding firmwareLoadFailed(KernelError e, List<Evidence> evidence) {
        boolean missing = "error -2".equals(e.errorType()); // -ENOENT: no such file under /lib/firmware
        return new Finding("kernel-firmware-missing", Severity.WARN, e.subject(),
                e.subject() + ": the driver could not load " + e.detail() + " (" + e.errorType() + ")"
                        + (missing ? ": the file is not installed" : "")
                        + (e.detail().contains("/ddp/") ? "; without its DDP package ice runs in Safe Mode (one queue, "
                                + "no RSS, no DCB: a fraction of the line rate)" : "; the device runs without it"),
                evidence, null,
                Fix.action("install the distribution's firmware package that holds " + e.detail()
                        + " (Debian: firmware-misc-nonfree / firmware-intel-misc, RHEL: linux-firmware), "
                        + "rebuild the initramfs if the driver loads from it, then reload the driver"));
    }

    private static Finding pageAllocationFailure(List<KernelError> g, List<Evidence> evidence) {
        String kinds = g.stream().map(KernelError::detail).distinct().collect(Collectors.joining("; "));
        return new Finding("kernel-page-allocation-failure", Severity.WARN, "kernel",
                "kernel: " + g.size() + " page allocation failure(s) (" + kinds + "): an allocation that cannot wait "
                        + "found no free pages; in a NIC's receive path (napi, softirq) each one drops a packet, and a "
                        + "failure of order above 0 means memory is fragmented rather than short",
                evidence, null,
                Fix.action("keep a larger free reserve for atomic allocations (sysctl -w vm.min_free_kbytes=… , e.g. "
                        + "1 % of RAM, and persist it), check /proc/buddyinfo for fragmentation, and prefer smaller "
                        + "receive buffers (MTU, LRO/GRO sizes) when the failed order is above 0"));
    }

    /**
     * ice's or i40e's admin queue could not report the PHY: the link's speeds and modes are unknown to the driver. i40e's
     * I40E_ERR_UNKNOWN_PHY says the firmware did not know the PHY or module type (a module it does not support, or a
     * driver newer than the NVM); the other codes do not tell which side failed.
     */
    private static Finding phyCapabilities(KernelError e, List<Evidence> evidence) {
        boolean unknownPhy = "I40E_ERR_UNKNOWN_PHY".equals(e.errorType());
        return new Finding("kernel-phy-capabilities", Severity.ERROR, e.subject(),
                e.subject() + ": " + e.driver() + " could not read the PHY's capabilities from the adapter firmware"
                        + (e.errorType() == null ? "" : " (" + e.errorType()
                                + (e.syndrome() == null ? "" : ", last_status " + e.syndrome()) + ")")
                        + ": the link may not come up, or come up at a wrong speed",
                evidence, null,
                Fix.action((unknownPhy ? "the firmware did not know the PHY or module: try a module the adapter's vendor "
                        + "lists as supported; " : "")
                        + "bring driver and NVM (firmware) to a matching release (Intel's NVM update package; for a server "
                        + "vendor's card, whose NVM Intel's tool refuses, the vendor's firmware package); "
                        + ("ice".equals(e.driver()) ? "after a firmware flash or devlink reload fw_activate, reset the adapter "
                                + "again or power-cycle the host" : "after a firmware flash, power-cycle the host")));
    }

    /** The driver refused the transceiver: i40e disables Rx/Tx, ixgbe does not load. */
    private static Finding unsupportedModule(KernelError e, List<Evidence> evidence) {
        boolean ixgbe = "ixgbe".equals(e.driver());
        return new Finding("kernel-unsupported-module", Severity.ERROR, e.subject(),
                e.subject() + ": " + e.driver() + " rejected the " + e.errorType() + " module as unsupported ("
                        + e.detail() + "): the port passes no traffic",
                evidence, null,
                Fix.action("use a transceiver or cable the adapter's vendor lists as supported"
                        + (ixgbe ? ", or load ixgbe with allow_unsupported_sfp=1 (modprobe -r ixgbe; modprobe ixgbe "
                                + "allow_unsupported_sfp=1; persist it in /etc/modprobe.d) at your own risk"
                                : "; i40e's module check lives in the adapter's NVM, not in a driver option")));
    }

    /**
     * bnxt_re's firmware refused a RoCE command, or did not answer it (qplib_rcfw.c). A refusal comes from a
     * driver and firmware that do not agree or from a bad argument in the driver (linux-rdma 2019-07: CREATE_AH
     * with a wrong GID index, fixed in the driver); the log cannot tell which, and the finding says so.
     */
    private static Finding rdmaCommandFailed(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        boolean refused = first.syndrome() != null && first.syndrome().startsWith("status");
        String what = g.stream().map(KernelError::detail).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining(", "));
        String how = refused ? "refused " + first.errorType() + " with " + first.syndrome()
                : first.syndrome().equals("timed out") ? "did not answer " + first.errorType()
                        + (first.stalledMillis() == null ? "" : " within " + first.stalledMillis() + " ms")
                : "could not be sent " + first.errorType();
        return new Finding("kernel-rdma-command-failed", Severity.ERROR, first.subject(),
                first.subject() + ": bnxt_re's firmware " + how + (g.size() > 1 ? " (" + g.size() + " failed commands)" : "")
                        + (what.isEmpty() ? "" : " (" + what + ")")
                        + ": the RDMA operation that needed it failed (connection setup, queue or memory registration)",
                evidence, null,
                Fix.action(refused
                        ? "the log cannot tell whether the firmware or the driver is at fault: bring bnxt_en/bnxt_re and "
                                + "the adapter firmware to one release (Broadcom's niccli or the server vendor's firmware "
                                + "package), and look for a bnxt_re fix of that command in newer kernels"
                        : "the adapter's firmware stopped answering: reload the drivers (modprobe -r bnxt_re bnxt_en; "
                                + "modprobe bnxt_en; modprobe bnxt_re) or reset the adapter; if it recurs, update the "
                                + "firmware and look for PCIe AER errors at the same time"));
    }

    /**
     * The functions of one PCI device (domain:bus:device, "0000:0d:00" of "0000:0d:00.2") share one firmware: when
     * its health poll fires on every function but only some print the dump, the silent ones go with the first
     * function whose dump names a syndrome (that function's address → the silent functions' addresses).
     */
    private static Map<String, List<String>> silentSiblings(List<KernelError> errors) {
        Map<String, String> namedByDevice = new LinkedHashMap<>();
        for (KernelError e : errors) {
            if (e.event().equals(KernelError.FIRMWARE_HEALTH) && e.syndrome() != null && device(e.address()) != null) {
                namedByDevice.putIfAbsent(device(e.address()), e.address());
            }
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (KernelError e : errors) {
            String named = namedByDevice.get(device(e.address()));
            if (e.event().equals(KernelError.FIRMWARE_HEALTH) && e.syndrome() == null && named != null
                    && !named.equals(e.address())) {
                List<String> silent = out.computeIfAbsent(named, k -> new ArrayList<>());
                if (!silent.contains(e.address())) {
                    silent.add(e.address());
                }
            }
        }
        return out;
    }

    /** "0000:0d:00.2" → "0000:0d:00"; null for anything that is no PCI function address. */
    private static String device(String address) {
        return PciAddress.device(address);
    }

    /** mlx5's health poll and the dump after it (health.c poll_health, print_health_info); the advice by syndrome. */
    private static Finding firmwareHealth(KernelError e, List<Evidence> evidence, List<String> silentSiblings) {
        Mlx5HealthAdvice.Advice advice = Mlx5HealthAdvice.of(e.syndrome(), e.detail(), e.address());
        return new Finding("kernel-firmware-health", Severity.ERROR, e.subject(),
                e.subject() + ": adapter health: " + e.errorType()
                        + (e.syndrome() == null ? "" : ", syndrome " + e.syndrome())
                        + (e.detail() == null ? "" : " (" + e.detail() + ")") + ": " + advice.cause()
                        + (silentSiblings.isEmpty() ? "" : "; the same poll fired on " + String.join(", ", silentSiblings)
                                + ", functions of the same adapter (one firmware), without a dump of their own"),
                evidence, null, Fix.action(advice.action()));
    }

    /**
     * mlx5 cmd.c: firmware commands that did not complete in the driver's time; each holds a command slot. The line
     * cannot tell a firmware that hung from a completion the host never received, so the finding does not say which.
     */
    private static Finding commandTimeout(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        String commands = g.stream().map(KernelError::errorType).distinct().collect(Collectors.joining(", "));
        String device = first.address() == null ? "DEVICE" : first.address();
        return new Finding("kernel-command-timeout", Severity.ERROR, first.subject(),
                first.subject() + ": " + (g.size() == 1 ? "a firmware command" : g.size() + " firmware command lines")
                        + " did not complete in time (" + commands + "): the firmware hung or its completion never reached"
                        + " the host; the log cannot tell which",
                evidence, null,
                Fix.action("look for a health dump of the same device in the log (if the firmware asserted, that finding"
                        + " says what to do); if the device no longer works, reset it: mlxfwreset -d " + device
                        + " reset (MFT; mstfwreset with mstflint) or a power cycle; if it recurs, bring firmware and driver"
                        + " to current releases"));
    }

    /** mlx5 events.c temp_warn: the adapter's sensors crossed their warning threshold; the shutdown comes next. */
    private static Finding temperature(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        return new Finding("kernel-adapter-temperature", Severity.WARN, first.subject(),
                first.subject() + ": the adapter warned of high temperature " + g.size() + " time(s) (" + first.detail()
                        + "): past its limit the firmware stops the device",
                evidence, null,
                Fix.action("cool the adapter: the server's fan profile for PCIe cards or a slot with airflow, and the"
                        + " transceivers' temperature (ethtool -m); a firmware update does not change it"));
    }

    /** ice's firmware reported a port, module or NVM problem and the driver printed its own advice. */
    private static Finding nicHealth(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        boolean info = "info".equals(first.severity());
        String statements = g.stream().map(e -> e.errorType() + (e.queue() == null ? "" : " (port " + e.queue() + ")"))
                .distinct().collect(Collectors.joining("; "));
        String advice = g.stream().map(KernelError::detail).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining(" "));
        return new Finding("kernel-nic-health", info ? Severity.INFO : Severity.ERROR, first.subject(),
                first.subject() + ": " + first.driver() + " firmware health status: " + statements
                        + (info ? "" : ": the port may not link"),
                evidence, null,
                Fix.action(advice.isEmpty() ? "the driver printed no advice for this status: check the module and cable, "
                        + "and bring driver and NVM to a matching release (Intel's NVM update package)"
                        : "as " + first.driver() + " advises: " + advice));
    }

    /**
     * mlx5 found a command's completion by polling its command EQ after the timeout (eq.c mlx5_cmd_eq_recover, cmd.c
     * "recovered after timeout"): the firmware answered and the interrupt that says so never reached the driver — its
     * maintainer's reading on netdev, 2021-07-19 ("the 1st interrupt from the device got lost"; "intremap=off" worked
     * around it there). Lost MSI-X interrupts come from interrupt remapping (IOMMU), CPUs offline at boot (maxcpus) or,
     * in a guest, the hypervisor's interrupt delivery; the line cannot tell which.
     */
    private static Finding commandRecovered(KernelError first, List<KernelError> g, List<Evidence> evidence) {
        String commands = g.stream().map(KernelError::errorType).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining(", "));
        return new Finding("kernel-command-interrupt-lost", Severity.ERROR, first.subject(),
                first.subject() + ": " + g.size() + " firmware command(s) " + (commands.isEmpty() ? "" : "(" + commands + ") ")
                        + "completed only after the driver's timeout, found by polling the command EQ: the firmware answered"
                        + " but its interrupt never reached the driver, so every command waits the full timeout (a driver"
                        + " load or an interface up takes minutes or fails); the line cannot tell whether interrupt"
                        + " remapping, CPUs left offline or, in a virtual machine, the hypervisor lost it",
                evidence, null,
                Fix.action("see where the device's interrupts go (grep mlx5 /proc/interrupts; dmesg | grep -i -e DMAR -e"
                        + " AMD-Vi -e 'remap'); on a host booted with maxcpus= or nr_cpus=, try all CPUs; try the kernel with"
                        + " interrupt remapping off (intremap=off) only as a test, since it weakens device isolation; in a"
                        + " guest (a VF passed through), update the hypervisor and the host kernel's IOMMU driver; the adapter's"
                        + " firmware is not the cause when its commands do complete"));
    }

    /** kernel/hung_task.c or the soft-lockup watchdog: a task or CPU made no progress; the line names no device. */
    private static Finding taskStalled(List<KernelError> g, List<Evidence> evidence) {
        String tasks = g.stream().map(e -> e.errorType() + " (" + e.stalledMillis() + " ms, " + e.detail() + ")").distinct()
                .limit(3).collect(Collectors.joining(", "));
        return new Finding("kernel-task-stalled", Severity.WARN, "kernel",
                "kernel: " + g.size() + " stalled task(s): " + tasks + "; the report names a task, not a device: a driver"
                        + " line beside it is not proof that the driver caused it",
                evidence, null,
                Fix.action("read the call trace under the report: the functions it waits in (a driver's module in"
                        + " brackets, e.g. [mlx5_core]) tell which subsystem held the task; act on that subsystem's own"
                        + " error lines (a firmware command timeout, a PCIe error) rather than on the stall"));
    }

    private static Finding cqeError(String subject, List<KernelError> g, List<Evidence> evidence) {
        KernelError first = g.getFirst();
        if (!"infiniband".equals(first.driver())) {
            return ethernetCqeError(subject, g, evidence);
        }
        String syndrome = first.syndrome() == null ? "" : ", syndrome " + first.syndrome()
                + (first.detail() == null ? "" : " (" + first.detail() + ")")
                + (first.vendorSyndrome() == null ? "" : ", vendor syndrome " + first.vendorSyndrome());
        return new Finding("kernel-cqe-error", Severity.WARN, subject,
                subject + ": " + g.size() + " " + first.errorType() + " error completion(s)" + syndrome
                        + ": RDMA operations failed and their queue pair went to the error state",
                evidence, null,
                Fix.action("find the first error completion that is not a flush (syndrome 0x5 follows another error): "
                        + "remote access or retry-exceeded errors point at the peer's registration or at the fabric; "
                        + "check the port counters and link state on both ends at that time"));
    }

    /**
     * mlx5e's error CQE on an Ethernet send or receive queue (en/txrx.h mlx5e_dump_error_cqe): the queue went to the
     * error state and mlx5e's health reporter (devlink health, tx/rx) recovers it. Local length (0x1), local QP
     * operation (0x2) and local protection (0x4) errors mean the device refused a work request the driver built.
     */
    private static Finding ethernetCqeError(String subject, List<KernelError> g, List<Evidence> evidence) {
        KernelError first = g.getFirst();
        String syndrome = first.syndrome() == null ? " (the line as pasted gives no syndrome)" : ", syndrome " + first.syndrome()
                + (first.detail() == null ? "" : " (" + first.detail() + ")")
                + (first.vendorSyndrome() == null ? "" : ", vendor syndrome " + first.vendorSyndrome());
        String device = first.address() == null ? "DEVICE" : "pci/" + first.address();
        return new Finding("kernel-cqe-error", Severity.WARN, subject,
                subject + ": " + g.size() + " error completion(s) on an Ethernet queue" + syndrome
                        + ": the queue went to the error state and its packets were dropped until the driver recovered it",
                evidence, null,
                Fix.action("see whether the driver recovered the queue (devlink health show " + device + ", reporters tx"
                        + " and rx); if a PCIe error (AER, DPC) came just before, that is the cause; a local length,"
                        + " operation or protection error means the device refused what the driver posted (an offload such"
                        + " as XDP or HW-GRO, a page size the driver mishandles): update the kernel or driver and, until then,"
                        + " turn that offload off"));
    }

    private static Finding aer(String subject, List<KernelError> g, List<Evidence> evidence) {
        KernelError first = g.getFirst();
        boolean corrected = first.severity() != null && first.severity().startsWith("Correct");
        String bits = g.stream().map(KernelError::detail).filter(Objects::nonNull).distinct()
                .collect(Collectors.joining("; "));
        return new Finding("kernel-pcie-aer", corrected ? Severity.WARN : Severity.ERROR, subject,
                subject + ": " + g.size() + " PCIe AER error(s), " + first.severity() + ", " + first.errorType()
                        + (bits.isEmpty() ? "" : " (" + bits + ")")
                        + (corrected ? ": the link retried transfers; a stream of them costs DMA bandwidth and precedes "
                                + "link retraining or a downgraded width/speed"
                                : ": the PCIe link lost data; the device may be reset or fall off the bus"),
                evidence, null,
                Fix.action("reseat the card (and its riser), try another slot, update BIOS and adapter firmware, and check "
                        + "lspci -vvv LnkSta for a downgraded link; if they come with ASPM power-state changes, "
                        + "try pcie_aspm=off"));
    }
}
