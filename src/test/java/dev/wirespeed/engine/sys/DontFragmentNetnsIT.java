package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Netns;
import dev.wirespeed.testing.NetnsPair;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Issue 29 point 5, --dont-fragment (UDP, as iperf3's IP_MTU_DISCOVER = IP_PMTUDISC_DO): two
 * namespaces joined by a veth pair of MTU 1500. The sending namespace's own Ip FragCreates
 * (/proc/net/snmp, per network namespace) counts the fragments its kernel made: a 2000-byte
 * datagram is fragmented without the flag and refused with it (EMSGSIZE, exit 1 with one line),
 * on the client's sockets and, with -R, on the server's.
 */
// Mostly waits on its JVMs: 20 Mbit/s of UDP for 1 s a test, in namespaces of its own whose counters
// only it moves. Runs in the second lane, beside the serial ITs (pom.xml); its tests one at a time
// (they share the server and read the namespaces' counters before and after).
@Execution(ExecutionMode.CONCURRENT)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class DontFragmentNetnsIT {
    static final String SERVER = "198.18.29.2"; // RFC 2544 benchmarking range, inside our namespaces only

    @AutoClose
    static NetnsPair pair;
    static String clientNs;
    static String serverNs;

    @BeforeAll
    static void topology() throws Exception {
        pair = NetnsPair.open("dont-fragment", "198.18.29.1/24", SERVER + "/24");
        clientNs = pair.clientNs;
        serverNs = pair.serverNs;
        pair.net.ip("-n", clientNs, "link", "set", pair.clientIf, "mtu", "1500");
        pair.net.ip("-n", serverNs, "link", "set", pair.serverIf, "mtu", "1500");
        pair.startServer(SERVER);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withoutTheFlagTheKernelFragmentsALongDatagram() throws Exception {
        long before = fragCreates(clientNs);
        Netns.Run r = bw("-l", "2000");
        assertThat(r.exitCode()).as(r.out()).isZero();
        assertThat(fragCreates(clientNs) - before).as("fragments the client's kernel made").isPositive();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withTheFlagALongDatagramFailsWithOneClearLine() throws Exception {
        long before = fragCreates(clientNs);
        Netns.Run r = bw("-l", "2000", "--dont-fragment");
        assertThat(r.exitCode()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains("datagrams of 2000 bytes do not fit the path MTU unfragmented")
                .contains("Message too long").doesNotContain("Exception").doesNotContain("server went away");
        assertThat(fragCreates(clientNs)).as("fragments the client's kernel made").isEqualTo(before);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withTheFlagTheServersSendingSocketsRefuseToo() throws Exception {
        long before = fragCreates(serverNs);
        Netns.Run r = bw("-l", "2000", "--dont-fragment", "-R");
        assertThat(r.exitCode()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains("datagrams of 2000 bytes do not fit the path MTU unfragmented");
        assertThat(fragCreates(serverNs)).as("fragments the server's kernel made").isEqualTo(before);
        Netns.Run without = bw("-l", "2000", "-R");
        assertThat(without.exitCode()).as(without.out()).isZero();
        assertThat(fragCreates(serverNs)).as("fragments the server's kernel made without the flag").isGreaterThan(before);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withTheFlagADatagramThatFitsPassesUnfragmented() throws Exception {
        long before = fragCreates(clientNs);
        Netns.Run r = bw("-l", "1400", "--dont-fragment");
        assertThat(r.exitCode()).as(r.out()).isZero();
        assertThat(r.out()).contains("\"packets\"");
        assertThat(fragCreates(clientNs)).as("fragments the client's kernel made").isEqualTo(before);
    }

    private static Netns.Run bw(String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of("bw", SERVER, "--udp", "-b", "20M", "-t", "1", "-i", "0",
                "--json", "--no-save"));
        line.addAll(List.of(args));
        return pair.wirespeed(line.toArray(new String[0]));
    }

    /** Ip FragCreates of a namespace's /proc/net/snmp. */
    static long fragCreates(String ns) throws Exception {
        return pair.net.snmp(ns, "Ip", "FragCreates");
    }
}
