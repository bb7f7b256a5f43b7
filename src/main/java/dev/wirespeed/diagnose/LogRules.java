package dev.wirespeed.diagnose;

import dev.wirespeed.host.Facts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The rules explain applies to a whole log: every host rule of {@link RuleSet#standard()} on each
 * host's facts, then the {@link LogRule}s. Findings sorted like {@link RuleSet#diagnose}.
 */
public final class LogRules {
    private final RuleSet hostRules;
    private final List<LogRule> logRules;

    public LogRules(RuleSet hostRules, List<LogRule> logRules) {
        this.hostRules = hostRules;
        this.logRules = List.copyOf(logRules);
    }

    public static LogRules standard() {
        return new LogRules(RuleSet.standard(), List.of(new RdmaNamingMixedRule(), new FabricLinkDegradedRule(),
                new ZeroTierUnreachableRule(), new MdcliPatchBlocksUpgradeRule(), new CounterErrorsRule(),
                new KernelEventsRule(), new FirmwareResetPendingRule(),
                new NcclBusBandwidthRule(), new MstNotStartedRule(), new StreamImbalanceRule()));
    }

    public List<LogRule> logRules() {
        return logRules;
    }

    public List<Finding> diagnose(LogFacts log) {
        List<Finding> out = new ArrayList<>();
        // pasted counters are judged once: by counter-errors (per port and kind, with the tool's line),
        // not again by the facts-level counter rules that serve doctor and the tests' deltas
        boolean countersByLog = logRules.stream().anyMatch(r -> r instanceof CounterErrorsRule);
        java.util.Set<String> counterRuleIds = java.util.Arrays.stream(CounterSignal.values())
                .map(c -> c.ruleId).collect(java.util.stream.Collectors.toSet());
        for (Facts host : log.hosts()) {
            hostRules.diagnose(host).stream()
                    .filter(f -> !(countersByLog && counterRuleIds.contains(f.rule())))
                    .forEach(out::add);
        }
        for (LogRule rule : logRules) {
            try {
                out.addAll(rule.apply(log));
            } catch (RuntimeException e) {
                out.add(new Finding("internal-error", Severity.WARN, rule.id(),
                        "rule " + rule.id() + " failed: " + e + " (please report it)", List.of(), null, null));
            }
        }
        out.sort(Comparator.comparing(Finding::severity).reversed());
        return out;
    }
}
