package dev.wirespeed.diagnose;

import dev.wirespeed.host.Evidence;
import dev.wirespeed.host.Observed;
import java.util.ArrayList;
import java.util.List;

/** Evidence lists for findings: the observations a finding rests on, skipping what was not seen. */
final class Evidences {
    private Evidences() {}

    static List<Evidence> of(Observed<?>... observed) {
        List<Evidence> out = new ArrayList<>();
        for (Observed<?> o : observed) {
            if (o != null && !o.isNotSeen()) {
                out.add(o.evidence());
            }
        }
        return out;
    }
}
