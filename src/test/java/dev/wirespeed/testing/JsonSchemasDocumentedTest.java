package dev.wirespeed.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every schema in docs/json is listed in docs/JSON.md and validates real output in some test. */
class JsonSchemasDocumentedTest {
    @Test
    void everySchemaIsDocumentedAndUsedByATest() throws IOException {
        List<String> schemas;
        try (Stream<Path> files = Files.list(Path.of("docs", "json"))) {
            schemas = files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".schema.json")).sorted().toList();
        }
        assertThat(schemas).contains("check.schema.json", "doctor.schema.json", "limits.schema.json",
                "explain.schema.json", "results.schema.json", "result.schema.json", "compare.schema.json",
                "mesh.schema.json", "bw.schema.json", "lat.schema.json", "udp.schema.json");
        String doc = Files.readString(Path.of("docs", "JSON.md"));
        String tests;
        try (Stream<Path> files = Files.walk(Path.of("src", "test", "java"))) {
            StringBuilder all = new StringBuilder();
            for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                if (!f.endsWith("JsonSchemasDocumentedTest.java")) {
                    all.append(Files.readString(f));
                }
            }
            tests = all.toString();
        }
        for (String s : schemas) {
            assertThat(doc).as("docs/JSON.md names " + s).contains("docs/json/" + s);
            assertThat(tests).as("a test validates output against " + s).contains("errors(\"" + s + "\"");
            assertThat(JsonSchemas.byId()).as(s + " has an $id").containsValue(Files.readString(JsonSchemas.docs(s)));
        }
    }
}
