package dev.wirespeed.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Golden files of the text users read, in src/test/resources/golden/text. A test renders a fixed
 * model (never a live measurement) and compares it with the file; any drift fails. After a
 * deliberate change of the text, regenerate every golden file with
 * {@code mvn -o verify -Dtest='*GoldenTest' -Dit.test=NONE -Dwirespeed.golden.update=true}
 * and review the diff (docs/ARCHITECTURE.md, "Golden files").
 */
public final class Golden {
    public static final Path DIR = Path.of("src/test/resources/golden/text");
    static final String UPDATE = "wirespeed.golden.update";

    private Golden() {}

    /** What {@code render} prints, as the text a user reads. */
    public static String render(Consumer<PrintWriter> render) {
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            render.accept(out);
        }
        return text.toString();
    }

    public static void assertMatches(String name, String actual) {
        Path file = DIR.resolve(name);
        try {
            if (Boolean.getBoolean(UPDATE)) {
                Files.createDirectories(DIR);
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            }
            assertThat(file).as("golden file " + file + " (create it with -D" + UPDATE + "=true)").exists();
            assertThat(actual).as("text differs from " + file + "; if deliberate, regenerate with -D" + UPDATE
                    + "=true").isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
