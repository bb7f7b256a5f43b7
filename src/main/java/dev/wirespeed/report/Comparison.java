package dev.wirespeed.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.store.StoredResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Two sets of results side by side per parameter point, with the ratio A / B — seed 000's table
 * "IO Depth | KIOPS (RDMA) | KIOPS (TCP) | Ratio" for any metric. Repetitions are averaged; a
 * point present on one side only shows "-" on the other and no ratio.
 *
 * @param metric the summary metric compared ("iops")
 * @param unit   the scale of the numbers ("KIOPS")
 * @param keys   the parameters that name a point ("bs", "iodepth")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "a", "b", "metric", "unit", "keys", "rows"})
public record Comparison(String schema, String a, String b, String metric, String unit, List<String> keys,
                         List<Row> rows) {
    public static final String SCHEMA = "wirespeed.compare/1";

    /**
     * @param valueA mean of the metric on side A, in the metric's stored unit (null when absent)
     * @param countA results averaged on side A
     * @param ratio  valueA / valueB, null when either is absent or B is 0
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Row(Map<String, String> point, Double valueA, int countA, Double valueB, int countB, Double ratio) {}

    public static Comparison of(String nameA, List<StoredResult> a, String nameB, List<StoredResult> b, String metric) {
        String m = metric != null ? metric : Points.defaultMetric(concat(a, b));
        Set<String> keySet = new LinkedHashSet<>(Points.varyingKeys(a));
        keySet.addAll(Points.varyingKeys(b));
        List<String> keys = List.copyOf(keySet);
        var groupsA = Points.group(a, keys);
        var groupsB = Points.group(b, keys);
        Set<Map<String, String>> points = new java.util.TreeSet<>(Points.POINT_ORDER);
        points.addAll(groupsA.keySet());
        points.addAll(groupsB.keySet());
        List<Row> rows = new ArrayList<>();
        for (Map<String, String> p : points) {
            List<StoredResult> ra = groupsA.getOrDefault(p, List.of());
            List<StoredResult> rb = groupsB.getOrDefault(p, List.of());
            Double va = value(ra, m);
            Double vb = value(rb, m);
            Double ratio = va != null && vb != null && vb != 0 ? va / vb : null;
            rows.add(new Row(p, va, Points.count(ra, m), vb, Points.count(rb, m), ratio));
        }
        return new Comparison(SCHEMA, nameA, nameB, m, MetricScale.of(m).unit(), keys, rows);
    }

    private static Double value(List<StoredResult> rs, String metric) {
        double v = Points.mean(rs, metric);
        return Double.isNaN(v) ? null : v;
    }

    private static List<StoredResult> concat(List<StoredResult> a, List<StoredResult> b) {
        List<StoredResult> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
