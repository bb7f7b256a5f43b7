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
import java.util.List;

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

    /** Returns the validation errors (empty = valid). */
    public static List<String> errors(String schemaFile, String json) {
        try {
            String schemaText = Files.readString(docs(schemaFile));
            Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(schemaText, InputFormat.JSON);
            return schema.validate(json, InputFormat.JSON).stream().map(Error::toString).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
