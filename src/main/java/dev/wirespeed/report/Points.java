package dev.wirespeed.report;

import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.units.ByteSize;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Groups results into parameter points: the parameters whose value changes within a set of
 * results (a campaign's grid: bs, iodepth, streams, sizeBytes) name a point; repetitions of one
 * point are averaged. Parameters that never change (the target file, the server) do not.
 */
public final class Points {
    private Points() {}

    /**
     * Parameter names whose value differs between results of the collection, in first-seen order.
     * Campaign results consider only the parameters their plan swept (a tool's own parameters, such
     * as the port iperf reports, change from run to run but name nothing).
     */
    public static List<String> varyingKeys(Collection<StoredResult> results) {
        Set<String> swept = new LinkedHashSet<>();
        boolean campaign = !results.isEmpty() && results.stream().noneMatch(r -> r.gridKeys().isEmpty());
        results.forEach(r -> swept.addAll(r.gridKeys()));
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (StoredResult r : results) {
            r.measurement().params().forEach((k, v) -> {
                if (!campaign || swept.contains(k)) {
                    values.computeIfAbsent(k, x -> new HashSet<>()).add(v);
                }
            });
        }
        Map<String, Set<String>> ordered = values;
        if (campaign) {
            // The plan's order: its first grid key is the outermost loop.
            ordered = new LinkedHashMap<>();
            for (String k : swept) {
                if (values.containsKey(k)) {
                    ordered.put(k, values.get(k));
                }
            }
        }
        List<String> out = new ArrayList<>();
        ordered.forEach((k, v) -> {
            boolean everywhere = results.stream().allMatch(r -> r.measurement().params().containsKey(k));
            if (v.size() > 1 || (!everywhere && !v.isEmpty() && results.size() > 1)) {
                out.add(k);
            }
        });
        return out;
    }

    /** The point of a result: its values of {@code keys} ("-" when absent), in key order. */
    public static Map<String, String> pointOf(StoredResult r, List<String> keys) {
        Map<String, String> p = new LinkedHashMap<>();
        for (String k : keys) {
            p.put(k, r.measurement().params().getOrDefault(k, "-"));
        }
        return p;
    }

    /** Results grouped by point, points sorted by their values (numbers and sizes numerically). */
    public static Map<Map<String, String>, List<StoredResult>> group(Collection<StoredResult> results, List<String> keys) {
        Map<Map<String, String>, List<StoredResult>> groups = new HashMap<>();
        for (StoredResult r : results) {
            groups.computeIfAbsent(pointOf(r, keys), x -> new ArrayList<>()).add(r);
        }
        List<Map<String, String>> order = new ArrayList<>(groups.keySet());
        order.sort(POINT_ORDER);
        Map<Map<String, String>, List<StoredResult>> sorted = new LinkedHashMap<>();
        order.forEach(p -> sorted.put(p, groups.get(p)));
        return sorted;
    }

    /** Orders points value by value; "4k" < "64k" < "1m", 2 < 10. */
    public static final Comparator<Map<String, String>> POINT_ORDER = (a, b) -> {
        List<String> va = new ArrayList<>(a.values());
        List<String> vb = new ArrayList<>(b.values());
        for (int i = 0; i < Math.min(va.size(), vb.size()); i++) {
            int c = compareValues(va.get(i), vb.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(va.size(), vb.size());
    };

    public static int compareValues(String a, String b) {
        Double x = numeric(a);
        Double y = numeric(b);
        if (x != null && y != null) {
            return Double.compare(x, y);
        }
        if (x != null || y != null) {
            return x != null ? -1 : 1;
        }
        return a.compareTo(b);
    }

    /** A parameter value as a number: "12", "2.5", or a size "4k" / "1M" (binary). Null otherwise. */
    public static Double numeric(String v) {
        if (v == null) {
            return null;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            try {
                return (double) ByteSize.parse(v);
            } catch (IllegalArgumentException e2) {
                return null;
            }
        }
    }

    /** The metric compare and report use by default for a test: IOPS for fio, bandwidth, latency. */
    public static String defaultMetric(Collection<StoredResult> results) {
        return defaultMetricOf(results.stream().map(StoredResult::measurement).toList());
    }

    public static String defaultMetricOf(Collection<Measurement> measurements) {
        Set<String> present = new LinkedHashSet<>();
        Set<String> tests = new HashSet<>();
        for (Measurement r : measurements) {
            r.summary().forEach(m -> present.add(m.name()));
            tests.add(r.test());
        }
        List<String> preference = tests.stream().allMatch(t -> t.endsWith("-lat"))
                ? List.of(Metrics.LATENCY_AVG_MICROS, Metrics.LATENCY_P50_MICROS)
                : List.of(Metrics.IOPS, Metrics.BITS_PER_SECOND, Metrics.MESSAGES_PER_SECOND,
                        Metrics.LATENCY_AVG_MICROS);
        for (String p : preference) {
            if (present.contains(p)) {
                return p;
            }
        }
        return present.isEmpty() ? Metrics.BITS_PER_SECOND : present.iterator().next();
    }

    /** Mean of a summary metric over results that have it; NaN when none has. */
    public static double mean(List<StoredResult> results, String metric) {
        return results.stream().map(StoredResult::measurement).map(m -> m.metric(metric))
                .flatMap(Optional::stream).mapToDouble(Measurement.Metric::value).average().orElse(Double.NaN);
    }

    /** How many results carry the metric. */
    public static int count(List<StoredResult> results, String metric) {
        return (int) results.stream().filter(r -> r.measurement().metric(metric).isPresent()).count();
    }
}
