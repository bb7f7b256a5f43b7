package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.testing.Netns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Issue 29 point 3: {@code mesh --pattern incast} in namespaces. A receiver and {@link #SENDERS}
 * senders, each in its own namespace with an agent (a separate JVM), on one bridge; the coordinator
 * runs from another. The bridge's port toward the receiver is shaped with tbf to {@link #RATE}: the
 * receiver's port is the incast bottleneck. The incast total must match what the kernel counted
 * into the receiver's interface (rx_bytes, less the headers of its rx_packets) over the mesh.
 */
// Mostly waits: the receiver's port is shaped (120 Mbit/s in all, little CPU), and the namespaces and
// agents are its own. Runs in the second lane, beside the serial ITs (pom.xml).
@Execution(ExecutionMode.CONCURRENT)
class MeshIncastNetnsIT {
    static final int SENDERS = 3;
    static final String RATE = "120mbit";
    static final double RATE_BITS_PER_SECOND = 120e6;
    /** Ethernet 14 + IPv4 20 + TCP 20 with the timestamp option 12, per skb the receiver's veth counts. */
    static final int HEADER_BYTES = 66;
    static final String TOKEN = "mesh-incast-netns-secret";

    static Netns net;
    static Path dir;
    static String ctl;
    static String receiverNs;
    static String receiverIf;
    static final List<String> ns = new ArrayList<>();

    @BeforeAll
    static void topology() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        net = new Netns();
        dir = Files.createTempDirectory("wirespeed-mesh-incast");
        Files.writeString(dir.resolve("token"), TOKEN + "\n");
        String sw = net.add("sw");
        net.ip("-n", sw, "link", "add", "br0", "type", "bridge");
        net.ip("-n", sw, "link", "set", "br0", "up");
        // host 1 receives, 2..SENDERS+1 send, the last is the coordinator
        for (int i = 1; i <= SENDERS + 2; i++) {
            boolean coordinator = i == SENDERS + 2;
            String host = net.add(coordinator ? "ctl" : "h" + i);
            String inside = net.name((coordinator ? "c" : "h") + i);
            String outside = net.name("b" + i);
            net.ip("link", "add", inside, "netns", host, "type", "veth", "peer", "name", outside, "netns", sw);
            net.ip("-n", sw, "link", "set", outside, "master", "br0", "up");
            net.ip("-n", host, "addr", "add", address(coordinator ? 100 : i) + "/24", "dev", inside);
            net.ip("-n", host, "link", "set", inside, "up");
            if (coordinator) {
                ctl = host;
                continue;
            }
            ns.add(host);
            if (i == 1) {
                receiverNs = host;
                receiverIf = inside;
                net.exec(sw, "tc", "qdisc", "add", "dev", outside, "root", "tbf", "rate", RATE, "burst", "64kb",
                        "latency", "50ms");
            }
        }
        List<Process> agents = new ArrayList<>();
        for (int i = 1; i <= SENDERS + 1; i++) {
            agents.add(net.start(ns.get(i - 1), Netns.wirespeed("agent", "--bind", address(i), "--token-file",
                    dir.resolve("token").toString()), log(i)));
        }
        for (int i = 1; i <= SENDERS + 1; i++) {
            assertThat(Netns.awaitText(log(i), "agent listening on", agents.get(i - 1), 60_000))
                    .as("agent %d: %s", i, read(log(i))).isTrue();
        }
    }

    @AfterAll
    static void cleanup() throws IOException {
        if (net != null) {
            net.close();
        }
        Netns.deleteTree(dir);
    }

    static String address(int host) {
        return MeshNetnsIT.address(host);
    }

    static Path log(int host) {
        return dir.resolve("agent" + host + ".log");
    }

    static String read(Path f) throws IOException {
        return MeshNetnsIT.read(f);
    }

    /** A statistics counter of the receiver's interface, as the kernel keeps it (sysfs in its namespace). */
    static long receiverCounter(String name) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("ip", "netns", "exec", receiverNs, "cat",
                "/sys/class/net/" + receiverIf + "/statistics/" + name).redirectErrorStream(true).start();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return Long.parseLong(new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim());
    }

    @Test
    void theIncastTotalMatchesWhatTheReceiversInterfaceCounted() throws Exception {
        Path out = dir.resolve("incast.json");
        Path err = dir.resolve("incast.progress");
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ctl));
        cmd.addAll(Netns.wirespeed("mesh", "--hosts", "198.18.0.[1-" + (SENDERS + 1) + "]", "--token-file",
                dir.resolve("token").toString(), "--pattern", "incast", "--to", address(1), "-t", "3", "-O", "0",
                "-P", "1", "--json", "--no-save"));
        long bytesBefore = receiverCounter("rx_bytes");
        long packetsBefore = receiverCounter("rx_packets");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("mesh finishes: %s", read(err)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        long rxBytes = receiverCounter("rx_bytes") - bytesBefore;
        long rxPackets = receiverCounter("rx_packets") - packetsBefore;
        String json = read(out);
        System.out.println(read(err));
        assertThat(json).as(read(err)).isNotBlank();
        assertThat(JsonSchemas.errors("mesh.schema.json", json)).isEmpty();
        MeshResult r = Json.MAPPER.readValue(json, MeshResult.class);
        r.verdict().forEach(System.out::println);

        assertThat(r.params().pattern()).isEqualTo("incast:" + address(1));
        assertThat(r.params().rounds()).as("all senders in one round").isEqualTo(1);
        assertThat(r.pairs()).hasSize(SENDERS).allSatisfy(pair -> {
            assertThat(pair.status()).as(pair.toString()).isEqualTo(PairStatus.OK);
            assertThat(pair.server()).isEqualTo(address(1));
        });
        Incast in = r.incast();
        assertThat(in).isNotNull();
        assertThat(in.receiver()).isEqualTo(address(1));
        assertThat(in.senders()).isEqualTo(SENDERS);
        assertThat(in.measured()).isEqualTo(SENDERS);
        assertThat(in.shares()).hasSize(SENDERS).allSatisfy(s -> assertThat(s.bitsPerSecond()).isPositive());
        assertThat(in.jainIndex()).isBetween(1.0 / SENDERS, 1.0);
        assertThat(r.analysis().outliers()).isEmpty();

        // The kernel's count: every byte into the receiver's interface, less each packet's headers
        // (the agents' own sessions add a few kB). The senders ran at once: together they are
        // bounded by the shaped port, which one alone would nearly fill.
        long payload = rxBytes - HEADER_BYTES * rxPackets;
        System.out.printf("incast total %d bytes, receiver rx_bytes %d in %d packets → payload %d; %s%n",
                in.totalBytes(), rxBytes, rxPackets, payload, in);
        assertThat(in.totalBytes()).isNotNull();
        assertThat((double) in.totalBytes()).as("incast total vs the receiver's rx_bytes %d, %d packets", rxBytes, rxPackets)
                .isBetween(0.95 * payload, 1.02 * payload);
        assertThat(in.totalBitsPerSecond()).isLessThan(1.05 * RATE_BITS_PER_SECOND);
    }
}
