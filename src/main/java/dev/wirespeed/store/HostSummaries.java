package dev.wirespeed.store;

import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.NetInterface;
import dev.wirespeed.host.RdmaPort;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The doctor snapshot of this host, summarized in a few lines for each stored result: physical
 * interfaces (state, speed, MTU, driver, PCIe address), RDMA ports (state, rate, link layer) and
 * the CPU frequency governors. Enough to see later that a result came from a different setup.
 */
public final class HostSummaries {
    private HostSummaries() {}

    /**
     * This host from its facts (the caller reads them, e.g. from sysfs: the store inspects nothing
     * itself); {@code facts} throwing (a host without /sys) leaves the JVM's facts only.
     */
    public static HostSummary thisHost(Supplier<Facts> facts) {
        Map<String, String> details;
        try {
            details = details(facts.get());
        } catch (RuntimeException e) {
            details = Map.of("snapshot", "not read (" + e.getMessage() + ")");
        }
        return HostSummary.current(details);
    }

    public static Map<String, String> details(Facts facts) {
        Map<String, String> d = new LinkedHashMap<>();
        for (NetInterface i : facts.interfaces()) {
            if (i.virtual().orElse(false) || i.name().equals("lo")) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            i.operState().optional().ifPresent(parts::add);
            i.speedMbps().optional().filter(s -> s > 0).ifPresent(s -> parts.add(s % 1000 == 0 ? s / 1000 + " Gbit/s"
                    : s + " Mbit/s"));
            i.mtuBytes().optional().ifPresent(m -> parts.add("MTU " + m));
            i.driver().optional().ifPresent(v -> parts.add("driver " + v));
            i.pciAddress().optional().ifPresent(v -> parts.add("PCI " + v));
            d.put("interface " + i.name(), String.join(", ", parts));
        }
        for (RdmaPort p : facts.rdmaPorts()) {
            List<String> parts = new ArrayList<>();
            p.state().optional().ifPresent(s -> parts.add(s.toString()));
            p.rate().optional().ifPresent(r -> parts.add(r.toString()));
            p.linkLayer().optional().ifPresent(l -> parts.add(l.toString()));
            p.netdev().optional().ifPresent(n -> parts.add("netdev " + n));
            d.put("rdma " + p.device() + "/" + p.port(), String.join(", ", parts));
        }
        CpuTopology cpu = facts.cpu();
        if (cpu != null) {
            Set<String> governors = new LinkedHashSet<>();
            cpu.policies().forEach(p -> p.governor().optional().ifPresent(governors::add));
            if (!governors.isEmpty()) {
                d.put("cpufreq governor", String.join(", ", governors));
            }
            cpu.online().optional().ifPresent(c -> d.put("online CPUs", c.toString()));
        }
        return d;
    }
}
