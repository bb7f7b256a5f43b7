package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BwCommandIT {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bw 127.0.0.1 -P 0               | -P 0 is out of range (1..128)",
        "bw 127.0.0.1 -P 129             | -P 129 is out of range (1..128)",
        "bw 127.0.0.1 -t 0.01            | -t 0.01 is out of range (0.1..86400 seconds)",
        "bw 127.0.0.1 -t abc             | 'abc' is not a double",
        "bw 127.0.0.1 -l 32M             | -l 32 MiB is out of range (1 B..16 MiB)",
        "bw 127.0.0.1 -l 12q             | '12q' is not a size",
        "bw 127.0.0.1 -w 100             | -w 100 B is out of range (1 KiB..512 MiB)",
        "bw 127.0.0.1 -M 20              | -M 20 is out of range (88..65535)",
        "bw 127.0.0.1 -O 700             | -O 700 is out of range (0..600 seconds)",
        "bw 127.0.0.1 -i 0.01            | -i 0.01 is out of range (0.1..3600 seconds)",
        "bw 127.0.0.1 -p 70000           | -p 70000 is out of range (1..65535)",
        "bw 127.0.0.1 -t 5 -n 1G         | -t and -n exclude each other",
        "bw 127.0.0.1 -R --bidir         | -R and --bidir exclude each other",
        "bw 127.0.0.1 -C 'x;y'           | is not an algorithm name",
        "bw                              | missing HOST (or --loopback)",
        "bw 127.0.0.1 --frobnicate       | Unknown option: '--frobnicate'",
        "server -p 70000                 | -p 70000 is out of range (0..65535)",
        "server --max-streams 0          | --max-streams 0 is out of range (1..1024)",
        "nosuchcommand                   | Unmatched argument at index 0: 'nosuchcommand'",
    })
    void badUsageIsOneLineAndExitTwo(String commandLine, String expected) {
        Cli.Run r = Cli.run(commandLine.trim().split("\\s+"));
        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).contains(expected).contains("--help");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void unknownHostIsOneLineAndExitOne() {
        Cli.Run r = Cli.run("bw", "no-such-host.invalid", "-t", "1");
        assertThat(r.exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(r.errLines()).containsExactly("wirespeed bw: unknown host 'no-such-host.invalid'");
    }

    @Test
    void refusedConnectionIsOneLineAndExitOne() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(closedPort), "-t", "1");
        assertThat(r.exitCode()).isEqualTo(ExitCode.FAILURE);
        assertThat(r.errLines()).hasSize(1);
        assertThat(r.err()).startsWith("wirespeed bw: cannot connect control to 127.0.0.1:" + closedPort)
                .contains("Connection refused");
    }

    @Test
    void jsonPrintsOnlyJsonThatMatchesTheSchema() {
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "1", "-P", "2", "--json");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("{").endsWith("}\n");
        assertThat(JsonSchemas.errors("bw.schema.json", r.out())).isEmpty();
        assertThat(r.out()).contains("\"bufferBytes\" : 1048576");
    }

    @Test
    void textOutputHasIntervalsSumLinesAndBothSummaries() {
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "2", "-P", "2", "-i", "1");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).as("the default write is 1 MiB (TestSpec.DEFAULT_TCP_BUFFER_BYTES)")
                .containsPattern("TCP upload: 2 streams, 2 s, buffer 1 MiB")
                .containsPattern("\\[SUM]\\s+0\\.00-1\\.00 s")
                .containsPattern("  sender\\s+\\S+ [KMGT]iB\\s+\\S+ [kMGT]?bit/s")
                .containsPattern("  receiver\\s+\\S+ [KMGT]iB\\s+\\S+ [kMGT]?bit/s")
                .contains("CPU, percent of one core: client ");
        assertThat(r.out().lines().filter(l -> l.startsWith("[SUM]")).count()).isEqualTo(2);
    }

    @Test
    void defaultStreamCountIsStatedWhenChosenForTheUser() {
        Cli.Run r = Cli.run("bw", "--loopback", "-t", "0.5");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out()).contains("(default: one per core of this host, up to 8; -P to choose)");
    }

    @Test
    void checkEndsWithAVerdict() {
        Cli.Run r = Cli.run("check", "-t", "1");
        assertThat(r.exitCode()).as(r.err()).isIn(ExitCode.OK, ExitCode.FINDINGS); // 3: doctor found something on this host
        assertThat(r.out().lines().filter(l -> l.startsWith("verdict: ")).findFirst().orElseThrow())
                .matches("verdict: loopback \\S+ [kMGT]?bit/s with \\d+ streams? — this host can drive about \\S+ "
                        + "[kMGT]?bit/s of TCP[;,] .*");
    }
}
