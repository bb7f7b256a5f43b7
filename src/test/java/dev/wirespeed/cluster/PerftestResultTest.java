package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.perftest.PerftestOutput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Fixtures: explain's, in src/test/resources/parse/perftest, each naming its seed file and lines. */
class PerftestResultTest {

    static String fixture(String name) throws IOException {
        try (InputStream in = PerftestResultTest.class.getResourceAsStream("/parse/perftest/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Optional<PerftestResult> result(String output, String program) {
        return PerftestResult.of(PerftestOutput.measurement(output, program));
    }

    @Test
    void roce25gSingleSizeInGbits() throws IOException {
        PerftestResult r = result(fixture("ib_send_bw-roce-report_gbit-seed000.txt"), "ib_send_bw").orElseThrow();
        assertThat(r.sizeBytes()).isEqualTo(65536);
        assertThat(r.iterations()).isEqualTo(1000);
        assertThat(r.bitsPerSecond()).isCloseTo(23.13e9, within(1.0));
        assertThat(r.peakBitsPerSecond()).isCloseTo(23.14e9, within(1.0));
        assertThat(r.messagesPerSecond()).isCloseTo(44_119, within(0.01));
        assertThat(r.linkType()).isEqualTo("Ethernet");
    }

    @Test
    void sweepTakesTheLargestSize() throws IOException {
        PerftestResult r = result(fixture("ib_send_bw-ndr200-sweep-seed000.txt"), "ib_send_bw").orElseThrow();
        assertThat(r.sizeBytes()).isEqualTo(8_388_608);
        assertThat(r.bitsPerSecond()).isCloseTo(196.69e9, within(1.0));
        assertThat(r.linkType()).isEqualTo("IB");
    }

    @Test
    void megabytesArePerftestsBinaryMegabytes() throws IOException {
        PerftestResult r = result(fixture("ib_write_bw-roce-cpufreq-seed002.txt"), "ib_write_bw").orElseThrow();
        assertThat(r.sizeBytes()).isEqualTo(65536);
        assertThat(r.iterations()).isEqualTo(5000);
        assertThat(r.bitsPerSecond()).isCloseTo(16826.73 * 1048576 * 8, within(1.0));
        assertThat(r.bitsPerSecond() / 1e9).isCloseTo(141.15, within(0.01));
    }

    @Test
    void noTableNoResult() {
        assertThat(result(" Couldn't connect to 10.0.0.2:18515\nUnable to open file descriptor for socket connection", "ib_write_bw"))
                .isEmpty();
    }

    @Test
    void argumentsAreBuiltFromBoundedFields() {
        PerftestSpec s = new PerftestSpec("ib_write_bw", "mlx5_2", 65536, 5, 18515, 3);
        s.validate(60_000);
        assertThat(s.arguments("/usr/bin/ib_write_bw", "node02")).containsExactly("/usr/bin/ib_write_bw", "-d", "mlx5_2",
                "-s", "65536", "-D", "5", "-p", "18515", "-F", "--report_gbits", "-x", "3", "node02");
        assertThat(new PerftestSpec("ib_send_bw", null, 65536, 5, 18515, null).arguments("ib_send_bw", null))
                .isEqualTo(List.of("ib_send_bw", "-s", "65536", "-D", "5", "-p", "18515", "-F", "--report_gbits"));
    }

    @Test
    void outOfBoundsIsRefused() {
        assertThatThrownBy(() -> new PerftestSpec("rm", null, 65536, 5, 18515, null).validate(60_000))
                .hasMessageContaining("perftest 'rm' is not one of");
        assertThatThrownBy(() -> new PerftestSpec("ib_write_bw", "mlx5_0; reboot", 65536, 5, 18515, null).validate(60_000))
                .hasMessageContaining("is not a device name");
        assertThatThrownBy(() -> new PerftestSpec("ib_write_bw", null, 65536, 500, 18515, null).validate(60_000))
                .hasMessage("durationSeconds 500 is out of range (1..60)");
        assertThatThrownBy(() -> new PerftestSpec("ib_write_bw", null, 16 << 20, 5, 18515, null).validate(60_000))
                .hasMessageContaining("sizeBytes");
        assertThatThrownBy(() -> new PerftestSpec("ib_write_bw", null, 65536, 5, 80, null).validate(60_000))
                .hasMessageContaining("port 80 is out of range");
    }
}
