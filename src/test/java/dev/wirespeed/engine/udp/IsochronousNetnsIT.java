package dev.wirespeed.engine.udp;

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
 * Frames through a real bottleneck: a client and a server, each a JVM in its own namespace, joined
 * by a veth pair whose client end is a 10 Mbit/s token bucket (tbf) with a 200 KB queue (160 ms at
 * that rate). Frames at 4 Mbit/s pass whole and on time. Frames at 12 Mbit/s fill the queue at
 * 2 Mbit/s: after about 0.2 s a frame waits longer than its 33 ms period (late), after about 0.8 s
 * the full queue drops datagrams (incomplete frames), and the result says both. Both namespaces run
 * on one kernel, so --trip-times gives the frames' latency on one clock.
 */
class IsochronousNetnsIT {
    static final String SERVER_ADDRESS = "198.18.11.1"; // RFC 2544 benchmarking range, inside our namespaces only
    static final String CLIENT_ADDRESS = "198.18.11.2";

    @AutoClose
    static NetnsPair pair;

    @BeforeAll
    static void topology() throws Exception {
        pair = NetnsPair.open("isoch-netns", CLIENT_ADDRESS + "/24", SERVER_ADDRESS + "/24");
        pair.startServer(SERVER_ADDRESS);
        pair.clientTbf("10mbit", "16kb", "200kb");
    }

    @Test
    void framesAboveTheBucketsRateArriveLateThenDamagedAndBelowItWholeAndOnTime() throws Exception {
        JsonNode below = run("30:4m,1m");
        JsonNode above = run("30:12m,0", "--trip-times");
        JsonNode b = below.get("frames");
        JsonNode a = above.get("frames");
        String seen = "below " + b + " / above " + a;
        System.out.println("isochronous frames through a 10 Mbit/s tbf, 200 KB queue: " + seen);
        // 2 s at 30 frames/s: about 60 ticks either way, each a frame sent or a slip
        assertThat(b.get("sent").asLong() + b.get("slips").asLong()).as(seen).isBetween(50L, 62L);
        assertThat(a.get("sent").asLong() + a.get("slips").asLong()).as(seen).isBetween(50L, 62L);
        // below the rate: whole and on time
        assertThat(b.get("incomplete").asLong() + b.get("lost").asLong()).as(seen).isZero();
        assertThat(b.get("late").asLong()).as(seen).isZero();
        assertThat(b.get("complete").asLong()).as(seen).isGreaterThan(45);
        assertThat(below.get("latencyNote").asString()).contains("--trip-times");
        // above it: the queue makes frames late, then drops their datagrams
        assertThat(a.get("late").asLong()).as(seen).isGreaterThanOrEqualTo(5);
        assertThat(a.get("incomplete").asLong()).as(seen).isGreaterThanOrEqualTo(5);
        assertThat(a.get("lossPercent").asDouble()).as(seen).isGreaterThan(5);
        assertThat(above.get("udpBandwidth").get("directions").get(0).get("receiverSummary").get("bitsPerSecond")
                .asDouble()).as(seen).isBetween(7e6, 11e6);
        // the latency of the late frames is the queue's: p99 beyond a frame period, max near the full 160 ms
        assertThat(a.get("latency").get("p99Micros").asDouble()).as(seen).isGreaterThan(33_333);
        assertThat(a.get("latency").get("maxMicros").asDouble()).as(seen).isGreaterThan(100_000);
        assertThat(above.get("clocks").get("agreement").asString()).isEqualTo("one-kernel");
    }

    private static JsonNode run(String frames, String... more) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bw", SERVER_ADDRESS, "--isochronous", frames, "-l", "1200",
                "-t", "2", "--json", "--no-save"));
        command.addAll(List.of(more));
        return pair.clientJson("isochronous.schema.json", command.toArray(String[]::new));
    }
}
