package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;

/** iperf3's command line with wirespeed in front: -c HOST is bw HOST, -s is server, where iperf3 reads them. */
class Iperf3FormTest {
    private static String[] rw(String... args) {
        return Iperf3Form.rewrite(args);
    }

    @Test
    void clientAndServerInIperf3Positions() {
        assertThat(rw("-c", "10.0.0.2", "-P", "4", "-t", "10", "-R", "-J"))
                .containsExactly("bw", "10.0.0.2", "-P", "4", "-t", "10", "-R", "-J");
        // getopt permutes: options before -c are the same test
        assertThat(rw("-P", "4", "-c", "h1", "-t", "3")).containsExactly("bw", "h1", "-P", "4", "-t", "3");
        assertThat(rw("--client", "h1")).containsExactly("bw", "h1");
        assertThat(rw("--client=h1", "-R")).containsExactly("bw", "h1", "-R");
        assertThat(rw("-c10.0.0.2")).containsExactly("bw", "10.0.0.2");
        assertThat(rw("-s")).containsExactly("server");
        assertThat(rw("-s", "-p", "6000")).containsExactly("server", "-p", "6000");
        assertThat(rw("-p", "6000", "--server")).containsExactly("server", "-p", "6000");
        assertThat(rw("--debug", "-c", "h1")).containsExactly("bw", "h1", "--debug");
    }

    @Test
    void commandsKeepTheirOwnMeaning() {
        // bw's -s is the RDMA message size; a line that names a command is not iperf3's
        assertThat(rw("bw", "h1", "--rdma", "write", "-s", "64")).containsExactly("bw", "h1", "--rdma", "write", "-s", "64");
        assertThat(rw("--debug", "bw", "-s", "64")).containsExactly("--debug", "bw", "-s", "64");
        assertThat(rw("server", "-p", "1")).containsExactly("server", "-p", "1");
        assertThat(rw("-V")).containsExactly("-V");
        assertThat(rw()).isEmpty();
    }

    @Test
    void missingHostIsAUsageError() {
        Cli.Run r = Cli.run("-c");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
    }

    @Test
    void clientOptionIsNoLongerRefused() {
        // on main: "Unknown option: '-c'; did you mean --connect-timeout?"
        Cli.Run r = Cli.run("-c", "127.0.0.1", "-t", "0.01", "--no-save");
        assertThat(r.err()).doesNotContain("Unknown option").doesNotContain("did you mean");
    }
}
