package dev.wirespeed.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Netns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * `watch lo` shows the bytes of a concurrent `bw` (issue 29 point 4): both run in a namespace the test
 * makes, so its loopback carries that test's traffic only (the host's lo carries every other test of
 * the machine), and the bytes watch saw pass lo agree with what bw moved.
 */
class WatchNetnsIT {
    @Test
    void watchOfLoopbackSeesTheBytesOfAConcurrentBw(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Netns.available(), Netns.SKIP);
        try (Netns net = new Netns()) {
            String ns = net.add("w");
            Path watchLog = dir.resolve("watch.jsonl");
            Process watch = net.start(ns, Netns.wirespeed("watch", "lo", "-i", "0.5", "-t", "9", "--json-stream"),
                    watchLog);
            assertThat(Netns.awaitText(watchLog, "\"event\":\"start\"", watch, 30_000))
                    .as(Files.readString(watchLog)).isTrue();
            Path bwLog = dir.resolve("bw.json");
            Process bw = net.start(ns, Netns.wirespeed("bw", "--loopback", "-t", "2", "-P", "1", "-J", "--no-save"),
                    bwLog);
            assertThat(bw.waitFor(40, TimeUnit.SECONDS)).isTrue();
            assertThat(bw.exitValue()).as(Files.readString(bwLog)).isZero();
            assertThat(watch.waitFor(40, TimeUnit.SECONDS)).as("watch ends after -t").isTrue();
            assertThat(watch.exitValue()).as(Files.readString(watchLog)).isZero();
            JsonNode result = Json.MAPPER.readTree(Files.readString(bwLog));
            long bwBytes = result.get("directions").get(0).get("receiverSummary").get("bytes").asLong();
            assertThat(bwBytes).isPositive();
            double loBytes = 0;
            JsonNode end = null;
            for (String line : Files.readAllLines(watchLog)) {
                JsonNode event = Json.MAPPER.readTree(line);
                if (event.get("event").asString().equals("interval")) {
                    JsonNode i = event.get("data");
                    for (JsonNode s : i.get("subjects")) {
                        if (s.get("subject").asString().equals("lo") && s.has("rxBitsPerSecond")) {
                            loBytes += s.get("rxBitsPerSecond").asDouble()
                                    * (i.get("endSeconds").asDouble() - i.get("startSeconds").asDouble()) / 8;
                        }
                    }
                } else if (event.get("event").asString().equals("end")) {
                    end = event.get("data");
                }
            }
            assertThat(end).as("an end event").isNotNull();
            assertThat(end.get("intervals").size()).isEqualTo(18);
            // lo counts each skb with its headers (one per up to 64 KiB with GSO) and the control
            // connection: a little above the payload, never below it
            assertThat(loBytes).as("lo rx bytes seen by watch vs bw's %d bytes", bwBytes)
                    .isBetween((double) bwBytes, bwBytes * 1.05);
            // the control connection's own few kB: the bw was inside the watched window
            assertThat(end.get("outcome").get("status").asString()).isEqualTo("ok");
        }
    }
}
