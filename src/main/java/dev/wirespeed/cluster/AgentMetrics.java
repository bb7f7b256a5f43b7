package dev.wirespeed.cluster;

import dev.wirespeed.results.BwResult;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An agent's last results, rendered in the Prometheus text exposition format 0.0.4
 * (prometheus.io/docs/instrumenting/exposition_formats): one gauge per peer, direction and
 * engine with the last rate, when it was measured, and counters of tests by outcome.
 */
public final class AgentMetrics {
    private record Key(String peer, String direction, String engine) implements Comparable<Key> {
        public int compareTo(Key o) {
            return (peer + "\0" + direction + "\0" + engine).compareTo(o.peer + "\0" + o.direction + "\0" + o.engine);
        }
    }

    private record Last(double bitsPerSecond, Long retransmits, double epochSeconds) {}

    private final String host;
    private final String software;
    private final Map<Key, Last> last = new TreeMap<>();
    private final Map<String, Long> testsByOutcome = new TreeMap<>();
    private final AtomicInteger sessions = new AtomicInteger();

    public AgentMetrics(String host, String software) {
        this.host = host;
        this.software = software;
    }

    /** A TCP test this agent ran as the client. */
    public synchronized void record(String peer, BwResult result) {
        testsByOutcome.merge(result.outcome().status().label(), 1L, Long::sum);
        double now = Instant.now().toEpochMilli() / 1000.0;
        for (BwResult.DirectionResult d : result.directions()) {
            BwResult.Summary s = d.receiverSummary() != null ? d.receiverSummary() : d.senderSummary();
            if (s == null) {
                continue;
            }
            Long retrans = d.senderSummary() != null && d.senderSummary().retransmits() != null
                    ? d.senderSummary().retransmits().sockets() : null;
            last.put(new Key(peer, d.direction(), "tcp"), new Last(s.bitsPerSecond(), retrans, now));
        }
    }

    public synchronized void recordPerftest(String peer, String test, PerftestResult result) {
        testsByOutcome.merge("ok", 1L, Long::sum);
        last.put(new Key(peer, "upload", test), new Last(result.bitsPerSecond(), null,
                Instant.now().toEpochMilli() / 1000.0));
    }

    public synchronized void recordFailure() {
        testsByOutcome.merge("failed", 1L, Long::sum);
    }

    AtomicInteger sessions() {
        return sessions;
    }

    public synchronized String render() {
        StringBuilder b = new StringBuilder();
        header(b, "wirespeed_agent_info", "gauge", "This agent: host name and software version.");
        b.append("wirespeed_agent_info{host=\"").append(escape(host)).append("\",version=\"").append(escape(software))
                .append("\"} 1\n");
        header(b, "wirespeed_agent_sessions", "gauge", "Coordinator sessions open now.");
        b.append("wirespeed_agent_sessions ").append(sessions.get()).append('\n');
        header(b, "wirespeed_agent_tests_total", "counter", "Tests this agent ran as the client, by outcome.");
        testsByOutcome.forEach((outcome, n) -> b.append("wirespeed_agent_tests_total{outcome=\"").append(escape(outcome))
                .append("\"} ").append(n).append('\n'));
        header(b, "wirespeed_agent_last_bits_per_second", "gauge",
                "Rate of the last test to each peer, receiver side, after the warm-up (bit/s, decimal).");
        last.forEach((k, v) -> b.append("wirespeed_agent_last_bits_per_second").append(labels(k)).append(' ')
                .append(number(v.bitsPerSecond())).append('\n'));
        header(b, "wirespeed_agent_last_test_timestamp_seconds", "gauge", "When the last test to each peer ended (Unix time).");
        last.forEach((k, v) -> b.append("wirespeed_agent_last_test_timestamp_seconds").append(labels(k)).append(' ')
                .append(number(v.epochSeconds())).append('\n'));
        header(b, "wirespeed_agent_last_retransmits", "gauge", "TCP segments retransmitted by the sender in the last test.");
        last.forEach((k, v) -> {
            if (v.retransmits() != null) {
                b.append("wirespeed_agent_last_retransmits").append(labels(k)).append(' ').append(v.retransmits()).append('\n');
            }
        });
        return b.toString();
    }

    private static void header(StringBuilder b, String name, String type, String help) {
        b.append("# HELP ").append(name).append(' ').append(help).append('\n');
        b.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private static String labels(Key k) {
        return "{peer=\"" + escape(k.peer()) + "\",direction=\"" + escape(k.direction()) + "\",engine=\""
                + escape(k.engine()) + "\"}";
    }

    /** Label values escape backslash, double quote and line feed (exposition format). */
    static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    /** Go's ParseFloat (Prometheus) reads Java's "9.41E9"; whole numbers print without a fraction. */
    private static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
