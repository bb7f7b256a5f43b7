package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input to lat and the UDP/sweep options of bw: one line on stderr, exit 2, nothing run. */
class LatUsageTest {
    private static Cli.Run run(String line) {
        return Cli.run(line.split(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "lat 127.0.0.1 -s 16M               | -s 16 MiB is out of range (2 B..8 MiB)",
        "lat 127.0.0.1 -s 9M                | -s 9 MiB is out of range (2 B..8 MiB)",
        "lat 127.0.0.1 --udp -s 65508       | -s 65508 B is out of range (2 B..65507 B)",
        "lat 127.0.0.1 -s 1                 | -s 1 B is out of range (2 B..8 MiB)",
        "lat 127.0.0.1 -n 0                 | -n 0 is out of range (1..1000000000)",
        "lat 127.0.0.1 -a -s 64             | -a and -s exclude each other",
        "lat 127.0.0.1 -n 10 -t 1           | -n and -t exclude each other",
        "lat 127.0.0.1 -s lots              | 'lots' is not a size",
        "lat                                | missing HOST (or --loopback)",
        "bw 127.0.0.1 --udp -b garbage      | 'garbage' is not a rate",
        "bw 127.0.0.1 --udp -b 10X          | '10X' is not a rate",
        "bw 127.0.0.1 -b 10M                | -b applies to UDP only (add --udp)",
        "bw 127.0.0.1 --udp -l 64K          | -l 64 KiB is out of range (16 B..65507 B)",
        "bw 127.0.0.1 --udp -n 1G           | -n is for TCP",
        "bw 127.0.0.1 -a -l 4K              | -a and -l exclude each other",
        "bw 127.0.0.1 -a --bidir            | -a and --bidir exclude each other",
        "bw 127.0.0.1 -a --udp              | -a sweeps TCP only",
        "bw 127.0.0.1 --udp -Z              | with --udp, -Z, --skip-rx-copy, -A, -B and --bind-dev do not apply",
        "bw 127.0.0.1 -a --skip-rx-copy     | with -a, -Z, --skip-rx-copy, -A, -B and --bind-dev do not apply",
        "bw 127.0.0.1 --udp -B 127.0.0.1    | with --udp, -Z, --skip-rx-copy, -A, -B and --bind-dev do not apply",
    })
    void badInputIsOneLineAndExitTwo(String line, String message) {
        Cli.Run r = run(line.trim());
        assertThat(r.exitCode()).isEqualTo(ExitCode.USAGE);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).contains(message.trim()).contains("--help");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void helpShowsExamples() {
        Cli.Run r = run("lat --help");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("Examples:", "--busy-poll", "one-way = RTT/2");
    }
}
