package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.Observed;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import dev.wirespeed.parse.UnitWords;
import java.util.Map;

/**
 * A CPU's frequency policy or clock as cpupower/cpufreq-info, scaling_governor, /proc/cpuinfo or lscpu
 * print it (src/test/resources/parse/seeds/003_6d654e133b65fb90.txt's step 5).
 *
 * @param cpu        "0" (cpupower's "analyzing CPU 0:"), or null when the line names none
 * @param driver     the cpufreq driver ("intel_pstate", "acpi-cpufreq", "amd-pstate-epp")
 * @param noDriver   true for cpupower's "no or unknown cpufreq driver is active on this CPU"
 * @param governor   "powersave", "performance" …
 * @param currentMhz the clock at that moment (cpupower's current CPU frequency, cpuinfo's or lscpu's "CPU MHz")
 * @param minMhz     the hardware's lowest (cpupower hardware limits, lscpu "CPU min MHz")
 * @param maxMhz     the hardware's highest (cpupower hardware limits, lscpu "CPU max MHz")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonTypeName("CpuFrequency")
public record CpuFrequency(String cpu, String driver, Boolean noDriver, String governor, Double currentMhz, Double minMhz,
                           Double maxMhz, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("cpu", cpu).put("driver", Boolean.TRUE.equals(noDriver) ? "none" : driver)
                .put("governor", governor).put("MHz", currentMhz == null ? null : UnitWords.trim(currentMhz))
                .put("limits MHz", minMhz == null && maxMhz == null ? null
                        : (minMhz == null ? "?" : UnitWords.trim(minMhz)) + "-"
                                + (maxMhz == null ? "?" : UnitWords.trim(maxMhz))).map();
    }

    /**
     * cpupower's driver and governor, or a scaling_governor line, as a cpufreq policy (doctor's
     * /sys/devices/system/cpu/cpufreq/policyN); cpupower's "no or unknown cpufreq driver" as a policy
     * whose driver is absent with that text. A clock in MHz gives no fact: one reading of an idle core
     * says nothing of the clock under load.
     */
    @Override
    public void addFacts(FactSink out) {
        boolean none = Boolean.TRUE.equals(noDriver);
        if (governor == null && driver == null && !none) {
            return;
        }
        String src = out.src();
        Observed<String> governorSeen = governor == null ? Observed.notSeen()
                : Observed.of(governor, cpu != null ? "The governor \"" + governor + "\"" : source.text().strip(), src);
        Observed<String> driverSeen = none
                ? Observed.unknown("no or unknown cpufreq driver is active on this CPU", src, "no cpufreq driver")
                : driver == null ? Observed.notSeen() : Observed.of(driver, "driver: " + driver, src);
        out.cpuPolicy(new CpuTopology.CpuPolicy(cpu == null ? "line " + source.line() : "cpu" + cpu, Observed.notSeen(), governorSeen,
                driverSeen));
    }
}
