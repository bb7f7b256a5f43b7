package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.Evidence;
import java.util.List;

/**
 * cpupower says "no or unknown cpufreq driver is active on this CPU"
 * (src/test/resources/parse/seeds/003_6d654e133b65fb90.txt's step: `lsmod | grep acpi_cpufreq`, `modprobe
 * acpi_cpufreq`): with no cpufreq driver the governor cannot be set, so `cpupower frequency-set -g
 * performance` does nothing. The facts cannot tell a bare-metal host whose driver is not loaded (or disabled
 * in the BIOS) from a VM, where the hypervisor sets the clock and no driver is normal: the finding says both.
 * Doctor reads sysfs, where no cpufreq directory looks the same for both, and says nothing.
 */
final class CpufreqNoDriverRule implements Rule {
    static final String ID = "cpufreq-no-driver";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "cpupower shows no cpufreq driver: the governor cannot be set (load one on bare metal; normal in a VM)";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<CpuTopology.CpuPolicy> none = facts.cpu().policies().stream()
                .filter(p -> !p.driver().isPresent() && p.driver().raw() != null && p.driver().raw().startsWith("no or unknown"))
                .toList();
        if (none.isEmpty()) {
            return List.of();
        }
        List<Evidence> seen = none.stream().limit(2).map(p -> p.driver().evidence()).toList();
        return List.of(new Finding(ID, Severity.INFO, "cpufreq", "no cpufreq driver is active on " + none.size() + " CPU"
                + (none.size() == 1 ? "" : "s") + " shown: the governor cannot be set, so the clock is whatever the firmware"
                + " or, in a VM, the hypervisor chooses", seen, null,
                Fix.command("on bare metal load the platform's driver (acpi-cpufreq; intel_pstate or amd-pstate when the"
                        + " BIOS leaves P-states to the OS), then set the performance governor; in a VM nothing to do",
                        "modprobe acpi_cpufreq && cpupower frequency-set -g performance")));
    }
}
