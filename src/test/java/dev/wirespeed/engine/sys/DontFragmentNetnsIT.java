package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.testing.Netns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
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

    static Netns net;
    static Path dir;
    static String clientNs;
    static String serverNs;

    @BeforeAll
    static void topology() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        net = new Netns();
        dir = Files.createTempDirectory("wirespeed-dont-fragment");
        clientNs = net.add("c");
        serverNs = net.add("s");
        net.veth(clientNs, net.name("c1"), "198.18.29.1/24", serverNs, net.name("s1"), SERVER + "/24");
        net.ip("-n", clientNs, "link", "set", net.name("c1"), "mtu", "1500");
        net.ip("-n", serverNs, "link", "set", net.name("s1"), "mtu", "1500");
        net.startServer(serverNs, SERVER, dir);
    }

    @AfterAll
    static void cleanup() throws IOException {
        Netns.cleanUp(net, dir);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withoutTheFlagTheKernelFragmentsALongDatagram() throws Exception {
        long before = fragCreates(clientNs);
        Result r = bw("fragmented", "-l", "2000");
        assertThat(r.exit()).as(r.out()).isZero();
        assertThat(fragCreates(clientNs) - before).as("fragments the client's kernel made").isPositive();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withTheFlagALongDatagramFailsWithOneClearLine() throws Exception {
        long before = fragCreates(clientNs);
        Result r = bw("refused", "-l", "2000", "--dont-fragment");
        assertThat(r.exit()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains("datagrams of 2000 bytes do not fit the path MTU unfragmented")
                .contains("Message too long").doesNotContain("Exception").doesNotContain("server went away");
        assertThat(fragCreates(clientNs)).as("fragments the client's kernel made").isEqualTo(before);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withTheFlagTheServersSendingSocketsRefuseToo() throws Exception {
        long before = fragCreates(serverNs);
        Result r = bw("reverse", "-l", "2000", "--dont-fragment", "-R");
        assertThat(r.exit()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains("datagrams of 2000 bytes do not fit the path MTU unfragmented");
        assertThat(fragCreates(serverNs)).as("fragments the server's kernel made").isEqualTo(before);
        Result without = bw("reverse-fragmented", "-l", "2000", "-R");
        assertThat(without.exit()).as(without.out()).isZero();
        assertThat(fragCreates(serverNs)).as("fragments the server's kernel made without the flag").isGreaterThan(before);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withTheFlagADatagramThatFitsPassesUnfragmented() throws Exception {
        long before = fragCreates(clientNs);
        Result r = bw("fits", "-l", "1400", "--dont-fragment");
        assertThat(r.exit()).as(r.out()).isZero();
        assertThat(r.out()).contains("\"packets\"");
        assertThat(fragCreates(clientNs)).as("fragments the client's kernel made").isEqualTo(before);
    }

    private record Result(int exit, String out) {}

    private static Result bw(String name, String... args) throws Exception {
        List<String> line = new ArrayList<>(List.of("bw", SERVER, "--udp", "-b", "20M", "-t", "1", "-i", "0",
                "--json", "--no-save"));
        line.addAll(List.of(args));
        Path out = dir.resolve(name + ".out");
        Process p = net.start(clientNs, Netns.wirespeed(line.toArray(new String[0])), out);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("bw ends").isTrue();
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    }

    /** Ip FragCreates of a namespace's /proc/net/snmp (its second "Ip:" line holds the values). */
    static long fragCreates(String ns) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "exec", ns, "cat", "/proc/net/snmp").redirectErrorStream(true)
                .start();
        String snmp = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
        List<String> ip = snmp.lines().filter(l -> l.startsWith("Ip:")).toList();
        List<String> names = List.of(ip.get(0).split("\\s+"));
        return Long.parseLong(ip.get(1).split("\\s+")[names.indexOf("FragCreates")]);
    }
}
