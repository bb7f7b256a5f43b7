package dev.wirespeed.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Finds slow pairs in a mesh and the host that explains them.
 *
 * <p>The reference rate is the median over hosts of each host's median flow. In a healthy mesh it
 * equals the median of all flows; unlike that, it stays put when a minority of hosts is slow (two
 * slow hosts out of six make 9 of the 15 pairs slow, and the plain median would be a slow pair).
 *
 * <p>A flow (one direction of one pair) is an outlier when it is below {@code expectPercent} of
 * its computed ceiling (the TCP goodput limit of the slower of its two links, when both are
 * known), or below {@code expectPercent} of the reference — or of either end's ceiling, when that
 * is lower: a 25G host among 100G hosts is not slow for reaching 24 Gbit/s.
 *
 * <p>With fewer than {@value #MIN_PAIRS_FOR_MEDIAN} measured pairs the median says nothing about
 * a pair (it is mostly that pair), so only ceilings find outliers then.
 *
 * <p>A host whose every measured pair (at least two) holds an outlier is a suspect: one slow NIC,
 * cable or switch port makes every pair through it slow, so the host is named once instead of
 * every pair through it. When every host qualifies, the cause is common to all and no host is
 * singled out by that criterion.
 */
public final class Outliers {
    /** Below this many measured pairs the median is mostly the pair itself: only ceilings judge. */
    public static final int MIN_PAIRS_FOR_MEDIAN = 3;

    private Outliers() {}

    /**
     * @param bitsPerSecond       the flow's rate
     * @param percentOfMedian     the rate in percent of the reference median
     * @param ceilingBitsPerSecond the pair's computed ceiling, null when unknown
     * @param below               "median", "ceiling" or "median and ceiling"
     * @param explainedBy         the suspect host this outlier runs through, null when it is a link of its own
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Outlier(String client, String server, String from, String to, double bitsPerSecond,
                          double percentOfMedian, Double ceilingBitsPerSecond, String below, String explainedBy,
                          Evidence evidence) {
        public Outlier(String client, String server, String from, String to, double bitsPerSecond,
                       double percentOfMedian, Double ceilingBitsPerSecond, String below, String explainedBy) {
            this(client, server, from, to, bitsPerSecond, percentOfMedian, ceilingBitsPerSecond, below, explainedBy, null);
        }

        Outlier withEvidence(Evidence e) {
            return new Outlier(client, server, from, to, bitsPerSecond, percentOfMedian, ceilingBitsPerSecond, below,
                    explainedBy, e);
        }
    }

    /** A host all of whose measured pairs are slow; {@code evidence}: its re-test (issue 26). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Suspect(String host, int pairs, double minBitsPerSecond, double maxBitsPerSecond,
                          double percentOfMedian, Evidence evidence) {
        public Suspect(String host, int pairs, double minBitsPerSecond, double maxBitsPerSecond, double percentOfMedian) {
            this(host, pairs, minBitsPerSecond, maxBitsPerSecond, percentOfMedian, null);
        }

        Suspect withEvidence(Evidence e) {
            return new Suspect(host, pairs, minBitsPerSecond, maxBitsPerSecond, percentOfMedian, e);
        }
    }

    /** What a slow pair's re-test showed (issue 26: outliers are confirmed before they are named). */
    public enum Status {
        @JsonProperty("confirmed") CONFIRMED,
        @JsonProperty("not confirmed") NOT_CONFIRMED,
        @JsonProperty("not enough evidence") NOT_ENOUGH_EVIDENCE;

        public String label() {
            return switch (this) {
                case CONFIRMED -> "confirmed";
                case NOT_CONFIRMED -> "not confirmed";
                case NOT_ENOUGH_EVIDENCE -> "not enough evidence";
            };
        }
    }

    /**
     * @param status               confirmed, not confirmed or not enough evidence
     * @param pair                 "CLIENT → SERVER", the pair that was re-tested (a suspect's: its slowest)
     * @param samplesBitsPerSecond its rate in the mesh, then on the re-test when it ran
     * @param control              the pair re-tested beside it, null when there was none
     * @param spreadsBelowMedian   how far the faster of its samples lies below the median of the other flows,
     *                             in robust spreads ({@link Spread}); null without enough flows to tell
     * @param reason               one line: why it is, or is not, called slow
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Evidence(Status status, String pair, List<Double> samplesBitsPerSecond, Control control,
                           Double spreadsBelowMedian, String reason) {}

    /** A pair that was not slow in the mesh, re-tested beside a suspect one: were the conditions normal? */
    public record Control(String pair, List<Double> samplesBitsPerSecond, boolean normal) {}

    /**
     * The spread of the flows that were not slow: their median and a robust spread (1.4826 × the
     * median absolute deviation, an estimate of one standard deviation that outliers do not inflate),
     * floored at 0.5 % of the median (the resolution of a rate measurement).
     */
    public record Spread(int flows, double medianBitsPerSecond, double spreadBitsPerSecond, double minBitsPerSecond,
                         double maxBitsPerSecond) {}

    /**
     * @param medianBitsPerSecond the reference: median of per-host medians; null when nothing was measured
     * @param commonCause         set when every host looks slow against the ceiling
     * @param unconfirmed         slow in the mesh, but not named: not slow on a re-test, within the
     *                            spread, or not enough evidence either way (each with its evidence)
     * @param spread              the spread of the flows that were not slow; null when none
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Result(Double medianBitsPerSecond, double expectPercent, int flows, List<Outlier> outliers,
                         List<Suspect> suspects, String commonCause, List<Outlier> unconfirmed, Spread spread) {
        public Result(Double medianBitsPerSecond, double expectPercent, int flows, List<Outlier> outliers,
                      List<Suspect> suspects, String commonCause) {
            this(medianBitsPerSecond, expectPercent, flows, outliers, suspects, commonCause, null, null);
        }
    }

    /**
     * @param hosts    labels, in mesh order
     * @param ceilings per-host TCP ceiling in bit/s (missing or null entries: unknown)
     */
    public static Result analyse(List<String> hosts, List<PairResult> pairs, Map<String, Double> ceilings,
                                 double expectPercent) {
        Map<String, Double> ceilingOf = ceilings == null ? Map.of() : ceilings;
        List<PairResult> measured = pairs.stream().filter(p -> p.ok() && !p.flows().isEmpty()).toList();
        int flowCount = measured.stream().mapToInt(p -> p.flows().size()).sum();
        if (flowCount == 0) {
            return new Result(null, expectPercent, 0, List.of(), List.of(), null);
        }
        double median = referenceMedian(measured);
        double fraction = expectPercent / 100.0;
        boolean byMedian = measured.size() >= MIN_PAIRS_FOR_MEDIAN;

        List<Outlier> found = new ArrayList<>();
        for (PairResult p : measured) {
            Double a = ceilingOf.get(p.client());
            Double b = ceilingOf.get(p.server());
            Double ceiling = a == null || b == null ? null : Math.min(a, b);
            // Either end's ceiling bounds the pair, even when the other end's is unknown.
            double expected = Math.min(median, Math.min(a == null ? median : a, b == null ? median : b));
            for (PairResult.Flow f : p.flows()) {
                boolean belowMedian = byMedian && f.bitsPerSecond() < fraction * expected;
                boolean belowCeiling = ceiling != null && f.bitsPerSecond() < fraction * ceiling;
                if (belowMedian || belowCeiling) {
                    String below = belowMedian && belowCeiling ? "median and ceiling" : belowMedian ? "median" : "ceiling";
                    found.add(new Outlier(p.client(), p.server(), f.from(), f.to(), f.bitsPerSecond(),
                            percent(f.bitsPerSecond(), median), ceiling, below, null));
                }
            }
        }

        String commonCause = null;
        Set<String> suspectHosts = suspects(hosts, measured, found, o -> true);
        if (suspectHosts == null) {
            commonCause = String.format(Locale.ROOT,
                    "every host's pairs are below %s %% of their computed ceiling: the limit is common to all "
                            + "hosts (CPU, the switch, the test settings), not one node", Num.trim(expectPercent));
            suspectHosts = suspects(hosts, measured, found, o -> o.below().startsWith("median"));
            if (suspectHosts == null) {
                suspectHosts = Set.of();
            }
        }

        List<Outlier> outliers = new ArrayList<>(found.size());
        for (Outlier o : found) {
            String by = suspectHosts.contains(o.client()) ? o.client()
                    : suspectHosts.contains(o.server()) ? o.server() : null;
            outliers.add(new Outlier(o.client(), o.server(), o.from(), o.to(), o.bitsPerSecond(), o.percentOfMedian(),
                    o.ceilingBitsPerSecond(), o.below(), by));
        }
        List<Suspect> suspects = new ArrayList<>();
        for (String h : suspectHosts) {
            double[] own = outliers.stream().filter(o -> h.equals(o.explainedBy()))
                    .mapToDouble(Outlier::bitsPerSecond).toArray();
            int pairsOfHost = (int) measured.stream().filter(p -> p.client().equals(h) || p.server().equals(h)).count();
            suspects.add(new Suspect(h, pairsOfHost, Arrays.stream(own).min().orElseThrow(),
                    Arrays.stream(own).max().orElseThrow(), percent(median(own), median)));
        }
        return new Result(median, expectPercent, flowCount, outliers, suspects, commonCause);
    }

    /**
     * Hosts with at least two measured pairs, every one of which holds a counted outlier; in mesh
     * order. Null when every such host qualifies (and there are at least two): no single suspect.
     */
    private static Set<String> suspects(List<String> hosts, List<PairResult> measured, List<Outlier> outliers,
                                        Predicate<Outlier> counted) {
        Map<String, Integer> measuredPairs = new HashMap<>();
        Map<String, Integer> slowPairs = new HashMap<>();
        for (PairResult p : measured) {
            boolean slow = outliers.stream().anyMatch(o -> counted.test(o)
                    && o.client().equals(p.client()) && o.server().equals(p.server()));
            for (String h : List.of(p.client(), p.server())) {
                measuredPairs.merge(h, 1, Integer::sum);
                if (slow) {
                    slowPairs.merge(h, 1, Integer::sum);
                }
            }
        }
        Set<String> out = new LinkedHashSet<>();
        int eligible = 0;
        for (String h : hosts) {
            int n = measuredPairs.getOrDefault(h, 0);
            if (n >= 2) {
                eligible++;
                if (slowPairs.getOrDefault(h, 0) == n) {
                    out.add(h);
                }
            }
        }
        return eligible >= 2 && out.size() == eligible ? null : out;
    }

    /** Median over hosts of each host's median flow (a flow counts for both of its hosts). */
    static double referenceMedian(List<PairResult> measured) {
        Map<String, List<Double>> byHost = new LinkedHashMap<>();
        for (PairResult p : measured) {
            for (PairResult.Flow f : p.flows()) {
                byHost.computeIfAbsent(p.client(), k -> new ArrayList<>()).add(f.bitsPerSecond());
                byHost.computeIfAbsent(p.server(), k -> new ArrayList<>()).add(f.bitsPerSecond());
            }
        }
        double[] hostMedians = byHost.values().stream()
                .mapToDouble(v -> median(v.stream().mapToDouble(Double::doubleValue).toArray())).toArray();
        return median(hostMedians);
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    private static double percent(double value, double of) {
        return of <= 0 ? 0 : Math.round(1000.0 * value / of) / 10.0;
    }
}
