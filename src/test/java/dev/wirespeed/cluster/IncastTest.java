package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.host.Counters;
import dev.wirespeed.results.CounterReport;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Golden;
import dev.wirespeed.testing.JsonSchemas;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 29 point 3: the incast pattern, its total, shares and Jain's index, and how the mesh reports it. */
class IncastTest {
    static final List<Endpoint> HOSTS = List.of(new Endpoint("n1", "n1", 5301), new Endpoint("n2", "n2", 5301),
            new Endpoint("n3", "n3", 5301), new Endpoint("n4", "n4", 5301), new Endpoint("n5", "n5", 5301));

    @Test
    void everyOtherHostSendsToTheReceiverInOneRound() throws Exception {
        List<Round> rounds = new MeshPattern.IncastTo("n3", null).rounds(HOSTS);
        assertThat(rounds).hasSize(1);
        assertThat(rounds.getFirst().pairs()).containsExactly(new Pair(0, 2), new Pair(1, 2), new Pair(3, 2), new Pair(4, 2));
        assertThat(rounds.getFirst().idle()).isEmpty();
    }

    @Test
    void fanInTakesTheFirstSendersAndLeavesTheRestIdle() throws Exception {
        Round r = new MeshPattern.IncastTo("n1", 2).rounds(HOSTS).getFirst();
        assertThat(r.pairs()).containsExactly(new Pair(1, 0), new Pair(2, 0));
        assertThat(r.idle()).containsExactly(3, 4);
    }

    @Test
    void aFanInPastTheOtherHostsOrAnUnknownReceiverIsRefused() {
        assertThatThrownBy(() -> new MeshPattern.IncastTo("n1", 5).rounds(HOSTS)).isInstanceOf(HostListException.class)
                .hasMessageContaining("--fan-in 5").hasMessageContaining("4 other hosts");
        assertThatThrownBy(() -> new MeshPattern.IncastTo("n9", null).rounds(HOSTS)).isInstanceOf(HostListException.class)
                .hasMessageContaining("'n9' is not in the host list");
    }

    @Test
    void parsesIncastWithItsReceiver() {
        assertThat(MeshPattern.parse("incast:n2")).isEqualTo(new MeshPattern.IncastTo("n2", null));
        assertThat(MeshPattern.isIncast("incast:n2")).isTrue();
        assertThat(MeshPattern.isIncast("star:n2")).isFalse();
        assertThatThrownBy(() -> MeshPattern.parse("incast")).isInstanceOf(HostListException.class)
                .hasMessageContaining("--to HOST");
    }

    @Test
    void jainsIndexIsOneForEqualSharesAndOneOverNForOneTakingAll() {
        assertThat(Incast.jain(new double[] {5, 5, 5, 5})).isCloseTo(1.0, within(1e-12));
        assertThat(Incast.jain(new double[] {8, 0, 0, 0})).isCloseTo(0.25, within(1e-12));
        // (3+1)² / (2·(9+1)) = 16/20
        assertThat(Incast.jain(new double[] {3, 1})).isCloseTo(0.8, within(1e-12));
        assertThat(Incast.jain(new double[] {})).isNull();
    }

    @Test
    void totalSharesAndTheReceiversLargestCounterReadings() {
        Incast in = Incast.of("incast:n1", pairs());
        assertThat(in.receiver()).isEqualTo("n1");
        assertThat(in.senders()).isEqualTo(4);
        assertThat(in.measured()).isEqualTo(3);
        assertThat(in.totalBitsPerSecond()).isEqualTo(6e9);
        assertThat(in.totalBytes()).isEqualTo((long) (6e9 / 8 * 5));
        assertThat(in.shares()).extracting(Incast.Share::fraction).containsExactly(0.5, 1.0 / 3, 1.0 / 6, null);
        assertThat(in.shares().get(3).status()).isEqualTo(PairStatus.FAILED);
        // (3+2+1)² / (3·(9+4+1)) = 36/42
        assertThat(in.jainIndex()).isCloseTo(36.0 / 42, within(1e-12));
        assertThat(in.receiverInterface()).isEqualTo("eth0");
        // each sender read the receiver around the same burst: the largest reading, not their sum; host-wide left out
        assertThat(in.receiverCounters()).hasSize(1);
        assertThat(in.receiverCounters().getFirst().values().get("rx_dropped").value()).isEqualTo(70L);
        assertThat(in.receiverCounters().getFirst().values().get("rx_pause_ctrl_phy").value()).isEqualTo(12L);
        assertThat(Incast.of("star:n1", pairs())).isNull();
    }

    @Test
    void anIncastMeshNamesNoSlowSenderAndSaysTheSharingIsByDesign() throws Exception {
        MeshResult r = result();
        assertThat(r.analysis().outliers()).isEmpty();
        assertThat(r.analysis().suspects()).isEmpty();
        assertThat(r.incast()).isNotNull();
        assertThat(String.join("\n", r.verdict())).doesNotContain("slow")
                .contains("incast: 3 of 4 senders into n1, 6.00 Gbit/s in total, Jain's index 0.857")
                .contains("1 failed pair");
        String text = Golden.render(out -> new MeshText(out).summary(r));
        assertThat(text).contains("on purpose").doesNotContain("slow link").doesNotContain("suspect");
        assertThat(JsonSchemas.errors("mesh.schema.json", Json.pretty(r))).isEmpty();
        MeshResult back = Json.MAPPER.readValue(Json.pretty(r), MeshResult.class);
        assertThat(back.incast()).isEqualTo(r.incast());
    }

    @Test
    void theHtmlReportShowsEachSendersShareAsABar() {
        String html = MeshHtml.render(result());
        assertThat(html).contains("<h2>Incast into n1</h2>").contains("Jain's fairness index 0.857")
                .contains("width:50.0%").contains("width:33.3%").contains("width:16.7%")
                .doesNotContain("<h2>Pair bandwidth</h2>");
    }

    @Test
    void theStoreKeepsTheIncastBlockInTheMeshsRawResult() throws Exception {
        MeshResult r = result();
        var items = MeshMeasurements.items(r, List.of());
        MeshResult back = Json.MAPPER.readValue(items.getFirst().raw(), MeshResult.class);
        assertThat(back.incast()).isEqualTo(r.incast());
    }

    @Test
    void incastSummaryText() {
        Golden.assertMatches("mesh-incast-summary.txt", Golden.render(out -> new MeshText(out).summary(result())));
    }

    /** n2 sends 3, n3 2, n4 1 Gbit/s into n1 (n4 well below any median); n5's pair failed. */
    static List<PairResult> pairs() {
        List<PairResult> out = new ArrayList<>();
        double[] rates = {3e9, 2e9, 1e9};
        long[] drops = {40, 70, 55};
        for (int i = 0; i < rates.length; i++) {
            String a = "n" + (i + 2);
            Counters nic = Counters.netdev("eth0").value("rx_dropped", drops[i], "/sys/class/net/eth0/statistics/rx_dropped")
                    .value("rx_pause_ctrl_phy", 12 - i, "ethtool -S eth0").build();
            Counters host = Counters.builder(Counters.Scope.HOST, Counters.HOST_SUBJECT)
                    .value("TcpExtTCPBacklogDrop", 900, "/proc/net/netstat").build();
            CounterReport c = new CounterReport("tcp", "eth0", List.of(), null, "eth0", List.of(nic, host), null, List.of());
            out.add(new PairResult(0, a, "n1", PairStatus.OK, null,
                    List.of(new PairResult.Flow(a, "n1", rates[i], (long) (rates[i] / 8 * 5), 5.0, 0L)), c));
        }
        out.add(new PairResult(0, "n5", "n1", PairStatus.FAILED, "n1: connection refused", List.of()));
        return out;
    }

    static MeshResult result() {
        List<MeshResult.Host> hosts = new ArrayList<>();
        for (Endpoint e : HOSTS) {
            hosts.add(new MeshResult.Host(e.label(), e.host(), e.port(), HostStatus.OK, null, null,
                    MeshReportTest.facts(e.host(), 9000), null));
        }
        MeshResult.Params params = new MeshResult.Params("incast:n1", MeshEngine.TCP, 5, 1, null, false, 90, 1, 4, 7, null);
        return Mesh.assemble(Instant.parse("2026-12-05T12:00:00Z"), 8.1, params, hosts, pairs(), null);
    }
}
