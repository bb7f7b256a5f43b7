package dev.wirespeed.engine.session;

import static org.assertj.core.api.Assertions.assertThat;

import tools.jackson.databind.JsonNode;
import dev.wirespeed.testing.Netns;
import dev.wirespeed.testing.NetnsPair;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Issue 18 on real counters: a client and a server, each a JVM in its own network namespace, joined
 * by a veth pair whose client end shapes to 100 Mbit/s with a token bucket (tbf) too short for four
 * streams, so it drops. `bw` must show what
 * moved during the test — the qdisc's drops on the client's interface and the TCP retransmits they
 * caused — on both sides, and its verdict must name the drops with their fix.
 */
// Mostly waits: the client's link is shaped to 100 Mbit/s (little CPU), the namespaces and their
// counters are its own. Runs in the second lane, beside the serial ITs (pom.xml); its tests one at a time.
@Execution(ExecutionMode.CONCURRENT)
class CounterDeltasNetnsIT {
    static final String SERVER_ADDRESS = "198.18.1.1"; // RFC 2544 benchmarking range, inside our namespaces only
    static final String CLIENT_ADDRESS = "198.18.1.2";

    @AutoClose
    static NetnsPair pair;
    static String clientIf;
    static String serverIf;

    @BeforeAll
    static void topology() throws Exception {
        pair = NetnsPair.open("counters-netns", CLIENT_ADDRESS + "/24", SERVER_ADDRESS + "/24");
        clientIf = pair.clientIf;
        serverIf = pair.serverIf;
        // the drop: a token bucket whose queue holds less than the streams push at it; each packet it
        // cannot queue counts in the root qdisc's "dropped" (and TCP retransmits it). The rate keeps the test CPU-light.
        pair.clientTbf("100mbit", "16kb", "16kb");
        Netns.lossyCongestionControl(pair.net, pair.clientNs);
        pair.startServer(SERVER_ADDRESS);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void dropsOnTheClientInterfaceAreShownAndNamedByTheVerdict() throws Exception {
        JsonNode c = pair.clientJson("bw.schema.json", "bw", SERVER_ADDRESS, "-t", "2", "-P", "4", "--json", "--no-save")
                .get("counters");
        assertThat(c.get("clientInterface").asString()).isEqualTo(clientIf);
        assertThat(c.get("serverInterface").asString()).isEqualTo(serverIf);
        assertThat(value(c.get("client"), "netdev", clientIf, "qdisc_dropped")).isPositive();
        assertThat(value(c.get("client"), "host", "host", "TcpRetransSegs")).isPositive();
        // the test's own sending sockets retransmitted: TCP_INFO, not the host's count (issue 26)
        assertThat(c.get("clientSockets").get("retransmits").asLong()).isPositive();
        assertThat(c.get("protocol").asString()).isEqualTo("tcp");
        assertThat(value(c.get("client"), "netdev", clientIf, "tx_packets")).isPositive();
        // the server's side came over the wire: what its interface received
        assertThat(value(c.get("server"), "netdev", serverIf, "rx_packets")).isPositive();
        JsonNode first = c.get("notes").get(0);
        assertThat(first.get("rule").asString()).isEqualTo("counter-qdisc-drops");
        assertThat(first.get("side").asString()).isEqualTo("client");
        assertThat(first.get("fix").asString()).contains("tc -s qdisc show dev " + clientIf);

        String text = pair.client("bw", SERVER_ADDRESS, "-t", "2", "-P", "4", "--no-save");
        assertThat(text).contains("Counters during the test (client " + clientIf + ", server " + serverIf + "):")
                .containsPattern("client " + clientIf + ": qdisc_dropped \\+\\d")
                .containsPattern("client sockets \\(the test's 4 TCP\\): retransmits \\+\\d")
                .containsPattern("host-wide: other processes count here too: client TcpRetransSegs \\+\\d")
                .containsPattern("Verdict: client " + clientIf + ": qdisc_dropped \\+[0-9.]+( k)? during the test: the interface's"
                        + " queueing discipline dropped packets");
    }

    private static long value(JsonNode side, String scope, String subject, String name) {
        for (JsonNode n : side) {
            if (n.get("scope").asString().equals(scope) && n.get("subject").asString().equals(subject)
                    && n.get("values").has(name)) {
                return n.get("values").get(name).get("value").asLong();
            }
        }
        return 0;
    }
}
