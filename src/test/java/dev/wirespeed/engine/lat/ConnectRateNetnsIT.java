package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.testing.Netns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 29 point 2 against the kernel's own count: a client and a server, each in a namespace made
 * for this test, so that nothing else opens TCP connections there. Every connect(2) the client
 * makes moves its namespace's {@code Tcp: ActiveOpens} (/proc/net/snmp; RFC 1213 tcpActiveOpens,
 * counted by the kernel when it sends the SYN), every connection the server's kernel completes moves
 * {@code PassiveOpens}. The test's control connection is the one more on each side.
 */
class ConnectRateNetnsIT {
    static final String SERVER_ADDRESS = "198.18.10.1"; // RFC 2544 benchmarking range, inside our namespaces only
    static final String CLIENT_ADDRESS = "198.18.10.2";

    static Netns net;
    static Path dir;
    static String serverNs;
    static String clientNs;

    @BeforeAll
    static void topology() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        net = new Netns();
        dir = Files.createTempDirectory("wirespeed-crr-netns");
        serverNs = net.add("srv");
        clientNs = net.add("cli");
        net.veth(clientNs, net.name("c"), CLIENT_ADDRESS + "/24", serverNs, net.name("s"), SERVER_ADDRESS + "/24");
        net.startServer(serverNs, SERVER_ADDRESS, dir);
    }

    @AfterAll
    static void cleanup() throws IOException {
        Netns.cleanUp(net, dir);
    }

    @Test
    void theTransactionsWeCountAreTheSynsTheKernelsCounted() throws Exception {
        long activeBefore = snmp(clientNs, "ActiveOpens");
        long passiveBefore = snmp(serverNs, "PassiveOpens");
        String out = client("lat", SERVER_ADDRESS, "--connect", "-t", "2", "-P", "4", "--json", "--no-save");
        long active = snmp(clientNs, "ActiveOpens") - activeBefore;
        long passive = snmp(serverNs, "PassiveOpens") - passiveBefore;
        String json = out.substring(out.indexOf('{'));
        assertThat(JsonSchemas.errors("crr.schema.json", json)).isEmpty();
        JsonNode r = Json.MAPPER.readTree(json);
        long transactions = r.get("transactions").asLong();
        assertThat(transactions).as(json).isGreaterThan(100);
        assertThat(r.get("failures").get("refused").asLong() + r.get("failures").get("timedOut").asLong()
                + r.get("failures").get("reset").asLong() + r.get("failures").get("closed").asLong()
                + r.get("failures").get("other").asLong()).as(json).isZero();
        assertThat(r.get("connectAttempts").asLong()).isEqualTo(transactions);
        // one SYN per transaction, and the control connection's
        assertThat(active).as("client ActiveOpens").isEqualTo(transactions + 1);
        assertThat(passive).as("server PassiveOpens").isEqualTo(transactions + 1);
        double rate = r.get("transactionsPerSecond").asDouble();
        assertThat(rate).isCloseTo(transactions / r.get("seconds").asDouble(), Percentage.withPercentage(1));
        assertThat(r.get("phases").get("connect").get("p50Micros").asDouble()).isPositive();
        assertThat(r.get("phases").get("close").get("p99Micros").asDouble()).isPositive();
    }

    @Test
    void refusedConnectsAreCountedAsRefusedAndAsSyns() throws Exception {
        // nothing listens on port 9 in the server's namespace: each SYN is answered by a RST. The
        // handshake itself fails, so lat says why on one line (exit 1) and the kernel counted one SYN.
        long before = snmp(clientNs, "ActiveOpens");
        Path out = Files.createTempFile(dir, "client", ".out");
        Process p = net.start(clientNs, Netns.wirespeed("lat", SERVER_ADDRESS, "-p", "9", "--connect", "-t", "1",
                "--no-save"), out);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(1);
        assertThat(read(out)).containsIgnoringCase("refused");
        assertThat(snmp(clientNs, "ActiveOpens") - before).isEqualTo(1);
    }

    /** A field of the "Tcp:" lines of the namespace's /proc/net/snmp. */
    static long snmp(String ns, String field) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "snmp", ".txt");
        Process p = net.start(ns, List.of("cat", "/proc/net/snmp"), out);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        List<String> tcp = Files.readAllLines(out).stream().filter(l -> l.startsWith("Tcp:")).toList();
        List<String> names = List.of(tcp.get(0).split("\\s+"));
        String[] values = tcp.get(1).split("\\s+");
        return Long.parseLong(values[names.indexOf(field)]);
    }

    private static String client(String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile(dir, "client", ".out");
        Process p = net.start(clientNs, Netns.wirespeed(args), out);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("client finished").isTrue();
        String text = read(out);
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }

    private static String read(Path p) throws IOException {
        return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
    }
}
