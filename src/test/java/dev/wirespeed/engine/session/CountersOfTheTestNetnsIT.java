package dev.wirespeed.engine.session;

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
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 26, case 7, on a shared host: the tests run on loopback in a namespace where another
 * process floods a UDP socket it never reads (the namespace's UdpRcvbufErrors climbs all the time)
 * and another TCP connection loses packets on a shaped veth to a second namespace (its
 * TcpRetransSegs climbs). Those counters are the namespace's, host-wide: a TCP `check` must name no
 * UDP counter, a `lat --udp` no TCP counter, and no verdict may rest on them.
 */
class CountersOfTheTestNetnsIT {
    static final String TEST_ADDRESS = "198.18.2.1"; // RFC 2544 benchmarking range, inside our namespaces only
    static final String PEER_ADDRESS = "198.18.2.2";
    static final String NOISE_SECONDS = "300"; // bounded; the namespaces' processes are killed at the end anyway

    static Netns net;
    static Path dir;
    static String testNs;

    @BeforeAll
    static void topology() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        net = new Netns();
        dir = Files.createTempDirectory("wirespeed-counters-of-the-test");
        testNs = net.add("t");
        String peerNs = net.add("p");
        String testIf = net.name("t");
        net.veth(testNs, testIf, TEST_ADDRESS + "/24", peerNs, net.name("p"), PEER_ADDRESS + "/24");
        // the other TCP connection's losses: a token bucket too short for it (as CounterDeltasNetnsIT)
        net.exec(testNs, "tc", "qdisc", "add", "dev", testIf, "root", "tbf", "rate", "50mbit", "burst", "16kb",
                "limit", "16kb");
        Netns.lossyCongestionControl(net, testNs);
        start(peerNs, "sink", Netns.java(Noise.class, "tcp-sink", PEER_ADDRESS, "5399", NOISE_SECONDS));
        start(testNs, "sender", Netns.java(Noise.class, "tcp-send", PEER_ADDRESS, "5399", NOISE_SECONDS));
        start(testNs, "flood", Netns.java(Noise.class, "udp-flood", NOISE_SECONDS));
        net.startServer(testNs, "127.0.0.1", dir);
    }

    private static void start(String ns, String name, List<String> command) throws Exception {
        Path log = dir.resolve(name + ".log");
        Process p = net.start(ns, command, log);
        assertThat(Netns.awaitText(log, Noise.STARTED, p, 60_000)).as(name + ": " + read(log)).isTrue();
    }

    @AfterAll
    static void cleanup() throws IOException {
        Netns.cleanUp(net, dir);
    }

    @Test
    void aTcpCheckBesideAUdpFloodNamesNoUdpCounter() throws Exception {
        long udpDropsBefore = snmp("Udp", "RcvbufErrors");
        String json = run("check", "-t", "2", "--json", "--no-save");
        assertThat(snmp("Udp", "RcvbufErrors")).as("the flood overflowed its socket during the check")
                .isGreaterThan(udpDropsBefore);
        JsonNode check = Json.MAPPER.readTree(json);
        for (String part : new String[] {"bandwidth", "latency"}) {
            JsonNode counters = check.path(part).path("counters");
            assertThat(counters.isMissingNode()).as(part + " has counters").isFalse();
            assertThat(counters.toString()).as(part).doesNotContain("Udp").doesNotContain("rmem_max");
            assertThat(counters.path("protocol").asString()).isEqualTo("tcp");
            for (JsonNode note : counters.path("notes")) {
                if (note.path("subject").asString().endsWith("host-wide")) {
                    assertThat(note.path("hostWide").asBoolean()).as(note.toString()).isTrue();
                }
            }
        }
        String verdict = check.path("verdict").path("text").asString();
        assertThat(verdict).as("the verdict").doesNotContain("Udp").doesNotContain("tcp_rmem").doesNotContain("host-wide");
        assertThat(JsonSchemas.errors("check.schema.json", json)).isEmpty();
    }

    @Test
    void aUdpPingPongBesideTcpLossNamesNoTcpCounter() throws Exception {
        // the lossy TCP beside it must retransmit while the test runs; on a loaded host a short run may
        // see none, so a run is repeated (at most 3) until it does
        String json = null;
        boolean beside = false;
        for (int attempt = 0; attempt < 3 && !beside; attempt++) {
            long retransBefore = snmp("Tcp", "RetransSegs");
            json = run("lat", "--udp", "127.0.0.1", "-n", "20000", "--json", "--no-save");
            beside = snmp("Tcp", "RetransSegs") > retransBefore;
        }
        assertThat(beside).as("the other connection retransmitted during the test").isTrue();
        JsonNode counters = Json.MAPPER.readTree(json).path("counters");
        assertThat(counters.toString()).doesNotContain("Tcp").doesNotContain("tcp_rmem");
        assertThat(counters.path("protocol").asString()).isEqualTo("udp");
        assertThat(JsonSchemas.errors("lat.schema.json", json)).isEmpty();
        // both sides read their own socket: a ping-pong of one datagram at a time overflows nothing
        assertThat(counters.path("serverSockets").path("drops").asLong(-1)).isZero();
        assertThat(counters.path("clientSockets").path("drops").asLong(-1)).isZero();

        String text = run("lat", "--udp", "127.0.0.1", "-n", "5000", "--no-save");
        assertThat(text).contains("Counters during the test (client lo, server lo)").doesNotContain("Tcp");
    }

    /** A counter of /proc/net/snmp in the test's namespace: what every process there adds to. */
    private static long snmp(String group, String name) throws Exception {
        return net.snmp(testNs, group, name);
    }

    private static String run(String... args) throws IOException, InterruptedException {
        Netns.Run r = net.run(testNs, Netns.wirespeed(args), Files.createTempFile(dir, "run", ".out"));
        assertThat(r.exitCode()).as(r.out()).isIn(0, 3);
        return r.out();
    }

    private static String read(Path p) throws IOException {
        return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
    }
}
