package dev.wirespeed.run;

import java.util.HashMap;
import java.util.Map;

/**
 * A campaign's time left, engine by engine: a fio point and an iperf3 point take very different
 * times, so each engine's remaining points are counted at that engine's own pace so far (points
 * done this time, pauses included); an engine that has not run yet takes the pace of all points.
 */
final class Eta {
    private final Map<String, Integer> left = new HashMap<>();
    private final Map<String, double[]> done = new HashMap<>(); // engine -> {points, seconds}

    /** Counts a point still to run. */
    void planned(String engine) {
        left.merge(engine, 1, Integer::sum);
    }

    /** A point of {@code engine} took {@code seconds}. */
    void finished(String engine, double seconds) {
        left.computeIfPresent(engine, (e, n) -> n - 1);
        double[] d = done.computeIfAbsent(engine, e -> new double[2]);
        d[0]++;
        d[1] += seconds;
    }

    /** The mean seconds of a finished point of {@code engine}, NaN before one finished. */
    double secondsPerPoint(String engine) {
        double[] d = done.get(engine);
        return d == null || d[0] == 0 ? Double.NaN : d[1] / d[0];
    }

    /** Seconds left; NaN before any point finished. */
    double secondsLeft() {
        double points = done.values().stream().mapToDouble(d -> d[0]).sum();
        if (points == 0) {
            return Double.NaN;
        }
        double overall = done.values().stream().mapToDouble(d -> d[1]).sum() / points;
        double total = 0;
        for (Map.Entry<String, Integer> e : left.entrySet()) {
            double[] d = done.get(e.getKey());
            total += e.getValue() * (d == null ? overall : d[1] / d[0]);
        }
        return total;
    }
}
