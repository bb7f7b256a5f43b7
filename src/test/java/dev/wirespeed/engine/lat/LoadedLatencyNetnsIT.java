package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.NetnsPair;
import java.io.IOException;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 29 point 1 on a real queue: a client and a server, each a JVM in its own namespace, joined
 * by a veth pair whose client end is a 20 Mbit/s token bucket (tbf). With a queue of 1 MB (400 ms at
 * that rate) the upload's window sits in it and the pings, which leave through the same queue, wait
 * behind it: measured here, one cubic stream kept about 55 ms queued (its window, 166 KB), against an
 * idle median of 0.3 ms. With a queue of 16 KB (6.5 ms at most) TCP backs off at the drops and the
 * pings wait little. The rate keeps the test CPU-light on a shared machine.
 */
class LoadedLatencyNetnsIT {
    static final String SERVER_ADDRESS = "198.18.9.1"; // RFC 2544 benchmarking range, inside our namespaces only
    static final String CLIENT_ADDRESS = "198.18.9.2";

    @AutoClose
    static NetnsPair pair;

    @BeforeAll
    static void topology() throws Exception {
        pair = NetnsPair.open("loaded-netns", CLIENT_ADDRESS + "/24", SERVER_ADDRESS + "/24");
        pair.startServer(SERVER_ADDRESS);
    }

    @Test
    void aLongQueueAddsLatencyUnderLoadAndAShortOneLittle() throws Exception {
        tbf("1mb");
        JsonNode bloated = run("tcp");
        tbf("16kb");
        JsonNode tight = run("tcp");

        double bloatedAdded = bloated.get("addedMicros").get("p50").asDouble();
        double tightAdded = tight.get("addedMicros").get("p50").asDouble();
        // idle: a veth hop, well under a few ms even on a busy machine
        assertThat(bloated.get("idle").get("p50Micros").asDouble()).isLessThan(20_000);
        // the window queued at 20 Mbit/s: tens of ms (55 measured), the pings' median behind it
        assertThat(bloatedAdded).as(summary(bloated)).isGreaterThan(20_000);
        // 16 KB at 20 Mbit/s is 6.5 ms of queue
        assertThat(tightAdded).as(summary(tight)).isLessThan(15_000);
        assertThat(bloatedAdded).as(summary(bloated) + " / " + summary(tight))
                .isGreaterThan(3 * Math.max(tightAdded, 1000));
        // the timeline: idle rows carry no rate, load rows do, on one axis
        JsonNode rows = bloated.get("timeline").get("intervals");
        assertThat(rows.get(0).has("bitsPerSecond")).isFalse();
        assertThat(rows.get(rows.size() - 1).get("bitsPerSecond").asDouble()).isGreaterThan(5e6).isLessThan(25e6);
        assertThat(bloated.get("loaded").get("roundTrips").asLong()).isPositive();
    }

    @Test
    void udpPingsSeeTheSameQueue() throws Exception {
        tbf("1mb");
        JsonNode bloated = run("udp");
        assertThat(bloated.get("params").get("protocol").asString()).isEqualTo("udp");
        assertThat(bloated.get("addedMicros").get("p50").asDouble()).as(summary(bloated)).isGreaterThan(20_000);
    }

    private static void tbf(String limit) throws IOException {
        pair.clientTbf("20mbit", "16kb", limit);
    }

    private static JsonNode run(String protocol) throws IOException, InterruptedException {
        // the load is CUBIC's, a loss-based sender that fills the queue: a host whose default is BBR (this CI's
        // kernel 6.18 VM's is) keeps the queue near one BDP, and the bloat this test measures would not form
        return pair.clientJson("loaded-latency.schema.json", "bw", SERVER_ADDRESS, "--latency", protocol, "--idle", "1",
                "-t", "3", "-P", "1", "-C", "cubic", "--json", "--no-save");
    }

    private static String summary(JsonNode r) {
        return "idle " + r.get("idle").toString().replaceAll(",\"rttHistogram\":\"[^\"]*\"", "") + ", loaded "
                + r.get("loaded").toString().replaceAll(",\"rttHistogram\":\"[^\"]*\"", "") + ", timeline "
                + r.get("timeline");
    }
}
