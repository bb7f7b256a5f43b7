package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.results.Json;
import dev.wirespeed.wire.TestSpec;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, case 7, in a mesh: three agents in this JVM on 127.0.0.1 while a thread of this JVM
 * floods a UDP socket it never reads, so the host's UdpRcvbufErrors climb all through the mesh.
 * Those are no TCP pair's counters: no pair may carry or name them.
 */
class MeshCountersLoopbackIT {
    final List<Agent> agents = new ArrayList<>();
    final List<String> log = Collections.synchronizedList(new ArrayList<>());

    @AfterEach
    void stop() {
        agents.forEach(Agent::close);
    }

    @Test
    void noPairCarriesTheHostsUdpDrops() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/net/snmp")), "SKIPPED: no /proc/net/snmp (not Linux)");
        List<Endpoint> hosts = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Agent a = new Agent(new AgentConfig("127.0.0.1", 0, null, new TestSpec.Limits(8, 60_000), 5_000, null,
                    FactsSource.sysfs(Path.of("/")), log::add));
            a.serveInBackground();
            agents.add(a);
            hosts.add(AgentIT.at(a));
        }
        AtomicBoolean flooding = new AtomicBoolean(true);
        long dropsBefore = udpRcvbufErrors();
        Thread flood = Thread.ofPlatform().name("udp-flood").start(() -> flood(flooding));
        MeshResult m;
        try {
            m = new Mesh(MeshLoopbackIT.config(hosts, 1, null, () -> false)).run(new MeshListener() {});
        } finally {
            flooding.set(false);
            flood.join(10_000);
        }
        assertThat(udpRcvbufErrors()).as("the flood overflowed its socket during the mesh").isGreaterThan(dropsBefore);
        assertThat(m.pairs()).hasSize(3).allSatisfy(p -> assertThat(p.status().label()).as(p.toString()).isEqualTo("ok"));
        for (PairResult p : m.pairs()) {
            assertThat(p.counters()).as("counters of " + p).isNotNull();
            assertThat(Json.MAPPER.writeValueAsString(p.counters())).as(p.toString()).doesNotContain("Udp")
                    .doesNotContain("tcp_rmem");
        }
        assertThat(m.verdict()).noneMatch(l -> l.contains("Udp"));
    }

    /** Another socket of this host, never read, flooded until told to stop (a few thousand datagrams a second). */
    private static void flood(AtomicBoolean on) {
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (DatagramChannel rx = DatagramChannel.open(); DatagramChannel tx = DatagramChannel.open()) {
            rx.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
            rx.bind(new InetSocketAddress(lo, 0));
            tx.connect(rx.getLocalAddress());
            ByteBuffer datagram = ByteBuffer.allocate(512);
            while (on.get()) {
                for (int i = 0; i < 5; i++) {
                    tx.write(datagram.clear());
                }
                Thread.sleep(1);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static long udpRcvbufErrors() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("/proc/net/snmp"));
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).startsWith("Udp: ") && lines.get(i + 1).startsWith("Udp: ")) {
                List<String> names = List.of(lines.get(i).split("\\s+"));
                return Long.parseLong(lines.get(i + 1).split("\\s+")[names.indexOf("RcvbufErrors")]);
            }
        }
        throw new AssertionError("no Udp line in /proc/net/snmp");
    }
}
