package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.testing.JsonSchemas;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Verdict, text and HTML of synthetic meshes: all three read the one MeshResult. */
class MeshReportTest {
    static final List<String> HOSTS = List.of("n1", "n2", "n3", "n4", "n5", "n6");

    static NodeFacts facts(String host, int mtu) {
        return new NodeFacts(host, "wirespeed 0.1.0", 8, "Linux 6.8", "10.0.0." + host.substring(1), "eth0", "Ethernet",
                false, mtu, 25e9, "mlx5_core", "mlx5_0", "14.32.1010", List.of("mlx5_0"), "kernel", "performance",
                null, List.of());
    }

    static final MeshResult.Params PARAMS = new MeshResult.Params("all-pairs", MeshEngine.TCP, 5, 1, null, false, 90, 5,
            15, 36, null);

    /** The mesh, its slow pairs re-tested with the same rates as in the mesh (a slow pair stays slow). */
    static MeshResult result(List<MeshResult.Host> hosts, List<PairResult> pairs, String stoppedIn) {
        return Mesh.assemble(Instant.parse("2026-11-30T10:00:00Z"), 33.2, PARAMS, hosts, pairs, stoppedIn,
                retestedAsBefore(hosts, pairs, PARAMS));
    }

    /** What Mesh would re-test, each re-test measuring what the pair measured in the mesh. */
    static List<Confirmation.Done> retestedAsBefore(List<MeshResult.Host> hosts, List<PairResult> pairs,
                                                    MeshResult.Params params) {
        List<String> labels = hosts.stream().map(MeshResult.Host::label).toList();
        Outliers.Result first = Outliers.analyse(labels, pairs, Mesh.ceilings(hosts, params), params.expectPercent());
        List<Confirmation.Done> done = new ArrayList<>();
        for (Confirmation.Retest r : Confirmation.plan(labels, first, pairs)) {
            done.add(new Confirmation.Done(r, same(labels, pairs, r.pair()), r.control() == null ? null
                    : same(labels, pairs, r.control()), null));
        }
        return done;
    }

    static PairResult same(List<String> labels, List<PairResult> pairs, Pair p) {
        return pairs.stream().filter(x -> x.client().equals(labels.get(p.client())) && x.server().equals(labels.get(p.server())))
                .findFirst().orElseThrow();
    }

    static List<PairResult> pairs(double slowHostRate, int slowHost, int lostHost) {
        List<PairResult> out = new ArrayList<>();
        for (Round r : Schedule.allPairs(HOSTS.size())) {
            for (Pair p : r.pairs()) {
                String a = HOSTS.get(p.client());
                String b = HOSTS.get(p.server());
                if ((p.client() == lostHost || p.server() == lostHost) && r.index() > 0) {
                    out.add(new PairResult(r.index(), a, b, PairStatus.SKIPPED, "n6 lost in round 2: the agent closed the connection", List.of()));
                    continue;
                }
                double bps = p.client() == slowHost || p.server() == slowHost ? slowHostRate : 23.4e9 + p.client() * 1e7;
                out.add(new PairResult(r.index(), a, b, PairStatus.OK, null,
                        List.of(new PairResult.Flow(a, b, bps, (long) (bps / 8 * 5), 5.0, 0L))));
            }
        }
        return out;
    }

    static List<MeshResult.Host> hosts(int smallMtuHost, int lostHost) {
        List<MeshResult.Host> out = new ArrayList<>();
        for (int i = 0; i < HOSTS.size(); i++) {
            String h = HOSTS.get(i);
            out.add(new MeshResult.Host(h, h, 5301, i == lostHost ? HostStatus.LOST : HostStatus.OK,
                    i == lostHost ? "the agent closed the connection" : null, i == lostHost ? 1 : null,
                    facts(h, i == smallMtuHost ? 1500 : 9000), null));
        }
        return out;
    }

    @Test
    void healthyMeshSaysOk() {
        MeshResult r = result(hosts(-1, -1), pairs(0, -1, -1), null);
        assertThat(r.verdict()).containsExactly("measured: 15 of 15 pairs, median 23.4 Gbit/s",
                "verdict: OK — every pair within 90 % of the median");
        assertThat(r.hasFindings()).isFalse();
        assertThat(JsonSchemas.errors("mesh.schema.json", Json.pretty(r))).isEmpty();
    }

    @Test
    void suspectLostHostAndMtuDifferenceAreEachOneLine() {
        MeshResult r = result(hosts(1, 5), pairs(6.1e9, 2, 5), null);
        assertThat(r.verdict()).containsExactly(
                "lost: n6 in round 2 (the agent closed the connection); 4 of its pairs not measured",
                "measured: 11 of 15 pairs, median 23.4 Gbit/s",
                "suspect: n3 — all 4 of its pairs are slow, 6.10 Gbit/s (26.1 % of the median); check its NIC, cable, "
                        + "switch port and settings",
                "  confirmed: n3 → n4 again 6.10 Gbit/s on a re-test (26.1 % of the median) while the control n2 → n5"
                        + " gave 23.4 Gbit/s; 147.9 σ below the other 7 flows' median of 23.4 Gbit/s (robust σ 117 Mbit/s)",
                "MTU differs: 9000 on 5 hosts; 1500 on n2",
                "verdict: 1 suspect host, 1 difference between hosts, 1 host not tested");
        assertThat(r.hasFindings()).isTrue();
        assertThat(JsonSchemas.errors("mesh.schema.json", Json.pretty(r))).isEmpty();
    }

    @Test
    void aMeshWhoseOnlyPairFailedIsNotOk() {
        // issue 20: two hosts, the one pair broke — the verdict said "OK — 0 pairs"
        List<MeshResult.Host> two = hosts(-1, -1).subList(0, 2);
        MeshResult.Params params = new MeshResult.Params("all-pairs", MeshEngine.TCP, 5, 1, null, false, 90, 1, 1, 7, null);
        MeshResult r = Mesh.assemble(Instant.parse("2026-11-30T10:00:00Z"), 7.0, params, two,
                List.of(new PairResult(0, "n1", "n2", PairStatus.FAILED, "connection refused", List.of())), null);
        assertThat(r.verdict().getLast()).isEqualTo("verdict: 1 failed pair");
        assertThat(r.verdict()).noneMatch(l -> l.contains("OK"));
        assertThat(r.hasFindings()).isTrue();
    }

    @Test
    void interruptedMeshSaysSo() {
        List<PairResult> firstRound = pairs(0, -1, -1).stream().filter(p -> p.round() == 0).toList();
        MeshResult r = result(hosts(-1, -1), firstRound, "in round 2 of 5");
        assertThat(r.outcome().status()).isEqualTo(OutcomeStatus.INTERRUPTED);
        assertThat(r.verdict().getLast()).isEqualTo("verdict (partial, stopped by the user in round 2 of 5; 3 of 15 "
                + "pairs finished): OK — every pair within 90 % of the median");
    }

    @Test
    void textShowsHostsMatrixAndVerdict() {
        MeshResult r = result(hosts(1, 5), pairs(6.1e9, 2, 5), null);
        StringWriter s = new StringWriter();
        new MeshText(new PrintWriter(s)).summary(r);
        String text = s.toString();
        assertThat(text).contains("host  status  address          interface       MTU")
                .contains("n2    ok      10.0.0.2         eth0           1500  Ethernet     25.0 Gbit/s  performance   ok")
                .contains("Gbit/s, row sends to column");
        // n3 → n? cells of the slow host are starred; a mirrored cell is in brackets.
        String n3Row = text.lines().filter(l -> l.startsWith("n3 ")).skip(1).findFirst().orElseThrow();
        assertThat(n3Row).contains("*6.10").contains("(6.10)");
        assertThat(text.strip()).endsWith("verdict: 1 suspect host, 1 difference between hosts, 1 host not tested");
    }

    @Test
    void htmlIsSelfContainedAndEscapes() {
        List<MeshResult.Host> hosts = new ArrayList<>(hosts(-1, -1));
        MeshResult.Host first = hosts.getFirst();
        hosts.set(0, new MeshResult.Host(first.label(), first.host(), first.port(), HostStatus.REFUSED, "<script>alert(1)</script>",
                null, null, null));
        MeshResult r = result(hosts, pairs(6.1e9, 2, -1), null);
        String html = MeshHtml.render(r);
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<table class=\"heat\">")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>")
                .doesNotContain("http://").doesNotContain("https://").doesNotContain("src=");
        assertThat(html).contains("title=\"n3 → n1: 6.10 Gbit/s (26.0 % of the median); through suspect n3\"");
    }

    @Test
    void colourGoesFromRedToGreen() {
        assertThat(MeshHtml.colour(0.2)).isEqualTo("hsl(0,70%,62%)");
        assertThat(MeshHtml.colour(0.75)).isEqualTo("hsl(60,70%,70%)");
        assertThat(MeshHtml.colour(1.3)).isEqualTo("hsl(120,70%,78%)");
    }

    @Test
    void rangesShareTheirUnit() {
        assertThat(MeshText.range(2.65e9, 3.24e9)).isEqualTo("2.65–3.24 Gbit/s");
        assertThat(MeshText.range(943e6, 1.02e9)).isEqualTo("943 Mbit/s – 1.02 Gbit/s");
        assertThat(MeshText.range(5e9, 5e9)).isEqualTo("5.00 Gbit/s");
        assertThat(MeshText.label("tj01-4090-node099.cluster.local")).isEqualTo("tj01-4090…ster.local").hasSize(20);
    }
}
