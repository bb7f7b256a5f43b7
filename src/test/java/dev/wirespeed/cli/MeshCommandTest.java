package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mesh and agent command lines that never reach the network: dry runs and usage errors. */
class MeshCommandTest {

    @Test
    void dryRunPrintsTheTimeAndTheRounds() {
        Cli.Run r = Cli.run("mesh", "--hosts", "node[01-04]", "-t", "10", "-O", "2", "--dry-run");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).isEqualTo("""
                mesh: 4 hosts, all-pairs: 6 pairs in 3 rounds of up to 2 at once; 10 s per test (+2 s warm-up) → about 40 s
                round 1:  node04 → node01  node02 → node03
                round 2:  node02 → node04  node03 → node01
                round 3:  node04 → node03  node01 → node02
                """);
    }

    @Test
    void hundredNodesTakeNinetyNineRounds() {
        Cli.Run r = Cli.run("mesh", "--hosts", "node[001-100]", "--dry-run");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).startsWith("mesh: 100 hosts, all-pairs: 4950 pairs in 99 rounds of up to 50 at once; "
                + "5 s per test (+1 s warm-up) → about 11 min 34 s");
        assertThat(r.out().lines().filter(l -> l.startsWith("round "))).hasSize(99);
    }

    @Test
    void oddMeshesShowTheIdleHost() {
        Cli.Run r = Cli.run("mesh", "--hosts", "a,b,c", "--dry-run");
        assertThat(r.out()).contains("3 pairs in 3 rounds;").contains("round 1:  b → c  (idle: a)").contains("round 2:  c → a  (idle: b)");
    }

    @Test
    void patternsFromFiles(@TempDir Path dir) throws Exception {
        Path pairs = dir.resolve("cables");
        Files.writeString(pairs, "n1 n2\nn3 n4\n");
        Cli.Run r = Cli.run("mesh", "--pattern", "pairs:" + pairs, "--dry-run");
        assertThat(r.out()).contains("mesh: 4 hosts, pairs:" + pairs + ": 2 pairs in 1 round")
                .contains("round 1:  n1 → n2  n3 → n4");
        Path hosts = dir.resolve("hosts");
        Files.writeString(hosts, "x[1-3]\n");
        assertThat(Cli.run("mesh", "--hostfile", hosts.toString(), "--pattern", "star:x2", "--dry-run").out())
                .contains("round 1:  x2 → x1").contains("round 2:  x2 → x3");
    }

    @Test
    void incastRunsEverySenderIntoTheReceiverInOneRound() {
        Cli.Run r = Cli.run("mesh", "--hosts", "n[1-5]", "--pattern", "incast", "--to", "n3", "--dry-run");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("mesh: 5 hosts, incast:n3: 4 pairs in 1 round of up to 4 at once")
                .contains("round 1:  n1 → n3  n2 → n3  n4 → n3  n5 → n3");
        assertThat(Cli.run("mesh", "--hosts", "n[1-5]", "--pattern", "incast", "--to", "n1", "--fan-in", "2", "--dry-run")
                .out()).contains("2 pairs in 1 round").contains("round 1:  n2 → n1  n3 → n1  (idle: n4, n5)");
        assertThat(Cli.run("mesh", "--hosts", "n[1-3]", "--pattern", "incast:n2", "--dry-run").out())
                .contains("round 1:  n1 → n2  n3 → n2");
    }

    @Test
    void incastUsageErrorsAreOneLineAndExitTwo() {
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--pattern", "incast", "--dry-run"), "--pattern incast needs --to HOST");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--to", "a", "--dry-run"), "--to works with --pattern incast only");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--fan-in", "1", "--dry-run"), "--fan-in works with --pattern incast only");
        assertUsage(Cli.run("mesh", "--hosts", "a,b,c", "--pattern", "incast", "--to", "a", "--fan-in", "3", "--dry-run"),
                "--fan-in 3: a has 2 other hosts to send to it");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--pattern", "incast", "--to", "z", "--dry-run"),
                "incast: 'z' is not in the host list");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--pattern", "incast", "--to", "a", "--bidir", "--dry-run"),
                "--bidir does not apply");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--pattern", "incast:a", "--to", "b", "--dry-run"),
                "name different receivers");
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path dir) {
        assertUsage(Cli.run("mesh", "--hosts", "node[1-", "--dry-run"),
                "wirespeed mesh: bad host list 'node[1-' at position 5: '[' is never closed (see 'wirespeed mesh --help')");
        assertUsage(Cli.run("mesh", "--hosts", "solo", "--dry-run"), "a mesh needs at least two hosts (got 1)");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--pattern", "star:c", "--dry-run"), "star: 'c' is not in the host list");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--expect", "120"), "--expect 120 is out of range (1..100 %)");
        // issue 32: a number past 2^63 was printed through a long as 9223372036854775807
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "-t", "1e309"), "-t 1e309 is out of range (0.5..600 seconds)");
        assertUsage(Cli.run("bw", "--loopback", "-t", "1e309"), "-t 1e309 is out of range (0.1..86400 seconds)");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--engine", "udp"), "--engine 'udp' is not one of tcp, perftest");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--engine", "perftest", "--bidir"), "--bidir works with --engine tcp only");
        assertUsage(Cli.run("mesh", "--hostfile", dir.resolve("none").toString()), "does not exist");
        assertUsage(Cli.run("mesh", "--hosts", "a,b", "--token-file", dir.resolve("none").toString()), "does not exist");
        assertUsage(Cli.run("agent"), "listening on every address needs --token-file");
        assertUsage(Cli.run("agent", "--bind", "198.18.0.1"), "--bind 198.18.0.1 needs --token-file");
    }

    @Test
    void agentMetricsAddressErrorsAreOneLineAndExitTwo() {
        assertUsage(Cli.run("agent", "--bind", "127.0.0.1", "--metrics", "9301"),
                "wirespeed agent: --metrics '9301' is not [ADDR]:PORT (e.g. :9301 for loopback, 0.0.0.0:9301 for every address)");
        assertUsage(Cli.run("agent", "--bind", "127.0.0.1", "--metrics", ":99999"),
                "--metrics ':99999': port '99999' is not a number in 0..65535");
        assertUsage(Cli.run("agent", "--bind", "127.0.0.1", "--metrics", "::1:9301"),
                "--metrics '::1:9301': an IPv6 address goes in brackets, e.g. [::1]:9301");
        assertUsage(Cli.run("agent", "--bind", "127.0.0.1", "--metrics", ":9301", "--metrics-port", "9302"),
                "--metrics replaces --metrics-port and --metrics-bind: give only --metrics [ADDR]:PORT");
        assertUsage(Cli.run("agent", "--bind", "127.0.0.1", "--metrics", ":9301", "--metrics-bind", "0.0.0.0"),
                "--metrics replaces --metrics-port and --metrics-bind");
        assertUsage(Cli.run("agent", "--bind", "127.0.0.1", "--metrics-bind", "0.0.0.0"),
                "--metrics-bind needs --metrics-port (or use --metrics 0.0.0.0:PORT)");
        assertUsage(Cli.run("agent", "--bind", "127.0.0.1", "--metrics-port", "70000"), "--metrics-port 70000 is out of range");
    }

    private static void assertUsage(Cli.Run r, String message) {
        assertThat(r.exitCode()).as(r.out() + r.err()).isEqualTo(ExitCode.USAGE);
        assertThat(r.errLines()).singleElement().satisfies(l -> assertThat(l).contains(message));
    }
}
