package dev.wirespeed.run;

import java.util.List;
import java.util.Map;

/**
 * A campaign plan as read from YAML (format in docs/PLAN.md): series of one engine each, a
 * parameter grid, repetitions, labels. Parameter values are kept as text; each engine reads and
 * checks its own.
 *
 * @param name        names the campaign; --resume finds the unfinished campaign by it
 * @param repetitions runs of every point (1..1000)
 * @param retries     extra tries of a failed point before it counts as failed (0..10)
 * @param pauseSeconds a pause between points, for the link and the servers to settle
 * @param series      what runs, in order
 */
public record Plan(String name, String description, int repetitions, int retries, double pauseSeconds,
                   List<Series> series) {

    /**
     * One engine with its fixed parameters and the grid it sweeps.
     *
     * @param index  0-based position in the plan
     * @param labels labels of every result of this series (plan labels first)
     * @param params fixed parameters (plan defaults, then the series' own)
     * @param grid   parameter → values; the series runs every combination, first key outermost
     */
    public record Series(int index, String engine, List<String> labels, Map<String, String> params,
                         Map<String, List<String>> grid) {}
}
