package dev.wirespeed.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A plan → its points: series in order, each grid's cartesian product (first key outermost), repetitions innermost. */
public final class Expansion {
    /** More points than anyone means to run; a plan over this is a typo in a grid. */
    public static final int MAX_POINTS = 100_000;

    private Expansion() {}

    public static List<Point> points(Plan plan, Engines engines) {
        List<Point> out = new ArrayList<>();
        for (Plan.Series s : plan.series()) {
            PlanEngine engine = engines.named(s.engine());
            List<Map<String, String>> cells = cells(s.grid());
            if ((long) out.size() + (long) cells.size() * plan.repetitions() > MAX_POINTS) {
                throw new PlanException("the plan expands to more than " + MAX_POINTS + " points");
            }
            for (Map<String, String> cell : cells) {
                Map<String, String> params = new LinkedHashMap<>(s.params());
                params.putAll(cell);
                engine.check(new PointParams(params, "series " + (s.index() + 1) + " (" + s.engine() + ")"));
                for (int rep = 1; rep <= plan.repetitions(); rep++) {
                    out.add(new Point(out.size() + 1, s, Map.copyOf(params), cell, rep, key(s, cell, rep)));
                }
            }
        }
        return out;
    }

    static String key(Plan.Series s, Map<String, String> cell, int rep) {
        return "s" + (s.index() + 1) + " " + s.engine() + " "
                + cell.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","))
                + " r" + rep;
    }

    private static List<Map<String, String>> cells(Map<String, List<String>> grid) {
        List<Map<String, String>> cells = new ArrayList<>();
        cells.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<String>> axis : grid.entrySet()) {
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> c : cells) {
                for (String v : axis.getValue()) {
                    Map<String, String> n = new LinkedHashMap<>(c);
                    n.put(axis.getKey(), v);
                    next.add(n);
                }
            }
            cells = next;
            if (cells.size() > MAX_POINTS) {
                throw new PlanException("the grid expands to more than " + MAX_POINTS + " cells");
            }
        }
        return cells;
    }
}
