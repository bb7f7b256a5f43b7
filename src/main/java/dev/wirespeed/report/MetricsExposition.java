package dev.wirespeed.report;

import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.Peer;
import dev.wirespeed.store.StoredResult;
import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.OpenMetricsTextFormatWriter;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Unit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * Results as Prometheus metrics, through the official client library (io.prometheus
 * prometheus-metrics-core for the metric model, its text writers for the OpenMetrics 1.0 and
 * Prometheus 0.0.4 formats): `results export --format openmetrics|prometheus` for node_exporter's
 * textfile collector, and `agent --metrics` for the agent's own tests.
 *
 * <p>Every figure is a gauge of the latest result per label set {@code host, peer, port,
 * direction, protocol, tool, test, label} (a later result of the same set replaces an earlier one):
 * {@code peer} and {@code port} name the server the test ran against, {@code tool} its software
 * ("wirespeed", "iperf3"), so two servers on one host, upload and download stay apart. Names follow Prometheus' conventions
 * (base units, unit as suffix: {@code wirespeed_bandwidth_bits_per_second},
 * {@code wirespeed_latency_seconds}); every metric has HELP. No sample carries a timestamp
 * (the textfile collector refuses them): {@code wirespeed_result_timestamp_seconds} says when.
 * Sweeps are left out (their rows have no single figure); `results export --csv` has them.
 */
public final class MetricsExposition {
    static final String[] LABELS = {"host", "peer", "port", "direction", "protocol", "tool", "test", "label"};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final Gauge bandwidth = resultGauge("wirespeed_bandwidth_bits_per_second",
            "Bandwidth of the latest test, receiver side after the warm-up, in bits per second (decimal).", null);
    private final Gauge latency = Gauge.builder().name("wirespeed_latency_seconds")
            .help("One-way latency of the latest latency test (round trip / 2), by statistic: min, p50, average, "
                    + "p99, p99.9, max.")
            .unit(Unit.SECONDS).labelNames(withStat()).register(registry);
    private final Gauge messageRate = resultGauge("wirespeed_messages_per_second",
            "Messages (round trips for latency tests) per second of the latest test.", null);
    private final Gauge iops = resultGauge("wirespeed_io_operations_per_second", "I/O operations per second of the latest "
            + "fio test.", null);
    private final Gauge retransmits = resultGauge("wirespeed_tcp_retransmitted_segments",
            "TCP segments the sender retransmitted during the latest test.", null);
    private final Gauge lossRatio = resultGauge("wirespeed_udp_loss_ratio",
            "Share of UDP datagrams lost in the latest test (0 to 1).", Unit.RATIO);
    private final Gauge jitter = resultGauge("wirespeed_udp_jitter_seconds",
            "Interarrival jitter of the latest UDP test (RFC 3550).", Unit.SECONDS);
    private final Gauge resultTime = resultGauge("wirespeed_result_timestamp_seconds",
            "When the latest result of this label set was saved or measured (Unix time).", Unit.SECONDS);

    private Gauge resultGauge(String name, String help, Unit unit) {
        var b = Gauge.builder().name(name).help(help).labelNames(LABELS);
        if (unit != null) {
            b.unit(unit);
        }
        return b.register(registry);
    }

    /** A counter in this exposition's registry (the agent's tests by outcome). */
    public Counter counter(String name, String help, String... labelNames) {
        return Counter.builder().name(name).help(help).labelNames(labelNames).register(registry);
    }

    /** A label-less or labelled gauge in this exposition's registry (the agent's sessions, its info). */
    public Gauge gauge(String name, String help, String... labelNames) {
        return Gauge.builder().name(name).help(help).labelNames(labelNames).register(registry);
    }

    private static String[] withStat() {
        String[] names = Arrays.copyOf(LABELS, LABELS.length + 1);
        names[LABELS.length] = "stat";
        return names;
    }

    /**
     * What tells one series from another: where it ran, against which server, which way, over
     * which protocol, with which server software, what test, under which labels. Empty strings for
     * what a result does not have (a fio result has no peer).
     */
    public record Series(String host, String peer, String port, String direction, String protocol, String tool,
                         String test, String label) {
        String[] values() {
            return new String[] {host, peer, port, direction, protocol, tool, test, label};
        }

        String[] values(String stat) {
            return new String[] {host, peer, port, direction, protocol, tool, test, label, stat};
        }

        /** The labels of a stored result. */
        public static Series of(StoredResult r) {
            Measurement m = r.measurement();
            Peer p = r.peer();
            String peer = p != null && p.host() != null ? p.host() : m.params().getOrDefault("server", "");
            String port = p != null && p.port() != null ? p.port().toString() : m.params().getOrDefault("port", "");
            String tool = p != null && p.tool() != null ? p.tool() : "";
            return new Series(r.host() == null ? "" : r.host().hostName(), peer, port, direction(m), protocol(m), tool,
                    m.test(), String.join(",", r.labels()));
        }

        /** The direction a result moved data: its "direction" parameter, else iperf's "reverse". */
        static String direction(Measurement m) {
            String d = m.params().get("direction");
            if (d != null) {
                return d;
            }
            String reverse = m.params().get("reverse");
            if (reverse != null && m.test().endsWith("-bw")) {
                return Boolean.parseBoolean(reverse) ? "download" : "upload";
            }
            return "";
        }

        /** "tcp", "udp", "rdma" from the test's name ("tcp-bw", "udp-lat", "rdma-write-bw"); "" for fio. */
        static String protocol(Measurement m) {
            String p = m.params().get("protocol");
            if (p != null) {
                return p.toLowerCase(Locale.ROOT);
            }
            int dash = m.test().indexOf('-');
            String first = dash < 0 ? "" : m.test().substring(0, dash);
            return switch (first) {
                case "tcp", "udp", "rdma", "sctp" -> first;
                default -> "";
            };
        }
    }

    /** Adds stored results, oldest first: the latest of each label set stays. */
    public MetricsExposition addAll(Iterable<StoredResult> results) {
        for (StoredResult r : results) {
            add(Series.of(r), r.measurement(), Instant.parse(r.createdAt()));
        }
        return this;
    }

    /** One result's figures under the labels of {@code series}. */
    public void add(Series series, Measurement m, Instant at) {
        if (ResultsText.isSweep(m) || m.summary().isEmpty()) {
            return;
        }
        String[] l = series.values();
        m.metric(Metrics.BITS_PER_SECOND).ifPresent(x -> bandwidth.labelValues(l).set(x.value()));
        m.metric(Metrics.MESSAGES_PER_SECOND).ifPresent(x -> messageRate.labelValues(l).set(x.value()));
        m.metric(Metrics.IOPS).ifPresent(x -> iops.labelValues(l).set(x.value()));
        m.metric(Metrics.RETRANSMITS).ifPresent(x -> retransmits.labelValues(l).set(x.value()));
        m.metric(Metrics.LOSS_PERCENT).ifPresent(x -> lossRatio.labelValues(l).set(x.value() / 100));
        m.metric(Metrics.JITTER_MICROS).ifPresent(x -> jitter.labelValues(l).set(x.value() / 1e6));
        Map<String, String> stats = Map.of(Metrics.LATENCY_MIN_MICROS, "min", Metrics.LATENCY_P50_MICROS, "p50",
                Metrics.LATENCY_AVG_MICROS, "average", Metrics.LATENCY_P99_MICROS, "p99", Metrics.LATENCY_P999_MICROS,
                "p99.9", Metrics.LATENCY_MAX_MICROS, "max");
        stats.forEach((metric, stat) -> m.metric(metric).ifPresent(x -> latency.labelValues(series.values(stat))
                .set(x.value() / 1e6)));
        resultTime.labelValues(l).set(at.toEpochMilli() / 1000.0);
    }

    /** OpenMetrics 1.0 text (ends with "# EOF"). */
    public String openMetrics() {
        return write(OpenMetricsTextFormatWriter.create());
    }

    /** Prometheus text format 0.0.4. */
    public String prometheusText() {
        return write(PrometheusTextFormatWriter.create());
    }

    public static String prometheusContentType() {
        return PrometheusTextFormatWriter.CONTENT_TYPE;
    }

    private String write(ExpositionFormatWriter writer) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            writer.write(out, registry.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
