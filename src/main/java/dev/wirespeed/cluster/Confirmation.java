package dev.wirespeed.cluster;

import dev.wirespeed.units.Rate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Confirms a mesh's slow pairs before they are named (issue 26). One sample of a pair is one
 * moment: a busy host, a burst of other traffic or the noise of a shared machine can put a healthy
 * pair below the line once (a 2-second loopback sample at 88.6 % of the median was called a slow
 * link). So each suspect host and each slow link found by {@link Outliers#analyse} is re-tested,
 * beside a control pair that was not slow, and named only when
 * <ol>
 *   <li>the re-test is below the line again,</li>
 *   <li>the control pair, re-tested at the same time, is not (else the moment was slow, not the pair),</li>
 *   <li>and the pair lies outside the spread of the flows that were not slow: the faster of its two
 *       samples at least {@value #SPREADS} robust spreads below their median ({@link Outliers.Spread}),
 *       which needs {@value #MIN_REFERENCE_FLOWS} such flows — or it is below its computed ceiling
 *       both times, a limit that needs no spread.</li>
 * </ol>
 * What fails 1 or 2 or the spread is "not confirmed"; what cannot be judged (no re-test, a failed
 * re-test, no control pair, too few flows for a spread) is "not enough evidence". Neither is named.
 */
final class Confirmation {
    /** Slow pairs re-tested per mesh, the worst first; the rest are "not enough evidence". */
    static final int MAX_RETESTS = 4;
    /** A confirmed pair lies at least this many robust spreads below the median of the other flows. */
    static final double SPREADS = 3;
    /** Flows that were not slow needed to measure their spread. */
    static final int MIN_REFERENCE_FLOWS = 5;
    /** The spread is never taken below this share of the median (a rate is not measured finer). */
    static final double SPREAD_FLOOR = 0.005;

    private Confirmation() {}

    /**
     * One re-test: the slow pair (a suspect host's slowest, or a slow link) and its control.
     *
     * @param suspectHost the suspect host it confirms, or null for a link
     * @param link        the slow flow it confirms (for a suspect: its slowest)
     * @param pair        the pair to re-test, as the mesh's host indexes
     * @param control     a pair that was not slow, null when the mesh has none
     */
    record Retest(String suspectHost, Outliers.Outlier link, Pair pair, Pair control) {
        /** Whether the two pairs share no host, so they can run at the same time. */
        boolean disjoint() {
            return control != null && control.client() != pair.client() && control.client() != pair.server()
                    && control.server() != pair.client() && control.server() != pair.server();
        }
    }

    /**
     * What a re-test measured.
     *
     * @param pair    the slow pair's re-test; null when it did not run
     * @param control the control's re-test; null when there was none or it did not run
     * @param skipped why it did not run, else null
     */
    record Done(Retest retest, PairResult pair, PairResult control, String skipped) {
        static Done skipped(Retest r, String why) {
            return new Done(r, null, null, why);
        }
    }

    /** The re-tests of {@code first}'s suspects and slow links, the worst first. */
    static List<Retest> plan(List<String> labels, Outliers.Result first, List<PairResult> pairs) {
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < labels.size(); i++) {
            index.put(labels.get(i), i);
        }
        List<PairResult> measured = pairs.stream().filter(p -> p.ok() && !p.flows().isEmpty()).toList();
        Set<String> slowPairs = new HashSet<>();
        first.outliers().forEach(o -> slowPairs.add(key(o.client(), o.server())));
        double median = first.medianBitsPerSecond() == null ? 0 : first.medianBitsPerSecond();
        List<Retest> out = new ArrayList<>();
        for (Outliers.Suspect s : first.suspects()) {
            first.outliers().stream().filter(o -> s.host().equals(o.explainedBy()))
                    .min(Comparator.comparingDouble(Outliers.Outlier::bitsPerSecond))
                    .ifPresent(o -> out.add(retest(s.host(), o, index, measured, slowPairs, median)));
        }
        Set<String> planned = new HashSet<>();
        first.outliers().stream().filter(o -> candidateLink(o, first))
                .sorted(Comparator.comparingDouble(Outliers.Outlier::bitsPerSecond))
                .forEach(o -> {
                    if (planned.add(key(o.client(), o.server()))) {
                        out.add(retest(null, o, index, measured, slowPairs, median));
                    }
                });
        return out;
    }

    /**
     * A slow flow that is a link of its own: not through a suspect host, and not only below a
     * ceiling that every host misses (that is the common cause, named as such).
     */
    static boolean candidateLink(Outliers.Outlier o, Outliers.Result first) {
        return o.explainedBy() == null && !(first.commonCause() != null && o.below().equals("ceiling"));
    }

    private static Retest retest(String host, Outliers.Outlier o, Map<String, Integer> index, List<PairResult> measured,
                                 Set<String> slowPairs, double median) {
        Pair pair = new Pair(index.get(o.client()), index.get(o.server()));
        Pair control = null;
        boolean controlDisjoint = false;
        double controlDistance = Double.MAX_VALUE;
        for (PairResult p : measured) {
            if (slowPairs.contains(key(p.client(), p.server()))) {
                continue;
            }
            Pair c = new Pair(index.get(p.client()), index.get(p.server()));
            boolean disjoint = new Retest(host, o, pair, c).disjoint();
            double distance = Math.abs(p.flows().getFirst().bitsPerSecond() - median);
            // a pair that shares no host runs beside the slow one; among those, the most typical rate
            if ((disjoint && !controlDisjoint) || (disjoint == controlDisjoint && distance < controlDistance)) {
                control = c;
                controlDisjoint = disjoint;
                controlDistance = distance;
            }
        }
        return new Retest(host, o, pair, control);
    }

    /**
     * The analysis with each re-tested suspect and link judged: confirmed ones keep their place
     * (with their evidence), the rest move to {@link Outliers.Result#unconfirmed}.
     *
     * @param done one per planned re-test (a skipped one says why)
     */
    static Outliers.Result judge(Outliers.Result first, List<PairResult> pairs, Map<String, Double> ceilings,
                                 List<Done> done) {
        Map<String, Double> ceilingOf = ceilings == null ? Map.of() : ceilings;
        Outliers.Spread spread = spread(first, pairs);
        Map<String, Outliers.Evidence> ofHost = new LinkedHashMap<>();
        Map<String, Outliers.Evidence> ofPair = new HashMap<>();
        for (Done d : done) {
            Outliers.Evidence e = evidence(d, first, ceilingOf, spread, pairs);
            if (d.retest().suspectHost() != null) {
                ofHost.put(d.retest().suspectHost(), e);
            } else {
                ofPair.put(key(d.retest().link().client(), d.retest().link().server()), e);
            }
        }
        List<Outliers.Suspect> suspects = new ArrayList<>();
        Set<String> named = new HashSet<>();
        for (Outliers.Suspect s : first.suspects()) {
            Outliers.Evidence e = ofHost.getOrDefault(s.host(), notReTested());
            if (e.status() == Outliers.Status.CONFIRMED) {
                suspects.add(s.withEvidence(e));
                named.add(s.host());
            }
        }
        List<Outliers.Outlier> outliers = new ArrayList<>();
        List<Outliers.Outlier> unconfirmed = new ArrayList<>();
        for (Outliers.Outlier o : first.outliers()) {
            if (o.explainedBy() != null) {
                String by = named.contains(o.explainedBy()) ? o.explainedBy()
                        : named.contains(o.client()) ? o.client() : named.contains(o.server()) ? o.server() : null;
                if (by != null) {
                    outliers.add(new Outliers.Outlier(o.client(), o.server(), o.from(), o.to(), o.bitsPerSecond(),
                            o.percentOfMedian(), o.ceilingBitsPerSecond(), o.below(), by));
                } else {
                    unconfirmed.add(o.withEvidence(ofHost.getOrDefault(o.explainedBy(), notReTested())));
                }
            } else if (!candidateLink(o, first)) {
                outliers.add(o); // below a ceiling every host misses: the common cause speaks for it
            } else {
                Outliers.Evidence e = ofPair.getOrDefault(key(o.client(), o.server()), notReTested());
                (e.status() == Outliers.Status.CONFIRMED ? outliers : unconfirmed).add(o.withEvidence(e));
            }
        }
        return new Outliers.Result(first.medianBitsPerSecond(), first.expectPercent(), first.flows(), outliers, suspects,
                first.commonCause(), unconfirmed, spread);
    }

    private static Outliers.Evidence notReTested() {
        return new Outliers.Evidence(Outliers.Status.NOT_ENOUGH_EVIDENCE, null, null, null, null,
                "one sample, not re-tested");
    }

    private static Outliers.Evidence evidence(Done d, Outliers.Result first, Map<String, Double> ceilings,
                                              Outliers.Spread spread, List<PairResult> pairs) {
        Outliers.Outlier o = d.retest().link();
        String pairName = o.from() + " → " + o.to();
        double median = first.medianBitsPerSecond();
        double fraction = first.expectPercent() / 100;
        List<Double> samples = new ArrayList<>(List.of(o.bitsPerSecond()));
        Double retest = d.pair() == null || !d.pair().ok() ? null : rate(d.pair(), o.from(), o.to());
        if (retest != null) {
            samples.add(retest);
        }
        Double spreads = spread == null || spread.flows() < MIN_REFERENCE_FLOWS ? null
                : round1((spread.medianBitsPerSecond() - Math.max(o.bitsPerSecond(), retest == null ? 0 : retest))
                        / spread.spreadBitsPerSecond());
        Outliers.Control control = control(d, first, ceilings, pairs);
        if (d.pair() == null) {
            return new Outliers.Evidence(Outliers.Status.NOT_ENOUGH_EVIDENCE, pairName, samples, control, spreads,
                    "one sample, not re-tested: " + d.skipped());
        }
        if (retest == null) {
            return new Outliers.Evidence(Outliers.Status.NOT_ENOUGH_EVIDENCE, pairName, samples, control, spreads,
                    "one sample; its re-test failed: " + d.pair().message());
        }
        double expected = expected(o.client(), o.server(), median, ceilings);
        boolean belowCeilingTwice = o.ceilingBitsPerSecond() != null && o.bitsPerSecond() < fraction * o.ceilingBitsPerSecond()
                && retest < fraction * o.ceilingBitsPerSecond();
        boolean slowAgain = retest < fraction * expected || belowCeilingTwice;
        String again = Rate.format(retest) + " on a re-test (" + Num.trim(percent(retest, median)) + " % of the median)";
        if (!slowAgain) {
            return new Outliers.Evidence(Outliers.Status.NOT_CONFIRMED, pairName, samples, control, spreads,
                    again + ": the first sample was not repeated");
        }
        if (control != null && !control.normal()) {
            return new Outliers.Evidence(Outliers.Status.NOT_CONFIRMED, pairName, samples, control, spreads, again
                    + ", but the control pair " + control.pair() + " was slow on its re-test too ("
                    + Rate.format(control.samplesBitsPerSecond().getLast()) + "): the moment was slow, not this pair");
        }
        if (control == null && d.retest().control() != null) {
            return new Outliers.Evidence(Outliers.Status.NOT_ENOUGH_EVIDENCE, pairName, samples, null, spreads, again
                    + ", but the control pair's re-test failed" + (d.control() == null ? "" : ": " + d.control().message()));
        }
        String beside = control == null ? "no other pair was measured to compare with"
                : "the control " + control.pair() + " gave " + Rate.format(control.samplesBitsPerSecond().getLast());
        if (belowCeilingTwice) {
            return new Outliers.Evidence(Outliers.Status.CONFIRMED, pairName, samples, control, spreads,
                    "again " + again + ", below its computed ceiling both times; " + beside);
        }
        if (control == null) {
            return new Outliers.Evidence(Outliers.Status.NOT_ENOUGH_EVIDENCE, pairName, samples, null, spreads,
                    again + ", but " + beside);
        }
        if (spreads == null) {
            return new Outliers.Evidence(Outliers.Status.NOT_ENOUGH_EVIDENCE, pairName, samples, control, null,
                    again + " and " + beside + ", but telling it from the spread needs " + MIN_REFERENCE_FLOWS
                            + " flows that were not slow; the mesh has " + (spread == null ? 0 : spread.flows()));
        }
        // σ is the robust one (1.4826 × MAD, Outliers.Spread): "spreads" alone read as jargon
        String outside = Num.trim(spreads) + " σ below the other " + spread.flows() + " flows' median of "
                + Rate.format(spread.medianBitsPerSecond()) + " (robust σ " + Rate.format(spread.spreadBitsPerSecond())
                + ")";
        if (spreads < SPREADS) {
            return new Outliers.Evidence(Outliers.Status.NOT_CONFIRMED, pairName, samples, control, spreads, again
                    + ", but within the spread of the flows that were not slow: " + outside + ", " + Num.trim(SPREADS)
                    + " σ needed");
        }
        return new Outliers.Evidence(Outliers.Status.CONFIRMED, pairName, samples, control, spreads,
                "again " + again + " while " + beside + "; " + outside);
    }

    /**
     * The control's samples (in the mesh, then on its re-test) and whether its re-test was normal (not
     * below its own line); null without a control that answered.
     */
    private static Outliers.Control control(Done d, Outliers.Result first, Map<String, Double> ceilings,
                                            List<PairResult> pairs) {
        if (d.control() == null || !d.control().ok() || d.control().flows().isEmpty()) {
            return null;
        }
        PairResult c = d.control();
        PairResult.Flow f = c.flows().getFirst();
        double expected = expected(c.client(), c.server(), first.medianBitsPerSecond(), ceilings);
        List<Double> samples = new ArrayList<>();
        pairs.stream().filter(p -> p.ok() && p.client().equals(c.client()) && p.server().equals(c.server()))
                .findFirst().map(p -> rate(p, f.from(), f.to())).ifPresent(samples::add);
        samples.add(f.bitsPerSecond());
        return new Outliers.Control(f.from() + " → " + f.to(), samples,
                f.bitsPerSecond() >= first.expectPercent() / 100 * expected);
    }

    /** What a pair is measured against: the median, or either end's ceiling when lower (as {@link Outliers}). */
    private static double expected(String a, String b, double median, Map<String, Double> ceilings) {
        Double ca = ceilings.get(a);
        Double cb = ceilings.get(b);
        return Math.min(median, Math.min(ca == null ? median : ca, cb == null ? median : cb));
    }

    /** The spread of the flows of {@code pairs} that were not slow in {@code first}; null when there are none. */
    static Outliers.Spread spread(Outliers.Result first, List<PairResult> pairs) {
        Set<String> slow = new HashSet<>();
        first.outliers().forEach(o -> slow.add(o.from() + "\0" + o.to()));
        double[] v = pairs.stream().filter(p -> p.ok()).flatMap(p -> p.flows().stream())
                .filter(f -> !slow.contains(f.from() + "\0" + f.to()))
                .mapToDouble(PairResult.Flow::bitsPerSecond).sorted().toArray();
        if (v.length == 0) {
            return null;
        }
        double median = Outliers.median(v);
        double mad = Outliers.median(Arrays.stream(v).map(x -> Math.abs(x - median)).toArray());
        double spread = Math.max(1.4826 * mad, SPREAD_FLOOR * median);
        return new Outliers.Spread(v.length, median, spread, v[0], v[v.length - 1]);
    }

    private static Double rate(PairResult p, String from, String to) {
        return p.flows().stream().filter(f -> f.from().equals(from) && f.to().equals(to)).findFirst()
                .map(PairResult.Flow::bitsPerSecond).orElse(null);
    }

    private static String key(String client, String server) {
        return client + "\0" + server;
    }

    private static double percent(double value, double of) {
        return of <= 0 ? 0 : Math.round(1000.0 * value / of) / 10.0;
    }

    private static double round1(double v) {
        return Math.round(v * 10) / 10.0;
    }

    /** "2 pairs slow in the mesh, not confirmed", for the verdict's summary. */
    static String unconfirmedSummary(List<Outliers.Outlier> unconfirmed) {
        long notEnough = unconfirmed.stream().filter(o -> o.evidence() != null
                && o.evidence().status() == Outliers.Status.NOT_ENOUGH_EVIDENCE).count();
        long notSlow = unconfirmed.size() - notEnough;
        List<String> parts = new ArrayList<>();
        if (notSlow > 0) {
            parts.add(notSlow + (notSlow == 1 ? " flow" : " flows") + " slow once, not on a re-test");
        }
        if (notEnough > 0) {
            parts.add(notEnough + (notEnough == 1 ? " flow" : " flows") + " slow once, not enough evidence");
        }
        return String.join(", ", parts);
    }
}
