package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.wirespeed.perftest.PerftestOutput;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.wire.FrameCodec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What an agent answers for a perftest pair: the measurement of explain's perftest reader, whose
 * summary and parameters carry the row the coordinator and the agent's metrics use. Fixtures:
 * explain's, in src/test/resources/parse/perftest, each naming its seed file and lines.
 */
class PerftestRunTest {

    static String fixture(String name) throws IOException {
        try (InputStream in = PerftestRunTest.class.getResourceAsStream("/parse/perftest/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static double metric(Measurement m, String name) {
        return m.metric(name).orElseThrow(() -> new AssertionError("no " + name + " in " + m.summary())).value();
    }

    @Test
    void roce25gSingleSizeInGbits() throws IOException {
        Measurement m = PerftestOutput.measurement(fixture("ib_send_bw-roce-report_gbit-seed000.txt"), "ib_send_bw");
        assertThat(m.params()).containsEntry("sizeBytes", "65536").containsEntry("linkType", "Ethernet")
                .containsEntry("test", "ib_send_bw");
        assertThat(metric(m, Metrics.ITERATIONS)).isEqualTo(1000);
        assertThat(metric(m, Metrics.BITS_PER_SECOND)).isCloseTo(23.13e9, within(1.0));
        assertThat(metric(m, Metrics.PEAK_BITS_PER_SECOND)).isCloseTo(23.14e9, within(1.0));
        assertThat(metric(m, Metrics.MESSAGES_PER_SECOND)).isCloseTo(44_119, within(0.01));
        assertThat(m.source()).isEqualTo("measured");
    }

    @Test
    void sweepSummarisesTheLargestSize() throws IOException {
        Measurement m = PerftestOutput.measurement(fixture("ib_send_bw-ndr200-sweep-seed000.txt"), "ib_send_bw");
        assertThat(m.params()).containsEntry("sizeBytes", "8388608").containsEntry("linkType", "IB");
        assertThat(metric(m, Metrics.BITS_PER_SECOND)).isCloseTo(196.69e9, within(1.0));
    }

    @Test
    void megabytesArePerftestsBinaryMegabytes() throws IOException {
        Measurement m = PerftestOutput.measurement(fixture("ib_write_bw-roce-cpufreq-seed002.txt"), "ib_write_bw");
        assertThat(m.params()).containsEntry("sizeBytes", "65536");
        assertThat(metric(m, Metrics.ITERATIONS)).isEqualTo(5000);
        assertThat(metric(m, Metrics.BITS_PER_SECOND)).isCloseTo(16826.73 * 1048576 * 8, within(1.0));
        assertThat(metric(m, Metrics.BITS_PER_SECOND) / 1e9).isCloseTo(141.15, within(0.01));
    }

    @Test
    void noTableNoMeasurement() {
        assertThat(PerftestOutput.measurement(" Couldn't connect to 10.0.0.2:18515\nUnable to open file descriptor"
                + " for socket connection", "ib_write_bw")).isNull();
    }

    @Test
    void theAnswerCrossesTheAgentProtocolWhole() throws IOException {
        Measurement m = PerftestOutput.measurement(fixture("ib_send_bw-roce-report_gbit-seed000.txt"), "ib_send_bw");
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        new FrameCodec(InputStream.nullInputStream(), buf, AgentMessage.MAX_FRAME_BYTES)
                .writeValue(new AgentMessage.PerftestDone(7, m));
        AgentMessage.PerftestDone back = (AgentMessage.PerftestDone) new FrameCodec(
                new ByteArrayInputStream(buf.toByteArray()), OutputStream.nullOutputStream(), AgentMessage.MAX_FRAME_BYTES)
                .readValue(AgentMessage.class);
        assertThat(back.id()).isEqualTo(7);
        assertThat(back.measurement()).isEqualTo(m);
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
