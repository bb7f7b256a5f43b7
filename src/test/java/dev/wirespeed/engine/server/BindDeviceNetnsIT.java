package dev.wirespeed.engine.server;

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

    @AutoClose
    static NetnsPair pair;
    static String preferred;
    static String other;

    @BeforeAll
    static void topology() throws Exception {
        pair = NetnsPair.open("bind-dev", "198.18.1.1/24", "198.18.1.2/24");
        Netns net = pair.net;
        preferred = pair.clientIf;
        other = net.name("c2");
        net.veth(pair.clientNs, other, "198.18.2.1/24", pair.serverNs, net.name("s2"), "198.18.2.2/24");
        net.ip("-n", pair.serverNs, "addr", "add", SERVER + "/32", "dev", "lo");
        net.ip("-n", pair.clientNs, "route", "add", SERVER + "/32", "via", "198.18.1.2", "dev", preferred, "metric", "10");
        net.ip("-n", pair.clientNs, "route", "add", SERVER + "/32", "via", "198.18.2.2", "dev", other, "metric", "20");
        pair.startServer(SERVER);
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
        Netns.Run r = pair.wirespeed("bw", SERVER, "-n", "1M", "--bind-dev", "nosuchdev0", "--no-save");
        assertThat(r.exitCode()).as(r.out()).isEqualTo(2);
        assertThat(r.out()).contains("--bind-dev: no interface 'nosuchdev0' on this host");
    }

    private static void bw(String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of("bw", SERVER, "-n",
                Long.toString(TEST_BYTES), "-P", "1", "--no-save"));
        args.addAll(List.of(more));
        pair.client(args.toArray(String[]::new));
    }

    /** tx_bytes of the preferred and the other link, from the client namespace's sysfs. */
    private static long[] txBytes() throws Exception {
        return new long[] {tx(preferred), tx(other)};
    }

    private static long tx(String dev) throws Exception {
        return Long.parseLong(pair.net.output(pair.clientNs, "cat", "/sys/class/net/" + dev + "/statistics/tx_bytes").strip());
    }
}
