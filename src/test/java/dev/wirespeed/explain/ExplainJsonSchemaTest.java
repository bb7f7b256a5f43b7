package dev.wirespeed.explain;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.parse.Fixture;
import dev.wirespeed.results.Json;
import dev.wirespeed.testing.JsonSchemas;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** explain --json of every seed log and every fixture together validates against docs/json/explain.schema.json. */
class ExplainJsonSchemaTest {
    @Test
    void everySeedAndFixtureValidates() {
        Map<String, String> all = new LinkedHashMap<>();
        for (String path : Fixture.all()) {
            all.put(path, Fixture.text(path));
        }
        String json = Json.pretty(Explainer.standard().explain(all));
        assertThat(JsonSchemas.errors("explain.schema.json", json)).isEmpty();
        for (String seed : all.keySet().stream().filter(p -> p.startsWith("seeds/")).toList()) {
            assertThat(JsonSchemas.errors("explain.schema.json", Json.pretty(Explainer.standard().explain(seed, all.get(seed)))))
                    .as(seed).isEmpty();
        }
    }
}
