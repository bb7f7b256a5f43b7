package dev.wirespeed.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.ServerProcess;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32, break 9: the documented maximum, `bw -P 128 --bidir -l 16M`, died on a 2-core machine
 * with EOFException (admission dropped the test's own 256 data connections), and its streams
 * touched 4 GiB of buffers on each side before a byte moved. It runs now: every data connection
 * is accepted, the server runs 128 streams each way, and bytes move.
 */
@Tag("hostile")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DocumentedMaximumIT {
    @Test
    void oneHundredTwentyEightStreamsEachWayWithSixteenMebibyteBuffersRun() throws Exception {
        try (ServerProcess server = ServerProcess.start("--max-memory", "4G")) {
            long t0 = System.nanoTime();
            Cli.Run bw = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-P", "128", "--bidir", "-l",
                    "16M", "-t", "2", "--no-save");
            double seconds = (System.nanoTime() - t0) / 1e9;
            System.out.printf("bw -P 128 --bidir -l 16M -t 2: exit %d in %.1f s%n%s", bw.exitCode(), seconds, bw.err());
            assertThat(bw.err()).doesNotContain("EOFException").doesNotContain("server busy")
                    .doesNotContain("data connections arrived");
            List<String> lines = List.of();
            for (int i = 0; i < 100 && lines.stream().noneMatch(l -> l.contains("bidir 128 streams each way")); i++) {
                Thread.sleep(100);
                lines = server.lines();
            }
            assertThat(lines).as("the server ran the test").anyMatch(l -> l.contains("bidir 128 streams each way")
                    && !l.contains("received 0 B") && !l.contains("only"));
            assertThat(seconds).as("a 2 s test on a loaded 2-core host").isLessThan(60);
        }
    }
}
