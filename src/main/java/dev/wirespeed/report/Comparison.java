package dev.wirespeed.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.Numbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Two sets of results side by side per parameter point, with the ratio A / B —
 * src/test/resources/parse/seeds/000_a2147e746c8b34a4.txt's table "IO Depth | KIOPS (RDMA) | KIOPS (TCP) |
 * Ratio" for any metric. Repetitions are averaged and their range kept; a point present on one side only
 * shows "-" on the other and no ratio. Sweeps are compared size by size (each row a point). One kind of
 * result per comparison.
 *
 * @param test   the test compared ("tcp-bw", "fio"; "tcp-bw sweep" for sweeps)
 * @param metric the summary metric compared ("iops")
 * @param unit   the scale of the numbers ("KIOPS")
 * @param keys   the parameters that name a point ("bs", "iodepth")
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "a", "b", "test", "metric", "unit", "keys", "rows"})
public record Comparison(String schema, String a, String b, String test, String metric, String unit,
                         List<String> keys, List<Row> rows) {
    public static final String SCHEMA = "wirespeed.compare/1";

    /** The verdict of a point whose two sides' ranges overlap. */
    public static final String WITHIN_NOISE = "within noise";

    /**
     * @param valueA mean of the metric on side A, in the metric's stored unit (null when absent)
     * @param countA results averaged on side A
     * @param minA   lowest of side A's repetitions (only with two or more)
     * @param maxA   highest of side A's repetitions (only with two or more)
     * @param ratio  valueA / valueB, null when either is absent or B is 0
     * @param verdict "within noise" when both sides were repeated and their ranges overlap; else
     *                null (a single run per side says nothing about noise)
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"point", "valueA", "countA", "minA", "maxA", "valueB", "countB", "minB", "maxB", "ratio",
        "verdict"})
    public record Row(Map<String, String> point, Double valueA, int countA, Double minA, Double maxA, Double valueB,
                      int countB, Double minB, Double maxB, Double ratio, String verdict) {}

    /** Thrown when the two sides hold more than one kind of result: the message says which. */
    public static final class MixedKinds extends IllegalArgumentException {
        public MixedKinds(String message) {
            super(message);
        }
    }

    public static Comparison of(String nameA, List<StoredResult> a, String nameB, List<StoredResult> b, String metric) {
        List<String> kindsA = ResultFilter.kinds(a);
        List<String> kindsB = ResultFilter.kinds(b);
        Set<String> all = new LinkedHashSet<>(kindsA);
        all.addAll(kindsB);
        if (all.size() > 1) {
            throw new MixedKinds("cannot compare different kinds of results in one table: " + describe(nameA, kindsA)
                    + ", " + describe(nameB, kindsB) + "; choose one with --test (e.g. --test "
                    + shortTest(all.iterator().next()) + ")");
        }
        String kind = all.isEmpty() ? null : all.iterator().next();
        List<StoredResult> pa = points(a);
        List<StoredResult> pb = points(b);
        String m = metric != null ? metric : Points.defaultMetric(concat(pa, pb));
        Set<String> keySet = new LinkedHashSet<>(Points.varyingKeys(pa));
        keySet.addAll(Points.varyingKeys(pb));
        List<String> keys = List.copyOf(keySet);
        var groupsA = Points.group(pa, keys);
        var groupsB = Points.group(pb, keys);
        Set<Map<String, String>> points = new TreeSet<>(Points.POINT_ORDER);
        points.addAll(groupsA.keySet());
        points.addAll(groupsB.keySet());
        List<Row> rows = new ArrayList<>();
        for (Map<String, String> p : points) {
            Side sa = Side.of(groupsA.getOrDefault(p, List.of()), m);
            Side sb = Side.of(groupsB.getOrDefault(p, List.of()), m);
            Double ratio = sa.mean != null && sb.mean != null && sb.mean != 0 ? sa.mean / sb.mean : null;
            String verdict = sa.count > 1 && sb.count > 1 && sa.min <= sb.max && sb.min <= sa.max ? WITHIN_NOISE : null;
            rows.add(new Row(p, sa.mean, sa.count, sa.spreadMin(), sa.spreadMax(), sb.mean, sb.count, sb.spreadMin(),
                    sb.spreadMax(), ratio, verdict));
        }
        return new Comparison(SCHEMA, nameA, nameB, kind, m, MetricScale.of(m).unit(), keys, rows);
    }

    /** The mean, count and range of one side of a point. */
    private record Side(Double mean, int count, double min, double max) {
        static Side of(List<StoredResult> rs, String metric) {
            double[] v = rs.stream().map(r -> r.measurement().metric(metric)).flatMap(Optional::stream)
                    .mapToDouble(Measurement.Metric::value).toArray();
            if (v.length == 0) {
                return new Side(null, 0, Double.NaN, Double.NaN);
            }
            return new Side(Arrays.stream(v).average().orElseThrow(), v.length,
                    Arrays.stream(v).min().orElseThrow(), Arrays.stream(v).max().orElseThrow());
        }

        Double spreadMin() {
            return count > 1 ? min : null;
        }

        Double spreadMax() {
            return count > 1 ? max : null;
        }
    }

    /** A sweep's rows as one result each, the swept value a parameter: compared size by size. */
    static List<StoredResult> points(List<StoredResult> results) {
        List<StoredResult> out = new ArrayList<>();
        for (StoredResult r : results) {
            Measurement m = r.measurement();
            if (!ResultsText.isSweep(m)) {
                out.add(r);
                continue;
            }
            for (Measurement.Row row : m.rows()) {
                Map<String, String> params = new LinkedHashMap<>(m.params());
                params.put(row.key(), Numbers.plain(row.keyValue()));
                out.add(r.withMeasurement(new Measurement(m.tool(), m.toolVersion(), m.test(), params, row.metrics(),
                        null, null, m.source())));
            }
        }
        return out;
    }

    private static String describe(String name, List<String> kinds) {
        return name + " has " + (kinds.isEmpty() ? "no results" : String.join(" and ", kinds));
    }

    private static String shortTest(String kind) {
        String test = kind.replace(" sweep", "");
        return ResultFilter.TEST_NAMES.entrySet().stream().filter(e -> e.getValue().equals(test)).map(Map.Entry::getKey)
                .sorted().findFirst().orElse(test);
    }

    private static List<StoredResult> concat(List<StoredResult> a, List<StoredResult> b) {
        List<StoredResult> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
