package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.parse.host.LinkEvent;
import dev.wirespeed.parse.host.ModuleEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Kernel log events: a link that went down more than once (flapping) or is down at the end of the
 * log ("kernel-link-flaps"), and mlx5 "Port module event[error]" lines ("kernel-module-error":
 * unsupported cable, high temperature, power budget).
 */
final class KernelEventsRule implements LogRule {
    @Override
    public String id() {
        return "kernel-link-flaps";
    }

    @Override
    public String description() {
        return "kernel log: link down more than once or down at the end; transceiver module errors";
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
            if (downs < 2 && !downAtEnd) {
                continue;
            }
            List<Evidence> evidence = events.stream().filter(e -> !e.up())
                    .map(e -> new Evidence("kernel-log, line " + e.source().line(), e.source().text().strip())).toList();
            String message = p.getKey() + ": link went down " + downs + " time(s) in the log"
                    + (downAtEnd ? " and is down at its end" : ", each time it came back");
            out.add(new Finding(id(), Severity.WARN, p.getKey(), message, evidence, null,
                    Fix.action("reseat or replace the cable and transceiver, check the switch port's log for the same "
                            + "times, and compare speed/autonegotiation/FEC on both ends")));
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
        for (dev.wirespeed.parse.host.HealthEvent h : log.all(dev.wirespeed.parse.host.HealthEvent.class)) {
            out.add(new Finding("kernel-firmware-health", Severity.ERROR, h.address(),
                    h.address() + ": adapter firmware health syndrome " + h.syndrome()
                            + (h.status().isEmpty() ? "" : " (" + h.status() + ")")
                            + ": the firmware stopped or asserted; the driver resets the device",
                    List.of(new Evidence("kernel-log, line " + h.source().line(), h.source().text().strip())), null,
                    Fix.action("update the adapter firmware (mlxfwmanager -u), then reset it (mlxfwreset) or power-cycle; "
                            + "if it returns, collect devlink health dump and the PCIe link state, and replace the card")));
        }
        return out;
    }
}
