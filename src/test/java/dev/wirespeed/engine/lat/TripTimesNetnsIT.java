package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.NetnsPair;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * One-way latency on a real queue: a client and a server, each a JVM in its own namespace, joined
 * by a veth pair whose client end is a 20 Mbit/s token bucket (tbf) with a 1 MB queue (400 ms at
 * that rate). Below the rate the datagrams pass the bucket at once; above it the queue fills and
 * every datagram waits its length; a TCP upload keeps its window in the queue. The kernel here has
 * no sch_netem: the tbf's own queue is the delay. Both namespaces run on one kernel, so the clocks
 * are one clock (equal boot ids), which the result says.
 */
class TripTimesNetnsIT {
    static final String SERVER_ADDRESS = "198.18.10.1"; // RFC 2544 benchmarking range, inside our namespaces only
    static final String CLIENT_ADDRESS = "198.18.10.2";

    @AutoClose
    static NetnsPair pair;

    @BeforeAll
    static void topology() throws Exception {
        pair = NetnsPair.open("trip-netns", CLIENT_ADDRESS + "/24", SERVER_ADDRESS + "/24");
        pair.startServer(SERVER_ADDRESS);
        pair.clientTbf("20mbit", "16kb", "1mb");
    }

    @Test
    void aFullTbfQueueRaisesOneWayLatencyWellAboveIdle() throws Exception {
        JsonNode idle = run("--udp", "-b", "1M", "-l", "1200", "-t", "2");
        JsonNode full = run("--udp", "-b", "40M", "-l", "1200", "-t", "3");
        JsonNode tcp = run("-P", "1", "-l", "16K", "-t", "3");
        double idleP50 = idle.get("oneWay").get("p50Micros").asDouble();
        double fullP50 = full.get("oneWay").get("p50Micros").asDouble();
        double tcpP50 = tcp.get("oneWay").get("p50Micros").asDouble();
        String seen = "idle UDP " + idle.get("oneWay") + " / full UDP " + full.get("oneWay") + " / TCP "
                + tcp.get("oneWay") + " " + tcp.get("writeToRead");
        System.out.println("trip times through a 20 Mbit/s tbf, 1 MB queue: " + seen);
        // below the rate: a veth hop, well under a few ms even on a busy machine
        assertThat(idleP50).as(seen).isPositive().isLessThan(5_000);
        // twice the rate into a 1 MB queue: it fills in 0.4 s and holds 400 ms of datagrams
        assertThat(fullP50).as(seen).isGreaterThan(100_000).isLessThan(1_000_000);
        assertThat(fullP50).as(seen).isGreaterThan(20 * Math.max(idleP50, 500));
        // the received rate is the bucket's, and the interval rows show the queue growing
        assertThat(full.get("udpBandwidth").get("directions").get(0).get("receiverSummary").get("bitsPerSecond")
                .asDouble()).isBetween(15e6, 25e6);
        List<Double> p50s = new ArrayList<>();
        for (JsonNode i : full.get("timeline")) {
            p50s.add(i.get("oneWay").get("p50Micros").asDouble());
        }
        assertThat(p50s.getLast()).as(p50s.toString()).isGreaterThan(p50s.getFirst());
        // TCP keeps its window in the queue: tens of ms (as bw --latency's pings saw, LoadedLatencyNetnsIT)
        assertThat(tcpP50).as(seen).isGreaterThan(10_000).isGreaterThan(10 * Math.max(idleP50, 500));
        assertThat(tcp.get("writeToRead").get("p50Micros").asDouble()).isGreaterThanOrEqualTo(tcpP50);
        for (JsonNode r : List.of(idle, full, tcp)) {
            assertThat(r.get("clocks").get("agreement").asString()).isEqualTo("one-kernel");
            assertThat(r.get("clocks").get("text").asString()).contains("same boot_id");
        }
    }

    private static JsonNode run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bw", SERVER_ADDRESS, "--trip-times", "--json", "--no-save"));
        command.addAll(List.of(args));
        return pair.clientJson("trip-times.schema.json", command.toArray(String[]::new));
    }
}
