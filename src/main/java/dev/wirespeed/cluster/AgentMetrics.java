package dev.wirespeed.cluster;

import dev.wirespeed.report.MetricsExposition;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An agent's latest results per peer and test kind, exposed through the Prometheus client
 * library ({@link MetricsExposition}: the metrics `results export --format openmetrics` writes,
 * labelled host (this agent), peer and port (the agent it tested against), direction, protocol,
 * tool (wirespeed, or perftest), test and label (empty: an agent's tests carry no user label)),
 * plus the agent's own: its info, open sessions, and tests by outcome.
 */
public final class AgentMetrics {
    private final String host;
    private final MetricsExposition exposition = new MetricsExposition();
    private final Counter tests = exposition.counter("wirespeed_agent_tests", "Tests this agent ran as the client, "
            + "by outcome.", "outcome");
    private final Gauge sessionsGauge = exposition.gauge("wirespeed_agent_sessions", "Coordinator sessions open now.");
    private final AtomicInteger sessions = new AtomicInteger();

    public AgentMetrics(String host, String software) {
        this.host = host;
        exposition.gauge("wirespeed_agent_info", "This agent: host name and software version.", "host", "version")
                .labelValues(host, software).set(1);
        sessionsGauge.set(0);
    }

    /** A TCP test this agent ran as the client: one set of figures per direction. */
    public synchronized void record(String peer, int peerPort, BwResult result) {
        String port = Integer.toString(peerPort);
        tests.labelValues(result.outcome().status().label()).inc();
        Instant now = Instant.now();
        for (BwResult.DirectionResult d : result.directions()) {
            BwResult.Summary s = d.receiverSummary() != null ? d.receiverSummary() : d.senderSummary();
            if (s == null) {
                continue;
            }
            List<Metric> summary = new ArrayList<>(List.of(Metric.of(Metrics.BITS_PER_SECOND, s.bitsPerSecond())));
            if (d.senderSummary() != null && d.senderSummary().retransmits() != null
                    && d.senderSummary().retransmits().sockets() != null) {
                summary.add(Metric.of(Metrics.RETRANSMITS, d.senderSummary().retransmits().sockets()));
            }
            exposition.add(new MetricsExposition.Series(host, peer, port, d.direction(), "tcp", "wirespeed",
                    Measurement.Tests.TCP_BW, ""), new Measurement("wirespeed", null, Measurement.Tests.TCP_BW,
                    Map.of(), summary, null, null, "measured"), now);
        }
    }

    /** @param measured perftest's measurement of a bandwidth run (its summary holds bitsPerSecond) */
    public synchronized void recordPerftest(String peer, String test, Measurement measured) {
        tests.labelValues("ok").inc();
        List<Metric> summary = new ArrayList<>();
        measured.metric(Metrics.BITS_PER_SECOND).ifPresent(summary::add);
        measured.metric(Metrics.MESSAGES_PER_SECOND).ifPresent(summary::add);
        String size = measured.params().get("sizeBytes");
        exposition.add(new MetricsExposition.Series(host, peer, "", "upload", "rdma", "perftest", test, ""),
                new Measurement("perftest", null, test, size == null ? Map.of() : Map.of("sizeBytes", size), summary,
                        null, null, "measured"), Instant.now());
    }

    public synchronized void recordFailure() {
        tests.labelValues("failed").inc();
    }

    AtomicInteger sessions() {
        return sessions;
    }

    /** The Prometheus text format 0.0.4, as /metrics serves it. */
    public synchronized String render() {
        sessionsGauge.set(sessions.get());
        return exposition.prometheusText();
    }

    /** OpenMetrics 1.0 text of the same metrics. */
    public synchronized String renderOpenMetrics() {
        sessionsGauge.set(sessions.get());
        return exposition.openMetrics();
    }
}
