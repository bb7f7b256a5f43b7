package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The wire's trip-times additions (docs/PROTOCOL.md "Trip times"): TestSpec.tripTimes (absent when
 * false, so a test without it reads as before), the clock states of the handshake, the trip-times
 * message, and the spec's bounds.
 */
class TripTimesWireTest {
    static final ClockState CLOCK = new ClockState("b9dee83c-8f65-468f-87ca-c85301190c82", true, 1_500L, 40L, 0x2001);

    @Test
    void theNewFieldsAndMessageRoundTrip() throws IOException {
        TestSpec spec = TestSpec.udpBandwidth().bufferBytes(1_400).durationMillis(1_000).tripTimes(true).build();
        List<Message> messages = List.of(new Message.TestRequest(spec, null, CLOCK),
                new Message.TestAccepted("00112233445566778899aabbccddeeff", CLOCK),
                new Message.TripTimes(0, 1_000_000_000, false, false,
                        new Message.TripFigures(10, 1, 0, 12.5, 10, 40, 41, 42, 3.5), null),
                new Message.TripTimes(0, 1_000_000_000, false, true,
                        new Message.TripFigures(10, 0, 1, 12.5, 10, 40, 41, 42, 3.5),
                        new Message.TripFigures(10, 0, 2, 13.5, 11, 41, 42, 43, 3.5)));
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        FrameCodec writer = new FrameCodec(new ByteArrayInputStream(new byte[0]), wire);
        for (Message m : messages) {
            writer.write(m);
        }
        FrameCodec reader = new FrameCodec(new ByteArrayInputStream(wire.toByteArray()), new ByteArrayOutputStream());
        for (Message m : messages) {
            assertThat(reader.read()).usingRecursiveComparison().isEqualTo(m);
        }
        assertThat(new String(wire.toByteArray(), StandardCharsets.UTF_8)).contains("\"type\":\"trip-times\"")
                .contains("\"tripTimes\":true").contains("\"clock\":{\"bootId\"");
    }

    @Test
    void aTestWithoutTripTimesSendsNoneOfIt() {
        String json = new String(FrameCodec.encode(new Message.TestRequest(TestSpec.tcpBandwidth().build())),
                StandardCharsets.UTF_8);
        assertThat(json).doesNotContain("tripTimes").doesNotContain("clock");
        assertThat(new String(FrameCodec.encode(new Message.TestAccepted("00")), StandardCharsets.UTF_8))
                .doesNotContain("clock");
    }

    @Test
    void theSpecBoundsTripTimesToUploadsItCanStamp() throws ProtocolException {
        TestSpec.Limits limits = TestSpec.Limits.DEFAULT;
        TestSpec.tcpBandwidth().durationMillis(1_000).tripTimes(true).build().validate(limits);
        TestSpec.udpBandwidth().bufferBytes(1_400).durationMillis(1_000).tripTimes(true).build().validate(limits);
        assertThatThrownBy(() -> TestSpec.tcpBandwidth().durationMillis(1_000).direction(Direction.DOWNLOAD)
                .tripTimes(true).build().validate(limits)).hasMessageContaining("upload");
        assertThatThrownBy(() -> TestSpec.latency(false).sizesBytes(List.of(64)).durationMillis(1_000)
                .bufferBytes(64).tripTimes(true).build().validate(limits)).hasMessageContaining("tcp-bw or udp-bw");
        assertThatThrownBy(() -> TestSpec.tcpBandwidth().durationMillis(1_000).zeroCopy(true).tripTimes(true).build()
                .validate(limits)).hasMessageContaining("zeroCopy");
        assertThatThrownBy(() -> TestSpec.tcpBandwidth().durationMillis(1_000).bufferBytes(15).tripTimes(true).build()
                .validate(limits)).hasMessageContaining("at least 16");
    }

    @Test
    void aPeersClockStateIsBounded() {
        assertThatThrownBy(() -> new ClockState("x".repeat(65), true, 1L, 1L, 0).validate())
                .isInstanceOf(ProtocolException.class);
        assertThatThrownBy(() -> new ClockState("a b\n", true, 1L, 1L, 0).validate()).isInstanceOf(ProtocolException.class);
        assertThatThrownBy(() -> new ClockState("ab", true, -1L, 1L, 0).validate()).isInstanceOf(ProtocolException.class);
    }
}
