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
    void aBackslashIsDoubledSoAnEscapeCannotBeForged() {
        assertThat(Printable.of("\\x1b")).isEqualTo("\\\\x1b");
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
}
