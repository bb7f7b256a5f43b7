package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import dev.wirespeed.testing.Cli;
import dev.wirespeed.testing.JsonSchemas;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** check over loopback runs its UDP test beside TCP (issue 28 point 6): text, JSON and the verdict. */
class CheckUdpIT {
    @Test
    void checkOverLoopbackRunsAUdpTest() throws Exception {
        Cli.Run r = Cli.run("check", "--no-save", "-t", "1", "--json");
        assertThat(r.exitCode()).as(r.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        assertThat(JsonSchemas.errors("check.schema.json", r.out())).isEmpty();
        JsonNode n = Json.MAPPER.readTree(r.out());
        JsonNode udp = n.path("udp");
        assertThat(udp.path("schema").asString()).isEqualTo("wirespeed.udp-bw/1");
        assertThat(udp.path("params").path("datagramBytes").asInt()).isEqualTo(8972);
        assertThat(udp.path("params").path("targetBitsPerSecond").asLong()).isZero();
        JsonNode received = udp.path("directions").get(0).path("receiverSummary");
        assertThat(received.path("packets").asLong()).isPositive();
        assertThat(n.path("udpSkipped").isMissingNode()).isTrue();
        JsonNode verdict = n.path("verdict").path("udp");
        assertThat(verdict.path("receivedBitsPerSecond").asDouble()).isEqualTo(received.path("bitsPerSecond").asDouble());
        assertThat(verdict.path("lossPercent").asDouble()).isEqualTo(received.path("lossPercent").asDouble());
        assertThat(n.path("verdict").path("text").asString()).contains("UDP (8972 B datagrams, unpaced): ");
    }

    @Test
    void theTextShowsTheUdpLine() {
        Cli.Run r = Cli.run("check", "--no-save", "-t", "1");
        assertThat(r.exitCode()).as(r.err()).isIn(ExitCode.OK, ExitCode.FINDINGS);
        assertThat(r.out()).contains("check: UDP to loopback, 8972 B datagrams, unpaced, 2 s")
                .containsPattern("udp: loopback 8972 B datagrams, 2 s unpaced: received [0-9.]+ [GMk]bit/s "
                        + "\\([0-9]+ packets/s\\), lost [0-9.e+-]+ %")
                .contains(" UDP (8972 B datagrams, unpaced): ");
    }
}
