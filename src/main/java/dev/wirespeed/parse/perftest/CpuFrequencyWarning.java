package dev.wirespeed.parse.perftest;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Observed;
import dev.wirespeed.parse.Columns;
import dev.wirespeed.parse.FactSink;
import dev.wirespeed.parse.ParsedRecord;
import dev.wirespeed.parse.Source;
import java.util.List;
import java.util.Map;

/**
 * perftest's "Conflicting CPU frequency values detected: 1200.000000 != 2000.000000. CPU Frequency
 * is not max." (or "CPU Frequency is not max"): the cycle counter it times with assumes a fixed
 * frequency, so its results are unreliable until the governor is set to performance.
 */
@JsonTypeName("CpuFrequencyWarning")
public record CpuFrequencyWarning(String message, Double lowMhz, Double highMhz, Source source) implements ParsedRecord {
    @Override
    public Map<String, String> columns() {
        return Columns.of().put("warning", message).map();
    }

    @Override
    public void addFacts(FactSink out) {
        out.cpu(new CpuTopology(Observed.notSeen(), List.of(), List.of(),
                List.of(new CpuTopology.FrequencyNote(message, new Evidence(out.src(), message)))));
    }
}
