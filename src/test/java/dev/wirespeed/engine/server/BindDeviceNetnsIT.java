package dev.wirespeed.engine.server;

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
 * Issue 29 point 5, --bind-dev: a client namespace with two veth links to the server's namespace
 * and two routes to the server's address, the first link preferred (metric 10 against 20). The
 * interfaces' own tx byte counters say which link carried the test: without --bind-dev the
 * preferred one, with --bind-dev the other.
 */
// Mostly waits on its JVMs (20 MiB a test); what it checks are the tx byte counters of links in
// namespaces of its own. Runs in the second lane, beside the serial ITs (pom.xml); its tests one at a time.
@Execution(ExecutionMode.CONCURRENT)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class BindDeviceNetnsIT {
    static final String SERVER = "198.18.9.9"; // RFC 2544 benchmarking range, inside our namespaces only
    static final long TEST_BYTES = 20L << 20;

    static Netns net;
    static Path dir;
    static String clientNs;
    static String preferred;
    static String other;

    @BeforeAll
    static void topology() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        net = new Netns();
        dir = Files.createTempDirectory("wirespeed-bind-dev");
        clientNs = net.add("c");
        String serverNs = net.add("s");
        preferred = net.name("c1");
        other = net.name("c2");
        net.veth(clientNs, preferred, "198.18.1.1/24", serverNs, net.name("s1"), "198.18.1.2/24");
        net.veth(clientNs, other, "198.18.2.1/24", serverNs, net.name("s2"), "198.18.2.2/24");
        net.ip("-n", serverNs, "addr", "add", SERVER + "/32", "dev", "lo");
        net.ip("-n", clientNs, "route", "add", SERVER + "/32", "via", "198.18.1.2", "dev", preferred, "metric", "10");
        net.ip("-n", clientNs, "route", "add", SERVER + "/32", "via", "198.18.2.2", "dev", other, "metric", "20");
        net.startServer(serverNs, SERVER, dir);
    }

    @AfterAll
    static void cleanup() throws IOException {
        Netns.cleanUp(net, dir);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void theRoutesPreferredLinkCarriesATestWithoutBindDev() throws Exception {
        long[] before = txBytes();
        bw();
        long[] after = txBytes();
        assertThat(after[0] - before[0]).as("bytes sent on the preferred link").isGreaterThan(TEST_BYTES);
        assertThat(after[1] - before[1]).as("bytes sent on the other link").isLessThan(TEST_BYTES / 10);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void bindDevSendsTheTestThroughTheOtherLink() throws Exception {
        long[] before = txBytes();
        bw("--bind-dev", other);
        long[] after = txBytes();
        assertThat(after[1] - before[1]).as("bytes sent on the bound link").isGreaterThan(TEST_BYTES);
        assertThat(after[0] - before[0]).as("bytes sent on the preferred link").isLessThan(TEST_BYTES / 10);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void anInterfaceThisHostDoesNotHaveIsAUsageError() throws Exception {
        Path out = dir.resolve("nodev.out");
        Process p = net.start(clientNs, Netns.wirespeed("bw", SERVER, "-n", "1M", "--bind-dev", "nosuchdev0",
                "--no-save"), out);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(read(out)).isEqualTo(2);
        assertThat(read(out)).contains("--bind-dev: no interface 'nosuchdev0' on this host");
    }

    private static void bw(String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("bw", SERVER, "-n",
                Long.toString(TEST_BYTES), "-P", "1", "--no-save"));
        args.addAll(List.of(more));
        Path out = Files.createTempFile(dir, "bw", ".out");
        Process p = net.start(clientNs, Netns.wirespeed(args.toArray(String[]::new)), out);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("finished: " + read(out)).isTrue();
        assertThat(p.exitValue()).as(read(out)).isZero();
    }

    /** tx_bytes of the preferred and the other link, from the client namespace's sysfs. */
    private static long[] txBytes() throws Exception {
        return new long[] {tx(preferred), tx(other)};
    }

    private static long tx(String dev) throws Exception {
        Process p = new ProcessBuilder("ip", "netns", "exec", clientNs, "cat",
                "/sys/class/net/" + dev + "/statistics/tx_bytes").redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return Long.parseLong(text);
    }

    private static String read(Path p) throws IOException {
        return Files.exists(p) ? Files.readString(p, StandardCharsets.UTF_8) : "";
    }
}
