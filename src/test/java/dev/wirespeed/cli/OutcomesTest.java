package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.cluster.MeshEngine;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.OutcomeStatus;
import dev.wirespeed.results.Protocol;
import dev.wirespeed.wire.TestMode;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The typed statuses and modes keep the JSON labels they had as strings; one exit-code mapping. */
class OutcomesTest {
    @Test
    void everyStatusHasItsExitCode() {
        assertThat(Outcomes.exitCode(OutcomeStatus.OK)).isEqualTo(ExitCode.OK);
        assertThat(Outcomes.exitCode(OutcomeStatus.INTERRUPTED)).isEqualTo(ExitCode.INTERRUPTED);
        assertThat(Outcomes.exitCode(OutcomeStatus.PEER_LOST)).isEqualTo(ExitCode.FAILURE);
        assertThat(Outcomes.exitCode(OutcomeStatus.FAILED)).isEqualTo(ExitCode.FAILURE);
    }

    @Test
    void aFailedOutcomePrintsOneLine() {
        StringWriter err = new StringWriter();
        int code = Outcomes.exitCode(new BwResult.Outcome(OutcomeStatus.PEER_LOST, "the server went away"),
                new PrintWriter(err), "wirespeed bw");
        assertThat(code).isEqualTo(ExitCode.FAILURE);
        assertThat(err.toString()).isEqualTo("wirespeed bw: the server went away" + System.lineSeparator());
    }

    @Test
    void labelsInJsonAreTheOldStrings() throws Exception {
        String json = Json.MAPPER.writeValueAsString(new BwResult.Outcome(OutcomeStatus.PEER_LOST, "x"));
        assertThat(json.replaceAll("\\s", "")).isEqualTo("{\"status\":\"peer-lost\",\"message\":\"x\"}");
        assertThat(Json.MAPPER.readValue("{\"status\":\"interrupted\"}", BwResult.Outcome.class).status())
                .isEqualTo(OutcomeStatus.INTERRUPTED);
        assertThat(Json.MAPPER.writeValueAsString(TestMode.UDP_LAT)).isEqualTo("\"udp-lat\"");
        assertThat(TestMode.of("tcp-bw")).contains(TestMode.TCP_BW);
        assertThat(TestMode.of("udp-flood")).isEmpty();
        assertThat(Protocol.of("udp")).contains(Protocol.UDP);
        assertThat(MeshEngine.of("perftest")).contains(MeshEngine.PERFTEST);
        assertThat(MeshEngine.labels()).isEqualTo("tcp, perftest");
    }
}
