package dev.wirespeed.parse.perftest;

import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.Map;

/**
 * perftest's "Conflicting CPU frequency values detected: 1200.000000 != 2000.000000. CPU Frequency
 * is not max." (or "CPU Frequency is not max"): the cycle counter it times with assumes a fixed
 * frequency, so its results are unreliable until the governor is set to performance.
 */
public record CpuFrequencyWarning(String message, Double lowMhz, Double highMhz, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("warning", message).map();
    }
}
