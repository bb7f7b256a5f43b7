package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.host.CpuTopology;
import dev.wirespeed.host.Evidence;
import dev.wirespeed.facts.Facts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU frequency not pinned at its top: a cpufreq governor other than performance, or a tool's
 * remark (src/test/resources/parse/perftest/ib_write_bw-roce-cpufreq-seed002.txt,
 * src/test/resources/parse/perftest/cpu-frequency-warning-seed003.txt: perftest's "Conflicting CPU frequency
 * values detected … CPU Frequency is not max."). Latency and per-core throughput then depend on how fast the
 * clock ramps up.
 */
final class CpuGovernorRule implements Rule {
    static final String ID = "cpu-governor";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "cpufreq governor not 'performance', or a tool reporting the CPU frequency is not at max";
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        Map<String, List<CpuTopology.CpuPolicy>> byGovernor = new LinkedHashMap<>();
        for (CpuTopology.CpuPolicy p : facts.cpu().policies()) {
            if (p.governor().isPresent() && !p.governor().value().equals("performance")) {
                byGovernor.computeIfAbsent(p.governor().value(), g -> new ArrayList<>()).add(p);
            }
        }
        Fix fix = Fix.command("set the performance governor (and make it persist, e.g. tuned-adm profile network-latency)",
                "cpupower frequency-set -g performance");
        for (Map.Entry<String, List<CpuTopology.CpuPolicy>> e : byGovernor.entrySet()) {
            List<CpuTopology.CpuPolicy> policies = e.getValue();
            List<Evidence> evidence = policies.stream().limit(4).map(p -> p.governor().evidence()).toList();
            String which = policies.size() == facts.cpu().policies().size() ? "all " + policies.size() + " cpufreq policies"
                    : policies.size() + " of " + facts.cpu().policies().size() + " cpufreq policies";
            out.add(new Finding(ID, Severity.WARN, "cpufreq", "CPU governor is '" + e.getKey() + "' on " + which
                    + ", not 'performance'", evidence, null, fix));
        }
        if (byGovernor.isEmpty() && !facts.cpu().frequencyNotes().isEmpty()) {
            List<Evidence> evidence = facts.cpu().frequencyNotes().stream().limit(4).map(CpuTopology.FrequencyNote::evidence).toList();
            out.add(new Finding(ID, Severity.WARN, "cpufreq", facts.cpu().frequencyNotes().getFirst().message(),
                    evidence, null, fix));
        }
        return out;
    }
}
