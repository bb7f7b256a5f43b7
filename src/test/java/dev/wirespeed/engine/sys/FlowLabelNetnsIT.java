package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.testing.Netns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Issue 29 point 5, --flowlabel (as iperf3's -L): the label is on the wire. In a namespace of its
 * own, a server on ::1 and an AF_PACKET capture on lo (netns/flowlabels.py, python3) that counts
 * the IPv6 TCP packets by flow label and destination port: with -L 0x12345 the data connections'
 * packets to the server's port carry 0x12345; without it none does.
 */
// Mostly waits on its JVMs and capture (1 s tests); what it checks are the labels on packets of a
// namespace of its own. Runs in the second lane, beside the serial ITs (pom.xml); its tests one at a time.
@Execution(ExecutionMode.CONCURRENT)
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class FlowLabelNetnsIT {
    static final int LABEL = 0x12345;

    static Netns net;
    static Path dir;
    static String ns;
    static Path script;

    @BeforeAll
    static void namespace() throws Exception {
        assumeTrue(Netns.available(), Netns.SKIP);
        assumeTrue(new ProcessBuilder("python3", "--version").start().waitFor() == 0, "SKIPPED: no python3 for the capture");
        net = new Netns();
        dir = Files.createTempDirectory("wirespeed-flowlabel");
        ns = net.add("f");
        // read in place, as hosts/ fixtures are (the pom copies only named resource folders)
        script = Path.of("src/test/resources/netns/flowlabels.py").toAbsolutePath();
        assertThat(script).exists();
        net.startServer(ns, "::", dir); // both families: the IPv4 case reaches the data connections
    }

    @AfterAll
    static void cleanup() throws IOException {
        Netns.cleanUp(net, dir);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void theDataConnectionsPacketsCarryTheLabel() throws Exception {
        Map<String, Long> seen = capture("labelled", "-L", "0x12345");
        assertThat(seen.getOrDefault(String.format("%05x>5301", LABEL), 0L)).as("packets to the server labelled 0x12345: %s",
                seen).isGreaterThan(100);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void withoutTheOptionNoPacketCarriesIt() throws Exception {
        Map<String, Long> seen = capture("plain");
        assertThat(seen).as("some packets were captured").isNotEmpty();
        assertThat(seen.keySet()).noneMatch(k -> k.startsWith(String.format("%05x>", LABEL)));
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void anIpv4HostIsOneLineExit1() throws Exception {
        Netns.Run r = net.run(ns, Netns.wirespeed("bw", "127.0.0.1", "-L", "5", "-t", "1", "--no-save"),
                dir.resolve("v4.out"));
        assertThat(r.exitCode()).as(r.out()).isEqualTo(1);
        assertThat(r.out()).contains("--flowlabel labels IPv6 packets").doesNotContain("Exception");
    }

    /** Runs a 1 s two-stream bw to [::1] with {@code options} under the capture; its counts by "label>port". */
    private static Map<String, Long> capture(String name, String... options) throws Exception {
        Path capOut = dir.resolve(name + ".cap");
        Path stop = dir.resolve(name + ".stop");
        Process cap = net.start(ns, List.of("python3", script.toString(), "lo", "120", stop.toString()), capOut);
        assertThat(Netns.awaitText(capOut, "ready", cap, 30_000)).as("capture started").isTrue();
        List<String> line = new ArrayList<>(List.of("bw", "::1", "-t", "1", "-P", "2", "--no-save"));
        line.addAll(List.of(options));
        Netns.Run bw = net.run(ns, Netns.wirespeed(line.toArray(new String[0])), dir.resolve(name + ".out"));
        assertThat(bw.exitCode()).as(bw.out()).isZero();
        Files.writeString(stop, "");
        assertThat(cap.waitFor(60, TimeUnit.SECONDS)).as("capture ends").isTrue();
        Map<String, Long> counts = new HashMap<>();
        for (String l : Files.readAllLines(capOut, StandardCharsets.UTF_8)) {
            String[] f = l.trim().split(" ");
            if (f.length == 2 && f[0].contains(">")) {
                counts.put(f[0], Long.parseLong(f[1]));
            }
        }
        return counts;
    }
}
