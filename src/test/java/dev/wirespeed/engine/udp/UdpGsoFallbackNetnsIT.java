package dev.wirespeed.engine.udp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import tools.jackson.databind.JsonNode;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Netns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A real kernel's refusal, not a test hook: on a loopback with a 1500-byte MTU, an 8972-byte
 * segment cannot be a GSO segment (udp_send_skb: EMSGSIZE when a segment exceeds the MTU), so the
 * sender falls back to sendmmsg, whose datagrams the kernel fragments and reassembles, and says so;
 * every datagram still arrives and is counted once.
 */
class UdpGsoFallbackNetnsIT {
    @Test
    void gsoRefusedForASegmentAboveTheMtuFallsBackToSendmmsg() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        Path dir = Files.createTempDirectory("udp-gso-mtu");
        try (Netns net = new Netns()) {
            String ns = net.add("u");
            net.ip("-n", ns, "link", "set", "lo", "mtu", "1500");
            List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", ns));
            cmd.addAll(Netns.wirespeed("bw", "--loopback", "--udp", "-l", "8972", "-b", "20M", "-t", "1", "-i", "0",
                    "--json", "--no-save"));
            Path out = dir.resolve("client.json");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile())
                    .redirectError(dir.resolve("client.err").toFile()).start();
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("bw ends").isTrue();
            assertThat(p.exitValue()).as(Files.readString(dir.resolve("client.err"))).isZero();
            JsonNode r = Json.MAPPER.readTree(Files.readString(out));
            JsonNode d = r.path("directions").get(0);
            long sent = d.path("senderSummary").path("packets").asLong();
            assertThat(sent).isPositive();
            assertThat(d.path("receiverSummary").path("packets").asLong()).isEqualTo(sent);
            assertThat(d.path("receiverSummary").path("lostPackets").asLong()).isZero();
            JsonNode client = r.path("dataPath").path("client");
            assertThat(client.path("send").asString()).isEqualTo("sendmmsg");
            assertThat(client.path("fallbacks").get(0).asString())
                    .isEqualTo("UDP GSO (sendmsg UDP_SEGMENT) refused (Message too long); sendmmsg instead");
            assertThat(r.path("dataPath").path("server").path("receive").asString()).isEqualTo("recvmmsg UDP_GRO");
        } finally {
            Netns.deleteTree(dir);
        }
    }
}
