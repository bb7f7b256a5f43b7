package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.BwResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentMetricsTest {
    @Test
    void prometheusTextFormatWithEscapedLabels() {
        AgentMetrics m = new AgentMetrics("node\"1", "wirespeed 0.1.0");
        BwResult.Summary rx = new BwResult.Summary(5_881_250_000L, 5.0, 9.41e9, null);
        BwResult.Summary tx = new BwResult.Summary(5_881_250_000L, 5.0, 9.41e9, new BwResult.Retransmits(12L, 40L));
        BwResult r = new BwResult(BwResult.SCHEMA, new BwResult.Tool("wirespeed", "0.1.0"), "2026-11-30T10:00:00Z", null,
                null, null, List.of(new BwResult.DirectionResult("upload", "client", "server", List.of(), List.of(), tx, rx)),
                null, BwResult.Outcome.OK);
        m.record("node02:5301", r);
        m.recordFailure();
        String text = m.render();
        assertThat(text).contains("""
                # HELP wirespeed_agent_info This agent: host name and software version.
                # TYPE wirespeed_agent_info gauge
                wirespeed_agent_info{host="node\\"1",version="wirespeed 0.1.0"} 1
                """);
        assertThat(text).contains("wirespeed_agent_tests_total{outcome=\"failed\"} 1\n")
                .contains("wirespeed_agent_tests_total{outcome=\"ok\"} 1\n")
                .contains("wirespeed_agent_last_bits_per_second{peer=\"node02:5301\",direction=\"upload\",engine=\"tcp\"} 9410000000\n")
                .contains("wirespeed_agent_last_retransmits{peer=\"node02:5301\",direction=\"upload\",engine=\"tcp\"} 12\n")
                .containsPattern("wirespeed_agent_last_test_timestamp_seconds\\{peer=\"node02:5301\",direction=\"upload\","
                        + "engine=\"tcp\"} 1\\.\\d+E9\n");
        assertThat(text).endsWith("\n");
        assertThat(AgentMetrics.escape("a\\b\nc")).isEqualTo("a\\\\b\\nc");
    }
}
