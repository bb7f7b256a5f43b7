package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;

/** `bw HOST` and `lat HOST` against a real iperf3 server (loopback) stop with one line naming --iperf3. */
class Iperf3RecognizedIT {
    private static Cli.Run run(String... args) {
        return Cli.run(args);
    }

    @Test
    void bwAndLatRecognizeAnIperf3Server() throws Exception {
        Iperf3Binary.assumeInstalled();
        for (String command : new String[] {"bw", "lat"}) {
            int port = Iperf3Binary.freePort();
            try (Iperf3Binary server = Iperf3Binary.server(port)) {
                Cli.Run r = run(command, "127.0.0.1", "-p", Integer.toString(port), "-t", "1", "--no-save");
                assertThat(r.exitCode()).as(command).isEqualTo(1);
                assertThat(r.err()).as(command).contains("iperf3", "add --iperf3").doesNotContain("frame length");
                assertThat(r.err().strip().lines()).as(command).hasSize(1);
            }
        }
    }
}
