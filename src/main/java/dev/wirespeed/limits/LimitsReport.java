package dev.wirespeed.limits;

import java.util.List;

/**
 * What `wirespeed limits` prints (schema docs/json/limits.schema.json, id {@value #SCHEMA}).
 *
 * @param source "command line", or the facts' origin ("sysfs /")
 * @param paths  one ceiling per path
 */
public record LimitsReport(String schema, String source, List<PathLimit> paths) {
    public static final String SCHEMA = "wirespeed.limits/1";

    public LimitsReport {
        paths = List.copyOf(paths);
    }

    public static LimitsReport of(String source, List<PathLimit> paths) {
        return new LimitsReport(SCHEMA, source, paths);
    }
}
