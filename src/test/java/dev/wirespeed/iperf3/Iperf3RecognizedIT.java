package dev.wirespeed.iperf3;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * `bw HOST` and `lat HOST` against a real iperf3 server (loopback) stop with one line naming --iperf3;
 * `server --iperf3 -p PORT` serves iperf3 clients on PORT alone.
 */
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

    @Test
    void anIperf3ServerIsRecognisedFromItsFirstByte() throws Exception {
        // Debian's iperf3 (3.12 here) answers the cookie with PARAM_EXCHANGE and then waits silently for
        // parameters: before, bw waited for three more bytes until its handshake timeout (here 30 s)
        Iperf3Binary.assumeInstalled();
        int port = Iperf3Binary.freePort();
        try (Iperf3Binary server = Iperf3Binary.server(port)) {
            long t0 = System.nanoTime();
            Cli.Run r = run("bw", "127.0.0.1", "-p", Integer.toString(port), "-t", "1", "--connect-timeout", "30",
                    "--no-save");
            long seconds = (System.nanoTime() - t0) / 1_000_000_000L;
            assertThat(r.err()).contains("is an iperf3 server; add --iperf3");
            assertThat(seconds).as("seconds to the hint (bounded far below the 30 s timeout)").isLessThan(10);
        }
    }

    @Test
    void serverIperf3WithAPortListensOnThatPortOnly() throws Exception {
        Iperf3Binary.assumeInstalled();
        int port = Iperf3Binary.freePort();
        Cli.Running server = Cli.start("server", "--iperf3", "-p", Integer.toString(port), "-B", "127.0.0.1", "--once");
        assertThat(server.awaitOutput("listening on", 10_000)).as(server.err().toString()).isTrue();
        try (Iperf3Binary client = Iperf3Binary.start(List.of("-c", "127.0.0.1", "-p", Integer.toString(port),
                "-t", "1", "-J"))) {
            assertThat(client.await(30)).as(client.output()).isZero();
            assertThat(client.json().get("end").get("sum_received").get("bytes").asLong()).isPositive();
        }
        Cli.Run r = server.await(15_000);
        assertThat(r.exitCode()).isZero();
        assertThat(r.out()).contains("listening on 127.0.0.1:" + port + " (").doesNotContain(":" + Iperf3.DEFAULT_PORT);
    }
}
