package dev.wirespeed.host;

import java.util.List;
import java.util.stream.Stream;

/**
 * CPUs, NUMA nodes and frequency policies: /sys/devices/system/cpu and /sys/devices/system/node,
 * or lscpu/cpupower/mlnx_tune/perftest output.
 *
 * @param online         online CPUs (/sys/devices/system/cpu/online)
 * @param nodes          NUMA nodes with their CPUs; empty when the kernel shows none
 * @param policies       cpufreq policies; empty on hosts without cpufreq (most VMs)
 * @param frequencyNotes tools' remarks that the CPU is not at its top frequency (perftest's
 *                       "Conflicting CPU frequency values detected … CPU Frequency is not max.")
 */
public record CpuTopology(Observed<CpuList> online, List<NumaNode> nodes, List<CpuPolicy> policies,
                          List<FrequencyNote> frequencyNotes) {
    public CpuTopology {
        nodes = List.copyOf(nodes);
        policies = List.copyOf(policies);
        frequencyNotes = List.copyOf(frequencyNotes);
    }

    public static CpuTopology notSeen() {
        return new CpuTopology(Observed.notSeen(), List.of(), List.of(), List.of());
    }

    /** The node holding {@code cpu}, or -1. */
    public int nodeOf(int cpu) {
        for (NumaNode n : nodes) {
            if (n.cpus().isPresent() && n.cpus().value().contains(cpu)) {
                return n.id();
            }
        }
        return -1;
    }

    public CpuTopology merge(CpuTopology o) {
        return new CpuTopology(online.or(o.online), nodes.isEmpty() ? o.nodes : nodes,
                policies.isEmpty() ? o.policies : policies,
                Stream.concat(frequencyNotes.stream(), o.frequencyNotes.stream()).toList());
    }

    /** A NUMA node and its CPUs (/sys/devices/system/node/nodeN/cpulist). */
    public record NumaNode(int id, Observed<CpuList> cpus) {}

    /**
     * A cpufreq policy (/sys/devices/system/cpu/cpufreq/policyN).
     *
     * @param name      "policy0", or the CPU a tool names
     * @param cpus      affected_cpus
     * @param governor  scaling_governor ("performance", "powersave", "schedutil", "ondemand")
     * @param driver    scaling_driver ("intel_pstate", "acpi-cpufreq", "amd-pstate")
     */
    public record CpuPolicy(String name, Observed<CpuList> cpus, Observed<String> governor, Observed<String> driver) {}

    /** A tool's remark about CPU frequency, with the line it came from. */
    public record FrequencyNote(String message, Evidence evidence) {}
}
