package dev.wirespeed.diagnose;

import dev.wirespeed.facts.Context;
import dev.wirespeed.facts.Facts;
import java.util.List;

/**
 * A diagnosis rule: facts in, findings out. A rule reads only {@link Facts} (never the file system),
 * so it works the same on sysfs facts (doctor), fixture trees (tests) and parsed tool output
 * (explain). It skips what it cannot see: an absent or unreadable attribute never fires a rule and
 * never counts as zero.
 */
public interface Rule {
    /** Stable id, kebab-case ("pcie-link-downgraded"); findings carry it. */
    String id();

    /** What the rule checks, one line (listed in docs/doctor.md). */
    String description();

    List<Finding> apply(Facts facts, Context context);
}
