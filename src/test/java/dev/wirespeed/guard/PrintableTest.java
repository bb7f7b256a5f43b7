package dev.wirespeed.guard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("hostile")
class PrintableTest {
    @Test
    void controlCharactersAreShownEscaped() {
        assertThat(Printable.of("a\u001b[2Jb\rc\nd\te\u0000\u007f\u009b"))
                .isEqualTo("a\\x1b[2Jb\\rc\\nd\\te\\x00\\x7f\\x9b");
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
    void aTerminalWriterKeepsLineFeedsAndEscapesTheRest() {
        java.io.StringWriter sink = new java.io.StringWriter();
        java.io.PrintWriter out = Printable.terminal(sink);
        out.print("host\u001b[31m\r\n");
        out.printf("%s|%n", "x\u0007");
        out.write('\u001b');
        out.flush();
        assertThat(sink.toString()).isEqualTo("host\\x1b[31m\\r\n" + "x\\x07|" + System.lineSeparator() + "\\x1b");
    }
}
