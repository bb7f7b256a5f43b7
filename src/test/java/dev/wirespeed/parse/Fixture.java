package dev.wirespeed.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Fixture files under src/test/resources/parse: real tool output, each starting with one
 * "# source: …" line that names where it came from (a seed file and line range, a public URL, or
 * the tool version and command that produced it here). That line is removed before parsing. A
 * folder's README.md (sources in a table) is not a fixture, nor is a fixture's expected key facts
 * file beside it (FILE.facts, read by {@link KeyFactsTest}).
 */
public final class Fixture {
    private Fixture() {}

    /** The output, without its source line. */
    public static String text(String path) {
        try (InputStream in = Fixture.class.getResourceAsStream("/parse/" + path)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture parse/" + path);
            }
            String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            assertThat(all).as("fixture %s names its source on the first line", path).startsWith("# source: ");
            return all.substring(all.indexOf('\n') + 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<Piece> pieces(String path) {
        return LogReader.standard().read(path, text(path), 1);
    }

    /** Every block of every piece, in order. */
    public static List<Parsed> blocks(String path) {
        return pieces(path).stream().flatMap(p -> p.outputs().stream()).toList();
    }

    /** Every block of a text that is not a fixture file (a fixture cut or garbled by a test). */
    public static List<Parsed> blocksOf(String text) {
        return LogReader.standard().read("text.txt", text, 1).stream().flatMap(p -> p.outputs().stream()).toList();
    }

    /** The one block of the given format in the fixture (fails when there is not exactly one). */
    public static Parsed only(String path, String format) {
        List<Parsed> all = blocks(path).stream().filter(b -> b.format().equals(format)).toList();
        assertThat(all).as("blocks of %s in %s", format, path).hasSize(1);
        return all.getFirst();
    }

    /** Paths of all fixtures, relative to parse/. */
    public static List<String> all() {
        try {
            Path root = Path.of(Fixture.class.getResource("/parse").toURI());
            try (Stream<Path> s = Files.walk(root)) {
                return s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("README.md"))
                        .filter(p -> !p.getFileName().toString().endsWith(KeyFactsTest.SUFFIX)).map(p -> root.relativize(p).toString().replace('\\', '/'))
                        .sorted().toList();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
