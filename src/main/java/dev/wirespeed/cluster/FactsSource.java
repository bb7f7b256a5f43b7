package dev.wirespeed.cluster;

import dev.wirespeed.explain.CommandFacts;
import dev.wirespeed.diagnose.Finding;
import dev.wirespeed.diagnose.RuleSet;
import dev.wirespeed.facts.Facts;
import dev.wirespeed.inspect.Inspection;
import java.nio.file.Path;
import java.util.List;

/** Where an agent gets its host's doctor facts and findings: the same reader and rules as `wirespeed doctor`. */
public interface FactsSource {
    Facts collect();

    List<Finding> diagnose(Facts facts);

    /** The host whose / is {@code root} (/ for this host; a capture directory in tests). */
    static FactsSource sysfs(Path root) {
        return new FactsSource() {
            @Override
            public Facts collect() {
                return Inspection.read(root, null, new CommandFacts());
            }

            @Override
            public List<Finding> diagnose(Facts facts) {
                return RuleSet.standard().diagnose(facts, Inspection.context(root, facts));
            }
        };
    }
}
