package dev.wirespeed.parse.host;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.RecordVisitor;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * A CPU's frequency policy or clock as cpupower/cpufreq-info, scaling_governor, /proc/cpuinfo or lscpu
 * print it (seed 003's step 5).
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
                .put("governor", governor).put("MHz", currentMhz == null ? null : dev.wirespeed.parse.Units.trim(currentMhz))
                .put("limits MHz", minMhz == null && maxMhz == null ? null
                        : (minMhz == null ? "?" : dev.wirespeed.parse.Units.trim(minMhz)) + "-"
                                + (maxMhz == null ? "?" : dev.wirespeed.parse.Units.trim(maxMhz))).map();
    }

    @Override
    public <R> R accept(RecordVisitor<R> visitor) {
        return visitor.visit(this);
    }
}
