package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input to bw --latency and lat --connect: one line on stderr, exit 2, nothing run (issue 29). */
class LoadAndConnectUsageTest {
    private static Cli.Run run(String line) {
        return Cli.run(line.split(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bw 127.0.0.1 --idle 2                    | --idle applies to --latency only",
        "bw 127.0.0.1 --latency icmp              | --latency takes tcp or udp, not 'icmp'",
        "bw 127.0.0.1 --latency --udp             | --latency runs beside a TCP test against a wirespeed server: not with --udp",
        "bw 127.0.0.1 --latency --iperf3          | not with --iperf3",
        "bw 127.0.0.1 --latency -a                | not with -a",
        "bw 127.0.0.1 --latency -n 1G             | --latency needs a timed load (-t SECONDS), not -n",
        "bw 127.0.0.1 --latency -t 0              | --latency needs a timed load (-t SECONDS), not -t 0",
        "bw 127.0.0.1 --latency --idle 0.1        | --idle",
        "lat 127.0.0.1 -P 4                       | -P applies to lat --connect only",
        "lat 127.0.0.1 --connect -P 33            | -P 33 is out of range (1..32)",
        "lat 127.0.0.1 --connect -P 0             | -P 0 is out of range (1..32)",
        "lat 127.0.0.1 --connect --udp            | --connect runs TCP transactions for a time (-t): not with --udp",
        "lat 127.0.0.1 --connect -n 10            | not with -n",
        "lat 127.0.0.1 --connect -s 128K          | -s 128 KiB is out of range (1 B..64 KiB)",
        "lat 127.0.0.1 --connect --busy-poll      | not with --busy-poll",
    })
    void badInputIsOneLineAndExitTwo(String line, String message) {
        Cli.Run r = run(line.trim() + " --no-save");
        assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(message);
        assertThat(r.err().lines().filter(l -> !l.isBlank()).count()).as(r.err()).isLessThanOrEqualTo(2);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void helpShowsTheNewModesWithExamples() {
        assertThat(run("bw --help").out()).contains("--latency", "--idle", "bufferbloat");
        assertThat(run("lat --help").out()).contains("--connect", "TCP_CRR", "-P, --parallel");
    }
}
