package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.iperf3.Iperf3Binary;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.JsonSchemas;
import dev.wirespeed.testing.Netns;
import dev.wirespeed.testing.NetnsPair;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * Issue 29 point 5, -m/--mptcp (as iperf3's): two namespaces joined by a veth pair, MPTCP enabled
 * in each (net.mptcp.enabled is per network namespace: the host's stays as it is), a
 * {@code server --mptcp} and a plain server in one, {@code bw -m} from the other. The kernel's own
 * MPTcpExt counters (/proc/net/netstat, read inside each namespace; net/mptcp/mib.c) tell whether
 * the handshakes were MPTCP: MPCapableSYNRX and MPCapableACKRX on the server's side,
 * MPCapableSYNACKRX on the client's; a plain server's SYN-ACK without MP_CAPABLE counts as
 * MPCapableFallbackSYNACK on the client's.
 */
// Mostly waits on its JVMs (1 s tests); what it checks are MPTCP handshake counters of namespaces of its
// own. Runs in the second lane, beside the serial ITs (pom.xml); its tests one at a time (they share the
// servers and read the counters before and after).
@Execution(ExecutionMode.CONCURRENT)
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class MptcpNetnsIT {
    static final String SERVER = "198.18.31.2";
    static final int MPTCP_PORT = 5301;
    static final int PLAIN_PORT = 5302;
    static final int IPERF3_PORT = 5303;
    static final int STREAMS = 2;

    @AutoClose
    static NetnsPair pair;
    static Netns net;
    static Path dir;
    static String clientNs;
    static String serverNs;

    @BeforeAll
    static void namespaces() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/sys/net/mptcp")),
                "SKIPPED: this kernel has no MPTCP (no /proc/sys/net/mptcp: CONFIG_MPTCP off or before Linux 5.6)");
        pair = NetnsPair.open("mptcp", "198.18.31.1/24", SERVER + "/24");
        net = pair.net;
        dir = pair.dir;
        clientNs = pair.clientNs;
        serverNs = pair.serverNs;
        mptcpEnabled(clientNs, 1);
        mptcpEnabled(serverNs, 1);
        server("mptcp", "--bind", SERVER, "-p", "" + MPTCP_PORT, "--mptcp");
        server("plain", "--bind", SERVER, "-p", "" + PLAIN_PORT);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void anMptcpServerGetsMptcpDataConnectionsThatMoveBytes() throws Exception {
        Map<String, Long> serverBefore = mptcpExt(serverNs);
        Map<String, Long> clientBefore = mptcpExt(clientNs);
        Run run = bw("mptcp", "-p", "" + MPTCP_PORT, "-J");
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(JsonSchemas.errors("bw.schema.json", run.output())).isEmpty();
        JsonNode result = Json.MAPPER.readTree(run.output());
        assertThat(result.path("mptcp").path("dataConnections").asInt()).as(run.output()).isEqualTo(STREAMS);
        assertThat(result.path("mptcp").path("mptcpConnections").asInt()).as(run.output()).isEqualTo(STREAMS);
        long received = result.path("directions").get(0).path("receiverSummary").path("bytes").asLong();
        assertThat(received).as(run.output()).isGreaterThan(1_000_000);
        Map<String, Long> serverAfter = mptcpExt(serverNs);
        Map<String, Long> clientAfter = mptcpExt(clientNs);
        // the control connection stays plain TCP: the data connections are the MPTCP handshakes
        assertThat(delta(serverBefore, serverAfter, "MPCapableSYNRX")).as("server %s", serverAfter).isEqualTo(STREAMS);
        assertThat(delta(serverBefore, serverAfter, "MPCapableACKRX")).as("server %s", serverAfter).isEqualTo(STREAMS);
        assertThat(delta(clientBefore, clientAfter, "MPCapableSYNACKRX")).as("client %s", clientAfter)
                .isEqualTo(STREAMS);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void aPlainServerFallsBackAndTheResultSaysSo() throws Exception {
        Map<String, Long> clientBefore = mptcpExt(clientNs);
        Run run = bw("fallback", "-p", "" + PLAIN_PORT);
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(run.output()).contains("MPTCP asked, the path fell back to TCP (0 of " + STREAMS)
                .doesNotContain("MPTCP: yes");
        Map<String, Long> clientAfter = mptcpExt(clientNs);
        assertThat(delta(clientBefore, clientAfter, "MPCapableSYNACKRX")).as("client %s", clientAfter).isZero();
        assertThat(delta(clientBefore, clientAfter, "MPCapableFallbackSYNACK")).as("client %s", clientAfter)
                .isEqualTo(STREAMS);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void loopbackWithMptcpListensWithMptcpToo() throws Exception {
        Map<String, Long> before = mptcpExt(clientNs);
        Netns.Run r = net.run(clientNs, Netns.wirespeed("bw", "--loopback", "-m", "-t", "1", "-P", "" + STREAMS,
                "-i", "0", "--no-save"), dir.resolve("loopback.out"));
        String text = r.out();
        assertThat(r.exitCode()).as(text).isZero();
        assertThat(text).contains("MPTCP: yes (" + STREAMS + " of " + STREAMS + " data connections)");
        // both ends are in this namespace: its in-process listener took the MP_CAPABLE SYNs
        assertThat(delta(before, mptcpExt(clientNs), "MPCapableSYNRX")).isEqualTo(STREAMS);
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void mptcpDisabledInTheClientsNamespaceIsOneLineExit1() throws Exception {
        mptcpEnabled(clientNs, 0);
        try {
            Run run = bw("disabled", "-p", "" + MPTCP_PORT);
            assertThat(run.exit()).as(run.output()).isEqualTo(1);
            assertThat(run.output().strip()).as(run.output())
                    .endsWith("MPTCP is not enabled in this kernel: sysctl net.mptcp.enabled=1")
                    .doesNotContain("Exception").doesNotContain("\n");
        } finally {
            mptcpEnabled(clientNs, 1);
        }
    }

    /** Our client with --iperf3 -m against a real iperf3 3.21 server: it takes "mptcp" and listens with MPTCP. */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void iperf3ServerGetsMptcpFromBwIperf3M() throws Exception {
        String iperf3 = Iperf3Binary.newBinary("--mptcp");
        assumeTrue(iperf3 != null, "SKIPPED: no iperf3 3.19+ with -m (../shared/anchors/build-iperf3.sh)");
        Path log = dir.resolve("iperf3-server.log");
        Process server = net.start(serverNs, List.of(iperf3, "-s", "-B", SERVER, "-p", "" + IPERF3_PORT, "--forceflush"), log);
        try {
            assertThat(Netns.awaitText(log, "Server listening", server, 30_000)).as("iperf3 -s").isTrue();
            Map<String, Long> serverBefore = mptcpExt(serverNs);
            Run run = bw("iperf3", "-p", "" + IPERF3_PORT, "--iperf3", "-J");
            assertThat(run.exit()).as(run.output()).isZero();
            JsonNode result = Json.MAPPER.readTree(run.output());
            assertThat(result.path("mptcp").path("mptcpConnections").asInt()).as(run.output()).isEqualTo(STREAMS);
            assertThat(delta(serverBefore, mptcpExt(serverNs), "MPCapableSYNRX")).isEqualTo(STREAMS);
        } finally {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A real iperf3 3.21 client with -m against our servers: MPTCP where the listener is, and the log says which. */
    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void iperf3ClientMIsServedAndTheLogSaysWhatItGot() throws Exception {
        String iperf3 = Iperf3Binary.newBinary("--mptcp");
        assumeTrue(iperf3 != null, "SKIPPED: no iperf3 3.19+ with -m (../shared/anchors/build-iperf3.sh)");
        Map<String, Long> serverBefore = mptcpExt(serverNs);
        for (int port : new int[] {MPTCP_PORT, PLAIN_PORT}) {
            Path out = dir.resolve("iperf3-client-" + port + ".out");
            Process p = net.start(clientNs, List.of(iperf3, "-c", SERVER, "-p", "" + port, "-m", "-P", "" + STREAMS,
                    "-t", "1"), out);
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("iperf3 -c ends").isTrue();
            assertThat(p.exitValue()).as(Files.readString(out, StandardCharsets.UTF_8)).isZero();
        }
        // only the MPTCP listener's handshakes were MPTCP
        assertThat(delta(serverBefore, mptcpExt(serverNs), "MPCapableSYNRX")).isEqualTo(STREAMS);
        assertThat(Netns.awaitText(dir.resolve("mptcp.log"), "asked for MPTCP (-m): " + STREAMS + " of " + STREAMS, null,
                10_000)).as(Files.readString(dir.resolve("mptcp.log"), StandardCharsets.UTF_8)).isTrue();
        assertThat(Netns.awaitText(dir.resolve("plain.log"), "asked for MPTCP (-m): 0 of " + STREAMS, null, 10_000))
                .as(Files.readString(dir.resolve("plain.log"), StandardCharsets.UTF_8)).isTrue();
    }

    record Run(int exit, String output) {}

    private static Run bw(String name, String... options) throws Exception {
        List<String> line = new ArrayList<>(List.of("bw", SERVER, "-m", "-t", "1", "-P", "" + STREAMS, "-i", "0",
                "--no-save"));
        line.addAll(List.of(options));
        Netns.Run r = net.run(clientNs, Netns.wirespeed(line.toArray(new String[0])), dir.resolve(name + ".out"));
        return new Run(r.exitCode(), r.out());
    }

    private static void server(String name, String... options) throws Exception {
        List<String> line = new ArrayList<>(List.of("server"));
        line.addAll(List.of(options));
        Path log = dir.resolve(name + ".log");
        Process p = net.start(serverNs, Netns.wirespeed(line.toArray(new String[0])), log);
        assertThat(Netns.awaitText(log, "listening on", p, 60_000)).as("%s server: %s", name,
                Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "(no log)").isTrue();
    }

    private static void mptcpEnabled(String ns, int on) throws IOException {
        net.exec(ns, "sysctl", "-q", "-w", "net.mptcp.enabled=" + on);
    }

    /** The MPTcpExt counters of {@code ns}: /proc/net/netstat has a names line and a values line per group. */
    private static Map<String, Long> mptcpExt(String ns) throws Exception {
        String text = net.output(ns, "cat", "/proc/net/netstat");
        Map<String, Long> counters = new HashMap<>();
        String[] lines = text.split("\n");
        for (int i = 0; i + 1 < lines.length; i++) {
            if (lines[i].startsWith("MPTcpExt:") && lines[i + 1].startsWith("MPTcpExt:")) {
                String[] names = lines[i].trim().split("\\s+");
                String[] values = lines[i + 1].trim().split("\\s+");
                for (int k = 1; k < Math.min(names.length, values.length); k++) {
                    counters.put(names[k], Long.parseLong(values[k]));
                }
                break;
            }
        }
        assertThat(counters).as("MPTcpExt in %s's /proc/net/netstat", ns).containsKey("MPCapableSYNRX");
        return counters;
    }

    private static long delta(Map<String, Long> before, Map<String, Long> after, String name) {
        return after.getOrDefault(name, 0L) - before.getOrDefault(name, 0L);
    }
}
