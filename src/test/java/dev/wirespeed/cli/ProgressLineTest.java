package dev.wirespeed.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.wirespeed.guard.Printable;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The progress line: drawn in place, erased before every other line, never there when off. */
class ProgressLineTest {
    @Test
    void drawsInPlaceAndErasesItselfBeforeEachLineOfText() {
        StringWriter s = new StringWriter();
        AtomicReference<String> text = new AtomicReference<>("lat: 64 B, 1.0 s…");
        try (ProgressLine p = new ProgressLine(new PrintWriter(s), true)) {
            p.text(text::get);
            p.tick();
            text.set("lat: 64 B, 1.5 s…");
            p.tick();
            p.writer().println("result line");
            p.tick();
            p.writer().print("half a line");
            p.tick(); // not drawn: the command is in the middle of a line
            p.writer().println();
        }
        assertThat(s.toString()).isEqualTo(ProgressLine.ERASE + "lat: 64 B, 1.0 s…" + ProgressLine.ERASE
                + "lat: 64 B, 1.5 s…" + ProgressLine.ERASE + "result line\n" + ProgressLine.ERASE + "lat: 64 B, 1.5 s…"
                + ProgressLine.ERASE + "half a line\n");
    }

    @Test
    void offItIsAPlainPassThrough() {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        try (ProgressLine p = new ProgressLine(out, false)) {
            p.text(() -> "never shown");
            p.tick();
            assertThat(p.writer()).isSameAs(out);
            p.writer().println("result line");
        }
        assertThat(s.toString()).isEqualTo("result line\n");
    }

    @Test
    void aLongTextIsCutSoItNeverWraps() {
        StringWriter s = new StringWriter();
        try (ProgressLine p = new ProgressLine(new PrintWriter(s), true)) {
            p.text(() -> "x".repeat(200));
            p.tick();
        }
        assertThat(s.toString().split("\r\033\\[K")[1]).hasSize(78).endsWith("…");
    }

    /** Behind the sanitizing gate every command's output goes through: our erase stays raw, outside text does not. */
    @Test
    void behindTheGateItsEraseIsRawAndItsTextIsEscaped() {
        StringWriter s = new StringWriter();
        try (ProgressLine p = new ProgressLine(Printable.terminal(s), true)) {
            p.text(() -> "host \u001b]0;title\u0007 1.0 s");
            p.tick();
            p.writer().println("result \u001b[2J");
        }
        assertThat(s.toString()).startsWith("\r\033[Khost \\x1b]0;title\\x07 1.0 s\r\033[Kresult \\x1b[2J\n")
                .doesNotContain("\\x1b[K");
    }
}
