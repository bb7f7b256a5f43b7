package dev.wirespeed.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.BwResult;
import dev.wirespeed.testing.PrometheusText;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentMetricsTest {
    @Test
    void latestResultPerPeerInPrometheusTextWithEscapedLabels() throws Exception {
        AgentMetrics m = new AgentMetrics("node\"1", "wirespeed 0.1.0");
        BwResult.Summary rx = new BwResult.Summary(5_881_250_000L, 5.0, 9.41e9, null);
        BwResult.Summary tx = new BwResult.Summary(5_881_250_000L, 5.0, 9.41e9, new BwResult.Retransmits(12L, 40L));
        BwResult r = new BwResult(BwResult.SCHEMA, new BwResult.Tool("wirespeed", "0.1.0"), "2026-11-30T10:00:00Z", null,
                null, null, List.of(new BwResult.DirectionResult("upload", "client", "server", List.of(), List.of(), tx, rx)),
                null, BwResult.Outcome.OK);
        m.record("node02", 5301, r);
        m.recordFailure();
        String text = m.render();
        assertThat(text).contains("# HELP wirespeed_agent_info This agent: host name and software version.\n"
                + "# TYPE wirespeed_agent_info gauge\n"
                + "wirespeed_agent_info{host=\"node\\\"1\",version=\"wirespeed 0.1.0\"} 1.0\n");
        assertThat(text).contains("wirespeed_agent_tests_total{outcome=\"failed\"} 1.0\n")
                .contains("wirespeed_agent_tests_total{outcome=\"ok\"} 1.0\n")
                .contains("wirespeed_bandwidth_bits_per_second{direction=\"upload\",host=\"node\\\"1\",label=\"\","
                        + "peer=\"node02\",port=\"5301\",protocol=\"tcp\",test=\"tcp-bw\",tool=\"wirespeed\"} 9.41E9\n")
                .contains("wirespeed_tcp_retransmitted_segments{direction=\"upload\",host=\"node\\\"1\",label=\"\","
                        + "peer=\"node02\",port=\"5301\",protocol=\"tcp\",test=\"tcp-bw\",tool=\"wirespeed\"} 12.0\n")
                .containsPattern("wirespeed_result_timestamp_seconds\\{direction=\"upload\",host=\"node\\\\\"1\",label=\"\","
                        + "peer=\"node02\",port=\"5301\",protocol=\"tcp\",test=\"tcp-bw\",tool=\"wirespeed\"} 1\\.\\d+E9\n");
        // every metric has HELP and TYPE
        long types = text.lines().filter(l -> l.startsWith("# TYPE ")).count();
        long helps = text.lines().filter(l -> l.startsWith("# HELP ")).count();
        assertThat(types).isEqualTo(helps).isGreaterThanOrEqualTo(5);
        assertThat(PrometheusText.errors(text, false)).isEmpty();

        // a later test to the same peer replaces the figure
        BwResult.Summary slower = new BwResult.Summary(1_000_000_000L, 5.0, 1.6e9, null);
        m.record("node02", 5301, new BwResult(BwResult.SCHEMA, r.tool(), r.startedAt(), null, null, null,
                List.of(new BwResult.DirectionResult("upload", "client", "server", List.of(), List.of(), slower, slower)),
                null, BwResult.Outcome.OK));
        assertThat(m.render()).contains("peer=\"node02\",port=\"5301\",protocol=\"tcp\",test=\"tcp-bw\",tool=\"wirespeed\"} 1.6E9\n").doesNotContain("9.41E9");
        assertThat(PrometheusText.errors(m.renderOpenMetrics(), true)).isEmpty();
        assertThat(PrometheusText.promtool(text)).isEmpty();
    }
}
