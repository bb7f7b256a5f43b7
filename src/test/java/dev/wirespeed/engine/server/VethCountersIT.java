package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Netns;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * The kernel's own count agrees: over a veth pair between two namespaces, the receiving end's
 * rx_bytes, less one Ethernet + IPv4 + TCP-with-timestamps header (66 B) per rx packet (a GSO
 * packet carries one), grow by what wirespeed says it received — within 0.5 % (the control
 * connection's bytes are the rest) — on every data path and both directions.
 */
// Moves a fixed byte count (-n), not a time: what it compares are counts, in namespaces of its own.
// Runs in the second lane, beside the serial ITs (pom.xml).
@Execution(ExecutionMode.CONCURRENT)
class VethCountersIT {
    private static final String SERVER_ADDRESS = "198.18.7.2"; // RFC 2544 benchmarking range, inside our namespaces only
    private static final String CLIENT_ADDRESS = "198.18.7.1";
    private static final long BYTES = 64L << 20;

    private static List<String> java(String... args) {
        return Netns.wirespeed(args);
    }

    /** Ethernet (14) + IPv4 (20) + TCP with the timestamp option (32). */
    private static final int HEADER_BYTES = 66;

    /** rx_bytes less the headers of rx_packets: the TCP payload that arrived. */
    private static long rxPayload(String ns, String iface) throws Exception {
        return counter(ns, iface, "rx_bytes") - HEADER_BYTES * counter(ns, iface, "rx_packets");
    }

    private static long counter(String ns, String iface, String name) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "exec", ns, "cat", "/sys/class/net/" + iface + "/statistics/" + name)
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        return Long.parseLong(out);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void receivedBytesMatchTheVethCounters() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        Path dir = Files.createTempDirectory("veth-counters");
        try (Netns net = new Netns()) {
            String client = net.add("c");
            String server = net.add("s");
            String clientEnd = net.name("c0");
            String serverEnd = net.name("s0");
            net.ip("link", "add", clientEnd, "netns", client, "type", "veth", "peer", "name", serverEnd, "netns", server);
            net.ip("-n", client, "addr", "add", CLIENT_ADDRESS + "/30", "dev", clientEnd);
            net.ip("-n", server, "addr", "add", SERVER_ADDRESS + "/30", "dev", serverEnd);
            net.ip("-n", client, "link", "set", clientEnd, "up");
            net.ip("-n", server, "link", "set", serverEnd, "up");
            Path serverLog = dir.resolve("server.log");
            Process srv = net.start(server, java("server", "--bind", SERVER_ADDRESS), serverLog);
            assertThat(Netns.awaitText(serverLog, "listening on", srv, 60_000)).as("server starts").isTrue();

            for (List<String> options : List.of(List.<String>of(), List.of("-Z", "--skip-rx-copy"), List.of("-R"),
                    List.of("-R", "-Z", "--skip-rx-copy"))) {
                boolean reverse = options.contains("-R");
                String ns = reverse ? client : server;
                String iface = reverse ? clientEnd : serverEnd;
                long before = rxPayload(ns, iface);
                List<String> args = new ArrayList<>(List.of("bw", SERVER_ADDRESS, "-n", Long.toString(BYTES), "-P", "2",
                        "-i", "0", "--json", "--no-save"));
                args.addAll(options);
                List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", client));
                cmd.addAll(java(args.toArray(String[]::new)));
                Path out = dir.resolve("client.json");
                Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile())
                        .redirectError(dir.resolve("client.err").toFile()).start();
                assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("bw %s ends", options).isTrue();
                long delta = rxPayload(ns, iface) - before;
                BwResult r = Json.MAPPER.readValue(Files.readString(out), BwResult.class);
                assertThat(r.outcome().ok()).as("%s: %s", options, r.outcome().message()).isTrue();
                BwResult.DirectionResult d = r.directions().getFirst();
                long received = d.receiverSummary().bytes();
                assertThat(received).as("%s received", options).isEqualTo(BYTES);
                assertThat(d.senderSummary().bytes()).as("%s sent", options).isEqualTo(BYTES);
                // A retransmitted segment crosses the veth twice but is received once: on a loaded machine
                // (CI) spurious retransmits put up to one MSS (1448 B with timestamps at MTU 1500) each on
                // the wire beyond the bytes the application got; the sender's TCP_INFO counts them.
                BwResult.Retransmits retrans = d.senderSummary().retransmits();
                long resent = retrans == null || retrans.sockets() == null ? 0 : retrans.sockets() * 1448L;
                assertThat(delta).as("%s: veth payload %d B vs received %d B (%d B retransmitted at most)", options,
                        delta, received, resent)
                        .isBetween(Math.round(received * 0.995), Math.round(received * 1.005) + resent);
            }
        } finally {
            try (var files = Files.list(dir)) {
                files.forEach(f -> f.toFile().delete());
            }
            Files.deleteIfExists(dir);
        }
    }
}
