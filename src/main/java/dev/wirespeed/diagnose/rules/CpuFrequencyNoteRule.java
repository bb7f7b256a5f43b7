package dev.wirespeed.diagnose.rules;

import dev.wirespeed.diagnose.Context;
import dev.wirespeed.diagnose.Facts;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.Fix;
import dev.wirespeed.diagnose.Rule;
import dev.wirespeed.diagnose.Severity;
import dev.wirespeed.host.CpuTopology;
import java.util.List;

/**
 * A tool said the CPU is not at its top frequency: perftest's "Conflicting CPU frequency values
 * detected … CPU Frequency is not max." (its cycle-counter timing assumes a fixed clock, so its
 * numbers are off) or mlnx_tune's frequency warning. The fix is the performance governor (seed 003).
 */
public final class CpuFrequencyNoteRule implements Rule {
    @Override
    public String id() {
        return "cpu-frequency-not-max";
    }

    @Override
    public String description() {
        return "a tool reported the CPU below its top frequency (perftest, mlnx_tune): set the performance governor";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<CpuTopology.FrequencyNote> notes = facts.cpu().frequencyNotes();
        if (notes.isEmpty()) {
            return List.of();
        }
        return List.of(new Finding(id(), Severity.WARN, "cpufreq",
                notes.getFirst().message() + (notes.size() > 1 ? " (and " + (notes.size() - 1) + " more)" : "")
                        + ": results timed on a varying clock are unreliable and latency suffers",
                notes.stream().map(CpuTopology.FrequencyNote::evidence).toList(), null,
                Fix.command("set the CPU frequency governor to performance on both hosts",
                        "cpupower frequency-set --governor performance")));
    }
}
