package dev.wirespeed.rdma;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.report.ResultFilter;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.store.ResultStore;
import dev.wirespeed.store.StoredResult;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.wire.FrameCodec;
import dev.wirespeed.wire.Preamble;
import dev.wirespeed.wire.TestSpec;
import dev.wirespeed.wire.Wire;
import java.io.DataInputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * {@code bw --rdma} / {@code lat --rdma} end to end on loopback with perftest's STAND-IN
 * (src/test/resources/perftest-standin) on both ends: no RDMA device here, so the script replays
 * perftest output recorded on real hardware. What is tested is everything around perftest: the
 * server starting, stopping and reaping its side on request, the allow-list, errors reaching the
 * client, parsing into the common model, and storing.
 */
// Mostly waits on its CLI JVMs and the stand-in's scripts; its server (port 0), stand-in directory and
// reaping check are its own. Runs in the second lane, beside the serial ITs (pom.xml); its tests one at a time.
@Execution(ExecutionMode.CONCURRENT)
class RdmaStandInIT {
    @TempDir
    Path dir;
    private Path bin;
    private Server server;
    private final List<String> serverLog = Collections.synchronizedList(new ArrayList<>());

    @BeforeEach
    void standInAndServer() throws Exception {
        bin = Files.createDirectories(dir.resolve("bin"));
        Path source = Path.of("src/test/resources/perftest-standin");
        try (var files = Files.list(source)) {
            for (Path f : files.toList()) {
                Files.copy(f, bin.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Path standIn = bin.resolve("perftest-standin");
        assertThat(standIn.toFile().setExecutable(true)).isTrue();
        for (String prog : List.of("ib_send_bw", "ib_write_bw", "ib_send_lat")) {
            Files.createSymbolicLink(bin.resolve(prog), standIn);
        }
        server = new Server(new ServerConfig("127.0.0.1", 0, false, new TestSpec.Limits(8, 60_000), 5_000,
                serverLog::add));
        server.serveSessions(Wire.KIND_PERFTEST, new PerftestService(new PerftestServiceConfig(60_000, 5_000, bin,
                serverLog::add)));
        server.serveInBackground();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** The CLI in its own JVM with the stand-in first on PATH (the client finds perftest there). */
    private Cli.Run cli(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
                "dev.wirespeed.cli.Main"));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = pb.start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the CLI finishes").isTrue();
        return new Cli.Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** No process of the stand-in is left once the server is done (bounded wait). */
    private void assertReaped() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline && !standInProcesses().isEmpty()) {
            Thread.sleep(50);
        }
        assertThat(standInProcesses()).as("perftest processes left running").isEmpty();
    }

    private List<ProcessHandle> standInProcesses() {
        return ProcessHandle.current().descendants()
                .filter(h -> h.info().commandLine().orElse("").contains(bin.toString())).toList();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void sendSweepRunsOnBothEndsIsStoredAndSavedLikeAnyResult() throws Exception {
        Path db = dir.resolve("r.db");
        Cli.Run run = cli("bw", "--rdma", "send", "127.0.0.1", "-p", Integer.toString(server.port()), "-a",
                "--db", db.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("ib_send_bw to 127.0.0.1", "result: ", "saved: result 1");
        assertThat(serverLog).anySatisfy(l -> assertThat(l).endsWith("started " + bin + "/ib_send_bw -a -p 18515 -F "
                + "--report_gbits"));
        assertThat(serverLog).anySatisfy(l -> assertThat(l).endsWith("ib_send_bw stopped"));
        assertReaped();
        Cli.Run write = cli("bw", "--rdma", "write", "127.0.0.1", "-p", Integer.toString(server.port()), "-s", "64K",
                "--gid-index", "3", "--db", db.toString());
        assertThat(write.exitCode()).as(write.out() + write.err()).isZero();
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> all = store.find(ResultStore.Query.all());
            assertThat(all).hasSize(2);
            Measurement send = all.getFirst().measurement();
            assertThat(send.tool()).isEqualTo("perftest");
            assertThat(send.test()).isEqualTo("rdma-send-bw");
            assertThat(send.source()).isEqualTo("measured");
            assertThat(send.rows()).hasSize(23);
            assertThat(send.rows().getLast().keyValue()).isEqualTo(8_388_608);
            assertThat(send.params()).containsEntry("server", "127.0.0.1").containsEntry("test", "ib_send_bw");
            assertThat(all.getFirst().kind()).isEqualTo("bw");
            Measurement w = all.get(1).measurement();
            assertThat(w.test()).isEqualTo("rdma-write-bw");
            assertThat(w.metric("bitsPerSecond").orElseThrow().value()).isGreaterThan(1e11);
        }
        // a sweep compares with a sweep of its kind, as a TCP sweep does; kinds are not mixed in one table
        Cli.Run again = cli("bw", "--rdma", "send", "127.0.0.1", "-p", Integer.toString(server.port()), "-a",
                "--db", db.toString());
        assertThat(again.exitCode()).as(again.out() + again.err()).isZero();
        Cli.Run compare = Cli.run("results", "compare", "1", "3", "--db", db.toString());
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("compare rdma-send-bw sweep").containsPattern("(?m)^ +8388608 +[0-9.]+ +[0-9.]+ +1\\.00$");
        Cli.Run mixed = Cli.run("results", "compare", "1", "2", "--db", db.toString());
        assertThat(mixed.exitCode()).isEqualTo(2);
        assertThat(mixed.err()).contains("rdma-send-bw", "rdma-write-bw");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void latencySweepRuns() throws Exception {
        Cli.Run run = cli("lat", "--rdma", "send", "127.0.0.1", "-p", Integer.toString(server.port()), "-a", "--json",
                "--", "-c", "UD");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("\"test\" : \"rdma-send-lat\"", "\"connection\" : \"UD\"");
        assertThat(serverLog).anySatisfy(l -> assertThat(l).endsWith("ib_send_lat -a -c UD -p 18515 -F"));
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void theClientsFailureReachesTheUserAndTheServerStopsItsSide() throws Exception {
        // the stand-in has no recording of ib_write_bw -b without -a: the client side fails
        Cli.Run run = cli("bw", "--rdma", "write", "127.0.0.1", "-p", Integer.toString(server.port()), "--bidir");
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err().strip().lines().toList().getLast()).isEqualTo("wirespeed bw: ib_write_bw exited with 1 and no result: perftest stand-in: "
                + "no recorded output of ib_write_bw -b");
        assertThat(serverLog).anySatisfy(l -> assertThat(l).endsWith("ib_write_bw stopped"));
        assertReaped();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void writeSweepIsParsedPrintedAndStoredAsASweep() throws Exception {
        Path db = dir.resolve("w.db");
        Cli.Run run = cli("bw", "--rdma", "write", "127.0.0.1", "-p", Integer.toString(server.port()), "-a",
                "--db", db.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("ib_write_bw to 127.0.0.1", "RDMA_Write BW Test", "saved: result 1")
                .containsPattern("(?m)^ 8388608 +5000 +92\\.39 +92\\.39 +0\\.001377$");
        assertThat(serverLog).anySatisfy(l -> assertThat(l).endsWith("started " + bin + "/ib_write_bw -a -p 18515 -F "
                + "--report_gbits"));
        assertReaped();
        Cli.Run json = cli("bw", "--rdma", "write", "127.0.0.1", "-p", Integer.toString(server.port()), "-a", "--json",
                "--db", db.toString());
        assertThat(json.exitCode()).as(json.out() + json.err()).isZero();
        var doc = Json.MAPPER.readTree(json.out());
        assertThat(doc.at("/measurement/test").asString()).isEqualTo("rdma-write-bw");
        assertThat(doc.at("/measurement/rows")).hasSize(23);
        assertThat(doc.at("/measurement/rows/0/keyValue").asLong()).isEqualTo(2);
        assertThat(doc.at("/measurement/params/direction").asString()).isEqualTo("upload");
        try (ResultStore store = ResultStore.open(db)) {
            List<StoredResult> all = store.find(ResultStore.Query.all());
            assertThat(all).hasSize(2);
            Measurement w = all.getFirst().measurement();
            assertThat(w.test()).isEqualTo("rdma-write-bw");
            assertThat(w.rows()).hasSize(23);
            assertThat(w.rows().get(11).keyValue()).isEqualTo(4096);
            assertThat(w.metric("bitsPerSecond").orElseThrow().value()).isEqualTo(92.39e9);
            assertThat(ResultFilter.kindOf(all.getFirst())).isEqualTo("rdma-write-bw sweep");
        }
        Cli.Run compare = Cli.run("results", "compare", "1", "2", "--db", db.toString());
        assertThat(compare.exitCode()).as(compare.err()).isZero();
        assertThat(compare.out()).contains("compare rdma-write-bw sweep").containsPattern("(?m)^ +4096 +[0-9.]+ +[0-9.]+ +1\\.00$");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void bidirIsPerftestsBothWaysTestReportedAsItSumsIt() throws Exception {
        Cli.Run run = cli("bw", "--rdma", "write", "127.0.0.1", "-p", Integer.toString(server.port()), "--bidir", "-a",
                "--json");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        var doc = Json.MAPPER.readTree(run.out());
        assertThat(doc.at("/measurement/test").asString()).isEqualTo("rdma-write-bw-bidir");
        assertThat(doc.at("/measurement/params/direction").asString()).isEqualTo("both");
        assertThat(doc.at("/measurement/params/qps").asString()).isEqualTo("4");
        assertThat(doc.at("/measurement/rows")).hasSize(23);
        assertThat(serverLog).anySatisfy(l -> assertThat(l).endsWith("ib_write_bw -a -b -p 18515 -F --report_gbits"));
        assertReaped();
        Cli.Run both = cli("bw", "--rdma", "write", "127.0.0.1", "-p", Integer.toString(server.port()), "--bidir", "-R");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("-R and --bidir exclude each other");
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void reverseRunsPerftestsServerHereAndItsClientOnTheServer() throws Exception {
        Path db = dir.resolve("r.db");
        Cli.Run run = cli("bw", "--rdma", "write", "127.0.0.1", "-p", Integer.toString(server.port()), "-R", "-a",
                "--db", db.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("ib_write_bw from 127.0.0.1 (-R", "RDMA_Write BW Test", "saved: result 1");
        // the server ran the client, pointed at the address the request came from
        assertThat(serverLog).anySatisfy(l -> assertThat(l).endsWith("started " + bin + "/ib_write_bw -a -p 18515 -F "
                + "--report_gbits 127.0.0.1"));
        assertThat(serverLog).anySatisfy(l -> assertThat(l).endsWith("ib_write_bw exited with 0"));
        assertReaped();
        try (ResultStore store = ResultStore.open(db)) {
            Measurement m = store.find(ResultStore.Query.all()).getFirst().measurement();
            assertThat(m.test()).isEqualTo("rdma-write-bw");
            assertThat(m.rows()).hasSize(23);
            assertThat(m.params()).containsEntry("direction", "download").containsEntry("server", "127.0.0.1");
        }
        // the client's failure on the server's side reaches the user
        Cli.Run failed = cli("bw", "--rdma", "send", "127.0.0.1", "-p", Integer.toString(server.port()), "-R", "-a",
                "--", "-c", "UD", "-b");
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(failed.err()).contains("ib_send_bw on 127.0.0.1 exited with 1 and no result: perftest stand-in: "
                + "no recorded output of ib_send_bw -b -a");
        assertReaped();
    }

    @Test
    @Execution(ExecutionMode.SAME_THREAD)
    void theServerRefusesAnArgumentOutsideTheAllowListAndAProgramItLacks() throws Exception {
        assertThat(request("ib_write_bw", List.of("-s", "64", "--output", "/etc/passwd")))
                .startsWith("perftest argument '--output' is not allowed");
        assertThat(request("ib_write_bw", List.of("-s", "64;reboot"))).isEqualTo("value '64;reboot' of -s is not allowed");
        assertThat(request("sh", List.of())).startsWith("perftest program 'sh' is not one of");
        assertThat(request("ib_write_bw", List.of("-D", "3600"))).isEqualTo("-D 3600 is out of range (1..60)");
        assertThat(request("ib_read_bw", List.of())).isEqualTo("ib_read_bw is not installed on the server "
                + "(apt-get install perftest)");
        assertThat(serverLog).anySatisfy(l -> assertThat(l).startsWith("refused perftest request from 127.0.0.1"));
        assertThat(standInProcesses()).isEmpty();
        // the client checks the same list before it connects: a usage error, exit 2
        Cli.Run run = Cli.run("bw", "--rdma", "write", "127.0.0.1", "-p", Integer.toString(server.port()), "--",
                "--output", "x");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("perftest argument '--output' is not allowed");
    }

    /** A raw request, past the client's own checks: the server's answer. */
    private String request(String test, List<String> args) throws Exception {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
            s.setSoTimeout(10_000);
            s.getOutputStream().write(Preamble.perftest());
            FrameCodec codec = new FrameCodec(new DataInputStream(s.getInputStream()), s.getOutputStream(),
                    PerftestMessage.MAX_FRAME_BYTES);
            codec.writeValue(new PerftestMessage.Start(test, args));
            PerftestMessage m = codec.readValue(PerftestMessage.class);
            assertThat(m).isInstanceOf(PerftestMessage.Refused.class);
            return ((PerftestMessage.Refused) m).message();
        }
    }
}
