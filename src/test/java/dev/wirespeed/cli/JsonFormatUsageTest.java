package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;

/** --json-format: what has no iperf3 shape is a usage error, before anything is dialled. */
class JsonFormatUsageTest {
    @Test
    void unknownShapeIsAUsageError() {
        Cli.Run r = Cli.run("bw", "192.0.2.1", "--json-format", "iperf2");
        assertThat(r.exitCode()).isEqualTo(2);
        assertThat(r.err()).contains("--json-format").contains("wirespeed, iperf3");
    }

    @Test
    void sweepRdmaAndJsonStreamAreRefused() {
        Cli.Run sweep = Cli.run("bw", "192.0.2.1", "-a", "--json-format", "iperf3");
        assertThat(sweep.exitCode()).isEqualTo(2);
        assertThat(sweep.err()).contains("not with -a");
        Cli.Run rdma = Cli.run("bw", "192.0.2.1", "--rdma", "write", "--json-format", "iperf3");
        assertThat(rdma.exitCode()).isEqualTo(2);
        assertThat(rdma.err()).contains("not with --rdma");
        Cli.Run stream = Cli.run("bw", "192.0.2.1", "--json-stream", "--json-format", "iperf3");
        assertThat(stream.exitCode()).isEqualTo(2);
        assertThat(stream.err()).contains("not with --json-stream");
    }
}
