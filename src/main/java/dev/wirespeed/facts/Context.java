package dev.wirespeed.facts;

import dev.wirespeed.host.CpuList;
import dev.wirespeed.host.Observed;

/**
 * What the rules need to know beyond the host's facts.
 *
 * @param testCpus the CPUs a test would run on (the process's affinity, or all online CPUs of a
 *                 fixture), null when unknown; the NUMA rule compares NIC nodes against it
 */
public record Context(CpuList testCpus) {
    /** All online CPUs of the facts' host, or unknown. */
    public static Context of(Facts facts) {
        Observed<CpuList> online = facts.cpu().online();
        return new Context(online.isPresent() ? online.value() : null);
    }
}
