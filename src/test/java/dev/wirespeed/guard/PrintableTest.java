package dev.wirespeed.guard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.results.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("hostile")
class PrintableTest {
    @Test
    void controlCharactersAreShownEscaped() {
        assertThat(Printable.of("a\u001b[2Jb\rc\nd\te\u0000\u007f\u009b"))
                .isEqualTo("a\\x1b[2Jb\\rc\\nd\\te\\x00\\u007f\\u009b");
    }

    @Test
    void sanitizingTwiceChangesNothing() {
        String once = Printable.line("hello\u001b]0;title\u0007\r\n");
        assertThat(Printable.line(once)).isEqualTo(once).isEqualTo("hello\\x1b]0;title\\x07\\r\\n");
    }

    @Test
    void bidiOverridesAreEscaped() {
        assertThat(Printable.of("ok\u202eevil")).isEqualTo("ok\\u202eevil");
    }

    @Test
    void longTextIsCutWithAMarker() {
        assertThat(Printable.of("abcdef", 3)).isEqualTo("abc…[3 more characters]");
        assertThat(Printable.of(null)).isEqualTo("(null)");
        assertThat(Printable.of("plain text ü")).isEqualTo("plain text ü");
    }

    @Test
    void aTerminalWriterKeepsLineFeedsTabsAndCrlfAndEscapesTheRest() {
        StringWriter sink = new StringWriter();
        PrintWriter out = Printable.terminal(sink);
        out.print("host\u001b[31m\r\n");
        out.printf("%s|%n", "x\u0007\ty");
        out.print("a\rb\r");
        out.print("\n\u009b\u202e\u2067");
        out.write('\u001b');
        out.print("\r");
        out.close();
        assertThat(sink.toString()).isEqualTo("host\\x1b[31m\r\n" + "x\\x07\ty|" + System.lineSeparator()
                + "a\\rb\r\n\\u009b\\u202e\\u2067\\x1b\\r");
    }

    @Test
    void aJsonDocumentThroughTheTerminalWriterStaysValidAndMeansTheSame() throws Exception {
        String value = "ok\u202e\u009b\u007fend";
        String json = Json.MAPPER.writeValueAsString(Map.of("v", value));
        StringWriter sink = new StringWriter();
        PrintWriter out = Printable.terminal(sink);
        out.print(json);
        out.flush();
        assertThat(sink.toString()).doesNotContain("\u202e").doesNotContain("\u009b");
        assertThat(Json.MAPPER.readTree(sink.toString()).get("v").asText()).isEqualTo(value);
    }

    @Test
    void gatingTwiceIsOneGate() {
        PrintWriter once = Printable.terminal(new StringWriter());
        assertThat(Printable.terminal(once)).isSameAs(once);
    }
}
