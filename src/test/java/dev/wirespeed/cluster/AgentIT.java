package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.engine.tcp.BwClient;
import dev.wirespeed.engine.tcp.BwClientConfig;
import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.engine.session.TestListener;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.wire.Direction;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.results.Measurement;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Agents in this JVM on 127.0.0.1 (kernel-chosen ports), driven through AgentClient. */
class AgentIT {
    static final Token TOKEN = Token.of("correct horse battery staple", "test");
    static final Token WRONG = Token.of("incorrect horse battery staple", "test");
    final List<Agent> agents = new ArrayList<>();
    final List<String> log = Collections.synchronizedList(new ArrayList<>());

    Agent start(Token token, Path perftestDir) throws IOException {
        Agent a = new Agent(new AgentConfig("127.0.0.1", 0, token, new TestSpec.Limits(8, 30_000), 5_000, perftestDir,
                FactsSource.sysfs(Path.of("/")), log::add));
        a.serveInBackground();
        agents.add(a);
        return a;
    }

    static Endpoint at(Agent a) {
        return new Endpoint("127.0.0.1:" + a.port(), "127.0.0.1", a.port());
    }

    static TestSpec spec(int streams, long millis) {
        return TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(streams).durationMillis(millis)
                .bufferBytes(128 * 1024).build();
    }

    @AfterEach
    void stop() {
        agents.forEach(Agent::close);
    }

    @Test
    void loopbackAgentWithoutTokenAnswersPingAndFacts() throws Exception {
        Agent a = start(null, null);
        try (AgentClient c = AgentClient.connect(at(a), null, 5_000, 10_000)) {
            assertThat(c.welcome().proof()).isNull();
            assertThat(c.welcome().engines()).contains("tcp");
            assertThat(c.ping(5_000)).isTrue();
            AgentMessage.FactsReply f = c.call(new AgentMessage.GetFacts(c.nextId()), AgentMessage.FactsReply.class, 30_000);
            assertThat(f.facts().address()).isEqualTo("127.0.0.1");
            assertThat(f.facts().interfaceName()).isEqualTo("lo");
            assertThat(f.facts().linkLayer()).isEqualTo("loopback");
            assertThat(f.facts().mtuBytes()).isPositive();
            assertThat(f.doctor().get("facts").get("interfaces").isArray()).isTrue();
        }
    }

    @Test
    void tokenIsProvenBothWaysAndAWrongOneRefused() throws Exception {
        Agent a = start(TOKEN, null);
        try (AgentClient c = AgentClient.connect(at(a), TOKEN, 5_000, 10_000)) {
            assertThat(c.welcome().proof()).hasSize(64);
            assertThat(c.ping(5_000)).isTrue();
        }
        // over TLS a wrong token fails at the pinned key, before any MAC (AgentTlsIT)
        assertThatThrownBy(() -> AgentClient.connect(at(a), WRONG, 5_000, 10_000))
                .isInstanceOfSatisfying(AgentClient.AgentException.class, e -> assertThat(e.status().label()).isEqualTo("refused"))
                .hasMessageContaining("is not the one the token gives");
        assertThatThrownBy(() -> AgentClient.connect(at(a), null, 5_000, 10_000))
                .isInstanceOfSatisfying(AgentClient.AgentException.class, e -> assertThat(e.status().label()).isEqualTo("refused"))
                .hasMessageContaining("requires a token");
    }

    @Test
    void theMacRefusesAWrongTokenInPlainTextToo() throws Exception {
        Agent a = new Agent(new AgentConfig("127.0.0.1", 0, TOKEN, new TestSpec.Limits(8, 30_000), 5_000, null,
                FactsSource.sysfs(Path.of("/")), log::add, true));
        a.serveInBackground();
        agents.add(a);
        try (AgentClient c = AgentClient.connect(at(a), TOKEN, 5_000, 10_000, true)) {
            assertThat(c.welcome().proof()).hasSize(64);
        }
        assertThatThrownBy(() -> AgentClient.connect(at(a), WRONG, 5_000, 10_000, true))
                .isInstanceOfSatisfying(AgentClient.AgentException.class, e -> assertThat(e.status().label()).isEqualTo("refused"))
                .hasMessage("token refused: it does not match this agent's");
        assertThat(log).anyMatch(l -> l.startsWith("refused coordinator 127.0.0.1:") && l.endsWith("does not match this agent's"));
    }

    @Test
    void aPeersTestOnTheAgentsPortLearnsNoVersion() throws Exception {
        Agent a = start(TOKEN, null);
        // the agent's port serves its peers' bandwidth tests without a token: its Welcome must not
        // name the version (a plain `wirespeed server` does, as iperf3 does)
        BwResult r = new BwClient(BwClientConfig.builder().host("127.0.0.1")
                .port(a.port()).spec(spec(1, 300)).streamsChosenBy("option").connectTimeoutMillis(5000)
                .handshakeTimeoutMillis(5000).build()).run(TestListener.none());
        assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
        assertThat(r.server().software()).isEqualTo("wirespeed");
    }

    @Test
    void runsItsOwnTestToAPeerAndRecordsMetrics() throws Exception {
        Agent a = start(null, null);
        Agent b = start(null, null);
        try (AgentClient c = AgentClient.connect(at(a), null, 5_000, 10_000)) {
            AgentMessage.TestDone done = c.call(new AgentMessage.RunTest(c.nextId(), "127.0.0.1", b.port(), spec(1, 500)),
                    AgentMessage.TestDone.class, 30_000);
            BwResult r = done.result();
            assertThat(r.outcome().ok()).as(r.outcome().message()).isTrue();
            assertThat(r.directions()).singleElement().satisfies(d -> {
                assertThat(d.receiverSummary().bitsPerSecond()).isPositive();
                assertThat(d.intervals()).isEmpty();
            });
            // what `wirespeed agent --metrics :0` serves: loopback, kernel-chosen port
            com.sun.net.httpserver.HttpServer http = MetricsEndpoint.serve(a.metrics(), MetricsEndpoint.parse(":0"));
            try (HttpClient client = HttpClient.newHttpClient()) {
                assertThat(http.getAddress().getAddress().isLoopbackAddress()).isTrue();
                HttpResponse<String> got = client.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/metrics"))
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                assertThat(got.statusCode()).isEqualTo(200);
                assertThat(got.body()).contains("wirespeed_agent_tests_total{outcome=\"ok\"} 1")
                        .contains("# HELP wirespeed_bandwidth_bits_per_second ")
                        .contains("# HELP wirespeed_agent_tests_total ")
                        .containsPattern("wirespeed_bandwidth_bits_per_second\\{direction=\"upload\",host=\"[^\"]+\","
                                + "label=\"\",peer=\"127\\.0\\.0\\.1\",port=\"" + b.port() + "\",protocol=\"tcp\","
                                + "test=\"tcp-bw\",tool=\"wirespeed\"} \\d");
                assertThat(got.body().lines().filter(l -> l.startsWith("wirespeed_")).map(l -> l.substring(0, l.indexOf('{') < 0
                        ? l.indexOf(' ') : l.indexOf('{'))).distinct())
                        .allSatisfy(name -> assertThat(got.body()).contains("# HELP " + name + " "));
            } finally {
                http.stop(0);
            }
        }
    }

    @Test
    void parametersOutsideTheAgentsLimitsAreRefused() throws Exception {
        Agent a = start(null, null);
        try (AgentClient c = AgentClient.connect(at(a), null, 5_000, 10_000)) {
            assertThatThrownBy(() -> c.call(new AgentMessage.RunTest(c.nextId(), "127.0.0.1", a.port(), spec(100, 500)),
                    AgentMessage.TestDone.class, 30_000))
                    .isInstanceOf(IOException.class)
                    .hasMessage("test refused by the agent: streams 100 is out of range (1..8)");
            assertThatThrownBy(() -> c.call(new AgentMessage.RunTest(c.nextId(), "127.0.0.1", a.port(), spec(1, 3_600_000)),
                    AgentMessage.TestDone.class, 30_000))
                    .hasMessage("test refused by the agent: durationMillis 3600000 is out of range (0..30000)");
            assertThatThrownBy(() -> c.call(new AgentMessage.RunTest(c.nextId(), "a b;reboot", a.port(), spec(1, 500)),
                    AgentMessage.TestDone.class, 30_000))
                    .hasMessageContaining("is not a host name or address");
            assertThat(c.ping(5_000)).as("the session survives refusals").isTrue();
        }
    }

    @Test
    void aPlainServerIsNotAnAgent() throws Exception {
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 5000,
                log::add))) {
            server.serveInBackground();
            Endpoint e = new Endpoint("plain", "127.0.0.1", server.port());
            assertThatThrownBy(() -> AgentClient.connect(e, null, 5_000, 10_000))
                    .isInstanceOfSatisfying(AgentClient.AgentException.class,
                            ex -> assertThat(ex.status().label()).isEqualTo("not-an-agent"));
        }
    }

    @Test
    void nothingListeningIsUnreachable() throws Exception {
        int port;
        try (var s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        assertThatThrownBy(() -> AgentClient.connect(new Endpoint("gone", "127.0.0.1", port), null, 2_000, 2_000))
                .isInstanceOfSatisfying(AgentClient.AgentException.class,
                        ex -> assertThat(ex.status().label()).isEqualTo("unreachable"))
                .hasMessageContaining("cannot connect to 127.0.0.1:" + port);
    }

    /**
     * perftest cannot run here (no RDMA hardware): a stand-in ib_write_bw prints the recorded
     * output of seed 000 (src/test/resources/parse/perftest) and logs its arguments, which the agent
     * built from the bounded spec.
     */
    @Test
    void perftestPairRunsTheInstalledBinaryWithBoundedArguments(@TempDir Path dir) throws Exception {
        Path args = fakePerftest(dir);
        Agent a = start(null, dir);
        Agent b = start(null, dir);
        PerftestSpec spec = new PerftestSpec("ib_write_bw", "mlx5_0", 65536, 2, 18515, null);
        try (AgentClient ca = AgentClient.connect(at(a), null, 5_000, 10_000);
             AgentClient cb = AgentClient.connect(at(b), null, 5_000, 10_000)) {
            assertThat(ca.welcome().engines()).containsExactly("tcp", "perftest");
            cb.call(new AgentMessage.RunPerftest(cb.nextId(), spec, null), AgentMessage.PerftestStarted.class, 10_000);
            AgentMessage.PerftestDone done = ca.call(new AgentMessage.RunPerftest(ca.nextId(), spec, "127.0.0.1"),
                    AgentMessage.PerftestDone.class, 30_000);
            assertThat(done.measurement().metric(Measurement.Metrics.BITS_PER_SECOND).orElseThrow().value())
                    .isEqualTo(23.13e9);
            assertThat(done.measurement().params()).containsEntry("linkType", "Ethernet");
            assertThatThrownBy(() -> ca.call(new AgentMessage.RunPerftest(ca.nextId(),
                    new PerftestSpec("ib_write_bw; rm -rf /", null, 65536, 2, 18515, null), "127.0.0.1"),
                    AgentMessage.PerftestDone.class, 10_000)).hasMessageContaining("is not one of ib_write_bw");
        }
        List<String> calls = waitForLines(args, 2);
        assertThat(calls).contains("-d mlx5_0 -s 65536 -D 2 -p 18515 -F --report_gbits",
                "-d mlx5_0 -s 65536 -D 2 -p 18515 -F --report_gbits 127.0.0.1");
    }

    /**
     * A stand-in ib_write_bw in {@code dir}: it appends its arguments to args.txt; as the client
     * (last argument a host) it prints the recorded output of seed 000 lines 1483–1505.
     */
    static Path fakePerftest(Path dir) throws IOException {
        Path fixture = dir.resolve("out.txt");
        // Without the fixture's "# source" line and the shell prompt: what the binary itself printed.
        String recorded = PerftestRunTest.fixture("ib_send_bw-roce-report_gbit-seed000.txt");
        Files.writeString(fixture, recorded.lines().skip(2).collect(Collectors.joining("\n", "", "\n")));
        Path args = dir.resolve("args.txt");
        Path fake = dir.resolve("ib_write_bw");
        Files.writeString(fake, "#!/bin/sh\necho \"$@\" >> '" + args + "'\n"
                + "for a in \"$@\"; do last=$a; done\n"
                + "[ \"$last\" = --report_gbits ] && exit 0\n"
                + "cat '" + fixture + "'\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        return args;
    }

    private static List<String> waitForLines(Path file, int n) throws Exception {
        for (int i = 0; i < 100; i++) {
            if (Files.exists(file) && Files.readAllLines(file).size() >= n) {
                break;
            }
            Thread.sleep(50);
        }
        return Files.readAllLines(file);
    }
}
