package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ModeBoundsTest {
    private static final TestSpec.Limits LIMITS = new TestSpec.Limits(16, 60_000);

    private static TestSpec lat(String mode, List<Integer> sizes) {
        return TestSpec.builder(mode).direction(Direction.UPLOAD).streams(1).bufferBytes(64).noDelay(true)
                .sizesBytes(sizes).build();
    }

    private static TestSpec udp(int streams, int length, long rate) {
        return TestSpec.udpBandwidth().direction(Direction.DOWNLOAD).streams(streams).durationMillis(10_000)
                .intervalMillis(1000).bufferBytes(length).rateBitsPerSecond(rate).build();
    }

    @Test
    void latencyModesAcceptTheirSweeps() {
        assertThatCode(() -> lat(TestSpec.MODE_TCP_LAT, List.of(2, 8 << 20)).validate(LIMITS)).doesNotThrowAnyException();
        assertThatCode(() -> lat(TestSpec.MODE_UDP_LAT, List.of(2, 65507)).validate(LIMITS)).doesNotThrowAnyException();
        assertThat(lat(TestSpec.MODE_UDP_LAT, List.of(2)).udp()).isTrue();
        assertThat(lat(TestSpec.MODE_TCP_LAT, List.of(2)).latency()).isTrue();
    }

    @Test
    void latencyModesRefuseWhatThePeerMustNotChoose() {
        assertThatThrownBy(() -> lat(TestSpec.MODE_TCP_LAT, List.of((8 << 20) + 1)).validate(LIMITS))
                .hasMessage("sizesBytes 8388609 is out of range (2..8388608)");
        assertThatThrownBy(() -> lat(TestSpec.MODE_UDP_LAT, List.of(65508)).validate(LIMITS))
                .hasMessage("sizesBytes 65508 is out of range (2..65507)");
        assertThatThrownBy(() -> lat(TestSpec.MODE_TCP_LAT, List.of(1)).validate(LIMITS))
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> lat(TestSpec.MODE_TCP_LAT, null).validate(LIMITS)).hasMessage("sizesBytes missing");
        Integer[] many = new Integer[65];
        Arrays.fill(many, 64);
        assertThatThrownBy(() -> lat(TestSpec.MODE_TCP_LAT, List.of(many)).validate(LIMITS))
                .hasMessage("sizesBytes count 65 is out of range (1..64)");
        TestSpec twoStreams = TestSpec.latency(false).direction(Direction.UPLOAD).streams(2).bufferBytes(64)
                .noDelay(true).sizesBytes(List.of(64)).build();
        assertThatThrownBy(() -> twoStreams.validate(LIMITS)).hasMessage("streams 2 is out of range (1)");
    }

    @Test
    void udpBandwidthIsBounded() {
        assertThatCode(() -> udp(16, 16, 0).validate(LIMITS)).doesNotThrowAnyException();
        assertThatThrownBy(() -> udp(17, 1000, 0).validate(LIMITS)).hasMessage("streams 17 is out of range (1..16)");
        assertThatThrownBy(() -> udp(1, 15, 0).validate(LIMITS)).hasMessage("bufferBytes 15 is out of range (16..65507)");
        assertThatThrownBy(() -> udp(1, 65508, 0).validate(LIMITS)).hasMessageContaining("65508");
        assertThatThrownBy(() -> udp(1, 1000, -1).validate(LIMITS)).hasMessageContaining("rateBitsPerSecond -1");
        assertThatThrownBy(() -> TestSpec.builder("udp-flood").direction(Direction.UPLOAD).streams(1)
                .durationMillis(1000).bufferBytes(64).build()
                .validate(LIMITS)).hasMessage("unsupported test mode 'udp-flood'");
    }

    @Test
    void newModesAndMessagesRoundTrip() throws IOException {
        List<Message> messages = List.of(
                new Message.TestRequest(lat(TestSpec.MODE_UDP_LAT, List.of(2, 4, 8))),
                new Message.TestRequest(udp(2, 1472, 10_000_000_000L)),
                new Message.UdpInterval(0, 1_000_000_000, false, true, new int[] {1},
                        List.of(new Message.UdpCounts(10, 1000, 1, 2, 3.25))),
                new Message.UdpResults(List.of(new Message.UdpTotal(0, false, new Message.UdpCounts(1, 2, 3, 4, 5.5),
                        new Message.UdpCounts(1, 2, 3, 4, 5.5), 99)), new Message.CpuTime(1, 2, 3)));
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        FrameCodec writer = new FrameCodec(new ByteArrayInputStream(new byte[0]), wire);
        for (Message m : messages) {
            writer.write(m);
        }
        FrameCodec reader = new FrameCodec(new ByteArrayInputStream(wire.toByteArray()), new ByteArrayOutputStream());
        assertThat(reader.read()).isEqualTo(messages.get(0));
        assertThat(reader.read()).isEqualTo(messages.get(1));
        Message.UdpInterval iv = (Message.UdpInterval) reader.read();
        assertThat(iv.streams()).containsExactly(1);
        assertThat(iv.counts()).containsExactly(new Message.UdpCounts(10, 1000, 1, 2, 3.25));
        assertThat(reader.read()).isEqualTo(messages.get(3));
    }

    @Test
    void aTcpBandwidthSpecStaysAsItWas() {
        TestSpec tcp = TestSpec.tcpBandwidth().direction(Direction.UPLOAD).streams(1).durationMillis(1000)
                .bufferBytes(1024).build();
        assertThat(tcp.sizesBytes()).isNull();
        assertThat(tcp.rateBitsPerSecond()).isZero();
        assertThat(FrameCodec.MAPPER.writeValueAsString(tcp)).doesNotContain("sizesBytes");
    }
}
