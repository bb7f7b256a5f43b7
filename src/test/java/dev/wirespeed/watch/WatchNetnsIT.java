package dev.wirespeed.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Netns;
import dev.wirespeed.testing.NetnsPair;
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
 * the machine), and the bytes watch saw pass lo agree with what bw moved; then the same on a veth.
 */
class WatchNetnsIT {
    @Test
    void watchOfLoopbackSeesTheBytesOfAConcurrentBw(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Netns.available(), Netns.SKIP);
        try (Netns net = new Netns()) {
            String ns = net.add("w");
            Process watch = startWatch(net, ns, "lo", dir);
            Path bwLog = dir.resolve("bw.json");
            Process bw = net.start(ns, Netns.wirespeed("bw", "--loopback", "-t", "2", "-P", "1", "-J", "--no-save"),
                    bwLog);
            long bwBytes = bytesMoved(bw, bwLog);
            // lo counts each skb with its headers (one per up to 64 KiB with GSO) and the control
            // connection: a little above the payload, never below it
            assertThat(bytesSeen(watch, dir, "lo", "rxBitsPerSecond")).as("lo rx bytes seen by watch vs bw's %d bytes",
                    bwBytes).isBetween((double) bwBytes, bwBytes * 1.05);
        }
    }

    /**
     * The same on a veth (issue 29 point 4: "tested on lo and veth"): watch runs in the sender's
     * namespace on its end of a veth pair, bw sends to a server at the other end; the bytes watch saw
     * leave that interface agree with what bw's receiver counted.
     */
    @Test
    void watchOfAVethSeesTheBytesABwSendsThroughIt(@TempDir Path dir) throws Exception {
        try (NetnsPair pair = NetnsPair.open("watch-netns", "198.18.9.1/24", "198.18.9.2/24")) {
            pair.startServer("198.18.9.2");
            String ifA = pair.clientIf;
            Process watch = startWatch(pair.net, pair.clientNs, ifA, dir);
            Path bwLog = dir.resolve("bw.json");
            Process bw = pair.net.start(pair.clientNs, Netns.wirespeed("bw", "198.18.9.2", "-t", "2", "-P", "1", "-J", "--no-save"),
                    bwLog);
            long bwBytes = bytesMoved(bw, bwLog);
            // the veth counts each frame with its Ethernet/IP/TCP headers (a GSO skb of up to 64 KiB
            // is one count), plus the control connection and ARP: above the payload by a few per cent
            assertThat(bytesSeen(watch, dir, ifA, "txBitsPerSecond")).as("%s tx bytes seen by watch vs bw's %d bytes",
                    ifA, bwBytes).isBetween((double) bwBytes, bwBytes * 1.06);
        }
    }

    private static Process startWatch(Netns net, String ns, String subject, Path dir) throws Exception {
        Path watchLog = dir.resolve("watch.jsonl");
        Process watch = net.start(ns, Netns.wirespeed("watch", subject, "-i", "0.5", "-t", "9", "--json-stream"),
                watchLog);
        assertThat(Netns.awaitText(watchLog, "\"event\":\"start\"", watch, 30_000))
                .as(Files.readString(watchLog)).isTrue();
        return watch;
    }

    /** The bytes bw's receiver counted, once bw ended well. */
    private static long bytesMoved(Process bw, Path bwLog) throws Exception {
        assertThat(bw.waitFor(40, TimeUnit.SECONDS)).isTrue();
        assertThat(bw.exitValue()).as(Files.readString(bwLog)).isZero();
        JsonNode result = Json.MAPPER.readTree(Files.readString(bwLog));
        long bwBytes = result.get("directions").get(0).get("receiverSummary").get("bytes").asLong();
        assertThat(bwBytes).isPositive();
        return bwBytes;
    }

    /** The bytes watch saw on {@code subject} over its run: a rate field times each interval's span. */
    private static double bytesSeen(Process watch, Path dir, String subject, String rateField) throws Exception {
        Path watchLog = dir.resolve("watch.jsonl");
        assertThat(watch.waitFor(40, TimeUnit.SECONDS)).as("watch ends after -t").isTrue();
        assertThat(watch.exitValue()).as(Files.readString(watchLog)).isZero();
        double bytes = 0;
        JsonNode end = null;
        for (String line : Files.readAllLines(watchLog)) {
            JsonNode event = Json.MAPPER.readTree(line);
            if (event.get("event").asString().equals("interval")) {
                JsonNode i = event.get("data");
                for (JsonNode s : i.get("subjects")) {
                    if (s.get("subject").asString().equals(subject) && s.has(rateField)) {
                        bytes += s.get(rateField).asDouble()
                                * (i.get("endSeconds").asDouble() - i.get("startSeconds").asDouble()) / 8;
                    }
                }
            } else if (event.get("event").asString().equals("end")) {
                end = event.get("data");
            }
        }
        assertThat(end).as("an end event").isNotNull();
        assertThat(end.get("intervals").size()).isEqualTo(18);
        assertThat(end.get("outcome").get("status").asString()).isEqualTo("ok");
        return bytes;
    }
}
