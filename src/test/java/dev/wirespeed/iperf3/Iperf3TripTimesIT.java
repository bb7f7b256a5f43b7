package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;

/**
 * {@code bw HOST --trip-times} against a real iperf3 server (loopback): iperf3 has no trip times, so
 * the command stops with one line and exit 2 (an option the peer cannot serve), not the generic
 * "add --iperf3" hint (which would lead to the same refusal). With --iperf3 given, the same before
 * anything connects.
 */
class Iperf3TripTimesIT {
    @Test
    void anIperf3ServerHasNoTripTimes() throws Exception {
        Iperf3Binary.assumeInstalled();
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            Cli.Run r = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(port), "--trip-times", "-t", "1",
                    "--no-save");
            assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
            assertThat(r.err()).contains("is an iperf3 server, and iperf3 has no --trip-times")
                    .doesNotContain("add --iperf3");
            assertThat(r.err().strip().lines()).hasSize(1);
        }
        Cli.Run given = Cli.run("bw", "127.0.0.1", "--iperf3", "--trip-times", "-t", "1", "--no-save");
        assertThat(given.exitCode()).isEqualTo(2);
        assertThat(given.err()).contains("iperf3 has no trip times");
    }
}
