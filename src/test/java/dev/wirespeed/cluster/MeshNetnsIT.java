package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.testing.Netns;
import dev.wirespeed.testing.Noise;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Six hosts, each in its own network namespace with one agent (a separate JVM), on one Linux
 * bridge in a seventh namespace; the coordinator runs `wirespeed mesh` from an eighth. Every veth
 * is shaped with tbf to {@link #RATE} both ways, so pairs are equal whatever else the machine does
 * (unshaped veth pairs share the CPU, and three at once on two cores would differ by more than
 * 10 %); host 3 is shaped to a quarter of that. Host 2 has a smaller MTU. The link between hosts 1
 * and 5 alone is shaped to a quarter too (each sends to the other through a slow class of an htb):
 * a slow link, not a slow host, which the mesh names only after its re-test (issue 26). Host 1
 * also runs another process that floods a UDP socket of its own: its host-wide UdpRcvbufErrors
 * climb all through the mesh, and no TCP pair may name them.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
// Mostly waits: every link is shaped (a few per cent of a core carries 3 pairs at 200 Mbit/s), and the
// namespaces, addresses and UDP flood are its own. Runs in the second lane, beside the serial ITs (pom.xml);
// its tests share the agents and run in order, one at a time (SAME_THREAD on each).
@Execution(ExecutionMode.CONCURRENT)
class MeshNetnsIT {
    static final int HOSTS = 6;
    static final String RATE = "200mbit";
    static final String SLOW_RATE = "50mbit";
    static final int SLOW = 3;
    static final int SMALL_MTU_HOST = 2;
    static final int SLOW_LINK_A = 1;
    static final int SLOW_LINK_B = 5;
    static final int FLOODED = 1;
    static final String TOKEN = "mesh-netns-shared-secret";

    static Netns net;
    static Path dir;
    static String ctl;
    static final List<String> ns = new ArrayList<>();
    static final Process[] agents = new Process[HOSTS + 1];

    @BeforeAll
    static void topology() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        net = new Netns();
        dir = Files.createTempDirectory("wirespeed-mesh-netns");
        Files.writeString(dir.resolve("token"), TOKEN + "\n");
        Files.writeString(dir.resolve("wrong-token"), "not-the-" + TOKEN + "\n");
        String sw = net.add("sw");
        net.ip("-n", sw, "link", "add", "br0", "type", "bridge");
        net.ip("-n", sw, "link", "set", "br0", "up");
        for (int i = 1; i <= HOSTS + 1; i++) {
            boolean coordinator = i == HOSTS + 1;
            String host = net.add(coordinator ? "ctl" : "h" + i);
            String inside = net.name((coordinator ? "c" : "h") + i);
            String outside = net.name("b" + i);
            net.ip("link", "add", inside, "netns", host, "type", "veth", "peer", "name", outside, "netns", sw);
            net.ip("-n", sw, "link", "set", outside, "master", "br0", "up");
            net.ip("-n", host, "addr", "add", address(coordinator ? 100 : i) + "/24", "dev", inside);
            if (i == SMALL_MTU_HOST) {
                net.ip("-n", host, "link", "set", inside, "mtu", "1400");
            }
            net.ip("-n", host, "link", "set", inside, "up");
            if (coordinator) {
                ctl = host;
            } else {
                ns.add(host);
                String rate = i == SLOW ? SLOW_RATE : RATE;
                // Egress both ways: the host's sending on its end, its receiving on the bridge's end.
                if (i == SLOW_LINK_A || i == SLOW_LINK_B) {
                    slowLink(host, inside, address(i == SLOW_LINK_A ? SLOW_LINK_B : SLOW_LINK_A));
                } else {
                    net.exec(host, "tc", "qdisc", "add", "dev", inside, "root", "tbf", "rate", rate, "burst", "256kb",
                            "latency", "50ms");
                }
                net.exec(sw, "tc", "qdisc", "add", "dev", outside, "root", "tbf", "rate", rate, "burst", "256kb",
                        "latency", "50ms");
            }
        }
        Path flood = dir.resolve("flood.log");
        Process flooding = net.start(ns.get(FLOODED - 1), Netns.java(Noise.class, "udp-flood", "600"), flood);
        assertThat(Netns.awaitText(flood, Noise.STARTED, flooding, 60_000)).as(read(flood)).isTrue();
        for (int i = 1; i <= HOSTS; i++) {
            startAgent(i, "token");
        }
        for (int i = 1; i <= HOSTS; i++) {
            assertThat(Netns.awaitText(log(i), "agent listening on", agents[i], 60_000))
                    .as("agent %d: %s", i, read(log(i))).isTrue();
        }
    }

    /** {@link #RATE} to every host but {@code slowPeer}, {@link #SLOW_RATE} to it: an htb class per rate, by destination. */
    static void slowLink(String host, String dev, String slowPeer) throws IOException {
        net.exec(host, "tc", "qdisc", "add", "dev", dev, "root", "handle", "1:", "htb", "default", "10");
        net.exec(host, "tc", "class", "add", "dev", dev, "parent", "1:", "classid", "1:10", "htb", "rate", RATE);
        net.exec(host, "tc", "class", "add", "dev", dev, "parent", "1:", "classid", "1:20", "htb", "rate", SLOW_RATE);
        net.exec(host, "tc", "filter", "add", "dev", dev, "parent", "1:", "protocol", "ip", "prio", "1", "u32", "match",
                "ip", "dst", slowPeer + "/32", "flowid", "1:20");
    }

    @AfterAll
    static void cleanup() throws IOException {
        if (net != null) {
            net.close();
        }
        Netns.deleteTree(dir);
    }

    static String address(int host) {
        return "198.18.0." + host; // RFC 2544 benchmarking range, inside our namespaces only
    }

    static Path log(int host) {
        return dir.resolve("agent" + host + ".log");
    }

    static void startAgent(int i, String tokenFile) throws IOException {
        agents[i] = net.start(ns.get(i - 1), java("agent", "--bind", address(i), "--token-file",
                dir.resolve(tokenFile).toString()), log(i));
    }

    static List<String> java(String... args) {
        return Netns.wirespeed(args);
    }

    record MeshRun(int exitCode, String json, String progress, MeshResult result) {}

    /** Starts the mesh in the coordinator's namespace; {@code whileRunning} sees its progress file. */
    static MeshRun mesh(String seconds, String omit, Path html, ProgressHook whileRunning) throws Exception {
        Path out = dir.resolve("mesh.json");
        Path err = dir.resolve("mesh.progress");
        List<String> args = new ArrayList<>(List.of("mesh", "--hosts", "198.18.0.[1-" + HOSTS + "]", "--token-file",
                dir.resolve("token").toString(), "-t", seconds, "-O", omit, "-P", "1", "--json", "--no-save"));
        if (html != null) {
            args.addAll(List.of("--html", html.toString()));
        }
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ctl));
        cmd.addAll(java(args.toArray(String[]::new)));
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (whileRunning != null) {
                whileRunning.run(err, p);
            }
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("mesh finishes: %s", read(err)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        String json = read(out);
        MeshResult r = json.isBlank() ? null : Json.MAPPER.readValue(json, MeshResult.class);
        // Kept in the test output (target/failsafe-reports) for whoever reads a failure.
        System.out.println(read(err));
        if (r != null) {
            r.verdict().forEach(System.out::println);
        }
        return new MeshRun(p.exitValue(), json, read(err), r);
    }

    interface ProgressHook {
        void run(Path progress, Process mesh) throws Exception;
    }

    static String read(Path f) throws IOException {
        return Files.exists(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
    }

    static String label(int host) {
        return address(host);
    }

    static boolean touches(PairResult p, int host) {
        return p.client().equals(label(host)) || p.server().equals(label(host));
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    @Order(1)
    void theThrottledHostIsTheOnlySuspectAndOnlyItsPairsAreSlow() throws Exception {
        Path html = dir.resolve("mesh.html");
        MeshRun run = mesh("2", "1", html, null);
        MeshResult r = run.result();
        assertThat(r).as(run.progress()).isNotNull();
        assertThat(JsonSchemas.errors("mesh.schema.json", run.json())).isEmpty();
        assertThat(r.hosts()).allSatisfy(h -> assertThat(h.status().label()).as(h.label() + ": " + h.message()).isEqualTo("ok"));
        assertThat(r.pairs()).hasSize(15).allSatisfy(p -> assertThat(p.status().label()).as(p.toString()).isEqualTo("ok"));

        assertThat(r.analysis().suspects()).as(String.join("\n", r.verdict()))
                .extracting(Outliers.Suspect::host).containsExactly(label(SLOW));
        assertThat(r.analysis().suspects().getFirst().evidence().status()).isEqualTo(Outliers.Status.CONFIRMED);
        assertThat(r.analysis().outliers()).as(String.join("\n", r.verdict())).hasSize(6)
                .filteredOn(o -> o.explainedBy() != null)
                .hasSize(5).allSatisfy(o -> assertThat(o.explainedBy()).isEqualTo(label(SLOW)));
        // the slow link: named after its re-test, slow again beside a control pair that was not
        Outliers.Outlier link = r.analysis().outliers().stream().filter(o -> o.explainedBy() == null).findFirst().orElseThrow();
        assertThat(List.of(link.client(), link.server())).containsExactlyInAnyOrder(label(SLOW_LINK_A), label(SLOW_LINK_B));
        assertThat(link.evidence().status()).as(link.evidence().reason()).isEqualTo(Outliers.Status.CONFIRMED);
        assertThat(link.evidence().samplesBitsPerSecond()).hasSize(2);
        assertThat(link.evidence().control().normal()).isTrue();
        assertThat(link.evidence().spreadsBelowMedian()).isGreaterThan(3);
        assertThat(r.analysis().unconfirmed()).isEmpty();
        // the flood on host 1 is another process's UDP: no TCP pair names it, on either side
        for (PairResult p : r.pairs()) {
            assertThat(Json.MAPPER.writeValueAsString(p.counters())).as(p.toString()).doesNotContain("Udp");
        }
        for (PairResult p : r.pairs()) {
            double bps = p.flows().getFirst().bitsPerSecond();
            if (touches(p, SLOW) || (touches(p, SLOW_LINK_A) && touches(p, SLOW_LINK_B))) {
                assertThat(bps).as(p.toString()).isLessThan(0.5 * r.analysis().medianBitsPerSecond());
            } else {
                assertThat(bps).as(p.toString()).isGreaterThanOrEqualTo(0.9 * r.analysis().medianBitsPerSecond());
            }
        }
        assertThat(r.consistency().differences()).singleElement().satisfies(d -> {
            assertThat(d.fact()).isEqualTo("MTU");
            assertThat(d.odd()).containsExactly(label(SMALL_MTU_HOST));
        });
        assertThat(r.verdict()).anyMatch(l -> l.startsWith("suspect: " + label(SLOW) + " — all 5 of its pairs are slow"));
        assertThat(r.verdict()).anyMatch(l -> l.startsWith("slow link: " + link.from() + " → " + link.to()));
        assertThat(r.verdict().getLast()).isEqualTo("verdict: 1 suspect host, 1 slow link, 1 difference between hosts");
        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.progress()).contains("mesh: 6 hosts, all-pairs: 15 pairs in 5 rounds of up to 3 at once")
                .contains("agents: 6 of 6 ready").contains("round 5/5: 3 pairs")
                .contains("re-testing 2 slow pairs beside a control pair before naming them")
                .contains("re-test 1/2: ").contains("re-test 2/2: ");
        assertThat(read(html)).contains("suspect " + label(SLOW));
        Files.copy(html, Path.of("target", "mesh-netns.html"), StandardCopyOption.REPLACE_EXISTING);
        Files.writeString(Path.of("target", "mesh-netns.json"), run.json());
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    @Order(2)
    void aWrongTokenIsRefusedAndReportedAndTheRestRun() throws Exception {
        int refused = 5;
        agents[refused].destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        Files.deleteIfExists(log(refused));
        startAgent(refused, "wrong-token");
        assertThat(Netns.awaitText(log(refused), "agent listening on", agents[refused], 60_000)).isTrue();
        try {
            MeshRun run = mesh("1", "0.5", null, null);
            MeshResult r = run.result();
            assertThat(r).as(run.progress()).isNotNull();
            assertThat(r.hosts().get(refused - 1).status().label()).isEqualTo("refused");
            // over TLS another token fails at the agent's pinned key, before the MAC (AgentTlsIT)
            assertThat(r.hosts().get(refused - 1).message()).startsWith("the agent's TLS key sha256:")
                    .contains("is not the one the token gives");
            for (PairResult p : r.pairs()) {
                assertThat(p.status().label()).as(p.toString()).isEqualTo(touches(p, refused) ? "skipped" : "ok");
            }
            assertThat(r.verdict()).anyMatch(l -> l.startsWith("refused: " + label(refused) + " (the agent's TLS key sha256:"));
            assertThat(run.exitCode()).isEqualTo(3);
            assertThat(read(log(refused))).contains("refused coordinator " + address(100));
        } finally {
            agents[refused].destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            startAgent(refused, "token");
            assertThat(Netns.awaitText(log(refused), "agent listening on", agents[refused], 60_000)).isTrue();
        }
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    @Order(3)
    void anAgentKilledMidRunIsReportedAndTheOthersComplete() throws Exception {
        int victim = 6;
        MeshRun run = mesh("1.5", "0.5", null, (progress, mesh) -> {
            assertThat(Netns.awaitText(progress, "round 1/5", mesh, 90_000)).as(read(progress)).isTrue();
            agents[victim].destroyForcibly();
        });
        MeshResult r = run.result();
        assertThat(r).as(run.progress()).isNotNull();
        MeshResult.Host lost = r.hosts().get(victim - 1);
        assertThat(lost.status().label()).as(lost.toString()).isEqualTo("lost");
        for (PairResult p : r.pairs()) {
            if (!touches(p, victim)) {
                assertThat(p.status().label()).as(p.toString()).isEqualTo("ok");
            } else if (p.round() == 0) {
                assertThat(p.status().label()).as("finished before the kill: " + p).isEqualTo("ok");
            } else {
                assertThat(p.status().label()).as(p.toString()).isIn("failed", "skipped");
            }
        }
        assertThat(r.pairs().stream().filter(PairResult::ok)).hasSize(11);
        assertThat(r.verdict()).anyMatch(l -> l.startsWith("lost: " + label(victim) + " in round "));
        assertThat(run.exitCode()).isEqualTo(3);
    }
}
