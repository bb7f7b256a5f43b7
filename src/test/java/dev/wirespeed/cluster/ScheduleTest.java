package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScheduleTest {

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6, 7, 10, 11, 16, 99, 100})
    void allPairsIsARoundRobinOneFactorization(int n) {
        List<Round> rounds = Schedule.allPairs(n);
        boolean even = n % 2 == 0;
        assertThat(rounds).hasSize(even ? n - 1 : n);
        Set<String> seen = new HashSet<>();
        int[] byes = new int[n];
        for (Round r : rounds) {
            assertThat(r.pairs()).hasSize(n / 2);
            Set<Integer> busy = new HashSet<>();
            for (Pair p : r.pairs()) {
                assertThat(busy.add(p.client())).as("host %d twice in round %d", p.client(), r.index()).isTrue();
                assertThat(busy.add(p.server())).as("host %d twice in round %d", p.server(), r.index()).isTrue();
                String key = Math.min(p.client(), p.server()) + "-" + Math.max(p.client(), p.server());
                assertThat(seen.add(key)).as("pair %s twice", key).isTrue();
            }
            assertThat(r.idle()).hasSize(even ? 0 : 1);
            r.idle().forEach(i -> byes[i]++);
            assertThat(busy.size() + r.idle().size()).isEqualTo(n);
        }
        assertThat(seen).hasSize(n * (n - 1) / 2);
        if (!even) {
            assertThat(byes).containsOnly(1);
        }
    }

    @Test
    void clientRoleIsSpreadAcrossHosts() {
        int n = 10;
        int[] asClient = new int[n];
        Schedule.allPairs(n).forEach(r -> r.pairs().forEach(p -> asClient[p.client()]++));
        for (int c : asClient) {
            assertThat(c).isBetween(2, 7);
        }
    }

    @Test
    void tooFewHostsHaveNoRounds() {
        assertThat(Schedule.allPairs(0)).isEmpty();
        assertThat(Schedule.allPairs(1)).isEmpty();
        assertThat(Schedule.ringPairs(1)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 5, 6, 9})
    void ringVisitsNeighboursInTwoOrThreeRounds(int n) {
        List<Pair> ring = Schedule.ringPairs(n);
        assertThat(ring).hasSize(n == 2 ? 1 : n);
        List<Round> rounds = Schedule.rounds(n, ring);
        assertThat(rounds).hasSize(n == 2 ? 1 : n % 2 == 0 ? 2 : 3);
        assertDisjointAndComplete(rounds, ring);
    }

    @Test
    void starRunsOnePairARound() {
        List<Round> rounds = Schedule.rounds(5, Schedule.starPairs(5, 2));
        assertThat(rounds).hasSize(4);
        assertThat(rounds).allSatisfy(r -> {
            assertThat(r.pairs()).hasSize(1);
            assertThat(r.pairs().getFirst().client()).isEqualTo(2);
        });
    }

    @Test
    void patternsByName(@TempDir Path dir) throws Exception {
        List<Endpoint> hosts = Hosts.endpoints(HostList.expand("n[1-4]"), 5301);
        assertThat(MeshPattern.parse("all-pairs").rounds(hosts)).hasSize(3);
        assertThat(MeshPattern.parse("ring").rounds(hosts)).hasSize(2);
        List<Round> star = MeshPattern.parse("star:n3").rounds(hosts);
        assertThat(star).hasSize(3).allSatisfy(r -> assertThat(r.pairs().getFirst().client()).isEqualTo(2));
        assertThatThrownBy(() -> MeshPattern.parse("star:n9").rounds(hosts)).hasMessage("star: 'n9' is not in the host list");
        assertThatThrownBy(() -> MeshPattern.parse("mesh")).hasMessageContaining("is not one of all-pairs, ring");

        Path f = dir.resolve("pairs");
        Files.writeString(f, "# cables to check\nn1 n2\nn3 n4\nn1 n3  # after the swap\n");
        MeshPattern pairs = MeshPattern.parse("pairs:" + f);
        List<Round> rounds = pairs.rounds(hosts);
        assertThat(rounds).hasSize(2);
        assertThat(rounds.getFirst().pairs()).containsExactly(new Pair(0, 1), new Pair(2, 3));
        assertThat(((MeshPattern.Pairs) pairs).hostNames()).containsExactly("n1", "n2", "n3", "n4");

        Files.writeString(f, "n1 n2\nn1 n2\n");
        assertThatThrownBy(() -> pairs.rounds(hosts)).hasMessageContaining("pair 2: n1 n2 is listed twice");
        Files.writeString(f, "n1 n1\n");
        assertThatThrownBy(() -> pairs.rounds(hosts)).hasMessageContaining("pairs n1 with itself");
        Files.writeString(f, "n1 n2 n3\n");
        assertThatThrownBy(() -> pairs.rounds(hosts)).hasMessageContaining("line 1: expected two hosts");
    }

    @Test
    void hostsWithTheSameNameNeedTheirPort() {
        List<Endpoint> hosts = Hosts.endpoints(HostList.expand("127.0.0.1:[5401-5402]"), 5301);
        assertThat(MeshPattern.indexOf(hosts, "127.0.0.1:5402", "star")).isEqualTo(1);
        assertThatThrownBy(() -> MeshPattern.indexOf(hosts, "127.0.0.1", "star")).hasMessageContaining("add the port");
    }

    private static void assertDisjointAndComplete(List<Round> rounds, List<Pair> expected) {
        List<Pair> all = new ArrayList<>();
        for (Round r : rounds) {
            Set<Integer> busy = new HashSet<>();
            for (Pair p : r.pairs()) {
                assertThat(busy.add(p.client()) && busy.add(p.server())).isTrue();
                all.add(p);
            }
        }
        assertThat(all).containsExactlyInAnyOrderElementsOf(expected);
    }
}
