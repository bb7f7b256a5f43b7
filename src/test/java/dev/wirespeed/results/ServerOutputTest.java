package dev.wirespeed.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The server's report is a peer's text (issue 32 break 4: peer strings reach the terminal only
 * escaped): a lying server cannot move the cursor, forge lines or flood the client.
 */
class ServerOutputTest {
    @Test
    void controlCharactersAreEscapedAndLinesBounded() {
        List<String> raw = new ArrayList<>();
        raw.add("ok \u001b]52;c;cGF5bG9hZA==\u0007 \u009b2J \u202egnirts\rforged");
        raw.add("x".repeat(5000));
        for (int i = 0; i < 100; i++) {
            raw.add("line " + i);
        }
        ServerOutput o = ServerOutput.ofLines(raw);
        assertThat(o.lines()).hasSize(ServerOutput.MAX_LINES);
        assertThat(o.linesLeftOut()).isEqualTo(102 - ServerOutput.MAX_LINES);
        assertThat(o.lines().getFirst()).isEqualTo("ok \\x1b]52;c;cGF5bG9hZA==\\x07 \\u009b2J \\u202egnirts\\rforged");
        assertThat(o.lines().get(1)).startsWith("x".repeat(ServerOutput.MAX_LINE_CHARS))
                .endsWith("…[" + (5000 - ServerOutput.MAX_LINE_CHARS) + " more characters]");
        assertThat(String.join("", o.text())).doesNotContain("\u001b", "\u009b", "\u202e", "\r", "\u0007");
        assertThat(o.text()).first().isEqualTo("Server output:");
        assertThat(o.text()).last().isEqualTo("… 38 more lines left out");
    }

    @Test
    void iperf3TextSplitsIntoItsLines() {
        ServerOutput o = ServerOutput.ofText("Accepted connection from 127.0.0.1, port 5\n[  5] local\n\n");
        assertThat(o.lines()).containsExactly("Accepted connection from 127.0.0.1, port 5", "[  5] local", "");
        assertThat(ServerOutput.ofText(null)).isNull();
        assertThat(ServerOutput.ofLines(null)).isNull();
    }

    @Test
    void iperf3JsonHasEveryStringEscaped() {
        var doc = Json.MAPPER.readTree("{\"start\":{\"version\":\"iperf 3.12\\u001b[2J\"},\"k\\u009b\":1}");
        ServerOutput o = ServerOutput.ofJson(doc);
        assertThat(o.json().path("start").path("version").asString()).isEqualTo("iperf 3.12\\x1b[2J");
        assertThat(o.text().getFirst()).isEqualTo("Server JSON output:");
        assertThat(String.join("\n", o.text())).doesNotContain("\u001b", "\u009b");
        assertThat(doc.path("start").path("version").asString()).as("the peer's tree is left as it came")
                .contains("\u001b");
    }
}
