package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

class OutliersTest {
    private static final List<String> HOSTS = List.of("h1", "h2", "h3", "h4", "h5", "h6");

    /** Every pair of an all-pairs mesh of HOSTS, rate from the function of the two host indexes. */
    private static List<PairResult> mesh(List<String> hosts, BiFunction<Integer, Integer, Double> rate) {
        List<PairResult> out = new ArrayList<>();
        for (Round r : Schedule.allPairs(hosts.size())) {
            for (Pair p : r.pairs()) {
                String a = hosts.get(p.client());
                String b = hosts.get(p.server());
                out.add(new PairResult(r.index(), a, b, PairStatus.OK, null,
                        List.of(new PairResult.Flow(a, b, rate.apply(p.client(), p.server()), null, null, null))));
            }
        }
        return out;
    }

    @Test
    void uniformMeshHasNoOutliers() {
        var r = Outliers.analyse(HOSTS, mesh(HOSTS, (a, b) -> 9.4e9 + (a + b) * 1e7), null, 90);
        assertThat(r.flows()).isEqualTo(15);
        assertThat(r.outliers()).isEmpty();
        assertThat(r.suspects()).isEmpty();
        assertThat(r.commonCause()).isNull();
        assertThat(r.medianBitsPerSecond()).isBetween(9.4e9, 9.5e9);
    }

    @Test
    void oneSlowHostIsTheSuspectAndOnlyItsPairsAreOutliers() {
        var r = Outliers.analyse(HOSTS, mesh(HOSTS, (a, b) -> a == 2 || b == 2 ? 2.3e9 : 9.4e9), null, 90);
        assertThat(r.suspects()).extracting(Outliers.Suspect::host).containsExactly("h3");
        assertThat(r.suspects().getFirst().pairs()).isEqualTo(5);
        assertThat(r.suspects().getFirst().percentOfMedian()).isEqualTo(24.5);
        assertThat(r.outliers()).hasSize(5).allSatisfy(o -> {
            assertThat(o.client().equals("h3") || o.server().equals("h3")).isTrue();
            assertThat(o.explainedBy()).isEqualTo("h3");
            assertThat(o.below()).isEqualTo("median");
        });
    }

    @Test
    void oneSlowLinkIsAnOutlierButNoHostIsSuspect() {
        var r = Outliers.analyse(HOSTS, mesh(HOSTS, (a, b) -> (a == 0 && b == 4) || (a == 4 && b == 0) ? 5e9 : 9.4e9),
                null, 90);
        assertThat(r.suspects()).isEmpty();
        assertThat(r.outliers()).singleElement().satisfies(o -> {
            assertThat(List.of(o.client(), o.server())).containsExactlyInAnyOrder("h1", "h5");
            assertThat(o.explainedBy()).isNull();
            assertThat(o.percentOfMedian()).isEqualTo(53.2);
        });
    }

    @Test
    void twoSlowHostsAreBothSuspects() {
        var r = Outliers.analyse(HOSTS, mesh(HOSTS, (a, b) -> a == 1 || b == 1 || a == 5 || b == 5 ? 3e9 : 9.4e9),
                null, 90);
        assertThat(r.suspects()).extracting(Outliers.Suspect::host).containsExactly("h2", "h6");
        assertThat(r.outliers()).hasSize(9);
    }

    @Test
    void expectPercentMovesTheLine() {
        var slight = mesh(HOSTS, (a, b) -> a == 2 || b == 2 ? 8.0e9 : 9.4e9); // 85 % of the median
        assertThat(Outliers.analyse(HOSTS, slight, null, 90).suspects()).hasSize(1);
        assertThat(Outliers.analyse(HOSTS, slight, null, 80).outliers()).isEmpty();
    }

    @Test
    void ceilingCatchesAMeshThatIsUniformlySlow() {
        Map<String, Double> ceilings = new HashMap<>();
        HOSTS.forEach(h -> ceilings.put(h, 94.1e9)); // 100GbE at MTU 1500
        var r = Outliers.analyse(HOSTS, mesh(HOSTS, (a, b) -> 40e9), ceilings, 90);
        assertThat(r.outliers()).hasSize(15).allSatisfy(o -> assertThat(o.below()).isEqualTo("ceiling"));
        assertThat(r.suspects()).isEmpty();
        assertThat(r.commonCause()).contains("common to all hosts").contains("computed ceiling");
    }

    @Test
    void aSlowHostStillStandsOutOfAUniformlySlowMesh() {
        Map<String, Double> ceilings = new HashMap<>();
        HOSTS.forEach(h -> ceilings.put(h, 94.1e9));
        var r = Outliers.analyse(HOSTS, mesh(HOSTS, (a, b) -> a == 4 || b == 4 ? 20e9 : 70e9), ceilings, 90);
        assertThat(r.commonCause()).isNotNull();
        assertThat(r.outliers()).hasSize(15);
        assertThat(r.suspects()).extracting(Outliers.Suspect::host).containsExactly("h5");
        assertThat(r.outliers().stream().filter(o -> o.explainedBy() != null)).hasSize(5);
    }

    @Test
    void ceilingOfAPairIsItsSlowerLinkAndNeedsBothEnds() {
        Map<String, Double> ceilings = new HashMap<>();
        HOSTS.forEach(h -> ceilings.put(h, 94.1e9));
        ceilings.put("h4", 23.5e9); // a 25G host among 100G hosts: its pairs are limited, not slow
        ceilings.put("h6", null);
        var r = Outliers.analyse(HOSTS, mesh(HOSTS, (a, b) -> a == 3 || b == 3 ? 23.0e9 : 92e9), ceilings, 90);
        assertThat(r.outliers()).isEmpty();
        // Without ceilings the same mesh names the 25G host.
        var blind = Outliers.analyse(HOSTS, mesh(HOSTS, (a, b) -> a == 3 || b == 3 ? 23.0e9 : 92e9), null, 90);
        assertThat(blind.suspects()).extracting(Outliers.Suspect::host).containsExactly("h4");
        assertThat(blind.outliers()).hasSize(5).allSatisfy(o -> assertThat(o.below()).isEqualTo("median"));
    }

    @Test
    void oneDirectionOfABidirPairIsEnough() {
        List<PairResult> pairs = new ArrayList<>();
        for (Round r : Schedule.allPairs(4)) {
            for (Pair p : r.pairs()) {
                String a = HOSTS.get(p.client());
                String b = HOSTS.get(p.server());
                double back = p.client() == 3 || p.server() == 3 ? 1e9 : 9e9; // h4 receives slowly
                pairs.add(new PairResult(r.index(), a, b, PairStatus.OK, null, List.of(
                        new PairResult.Flow(a, b, b.equals("h4") ? 1e9 : 9e9, null, null, null),
                        new PairResult.Flow(b, a, a.equals("h4") ? 1e9 : 9e9, null, null, null))));
                assertThat(back).isPositive();
            }
        }
        var r = Outliers.analyse(HOSTS.subList(0, 4), pairs, null, 90);
        assertThat(r.flows()).isEqualTo(12);
        assertThat(r.suspects()).extracting(Outliers.Suspect::host).containsExactly("h4");
        assertThat(r.outliers()).hasSize(3).allSatisfy(o -> assertThat(o.to()).isEqualTo("h4"));
    }

    @Test
    void failedPairsDoNotCountAndTwoHostsCannotBeTold() {
        List<PairResult> pairs = new ArrayList<>(mesh(HOSTS, (a, b) -> a == 5 || b == 5 ? 1e9 : 9.4e9));
        pairs.replaceAll(p -> p.client().equals("h6") || p.server().equals("h6")
                ? new PairResult(p.round(), p.client(), p.server(), PairStatus.FAILED, "agent h6 lost", List.of()) : p);
        var r = Outliers.analyse(HOSTS, pairs, null, 90);
        assertThat(r.flows()).isEqualTo(10);
        assertThat(r.outliers()).isEmpty();

        List<String> two = List.of("a", "b");
        var lone = Outliers.analyse(two, List.of(new PairResult(0, "a", "b", PairStatus.OK, null,
                List.of(new PairResult.Flow("a", "b", 1e9, null, null, null)))), Map.of("a", 9.4e9, "b", 9.4e9), 90);
        assertThat(lone.outliers()).hasSize(1);
        assertThat(lone.suspects()).isEmpty();
        assertThat(lone.commonCause()).isNull();
    }

    @Test
    void aLonePairIsNotJudgedAgainstItself() {
        List<String> two = List.of("a", "b");
        var bidir = List.of(new PairResult(0, "a", "b", PairStatus.OK, null, List.of(
                new PairResult.Flow("a", "b", 1.6e9, null, null, null), new PairResult.Flow("b", "a", 2.1e9, null, null, null))));
        assertThat(Outliers.analyse(two, bidir, null, 90).outliers()).isEmpty();
        assertThat(Outliers.analyse(two, bidir, Map.of("a", 9.4e9, "b", 9.4e9), 90).outliers()).hasSize(2)
                .allSatisfy(o -> assertThat(o.below()).isEqualTo("ceiling"));
    }

    @Test
    void nothingMeasuredGivesNoMedian() {
        var r = Outliers.analyse(HOSTS, List.of(), null, 90);
        assertThat(r.medianBitsPerSecond()).isNull();
        assertThat(r.flows()).isZero();
    }
}
