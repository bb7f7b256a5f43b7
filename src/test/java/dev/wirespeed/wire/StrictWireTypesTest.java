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
import tools.jackson.databind.node.ObjectNode;

/** Issue 19 item 4: wrong JSON types end the connection instead of being converted (docs/PROTOCOL.md). */
@Tag("hostile")
class StrictWireTypesTest {
    private static Message decode(String json) throws IOException {
        byte[] frame = FrameCodec.frame(json.getBytes(StandardCharsets.UTF_8));
        return new FrameCodec(new ByteArrayInputStream(frame), new ByteArrayOutputStream()).read();
    }

    /** A valid test request with one field of its spec replaced by raw JSON. */
    private static String requestWith(String field, String rawValue) {
        TestSpec spec = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(4).durationMillis(2000)
                .intervalMillis(1000).bufferBytes(131072).build();
        ObjectNode tree = (ObjectNode) FrameCodec.MAPPER.valueToTree(new Message.TestRequest(spec));
        String json = FrameCodec.MAPPER.writeValueAsString(tree);
        String valid = FrameCodec.MAPPER.writeValueAsString(((ObjectNode) tree.get("spec")).get(field));
        String needle = "\"" + field + "\":" + valid;
        assertThat(json).contains(needle);
        return json.replace(needle, "\"" + field + "\":" + rawValue);
    }

    @Test
    void theUnchangedRequestDecodes() throws IOException {
        Message m = decode(requestWith("streams", "4"));
        assertThat(((Message.TestRequest) m).spec().streams()).isEqualTo(4);
    }

    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', value = {
        "streams|'\"4\"'",            // a string for an int
        "streams|1.9",                // a fraction for an int
        "streams|4.0",                // a float for an int, even a whole one
        "streams|true",               // a boolean for an int
        "streams|'\"\"'",             // an empty string for an int
        "durationMillis|'\"2000\"'",  // a string for a long
        "durationMillis|2e3",         // exponent notation is a float
        "bufferBytes|4294967296",     // overflows an int
        "mode|7",                     // a number for a string
        "mode|true",                  // a boolean for a string
        "direction|0",                // a number for an enum
        "noDelay|1",                  // a number for a boolean
        "noDelay|'\"true\"'",         // a string for a boolean
    })
    void aWrongTypeIsRefused(String field, String raw) {
        String json = requestWith(field, raw);
        assertThatThrownBy(() -> decode(json)).isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("malformed message");
    }

    @Test
    void aStringProtocolVersionIsRefused() {
        assertThatThrownBy(() -> decode("{\"type\":\"hello\",\"protocolVersion\":\"1\",\"software\":\"x\"}"))
                .isInstanceOf(ProtocolException.class);
        assertThatThrownBy(() -> decode("{\"type\":\"hello\",\"protocolVersion\":1.0,\"software\":\"x\"}"))
                .isInstanceOf(ProtocolException.class);
        assertThatThrownBy(() -> decode("{\"type\":\"hello\",\"protocolVersion\":1,\"software\":5}"))
                .isInstanceOf(ProtocolException.class);
    }

    @Test
    void trailingTokensAreRefused() {
        assertThatThrownBy(() -> decode("{\"type\":\"heartbeat\"} {\"type\":\"stop\"}"))
                .isInstanceOf(ProtocolException.class);
    }

    @Test
    void anIntegerForADoubleStillDecodes() throws IOException {
        // JSON has one number type; 12 is a fine value of a double field (jitter in microseconds)
        Message m = decode("{\"type\":\"udp-results\",\"streams\":[{\"index\":0,\"sent\":false,\"all\":{\"packets\":1,"
                + "\"bytes\":2,\"lost\":0,\"outOfOrder\":0,\"jitterMicros\":12},\"measured\":null,\"measuredNanos\":5}],"
                + "\"cpu\":null}");
        assertThat(((Message.UdpResults) m).streams().getFirst().all().jitterMicros()).isEqualTo(12.0);
    }
}
