package dev.wirespeed.engine.lat;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Netns;
import dev.wirespeed.testing.NetnsPair;
import java.io.IOException;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Issue 29 point 2 against the kernel's own count: a client and a server, each in a namespace made
 * for this test, so that nothing else opens TCP connections there. Every connect(2) the client
 * makes moves its namespace's {@code Tcp: ActiveOpens} (/proc/net/snmp; RFC 1213 tcpActiveOpens,
 * counted by the kernel when it sends the SYN), every connection the server's kernel completes moves
 * {@code PassiveOpens}. The test's control connection is the one more on each side.
 */
class ConnectRateNetnsIT {
    static final String SERVER_ADDRESS = "198.18.12.1"; // RFC 2544 benchmarking range, inside our namespaces only
    static final String CLIENT_ADDRESS = "198.18.12.2";

    @AutoClose
    static NetnsPair pair;

    @BeforeAll
    static void topology() throws Exception {
        pair = NetnsPair.open("crr-netns", CLIENT_ADDRESS + "/24", SERVER_ADDRESS + "/24");
        pair.startServer(SERVER_ADDRESS);
    }

    @Test
    void theTransactionsWeCountAreTheSynsTheKernelsCounted() throws Exception {
        long activeBefore = snmp(pair.clientNs, "ActiveOpens");
        long passiveBefore = snmp(pair.serverNs, "PassiveOpens");
        JsonNode r = pair.clientJson("crr.schema.json", "lat", SERVER_ADDRESS, "--connect", "-t", "2", "-P", "4",
                "--json", "--no-save");
        long active = snmp(pair.clientNs, "ActiveOpens") - activeBefore;
        long passive = snmp(pair.serverNs, "PassiveOpens") - passiveBefore;
        String json = r.toString();
        long transactions = r.get("transactions").asLong();
        assertThat(transactions).as(json).isGreaterThan(100);
        assertThat(r.get("failures").get("refused").asLong() + r.get("failures").get("timedOut").asLong()
                + r.get("failures").get("reset").asLong() + r.get("failures").get("closed").asLong()
                + r.get("failures").get("other").asLong()).as(json).isZero();
        assertThat(r.get("connectAttempts").asLong()).isEqualTo(transactions);
        // one SYN per transaction, and the control connection's
        assertThat(active).as("client ActiveOpens").isEqualTo(transactions + 1);
        assertThat(passive).as("server PassiveOpens").isEqualTo(transactions + 1);
        double rate = r.get("transactionsPerSecond").asDouble();
        assertThat(rate).isCloseTo(transactions / r.get("seconds").asDouble(), Percentage.withPercentage(1));
        assertThat(r.get("phases").get("connect").get("p50Micros").asDouble()).isPositive();
        assertThat(r.get("phases").get("close").get("p99Micros").asDouble()).isPositive();
    }

    @Test
    void refusedConnectsAreCountedAsRefusedAndAsSyns() throws Exception {
        // nothing listens on port 9 in the server's namespace: each SYN is answered by a RST. The
        // handshake itself fails, so lat says why on one line (exit 1) and the kernel counted one SYN.
        long before = snmp(pair.clientNs, "ActiveOpens");
        Netns.Run r = pair.wirespeed("lat", SERVER_ADDRESS, "-p", "9", "--connect", "-t", "1", "--no-save");
        assertThat(r.exitCode()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).containsIgnoringCase("refused");
        assertThat(snmp(pair.clientNs, "ActiveOpens") - before).isEqualTo(1);
    }

    /** A field of the "Tcp:" lines of the namespace's /proc/net/snmp. */
    static long snmp(String ns, String field) throws IOException, InterruptedException {
        return pair.net.snmp(ns, "Tcp", field);
    }
}
