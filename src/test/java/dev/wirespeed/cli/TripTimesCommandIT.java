package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * {@code bw --trip-times} from the command line: usage errors exit 2 with one line before anything
 * opens; a loopback run prints the trip-times document; an unsynchronised peer (the handshake's test
 * hook, never the host's clock) ends the command with exit 1 and one line naming it. Isolated: the
 * hook is a system property of this JVM.
 */
@Isolated
class TripTimesCommandIT {
    @Test
    void usageErrorsExitTwoWithOneLine() {
        String[][] refused = {
            {"-R", "not with -R"}, {"--bidir", "not with --bidir"}, {"-Z", "not with -Z"},
            {"--skip-rx-copy", "not with --skip-rx-copy"}, {"-a", "not with -a"}, {"--latency", "not with --latency"},
            {"--iperf3", "iperf3 has no trip times"}, {"-l", "8"}, {"--json-format", "iperf3"},
        };
        for (String[] r : refused) {
            Cli.Run run = r[0].equals("-l") ? Cli.run("bw", "127.0.0.1", "--trip-times", "-l", "8", "--no-save")
                    : r[0].equals("--json-format") ? Cli.run("bw", "127.0.0.1", "--trip-times", "--json-format",
                    "iperf3", "--no-save") : Cli.run("bw", "127.0.0.1", "--trip-times", r[0], "--no-save");
            assertThat(run.exitCode()).as(String.join(" ", r) + ": " + run.err()).isEqualTo(2);
            assertThat(run.err()).as(r[0]).contains("--trip-times");
            assertThat(run.err().strip().lines()).as(r[0]).hasSize(1);
        }
    }

    @Test
    void aLoopbackRunPrintsItsDocument() {
        Cli.Run run = Cli.run("bw", "--loopback", "--trip-times", "-t", "0.5", "-P", "1", "--json", "--no-save");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(JsonSchemas.errors("trip-times.schema.json", run.out())).isEmpty();
        assertThat(run.out()).contains("\"agreement\" : \"one-kernel\"");
        Cli.Run text = Cli.run("bw", "--loopback", "--trip-times", "--udp", "-b", "10M", "-t", "0.5", "--no-save");
        assertThat(text.exitCode()).as(text.err()).isZero();
        assertThat(text.out()).startsWith("clocks: one clock").contains("One-way latency, client to server (ms)")
                .contains("  one-way  ");
    }

    @Test
    void anUnsynchronisedPeerEndsTheCommandWithOneLine() {
        System.setProperty("wirespeed.test.serverClock", "unsynchronised");
        try {
            Cli.Run run = Cli.run("bw", "--loopback", "--trip-times", "-t", "0.5", "--no-save");
            assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
            assertThat(run.err()).contains("needs both clocks synchronised").contains("127.0.0.1:")
                    .contains("chronyd").doesNotContain("Exception");
            assertThat(run.err().strip().lines()).hasSize(1);
            assertThat(run.out()).doesNotContain("One-way latency");
        } finally {
            System.clearProperty("wirespeed.test.serverClock");
        }
    }
}
