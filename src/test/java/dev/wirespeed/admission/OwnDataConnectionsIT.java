package dev.wirespeed.admission;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.engine.server.Server;
import dev.wirespeed.engine.server.ServerConfig;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.wire.TestSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 32, break 9: the per-address cap on pending handshakes dropped the data connections of
 * the test it had admitted (`bw -P 128 --bidir` opens 256 at once against a cap of 64), and the
 * client died with EOFException. With caps of 8 per address and 16 in all, 64 streams each way
 * still connect: a test's own connections are room on top of the caps.
 */
@Tag("hostile")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class OwnDataConnectionsIT {
    @Test
    void aTestsOwnDataConnectionsDoNotCrowdEachOtherOut() throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        ServerLimits limits = ServerLimits.DEFAULT.withPending(8, 16);
        try (Server server = new Server(new ServerConfig("127.0.0.1", 0, false, TestSpec.Limits.DEFAULT, 30_000,
                log::add, limits))) {
            server.serveInBackground();
            Cli.Run bw = Cli.run("bw", "127.0.0.1", "-p", Integer.toString(server.port()), "-P", "64", "--bidir",
                    "-l", "128K", "-t", "1", "--no-save");
            assertThat(bw.exitCode()).as("%s%s\nserver: %s", bw.out(), bw.err(), log).isZero();
            assertThat(server.acceptedDataConnections()).isEqualTo(128);
        }
        assertThat(log).noneMatch(l -> l.contains("server busy"));
    }
}
