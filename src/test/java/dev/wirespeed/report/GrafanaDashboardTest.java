package dev.wirespeed.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.wirespeed.cluster.AgentMetrics;
import dev.wirespeed.results.BwResult;
import dev.wirespeed.results.Json;
import dev.wirespeed.results.Measurement;
import dev.wirespeed.results.Measurement.Metric;
import dev.wirespeed.results.Measurement.Metrics;
import dev.wirespeed.store.Peer;
import dev.wirespeed.store.ResultStatus;
import dev.wirespeed.store.StoredResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * examples/grafana/wirespeed-dashboard.json is a Grafana dashboard Grafana accepts — it validates
 * against Grafana's own JSON schemas (src/test/resources/grafana, with their source) — and it asks
 * for what wirespeed exports: every metric and label its queries, legends and variables name is in
 * the text `results export --format prometheus` and an agent's /metrics write.
 */
class GrafanaDashboardTest {
    private static final Path DASHBOARD = Path.of("examples", "grafana", "wirespeed-dashboard.json");
    private static final Path SCHEMAS = Path.of("src", "test", "resources", "grafana");
    private static final Pattern METRIC = Pattern.compile("\\bwirespeed_[a-z_]+");
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? ", Pattern.MULTILINE);
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"");

    @Test
    void validatesAgainstGrafanasSchemas() throws Exception {
        JsonNode dashboard = Json.MAPPER.readTree(Files.readString(DASHBOARD));
        assertThat(errors("dashboard", null, dashboard)).isEmpty();
        int panels = 0;
        int targets = 0;
        for (JsonNode p : dashboard.path("panels")) {
            String type = p.path("type").asString();
            if (type.equals("row")) {
                continue;
            }
            panels++;
            assertThat(type).isIn("timeseries", "stat", "table");
            assertThat(errors(type, "Options", p.path("options"))).as(p.path("title").asString()).isEmpty();
            if (p.path("fieldConfig").path("defaults").has("custom")) {
                assertThat(errors(type, "FieldConfig", p.path("fieldConfig").path("defaults").path("custom")))
                        .as(p.path("title").asString()).isEmpty();
            }
            for (JsonNode t : p.path("targets")) {
                targets++;
                assertThat(errors("prometheus", null, t)).as(p.path("title").asString()).isEmpty();
            }
        }
        assertThat(panels).isGreaterThanOrEqualTo(8);
        assertThat(targets).isGreaterThanOrEqualTo(panels);
    }

    @Test
    void theSchemaCheckWorks() throws Exception {
        // a panel without its type, a misspelt dashboard field: both refused
        ObjectNode broken = (ObjectNode) Json.MAPPER.readTree(Files.readString(DASHBOARD));
        ((ObjectNode) broken.path("panels").get(1)).remove("type");
        broken.put("schemaVersoin", 39);
        assertThat(errors("dashboard", null, broken)).isNotEmpty();
    }

    @Test
    void asksOnlyForMetricsAndLabelsWirespeedWrites() throws Exception {
        String exposition = exposition();
        Set<String> names = new HashSet<>();
        Set<String> labels = new HashSet<>(Set.of("instance", "job"));
        Matcher s = SAMPLE.matcher(exposition);
        while (s.find()) {
            names.add(s.group(1));
            if (s.group(2) != null) {
                Matcher l = LABEL.matcher(s.group(2));
                while (l.find()) {
                    labels.add(l.group(1));
                }
            }
        }
        assertThat(labels).contains("peer", "port", "direction", "protocol", "tool");
        JsonNode dashboard = Json.MAPPER.readTree(Files.readString(DASHBOARD));
        List<String> queries = new ArrayList<>();
        List<String> legends = new ArrayList<>();
        for (JsonNode p : dashboard.path("panels")) {
            for (JsonNode t : p.path("targets")) {
                queries.add(t.path("expr").asString());
                legends.add(t.path("legendFormat").asString(""));
            }
        }
        for (JsonNode v : dashboard.path("templating").path("list")) {
            if (v.path("type").asString().equals("query")) {
                queries.add(v.path("query").asString());
            }
        }
        assertThat(queries).hasSizeGreaterThan(10);
        for (String q : queries) {
            Matcher m = METRIC.matcher(q);
            assertThat(m.find()).as(q).isTrue();
            do {
                String metric = m.group();
                assertThat(names).as("metric of " + q).anyMatch(n -> n.equals(metric) || n.equals(metric + "_total"));
            } while (m.find());
            Matcher selectors = Pattern.compile("([a-z_]+)=~?\"").matcher(q);
            while (selectors.find()) {
                assertThat(labels).as("label of " + q).contains(selectors.group(1));
            }
            Matcher by = Pattern.compile("by \\(([a-z_, ]+)\\)|label_values\\([a-z_]+, ([a-z_]+)\\)").matcher(q);
            while (by.find()) {
                String list = by.group(1) != null ? by.group(1) : by.group(2);
                for (String l : list.split(",\\s*")) {
                    assertThat(labels).as("label of " + q).contains(l.strip());
                }
            }
        }
        for (String legend : legends) {
            Matcher m = Pattern.compile("\\{\\{([a-z_]+)}}").matcher(legend);
            while (m.find()) {
                assertThat(labels).as("legend " + legend).contains(m.group(1));
            }
        }
    }

    /** What wirespeed writes: an export of stored results of every kind, and an agent's /metrics. */
    private static String exposition() {
        List<StoredResult> results = List.of(
                result(1, "tcp-bw", Map.of("direction", "upload"), List.of(Metric.of(Metrics.BITS_PER_SECOND, 9.4e9),
                        Metric.of(Metrics.RETRANSMITS, 3))),
                result(2, "udp-bw", Map.of("direction", "download"), List.of(Metric.of(Metrics.BITS_PER_SECOND, 2e8),
                        Metric.of(Metrics.LOSS_PERCENT, 0.5), Metric.of(Metrics.JITTER_MICROS, 12))),
                result(3, "tcp-lat", Map.of("protocol", "tcp"), List.of(Metric.of(Metrics.LATENCY_P50_MICROS, 9),
                        Metric.of(Metrics.LATENCY_P99_MICROS, 30), Metric.of(Metrics.MESSAGES_PER_SECOND, 5e4))),
                result(4, "fio", Map.of(), List.of(Metric.of(Metrics.IOPS, 1e5))));
        String export = new MetricsExposition().addAll(results).prometheusText();
        AgentMetrics agent = new AgentMetrics("node01", "wirespeed 0.1.0");
        BwResult.Summary s = new BwResult.Summary(1_000_000_000L, 1.0, 8e9, new BwResult.Retransmits(1L, 1L));
        agent.record("node02", 5301, new BwResult(BwResult.SCHEMA, new BwResult.Tool("wirespeed", "0.1.0"),
                "2026-11-30T10:00:00Z", null, null, null, List.of(new BwResult.DirectionResult("upload", "client",
                "server", List.of(), List.of(), s, s)), null, BwResult.Outcome.OK));
        return export + agent.render();
    }

    private static StoredResult result(long id, String test, Map<String, String> params, List<Metric> summary) {
        return new StoredResult(id, id, "bw", "2026-11-30T10:00:00Z", "wirespeed", null, null, List.of("lab"),
                null, null, new Measurement("wirespeed", "0.1.0", test, params, summary, null, null, "measured"),
                null, List.of(), ResultStatus.DONE, null, new Peer("10.0.0.2", 5301, "wirespeed", "0.1.0", "unknown"));
    }

    /** Validation errors of {@code node} against schema FILE (its definition {@code ref}, or the whole). */
    private static List<String> errors(String file, String ref, JsonNode node) throws Exception {
        ObjectNode schema = (ObjectNode) Json.MAPPER.readTree(Files.readString(SCHEMAS.resolve(file + ".jsonschema.json")));
        if (ref != null) {
            schema.put("$ref", "#/definitions/" + ref);
        }
        return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_7)
                .getSchema(Json.MAPPER.writeValueAsString(schema), InputFormat.JSON)
                .validate(Json.MAPPER.writeValueAsString(node), InputFormat.JSON).stream().map(Error::toString).toList();
    }
}
