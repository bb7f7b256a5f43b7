package dev.wirespeed.diagnose;

import java.util.List;

/**
 * A rule over a whole pasted log rather than one host: it compares hosts (RDMA naming schemes) or
 * reads records only tool output has (fabric links, overlay peers, switch firmware state). Like
 * {@link Rule}, it reads only facts and skips what it cannot see.
 */
public interface LogRule {
    String id();

    String description();

    List<Finding> apply(LogFacts log);
}
