package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 32 breaks 4 and 15: a peer's words arrive escaped, and a malformed frame is named in our
 * words — the field, what came, what was expected — without Jackson's class names or a raw echo.
 */
@Tag("hostile")
class PeerWordsTest {
    private static Message decode(String json) throws IOException {
        byte[] frame = FrameCodec.frame(json.getBytes(StandardCharsets.UTF_8));
        return new FrameCodec(new ByteArrayInputStream(frame), new ByteArrayOutputStream()).read();
    }

    @Test
    void everyStringAPeerSendsArrivesEscaped() throws IOException {
        Message m = decode("{\"type\":\"welcome\",\"protocolVersion\":1,\"software\":\"a\\u001b]0;t\\u0007\","
                + "\"host\":\"h\\r\\nFORGED\\u202e\",\"cores\":2,\"os\":\"\\u009b31m\",\"maxStreams\":1,"
                + "\"maxDurationMillis\":1}");
        Message.Welcome w = (Message.Welcome) m;
        assertThat(w.software()).isEqualTo("a\\x1b]0;t\\x07");
        assertThat(w.host()).isEqualTo("h\\r\\nFORGED\\u202e");
        assertThat(w.os()).isEqualTo("\\u009b31m");
        Message.Results r = (Message.Results) decode("{\"type\":\"results\",\"streams\":[],\"dataPath\":{\"send\":"
                + "\"s\\n\",\"receive\":\"r\",\"fallbacks\":[\"f\\u001b\"]},\"counterDeltas\":[{\"scope\":\"netdev\","
                + "\"subject\":\"eth\\n0\",\"values\":{\"rx\\u001b\":{\"status\":\"ok\",\"value\":1}}}]}");
        assertThat(r.dataPath().send()).isEqualTo("s\\n");
        assertThat(r.dataPath().fallbacks()).containsExactly("f\\x1b");
        assertThat(r.counterDeltas().getFirst().subject()).isEqualTo("eth\\n0");
        assertThat(r.counterDeltas().getFirst().values()).containsKey("rx\\x1b");
    }

    @Test
    void anEnumThatDoesNotExistIsNamedWithItsFieldAndTheValuesThatDo() {
        // counter scopes became the wire's own strings (CounterDelta, issue 26/27): a direction is an enum still
        assertThatThrownBy(() -> decode("{\"type\":\"test-request\",\"spec\":{\"mode\":\"tcp-bw\",\"direction\":"
                + "\"x\\u001b]0;t\\u0007\\nFORGED\"}}"))
                .isInstanceOf(ProtocolException.class)
                .hasMessage("malformed message: field spec.direction: unknown direction 'x\\x1b]0;t\\x07\\nFORGED'")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\u001b").doesNotContain("jackson"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "{\"type\":\"hello\",\"protocolVersion\":\"1\",\"software\":\"x\"}|field protocolVersion: expected an integer but was a string",
        "{\"type\":\"hello\",\"protocolVersion\":1,\"software\":5}|field software: '5' is not a string",
        "{\"type\":\"x\\u001b[2J\"}|unknown message type 'x\\x1b[2J'",
        "{\"type\":\"hello\",|not JSON: ",
    })
    void wrongFramesAreNamedWithoutJacksonsWords(String json, String expected) {
        assertThatThrownBy(() -> decode(json)).isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("malformed message: " + expected)
                .message().doesNotContain("dev.wirespeed").doesNotContain("tools.jackson").doesNotContain("`")
                .doesNotContain("Cannot deserialize");
    }
}
