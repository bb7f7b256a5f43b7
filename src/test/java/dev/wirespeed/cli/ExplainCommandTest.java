package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.JsonSchemas;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExplainCommandTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {}

    private Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out), new PrintWriter(err));
        return new Run(code, out.toString(), err.toString());
    }

    private Path file(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    @Test
    void unrecognizedInputSaysItsFirstLineAndExits2() throws Exception {
        Run r = run("explain", file("x.txt", "\nhello world\nmore\n").toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEqualTo("unrecognized: hello world" + System.lineSeparator());
    }

    @Test
    void recognizedOutputPrintsTableAndExits0() throws Exception {
        String ethtool = "root@t3640:/# ethtool -a enp1s0f0np0\nPause parameters for enp1s0f0np0:\nAutonegotiate: off\nRX: on\nTX: on\n";
        Run r = run("explain", file("a.txt", ethtool).toString());
        assertThat(r.code()).isEqualTo(0);
        assertThat(r.out()).contains("[1] root@t3640:/# ethtool -a enp1s0f0np0", "    ethtool",
                "interface    autoneg  rx  tx", "enp1s0f0np0  off      on  on", "findings: none");
    }

    @Test
    void findingsExit3AndJsonIsTheSameModel() throws Exception {
        Path log = file("zt.txt", "zerotier-cli peers\n200 peers\n<ztaddr> <ver> <role> <lat> <link> <lastTX> <lastRX> <path>\n"
                + "3cdfac522d 1.16.0 MOON -1 DIRECT 3660 3660 xxx.xxx.xxx.xxx/14999\n");
        Run text = run("explain", log.toString());
        assertThat(text.code()).isEqualTo(3);
        assertThat(text.out()).contains("! error zerotier-peer-unreachable");
        Run json = run("explain", "--json", log.toString());
        assertThat(json.code()).isEqualTo(3);
        assertThat(json.out()).contains("\"schema\" : \"wirespeed.explain/1\"", "\"rule\" : \"zerotier-peer-unreachable\"",
                "\"latencyMillis\" : -1");
        assertThat(JsonSchemas.errors("explain.schema.json", json.out())).isEmpty();
    }

    @Test
    void jsonOfARealFixtureFollowsTheSchema() throws Exception {
        Run json = run("explain", "--json", "src/test/resources/perftest-standin/ib_send_bw-a.txt");
        assertThat(json.code()).as(json.err()).isIn(0, 3);
        assertThat(json.out()).contains("\"schema\" : \"wirespeed.explain/1\"");
        assertThat(JsonSchemas.errors("explain.schema.json", json.out())).isEmpty();
    }

    @Test
    void missingFileIsARuntimeFailure() {
        Run r = run("explain", dir.resolve("nope.txt").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("no such file").doesNotContain("Exception");
    }

    @Test
    void explainSaveStoresAFailedRunAsFailedNeverAsARate() throws Exception {
        // issue 26: an iperf 2 UDP client with no server printed 105 Mbit/s sent and 100 "read failed" lines
        Path log = file("fail.txt", Files.readString(Path.of("src/test/resources/parse/iperf/iperf2-2.1.8-udp-client-no-server.txt")));
        Path db = dir.resolve("r.db");
        Run r = run("explain", log.toString(), "--save", "--db", db.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(3);
        assertThat(r.out()).contains("result: iperf2 udp-bw: failed (", "! error run-failed",
                "saved: result 1 in " + db + " (1 with status failed)");
        Run list = run("results", "list", "--db", db.toString());
        assertThat(list.out()).contains(" failed ", "- (sent 105 Mbit/s)").doesNotContain("  105 Mbit/s");
        assertThat(run("results", "show", "1", "--db", db.toString()).out())
                .contains("status:   failed (iperf2 failed: \"read failed: Connection refused\" ×100");
    }

    @Test
    void explainSaveStoresAPingAndAPingWithoutReplyAsFailed() throws Exception {
        // issue 26, seed steps: ping's round trips are a measurement; a ping answered only by ICMP errors is a failed run
        Path log = file("ping.txt", Files.readString(Path.of("src/test/resources/parse/ping/ping-iputils-host-unreachable-vlan-lab.txt")));
        Path db = dir.resolve("p.db");
        Run r = run("explain", log.toString(), "--save", "--db", db.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(3);
        assertThat(r.out()).contains("result: ping icmp-lat: failed (2 sent, 0 received, +2 errors", "! error run-failed",
                "saved: results 1, 2, 3 in " + db + " (2 with status failed)");
        Run list = run("results", "list", "--db", db.toString());
        assertThat(list.out()).contains(" failed ", "icmp-lat");
    }
}
