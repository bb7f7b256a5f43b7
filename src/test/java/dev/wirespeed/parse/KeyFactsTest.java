package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The key facts a user wants from a real output (rates, latencies, link widths and speeds,
 * firmware versions, states, counters), written beside its fixture as FILE.facts, one a line:
 * {@code Kind.field = value} (a nested field as {@code a.b}; a field the tool printed as {@code Kind.printed.Name}). A fact is extracted when some record
 * of that kind, in any block the log reader finds in the fixture, has the field at that value: a
 * number equal to it (a {@link Quantity} by its value in base units, or by its raw text), a text
 * equal to it, a list with such an element; or the field as printed is the fact ({@link FactMatch}: a
 * raw, a {@link Token}'s printed word, the field under the tool's name in "printed", a bare number
 * before its printed unit). Lines starting with # are comments; a fact starting
 * with ? is a known gap (a format or field no parser reads yet): counted, not required, and the test
 * fails once it is extracted so the mark is dropped. Every other fact must be found; the counts are printed, which is how the
 * long tail's coverage is measured.
 */
class KeyFactsTest {
    static final String SUFFIX = ".facts";

    @Test
    void everyKeyFactOfEveryFactsFileIsExtracted() {
        int facts = 0;
        int found = 0;
        int files = 0;
        List<String> missing = new ArrayList<>();
        List<String> gapsFound = new ArrayList<>();
        int gaps = 0;
        for (String path : factsFiles()) {
            String fixture = path.substring(0, path.length() - SUFFIX.length());
            List<JsonNode> records = records(fixture);
            files++;
            for (String line : read(path).lines().map(String::strip).toList()) {
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                facts++;
                boolean gap = line.startsWith("?");
                String fact = gap ? line.substring(1).strip() : line;
                boolean holds = holds(records, fact);
                found += holds ? 1 : 0;
                if (gap) {
                    gaps++;
                    if (holds) {
                        gapsFound.add(fixture + ": " + fact);
                    }
                } else if (!holds) {
                    missing.add(fixture + ": " + line);
                }
            }
        }
        System.out.printf("key facts: %d of %d extracted in %d fixtures (%d known gaps)%n", found, facts, files, gaps);
        missing.forEach(m -> System.out.println("missing " + m));
        assertThat(files).as("facts files").isGreaterThan(15);
        assertThat(missing).as("key facts not extracted").isEmpty();
        assertThat(gapsFound).as("known gaps now extracted: drop their '?'").isEmpty();
    }

    static boolean holds(List<JsonNode> records, String fact) {
        int eq = fact.indexOf('=');
        String key = fact.substring(0, eq).strip();
        String expected = fact.substring(eq + 1).strip();
        int dot = key.indexOf('.');
        String kind = key.substring(0, dot);
        String path = key.substring(dot + 1);
        // a raw or a value of the printed map is printed text: compared as printed (FactMatch)
        boolean printed = path.equals("raw") || path.endsWith(".raw") || path.startsWith("printed.");
        for (JsonNode r : records) {
            if (kind.equals(r.path("kind").asString()) && (FactMatch.matches(resolve(r, path), expected, printed)
                    || !path.contains(".") && FactMatch.matches(FactMatch.twin(r, path), expected, true))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The field at a dotted path; a map key may itself hold dots ("percentiles.99.000"), so the
     * longest name wins; through a list, the field of each element.
     */
    private static JsonNode resolve(JsonNode node, String path) {
        if (node.isArray()) { // a list of objects (Iperf3Result.intervals): the field of each
            tools.jackson.databind.node.ArrayNode each = Json.MAPPER.createArrayNode();
            node.forEach(e -> each.add(resolve(e, path)));
            return each;
        }
        if (node.has(path)) {
            return node.get(path);
        }
        for (int i = path.lastIndexOf('.'); i > 0; i = path.lastIndexOf('.', i - 1)) {
            String head = path.substring(0, i);
            if (node.has(head)) {
                JsonNode v = resolve(node.get(head), path.substring(i + 1));
                if (!v.isMissingNode()) {
                    return v;
                }
            }
        }
        return tools.jackson.databind.node.MissingNode.getInstance();
    }

    /** The facts of a fixture (gaps and comments left out); empty when it has no facts file. */
    static List<String> factsOf(String fixture) {
        if (KeyFactsTest.class.getResource("/parse/" + fixture + SUFFIX) == null) {
            return List.of();
        }
        return read(fixture + SUFFIX).lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#") && !l.startsWith("?")).toList();
    }

    static List<JsonNode> recordsOfText(String text) {
        List<JsonNode> out = new ArrayList<>();
        for (Parsed block : Fixture.blocksOf(text)) {
            out.addAll(block.recordsWithPrinted());
        }
        return out;
    }

    private static List<JsonNode> records(String fixture) {
        List<JsonNode> out = new ArrayList<>();
        for (Parsed block : Fixture.blocks(fixture)) {
            out.addAll(block.recordsWithPrinted()); // as explain's JSON shows them, "printed" included
        }
        return out;
    }

    private static List<String> factsFiles() {
        List<String> out = new ArrayList<>();
        try {
            Path root = Path.of(KeyFactsTest.class.getResource("/parse").toURI());
            try (var s = Files.walk(root)) {
                s.filter(p -> p.getFileName().toString().endsWith(SUFFIX))
                        .forEach(p -> out.add(root.relativize(p).toString().replace('\\', '/')));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return out.stream().sorted().toList();
    }

    private static String read(String path) {
        try (InputStream in = KeyFactsTest.class.getResourceAsStream("/parse/" + path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
