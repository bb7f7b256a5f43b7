package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * bw --latency runs its pings as a second test on the same server through the whole load; the
 * server counts them as another test at once. The result must not tell the user the server was
 * shared because of our own pings (it said "the server ran 1 other test" on a lone client).
 */
class LoadedLatencySharingIT {
    @Test
    void aLoneClientsOwnPingsDoNotMakeTheServerShared() throws Exception {
        Cli.Run r = Cli.run("bw", "--loopback", "--latency", "--idle", "1", "-t", "1", "-P", "1", "--json",
                "--no-save");
        assertThat(r.exitCode()).as(r.err()).isZero();
        JsonNode load = Json.MAPPER.readTree(r.out()).path("bandwidth");
        assertThat(load.path("serverSharedWithTests").isMissingNode()).as(r.out()).isFalse();
        assertThat(load.path("serverSharedWithTests").asInt()).as(r.out()).isZero();
    }
}
