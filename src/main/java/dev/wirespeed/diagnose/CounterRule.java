package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import java.util.Arrays;
import java.util.List;

/**
 * Nonzero error, discard, pause or congestion counters of one {@link CounterSignal}: one rule per
 * signal, so each has its id, documented in docs/doctor.md. TCP retransmits fire only above 1 % of
 * the segments sent since boot.
 */
final class CounterRule implements Rule {
    private final CounterSignal signal;

    CounterRule(CounterSignal signal) {
        this.signal = signal;
    }

    static List<Rule> all() {
        return Arrays.stream(CounterSignal.values()).<Rule>map(CounterRule::new).toList();
    }

    @Override
    public String id() {
        return signal.ruleId;
    }

    @Override
    public String description() {
        return "nonzero counters: " + signal.cause;
    }

    @Override
    public List<Finding> apply(Facts facts, Context context) {
        return CounterFindings.sinceReset(facts, signal);
    }
}
