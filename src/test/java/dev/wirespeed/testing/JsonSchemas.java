package dev.wirespeed.testing;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Validates JSON against the documented schemas in docs/json — the files users read, not copies. */
public final class JsonSchemas {
    private JsonSchemas() {}

    public static Path docs(String name) {
        Path p = Path.of("docs", "json", name);
        if (!Files.exists(p)) {
            throw new IllegalStateException("schema " + p.toAbsolutePath() + " is missing");
        }
        return p;
    }

    private static final Pattern ID = Pattern.compile("\"\\$id\"\\s*:\\s*\"([^\"]+)\"");

    /** Every schema in docs/json by its $id. */
    static Map<String, String> byId() throws IOException {
        Map<String, String> schemas = new HashMap<>();
        try (Stream<Path> files = Files.list(Path.of("docs", "json"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".schema.json")).toList()) {
                String text = Files.readString(f);
                Matcher m = ID.matcher(text);
                if (m.find()) {
                    schemas.put(m.group(1), text);
                }
            }
        }
        return schemas;
    }

    /** Returns the validation errors (empty = valid). */
    public static List<String> errors(String schemaFile, String json) {
        try {
            String schemaText = Files.readString(docs(schemaFile));
            // A schema may $ref another by its $id (check → doctor, limits, bw, lat): served from docs/json.
            Map<String, String> known = byId();
            Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                            b -> b.schemas(known::get))
                    .getSchema(schemaText, InputFormat.JSON);
            return schema.validate(json, InputFormat.JSON).stream().map(Error::toString).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
