package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.wirespeed.parse.ib.IbNode;
import dev.wirespeed.results.Json;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The "kind" of every record in explain's JSON is an explicit, documented name, not a class name. */
class RecordKindsTest {
    /** Every record type: the concrete {@link ParsedRecord} classes the build compiled below dev.wirespeed.parse. */
    static List<Class<?>> recordTypes() {
        return List.copyOf(BuiltClasses.below(ParsedRecord.class));
    }

    @Test
    void everyParserIsListedOnceForDetection() {
        List<Class<?>> listed = Parsers.all().stream().<Class<?>>map(Object::getClass).toList();
        assertThat(listed).doesNotHaveDuplicates();
        assertThat(listed).containsExactlyInAnyOrderElementsOf(List.copyOf(BuiltClasses.below(Parser.class)));
        assertThat(Parsers.all().stream().map(Parser::format).toList()).as("format names").doesNotHaveDuplicates();
    }

    @Test
    void everyRecordTypeHasAnExplicitKind() {
        assertThat(recordTypes()).hasSizeGreaterThanOrEqualTo(30).allSatisfy(c -> {
            assertThat(ParsedRecord.class.isAssignableFrom(c)).as(c.getName()).isTrue();
            assertThat(c.getAnnotation(JsonTypeName.class)).as(c.getName() + " @JsonTypeName").isNotNull();
        });
        Set<String> kinds = recordTypes().stream().map(c -> c.getAnnotation(JsonTypeName.class).value())
                .collect(Collectors.toSet());
        assertThat(kinds).as("kinds are unique").hasSameSizeAs(recordTypes());
    }

    @Test
    void theKindsAreTheSchemasEnum() throws IOException {
        Map<?, ?> schema = Json.MAPPER.readValue(Path.of("docs/json/explain.schema.json").toFile(), Map.class);
        Map<?, ?> kind = (Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) ((Map<?, ?>) schema.get("$defs")).get("record"))
                .get("properties")).get("kind");
        Set<String> documented = new HashSet<>();
        ((List<?>) kind.get("enum")).forEach(n -> documented.add((String) n));
        Set<String> kinds = recordTypes().stream().map(c -> c.getAnnotation(JsonTypeName.class).value())
                .collect(Collectors.toSet());
        assertThat(kinds).isEqualTo(documented);
    }

    @Test
    void theJsonCarriesTheNameNotTheClass() throws IOException {
        ParsedRecord r = new IbNode("Switch", "SW1", "0x1", 36, "1", new Source(3, "Switch 36 ..."));
        String json = Json.MAPPER.writeValueAsString(r);
        assertThat(json).contains("\"kind\"").contains("\"IbNode\"").doesNotContain("dev.wirespeed");
    }
}
