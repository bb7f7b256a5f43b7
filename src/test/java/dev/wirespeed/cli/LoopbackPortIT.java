package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** `bw --loopback -p PORT` and `lat --loopback -p PORT` put the in-process server on PORT (127.0.0.1). */
class LoopbackPortIT {
    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    @Test
    void loopbackServerListensOnTheGivenPort() throws Exception {
        for (String[] args : new String[][] {{"bw", "-t", "0.3"}, {"lat", "-n", "50"}}) {
            String port = Integer.toString(freePort());
            Cli.Run r = Cli.run(args[0], "--loopback", "-p", port, args[1], args[2], "-J", "--no-save");
            assertThat(r.exitCode()).as(args[0] + ": " + r.err()).isZero();
            assertThat(Json.MAPPER.readTree(r.out()).get("server").get("port").asInt()).as(args[0])
                    .isEqualTo(Integer.parseInt(port));
        }
    }
}
