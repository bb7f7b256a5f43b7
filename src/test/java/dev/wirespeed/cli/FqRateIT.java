package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** --fq-rate paces each stream over loopback (SO_MAX_PACING_RATE); iperf3's options not carried out say why, exit 2. */
class FqRateIT {
    private static double receivedBitsPerSecond(String... extra) throws Exception {
        List<String> line = new ArrayList<>(List.of("bw", "--loopback", "-t", "1.5", "-P", "1", "-J",
                "--no-save"));
        line.addAll(List.of(extra));
        Cli.Run r = Cli.run(line.toArray(new String[0]));
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode result = Json.MAPPER.readTree(r.out());
        return result.get("directions").get(0).get("receiverSummary").get("bitsPerSecond").asDouble();
    }

    @Test
    void eachStreamIsPacedToTheRateBothWays() throws Exception {
        // loopback moves gigabits per second here; paced to 50 Mbit/s it stays near that (a burst of the
        // initial window may add a little over 1.5 s)
        assertThat(receivedBitsPerSecond("--fq-rate", "50M")).isBetween(20e6, 70e6);
        assertThat(receivedBitsPerSecond("--fq-rate", "50M", "-R")).isBetween(20e6, 70e6);
    }

    @Test
    void unsupportedIperf3OptionsAreOneUsageLine() {
        for (String[] args : new String[][] {{"--bind-dev", "lo", "--udp"}, {"--bind-dev", "no/such"}, {"--dont-fragment"},
            {"--dont-fragment", "--udp", "--rdma", "write"}, {"--flowlabel", "0"},
            {"--flowlabel", "0x100000"}, {"--flowlabel", "7", "--udp"}, {"-L", "x"},
            {"-m", "--udp"}, {"-m", "-b", "1G"}, {"--fq-rate", "1M", "--udp"}, {"--fq-rate", "0"}}) {
            List<String> line = new ArrayList<>(List.of("bw", "127.0.0.1", "--no-save"));
            line.addAll(List.of(args));
            Cli.Run r = Cli.run(line.toArray(new String[0]));
            assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines().count()).isEqualTo(1);
            assertThat(r.err()).doesNotContain("Unknown option");
        }
    }
}
