package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * An ordered set of rules. {@link #standard()} is the one doctor, check and explain use.
 * Findings come back sorted: errors first, then warnings, then info; within a severity in rule order.
 */
public final class RuleSet {
    private final List<Rule> rules;

    public RuleSet(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** Every rule wirespeed ships, in the order findings are reported. */
    public static RuleSet standard() {
        return new RuleSet(StandardRules.all());
    }

    public List<Rule> rules() {
        return rules;
    }

    /**
     * Applies every rule. A rule that throws does not stop the others: its failure is reported as
     * a warning finding "internal-error" naming the rule (please report it).
     */
    public List<Finding> diagnose(Facts facts, Context context) {
        List<Finding> out = new ArrayList<>();
        for (Rule rule : rules) {
            try {
                out.addAll(rule.apply(facts, context));
            } catch (RuntimeException e) {
                out.add(new Finding("internal-error", Severity.WARN, rule.id(),
                        "rule " + rule.id() + " failed: " + e + " (please report it)", List.of(), null, null));
            }
        }
        out.sort(Comparator.comparing(Finding::severity).reversed());
        return out;
    }

    public List<Finding> diagnose(Facts facts) {
        return diagnose(facts, Context.of(facts));
    }
}
