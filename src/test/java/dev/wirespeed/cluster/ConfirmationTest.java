package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.JsonSchemas;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, case 8: mesh outliers are confirmed before they are named. The meshes are synthetic;
 * the first is the reported one: four loopback agents, 2-second samples, one pair at 88.6 % of the
 * median, which main called a slow link (exit 3).
 */
class ConfirmationTest {
    static final List<String> FOUR = List.of("127.0.0.1:5301", "127.0.0.1:5302", "127.0.0.1:5303", "127.0.0.1:5304");
    static final MeshResult.Params PARAMS = new MeshResult.Params("all-pairs", MeshEngine.TCP, 2, 0, 1, false, 90, 3, 6,
            10, null);

    static List<PairResult> mesh(List<String> hosts, BiFunction<Integer, Integer, Double> rate) {
        List<PairResult> out = new ArrayList<>();
        for (Round r : Schedule.allPairs(hosts.size())) {
            for (Pair p : r.pairs()) {
                String a = hosts.get(p.client());
                String b = hosts.get(p.server());
                double bps = rate.apply(p.client(), p.server());
                out.add(new PairResult(r.index(), a, b, PairStatus.OK, null,
                        List.of(new PairResult.Flow(a, b, bps, (long) (bps / 8 * 2), 2.0, 0L))));
            }
        }
        return out;
    }

    static List<MeshResult.Host> hosts(List<String> labels) {
        return labels.stream().map(h -> new MeshResult.Host(h, "127.0.0.1", 5301, HostStatus.OK, null, null, null, null))
                .toList();
    }

    /** A rate per pair of hosts, whichever of them the schedule made the client. */
    static BiFunction<Integer, Integer, Double> rates(double r01, double r02, double r03, double r12, double r13,
                                                      double r23) {
        double[][] m = {{0, r01, r02, r03}, {r01, 0, r12, r13}, {r02, r12, 0, r23}, {r03, r13, r23, 0}};
        return (a, b) -> m[a][b];
    }

    /** Loopback's noise, about ±2 % (median 10.0 Gbit/s); the pair of hosts 1 and 3 measured 88.6 % of it once. */
    static double loopback(int a, int b) {
        return rates(10.1e9, 8.86e9, 10.0e9, 10.0e9, 10.2e9, 9.9e9).apply(a, b);
    }

    @Test
    void oneSlowSampleIsNotASlowLinkWithoutMoreEvidence() {
        MeshResult r = Mesh.assemble(Instant.parse("2026-12-01T10:00:00Z"), 12.0, PARAMS, hosts(FOUR),
                mesh(FOUR, ConfirmationTest::loopback), null);
        assertThat(r.verdict()).noneMatch(l -> l.startsWith("slow link"));
        assertThat(r.hasFindings()).as("exit 0, not 3").isFalse();
        assertThat(r.verdict()).anyMatch(l -> l.startsWith("not enough evidence: ") && l.contains("(88.6 % of the median)")
                && l.contains("one sample, not re-tested"));
        assertThat(r.verdict().getLast()).isEqualTo("verdict: OK — no pair shown to be slow (1 flow slow once, not enough evidence)");
        assertThat(r.analysis().outliers()).isEmpty();
        assertThat(r.analysis().unconfirmed()).singleElement()
                .satisfies(o -> assertThat(o.evidence().status()).isEqualTo(Outliers.Status.NOT_ENOUGH_EVIDENCE));
        assertThat(JsonSchemas.errors("mesh.schema.json", Json.pretty(r))).isEmpty();
    }

    /** The re-test of every planned pair: {@code slow} for the slow pair, {@code control} for its control. */
    static List<Confirmation.Done> retests(List<String> labels, List<PairResult> pairs, double slow, double control) {
        Outliers.Result first = Outliers.analyse(labels, pairs, Map.of(), 90);
        List<Confirmation.Done> out = new ArrayList<>();
        for (Confirmation.Retest r : Confirmation.plan(labels, first, pairs)) {
            out.add(new Confirmation.Done(r, result(labels, r.pair(), slow),
                    r.control() == null ? null : result(labels, r.control(), control), null));
        }
        return out;
    }

    static PairResult result(List<String> labels, Pair p, double bps) {
        String a = labels.get(p.client());
        String b = labels.get(p.server());
        return new PairResult(9, a, b, PairStatus.OK, null, List.of(new PairResult.Flow(a, b, bps, 1L, 2.0, 0L)));
    }

    static MeshResult assemble(List<String> labels, List<PairResult> pairs, List<Confirmation.Done> retests) {
        return Mesh.assemble(Instant.parse("2026-12-01T10:00:00Z"), 12.0, PARAMS, hosts(labels), pairs, null, retests);
    }

    @Test
    void aReTestAtTheUsualRateIsNoise() {
        List<PairResult> pairs = mesh(FOUR, ConfirmationTest::loopback);
        MeshResult r = assemble(FOUR, pairs, retests(FOUR, pairs, 9.95e9, 10e9));
        assertThat(r.hasFindings()).isFalse();
        assertThat(r.analysis().unconfirmed()).singleElement().satisfies(o -> {
            assertThat(o.evidence().status()).isEqualTo(Outliers.Status.NOT_CONFIRMED);
            assertThat(o.evidence().samplesBitsPerSecond()).containsExactly(8.86e9, 9.95e9);
            assertThat(o.evidence().reason()).isEqualTo("9.95 Gbit/s on a re-test (99.5 % of the median): the first"
                    + " sample was not repeated");
        });
        assertThat(r.verdict()).anyMatch(l -> l.startsWith("not confirmed: ") && l.endsWith(" 8.86 Gbit/s (88.6 % of the"
                + " median) in the mesh; 9.95 Gbit/s on a re-test (99.5 % of the median): the first sample was not repeated"));
    }

    @Test
    void aSlowControlMeansTheMomentWasSlowNotThePair() {
        List<PairResult> pairs = mesh(FOUR, ConfirmationTest::loopback);
        MeshResult r = assemble(FOUR, pairs, retests(FOUR, pairs, 8.8e9, 8.7e9));
        assertThat(r.hasFindings()).isFalse();
        Outliers.Evidence e = r.analysis().unconfirmed().getFirst().evidence();
        assertThat(e.status()).isEqualTo(Outliers.Status.NOT_CONFIRMED);
        assertThat(e.control().normal()).isFalse();
        assertThat(e.reason()).contains("but the control pair").contains("the moment was slow, not this pair");
    }

    @Test
    void slowTwiceButWithinTheSpreadOfANoisyMeshIsNotNamed() {
        // a busy shared machine: the other flows span 9.2–10.9 Gbit/s; the slow pair is at 89 % of the median
        List<PairResult> pairs = mesh(FOUR, rates(10.9e9, 8.3e9, 9.2e9, 10.0e9, 10.8e9, 9.3e9));
        MeshResult r = assemble(FOUR, pairs, retests(FOUR, pairs, 8.35e9, 10e9));
        Outliers.Evidence e = r.analysis().unconfirmed().getFirst().evidence();
        assertThat(e.status()).isEqualTo(Outliers.Status.NOT_CONFIRMED);
        assertThat(e.spreadsBelowMedian()).isLessThan(Confirmation.SPREADS);
        assertThat(e.reason()).contains("within the spread of the flows that were not slow").contains(", 3 σ needed");
        assertThat(r.hasFindings()).isFalse();
    }

    @Test
    void slowTwiceBesideANormalControlAndFarOutsideTheSpreadIsASlowLink() {
        List<PairResult> pairs = mesh(FOUR, rates(10.1e9, 5e9, 10.0e9, 10.0e9, 10.2e9, 9.9e9));
        MeshResult r = assemble(FOUR, pairs, retests(FOUR, pairs, 5.1e9, 10e9));
        assertThat(r.hasFindings()).isTrue();
        Outliers.Outlier o = r.analysis().outliers().getFirst();
        assertThat(o.evidence().status()).isEqualTo(Outliers.Status.CONFIRMED);
        String slow = o.from() + " → " + o.to();
        assertThat(List.of(o.from(), o.to())).containsExactlyInAnyOrder(FOUR.get(0), FOUR.get(2));
        // the control shares no host with it: hosts 2 and 4, in either direction
        assertThat(o.evidence().control().pair()).contains(FOUR.get(1)).contains(FOUR.get(3));
        assertThat(o.evidence().control().samplesBitsPerSecond()).hasSize(2);
        assertThat(o.evidence().spreadsBelowMedian()).isGreaterThan(Confirmation.SPREADS);
        assertThat(r.analysis().spread().flows()).isEqualTo(5);
        assertThat(r.analysis().spread().medianBitsPerSecond()).isEqualTo(10.0e9);
        assertThat(r.verdict()).contains("slow link: " + slow + " 5.00 Gbit/s (50 % of the median)");
        assertThat(r.verdict()).anyMatch(l -> l.startsWith("  confirmed: " + slow + " again 5.10 Gbit/s"
                + " on a re-test (51 % of the median) while the control " + o.evidence().control().pair() + " gave 10.0 Gbit/s; ")
                && l.contains(" σ below the other 5 flows' median of 10.0 Gbit/s (robust σ "));
        assertThat(r.verdict().getLast()).isEqualTo("verdict: 1 slow link");
        assertThat(JsonSchemas.errors("mesh.schema.json", Json.pretty(r))).isEmpty();
    }

    @Test
    void threeHostsHaveTooFewFlowsForASpread() {
        List<String> three = FOUR.subList(0, 3);
        List<PairResult> pairs = mesh(three, (a, b) -> a == 0 && b == 2 || a == 2 && b == 0 ? 5e9 : 10e9);
        MeshResult r = assemble(three, pairs, retests(three, pairs, 5e9, 10e9));
        assertThat(r.hasFindings()).isFalse();
        Outliers.Evidence e = r.analysis().unconfirmed().getFirst().evidence();
        assertThat(e.status()).isEqualTo(Outliers.Status.NOT_ENOUGH_EVIDENCE);
        assertThat(e.reason()).endsWith("but telling it from the spread needs 5 flows that were not slow; the mesh has 2");
    }

    @Test
    void belowItsCeilingTwiceIsSlowWithoutASpreadOrAControl() {
        List<String> two = FOUR.subList(0, 2);
        List<PairResult> pairs = mesh(two, (a, b) -> 1e9);
        Map<String, Double> ceilings = Map.of(two.get(0), 9.4e9, two.get(1), 9.4e9);
        Outliers.Result first = Outliers.analyse(two, pairs, ceilings, 90);
        List<Confirmation.Retest> plan = Confirmation.plan(two, first, pairs);
        assertThat(plan).singleElement().satisfies(p -> assertThat(p.control()).isNull());
        Outliers.Result judged = Confirmation.judge(first, pairs, ceilings,
                List.of(new Confirmation.Done(plan.getFirst(), result(two, plan.getFirst().pair(), 1.1e9), null, null)));
        assertThat(judged.outliers()).singleElement().satisfies(o -> {
            assertThat(o.evidence().status()).isEqualTo(Outliers.Status.CONFIRMED);
            assertThat(o.evidence().reason()).contains("below its computed ceiling both times; no other pair was measured");
        });
    }

    @Test
    void aSuspectHostIsReTestedOnItsSlowestPairBesideAPairThatDoesNotTouchIt() {
        List<String> six = List.of("h1", "h2", "h3", "h4", "h5", "h6");
        List<PairResult> pairs = mesh(six, (a, b) -> a == 2 || b == 2 ? (a == 5 || b == 5 ? 2.0e9 : 2.3e9) : 9.4e9);
        Outliers.Result first = Outliers.analyse(six, pairs, Map.of(), 90);
        List<Confirmation.Retest> plan = Confirmation.plan(six, first, pairs);
        assertThat(plan).singleElement().satisfies(p -> {
            assertThat(p.suspectHost()).isEqualTo("h3");
            assertThat(p.link().bitsPerSecond()).isEqualTo(2.0e9);
            assertThat(p.control().touches(2)).isFalse();
            assertThat(p.disjoint()).isTrue();
        });
        MeshResult confirmed = assemble(six, pairs, retests(six, pairs, 2.1e9, 9.4e9));
        assertThat(confirmed.analysis().suspects()).singleElement().satisfies(s -> assertThat(s.evidence().status())
                .isEqualTo(Outliers.Status.CONFIRMED));
        assertThat(confirmed.analysis().outliers()).hasSize(5);
        MeshResult noise = assemble(six, pairs, retests(six, pairs, 9.3e9, 9.4e9));
        assertThat(noise.analysis().suspects()).isEmpty();
        assertThat(noise.analysis().unconfirmed()).hasSize(5).allSatisfy(o -> assertThat(o.explainedBy()).isEqualTo("h3"));
        assertThat(noise.verdict()).anyMatch(l -> l.startsWith("not confirmed: h3 as a suspect — its pairs were slow in the mesh;"))
                .noneMatch(l -> l.startsWith("suspect:"));
        assertThat(noise.hasFindings()).isFalse();
    }

    @Test
    void atMostFourPairsAreReTestedTheWorstFirst() {
        List<String> eight = List.of("a", "b", "c", "d", "e", "f", "g", "h");
        // six slow links, no host slow on all its pairs
        Set<String> slow = Set.of("0-1", "2-3", "4-5", "6-7", "0-2", "1-3");
        BiFunction<Integer, Integer, Double> rate = (x, y) -> slow.contains(Math.min(x, y) + "-" + Math.max(x, y))
                ? 3e9 + (x + y) * 1e8 : 9.4e9;
        List<PairResult> pairs = mesh(eight, rate);
        Outliers.Result first = Outliers.analyse(eight, pairs, Map.of(), 90);
        List<Confirmation.Retest> plan = Confirmation.plan(eight, first, pairs);
        assertThat(plan).hasSize(6);
        assertThat(plan).extracting(p -> p.link().bitsPerSecond()).isSorted();
        // what Mesh does with the fifth and sixth: not re-tested, so not named
        List<Confirmation.Done> done = new ArrayList<>();
        for (int k = 0; k < plan.size(); k++) {
            Confirmation.Retest p = plan.get(k);
            done.add(k < Confirmation.MAX_RETESTS ? new Confirmation.Done(p, result(eight, p.pair(), p.link().bitsPerSecond()),
                    result(eight, p.control(), 9.4e9), null) : Confirmation.Done.skipped(p, "the mesh re-tests at most 4 slow pairs"));
        }
        Outliers.Result judged = Confirmation.judge(first, pairs, Map.of(), done);
        assertThat(judged.outliers()).hasSize(4);
        assertThat(judged.unconfirmed()).hasSize(2).allSatisfy(o -> assertThat(o.evidence().reason())
                .isEqualTo("one sample, not re-tested: the mesh re-tests at most 4 slow pairs"));
    }
}
