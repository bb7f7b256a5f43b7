package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.units.Rate;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Meshes of agents in this JVM on 127.0.0.1. Loopback rates vary with the machine's load, so these
 * tests check the mechanics (rounds, faults, Ctrl-C, output), not outliers: MeshNetnsIT does that
 * on shaped links.
 */
class MeshLoopbackIT {
    final List<Agent> agents = new ArrayList<>();
    final List<String> log = Collections.synchronizedList(new ArrayList<>());

    List<Endpoint> start(int n, Token token) throws IOException {
        List<Endpoint> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Agent a = new Agent(new AgentConfig("127.0.0.1", 0, token, new TestSpec.Limits(8, 60_000), 5_000, null,
                    FactsSource.sysfs(Path.of("/")), log::add));
            a.serveInBackground();
            agents.add(a);
            out.add(AgentIT.at(a));
        }
        return out;
    }

    @AfterEach
    void stop() {
        agents.forEach(Agent::close);
    }

    static MeshConfig config(List<Endpoint> hosts, double seconds, Token token, BooleanSupplier stop) {
        return MeshConfig.builder().hosts(hosts).rounds(Schedule.allPairs(hosts.size())).pattern("all-pairs")
                .engine(MeshEngine.TCP).seconds(seconds).streams(1).expectPercent(90).token(token).connectTimeoutMillis(5_000)
                .interrupted(stop).build();
    }

    @Test
    void cliRunsAllPairsAndPrintsValidJson(@TempDir Path dir) throws Exception {
        List<Endpoint> hosts = start(4, null);
        String list = String.join(",", hosts.stream().map(Endpoint::label).toList());
        Path html = dir.resolve("mesh.html");
        Path db = dir.resolve("results.db");
        Cli.Run r = Cli.run("mesh", "--hosts", list, "-t", "0.5", "-O", "0", "-P", "1", "--json",
                "--db", db.toString(), "--label", "loopback-mesh", "--html", html.toString());
        assertThat(r.exitCode()).as(r.err()).isIn(0, 3);
        assertThat(JsonSchemas.errors("mesh.schema.json", r.out())).isEmpty();
        MeshResult m = Json.MAPPER.readValue(r.out(), MeshResult.class);
        assertThat(m.pairs()).hasSize(6).allSatisfy(p -> assertThat(p.status().label()).as(p.message()).isEqualTo("ok"));
        // issue 29: each pair's receiver said it ran no other test beside the pair's (a round gives it one)
        assertThat(m.pairs()).allSatisfy(p -> assertThat(p.serverSharedWithTests()).as(p.toString()).isZero());
        assertThat(m.hosts()).allSatisfy(h -> assertThat(h.facts().linkLayer()).isEqualTo("loopback"));
        assertThat(m.params().rounds()).isEqualTo(3);
        long cells = m.matrix().bitsPerSecond().stream().flatMap(List::stream).filter(v -> v != null).count();
        assertThat(cells).as("one direction of each pair").isEqualTo(6);
        assertThat(r.err()).contains("mesh: 4 hosts, all-pairs: 6 pairs in 3 rounds of up to 2 at once")
                .contains("round 1/3: 2 pairs").contains("round 3/3: 2 pairs")
                .containsPattern("saved: mesh as result \\d+, its 6 flows as results \\d+–\\d+ in " + db);
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> saved = store.find(ResultStore.Query.all());
            assertThat(saved).hasSize(7).allSatisfy(s -> {
                assertThat(s.kind()).isEqualTo("mesh");
                assertThat(s.labels()).containsExactly("loopback-mesh");
            });
            StoredResult mesh = saved.stream().filter(s -> s.measurement().test().equals("mesh")).findFirst().orElseThrow();
            assertThat(Json.MAPPER.readValue(store.raw(mesh.id()).orElseThrow(), MeshResult.class)).isEqualTo(m);
            assertThat(saved.stream().filter(s -> s.measurement().test().equals("tcp-bw"))).hasSize(6)
                    .allSatisfy(s -> assertThat(s.measurement().metric("bitsPerSecond")).isPresent())
                    .allSatisfy(s -> assertThat(s.peer().shared()).as("not shared").isEqualTo("no"));
        }
        assertThat(Files.readString(html)).contains("<table class=\"heat\">").doesNotContain("http://", "https://");
    }

    @Test
    void refusedAndUnreachableAgentsAreReportedAndTheRestRuns(@TempDir Path dir) throws Exception {
        Token token = Token.of("the-right-shared-secret", "t");
        List<Endpoint> good = start(3, token);
        List<Endpoint> other = start(1, Token.of("another-shared-secret", "t"));
        int closedPort;
        try (var s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, "the-right-shared-secret\n");
        List<String> labels = new ArrayList<>(good.stream().map(Endpoint::label).toList());
        labels.add(other.getFirst().label());
        labels.add("127.0.0.1:" + closedPort);
        Cli.Run r = Cli.run("mesh", "--hosts", String.join(",", labels), "--token-file", tokenFile.toString(), "-t", "0.5",
                "-O", "0", "-P", "1", "--no-save");
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(3);
        assertThat(r.out()).contains("agents: 3 of 5 ready")
                .contains("refused: " + other.getFirst().label() + " (the agent's TLS key sha256:")
                .contains("unreachable: 127.0.0.1:" + closedPort + " (cannot connect to 127.0.0.1:" + closedPort)
                .contains("measured: 3 of 10 pairs")
                .containsPattern("verdict: .*2 hosts not tested");
        assertThat(log).anyMatch(l -> l.contains("refused coordinator"));
    }

    @Test
    void anAgentLostAfterTheFirstRoundIsReportedAndTheOthersComplete() throws Exception {
        List<Endpoint> hosts = start(4, null);
        Agent victim = agents.get(3);
        MeshResult m = new Mesh(config(hosts, 0.5, null, () -> false)).run(new MeshListener() {
            @Override
            public void roundDone(Round round, int total, List<PairResult> pairs, double elapsed) {
                if (round.index() == 0) {
                    victim.close();
                }
            }
        });
        MeshResult.Host lost = m.hosts().get(3);
        assertThat(lost.status().label()).isEqualTo("lost");
        assertThat(lost.lostInRound()).isEqualTo(1);
        for (PairResult p : m.pairs()) {
            boolean touches = p.client().equals(lost.label()) || p.server().equals(lost.label());
            if (!touches) {
                assertThat(p.status().label()).as(p.toString()).isEqualTo("ok");
            } else if (p.round() > 0) {
                assertThat(p.status().label()).as(p.toString()).isIn("skipped", "failed");
            }
        }
        assertThat(m.pairs().stream().filter(PairResult::ok)).hasSize(4);
        assertThat(m.verdict()).anyMatch(l -> l.startsWith("lost: " + lost.label() + " in round 2 ("));
        assertThat(m.outcome().ok()).isTrue();
    }

    @Test
    void perftestEngineRunsServerThenClientOnTheAgents(@TempDir Path dir) throws Exception {
        AgentIT.fakePerftest(dir);
        List<Endpoint> hosts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Agent a = new Agent(new AgentConfig("127.0.0.1", 0, null, new TestSpec.Limits(8, 60_000), 5_000, dir,
                    FactsSource.sysfs(Path.of("/")), log::add));
            a.serveInBackground();
            agents.add(a);
            hosts.add(AgentIT.at(a));
        }
        PerftestSpec spec = new PerftestSpec("ib_write_bw", "mlx5_0", 65536, 1, PerftestSpec.DEFAULT_PORT, null);
        MeshResult m = new Mesh(MeshConfig.builder().hosts(hosts).rounds(Schedule.allPairs(3)).pattern("all-pairs")
                .engine(MeshEngine.PERFTEST).seconds(1).expectPercent(90).perftest(spec).connectTimeoutMillis(5_000)
                .interrupted(() -> false).build()).run(new MeshListener() {});
        assertThat(m.pairs()).hasSize(3).allSatisfy(p -> {
            assertThat(p.status().label()).as(p.toString()).isEqualTo("ok");
            assertThat(p.flows()).singleElement().satisfies(f -> assertThat(f.bitsPerSecond()).isEqualTo(23.13e9));
        });
        assertThat(m.analysis().outliers()).isEmpty();
        assertThat(m.params().engine().label()).isEqualTo("perftest");
        assertThat(JsonSchemas.errors("mesh.schema.json", Json.pretty(m))).isEmpty();
        assertThat(Files.readAllLines(dir.resolve("args.txt")))
                .filteredOn(l -> l.endsWith("127.0.0.1")).hasSize(3)
                .allSatisfy(l -> assertThat(l).isEqualTo("-d mlx5_0 -s 65536 -D 1 -p 18515 -F --report_gbits 127.0.0.1"));
    }

    @Test
    void failedPairsAreRetriedOnceAfterTheLastRound() throws Exception {
        List<Endpoint> hosts = start(3, null);
        // The third agent allows one stream: every pair through it fails, twice.
        Agent strict = new Agent(new AgentConfig("127.0.0.1", 0, null, new TestSpec.Limits(1, 60_000), 5_000, null,
                FactsSource.sysfs(Path.of("/")), log::add));
        strict.serveInBackground();
        agents.add(strict);
        List<Endpoint> all = new ArrayList<>(hosts);
        all.add(AgentIT.at(strict));
        MeshConfig c = MeshConfig.builder().hosts(all).rounds(Schedule.allPairs(4)).pattern("all-pairs").engine(MeshEngine.TCP)
                .seconds(0.5).streams(2).expectPercent(90).connectTimeoutMillis(5_000).interrupted(() -> false).build();
        List<String> retries = new ArrayList<>();
        MeshResult m = new Mesh(c).run(new MeshListener() {
            @Override
            public void retryDone(int retry, int total, List<PairResult> pairs, double elapsed) {
                retries.add(retry + "/" + total + ":" + pairs.size());
            }
        });
        String strictLabel = all.get(3).label();
        assertThat(retries).as("three pairs through the strict agent fit in three retry rounds").containsExactly(
                "0/3:1", "1/3:1", "2/3:1");
        assertThat(m.pairs()).hasSize(6);
        for (PairResult p : m.pairs()) {
            if (p.client().equals(strictLabel) || p.server().equals(strictLabel)) {
                assertThat(p.status().label()).isEqualTo("failed");
                assertThat(p.round()).as("numbered after the planned rounds").isGreaterThanOrEqualTo(3);
                assertThat(p.message()).contains("out of range (1..1)").contains("(retried; first attempt: ");
            } else {
                assertThat(p.status().label()).as(p.toString()).isEqualTo("ok");
            }
        }
        assertThat(m.hosts()).allSatisfy(h -> assertThat(h.status().label()).isEqualTo("ok"));
        assertThat(m.verdict()).contains("measured: 3 of 6 pairs, median " + Rate.format(m.analysis().medianBitsPerSecond())
                + "; 3 failed; 3 retried");
    }

    @Test
    void ctrlCCancelsTheRunningRoundAndKeepsWhatFinished() throws Exception {
        List<Endpoint> hosts = start(4, null);
        AtomicLong round2Started = new AtomicLong(System.nanoTime() + 3_600_000_000_000L);
        AtomicBoolean sawRound1 = new AtomicBoolean();
        // 6 s tests: round 1 and an uncut round 2 alone would take 12 s, so ending sooner proves the cut
        double seconds = 6;
        MeshResult m = new Mesh(config(hosts, seconds, null,
                () -> System.nanoTime() - round2Started.get() > 1_500_000_000L)).run(new MeshListener() {
                    @Override
                    public void roundDone(Round round, int total, List<PairResult> pairs, double elapsed) {
                        if (round.index() == 0) {
                            sawRound1.set(true);
                            round2Started.set(System.nanoTime());
                        }
                    }
                });
        assertThat(sawRound1).isTrue();
        assertThat(m.outcome().status()).isEqualTo(OutcomeStatus.INTERRUPTED);
        assertThat(m.outcome().message()).isEqualTo("stopped by the user in round 2 of 3; 2 of 6 pairs finished");
        assertThat(m.pairs().stream().filter(p -> p.round() == 0)).hasSize(2).allMatch(PairResult::ok);
        assertThat(m.pairs().stream().filter(p -> p.round() == 1)).hasSize(2)
                .allSatisfy(p -> assertThat(p.status().label()).isEqualTo("interrupted"));
        assertThat(m.pairs()).noneMatch(p -> p.round() == 2);
        assertThat(m.elapsedSeconds()).as("the %s s tests of round 2 were cut short", seconds).isLessThan(2 * seconds);
        assertThat(m.verdict().getLast()).startsWith("verdict (partial, stopped by the user in round 2 of 3");
    }
}
