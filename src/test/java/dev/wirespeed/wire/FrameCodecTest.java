package dev.wirespeed.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class FrameCodecTest {
    private static FrameCodec reading(byte[] bytes) {
        return new FrameCodec(new ByteArrayInputStream(bytes), new ByteArrayOutputStream());
    }

    /** Delivers one byte per read call, as a slow network may. */
    private static InputStream oneByteAtATime(byte[] bytes) {
        return new InputStream() {
            int i;

            @Override
            public int read() {
                return i < bytes.length ? bytes[i++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (i >= bytes.length) {
                    return -1;
                }
                b[off] = bytes[i++];
                return 1;
            }
        };
    }

    @Test
    void everyMessageRoundTrips() throws IOException {
        TestSpec spec = TestSpec.tcpBandwidth().direction(Direction.BIDIR).streams(4).durationMillis(10_000)
                .omitMillis(2000).intervalMillis(1000).bufferBytes(131072).congestion("bbr").mssBytes(1400)
                .noDelay(true).build();
        List<Message> messages = List.of(
                new Message.Hello(1, "wirespeed test"),
                new Message.Welcome(1, "wirespeed test", "host", 8, "Linux", 128, 3_600_000),
                new Message.TestRequest(spec),
                new Message.TestAccepted("00112233445566778899aabbccddeeff"),
                new Message.Ready(), new Message.Start(), new Message.Heartbeat(), new Message.Stop(),
                new Message.Interval(0, 1_000_000_000, true, false, new int[] {0, 1}, new long[] {10, 20}),
                new Message.Results(List.of(new Message.StreamTotal(0, true, 100, 90, 5, new Message.TcpStats(1, 2, 3, 4, 5))),
                        new Message.CpuTime(1, 2, 3), 7L),
                new Message.Error("no"));
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        FrameCodec writer = new FrameCodec(new ByteArrayInputStream(new byte[0]), wire);
        for (Message m : messages) {
            writer.write(m);
        }
        FrameCodec reader = new FrameCodec(oneByteAtATime(wire.toByteArray()), new ByteArrayOutputStream());
        for (Message m : messages) {
            Message back = reader.read();
            assertThat(back).usingRecursiveComparison().isEqualTo(m);
        }
        assertThatThrownBy(reader::read).isInstanceOf(EOFException.class);
    }

    @Test
    void oversizedLengthIsRefusedBeforeAllocating() {
        byte[] hostile = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, '{'};
        assertThatThrownBy(() -> reading(hostile).read())
                .isInstanceOf(ProtocolException.class)
                .hasMessageContaining("4294967295");
    }

    @Test
    void zeroLengthIsRefused() {
        assertThatThrownBy(() -> reading(new byte[] {0, 0, 0, 0}).read()).isInstanceOf(ProtocolException.class);
    }

    @Test
    void garbageJsonIsAProtocolError() {
        byte[] json = "{\"type\":\"hello\",\"protocolVersion\":\"x\"".getBytes(StandardCharsets.UTF_8);
        byte[] frame = new byte[4 + json.length];
        frame[3] = (byte) json.length;
        System.arraycopy(json, 0, frame, 4, json.length);
        assertThatThrownBy(() -> reading(frame).read()).isInstanceOf(ProtocolException.class)
                .hasMessageStartingWith("malformed message");
    }

    @Test
    void unknownTypeIsAProtocolError() {
        byte[] frame = FrameCodec.encode(new Message.Ready());
        String json = new String(frame, 4, frame.length - 4, StandardCharsets.UTF_8).replace("ready", "launch");
        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
        byte[] bad = new byte[4 + payload.length];
        bad[3] = (byte) payload.length;
        System.arraycopy(payload, 0, bad, 4, payload.length);
        assertThatThrownBy(() -> reading(bad).read()).isInstanceOf(ProtocolException.class);
    }

    @Test
    void truncatedFrameIsAProtocolError() {
        byte[] frame = FrameCodec.encode(new Message.Hello(1, "x"));
        byte[] cut = Arrays.copyOf(frame, frame.length - 3);
        assertThatThrownBy(() -> reading(cut).read()).isInstanceOf(ProtocolException.class)
                .hasMessageContaining("inside a frame");
    }

    @Test
    void expectNamesWhatCameInstead() throws IOException {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        new FrameCodec(new ByteArrayInputStream(new byte[0]), wire).write(new Message.Ready());
        assertThatThrownBy(() -> reading(wire.toByteArray()).expect(Message.Welcome.class))
                .hasMessage("expected Welcome but was Ready");
    }

    @Test
    void errorReplyBecomesRemoteError() throws IOException {
        ByteArrayOutputStream wire = new ByteArrayOutputStream();
        new FrameCodec(new ByteArrayInputStream(new byte[0]), wire).write(new Message.Error("test refused: streams"));
        assertThatThrownBy(() -> reading(wire.toByteArray()).expect(Message.Welcome.class))
                .isInstanceOf(RemoteErrorException.class).hasMessage("test refused: streams");
    }

    @Test
    void firstByteTellsWirespeedFromIperf3() {
        assertThat(Wire.classify('W')).isEqualTo(Wire.Opening.WIRESPEED);
        for (char c : "abcdefghijklmnopqrstuvwxyz234567".toCharArray()) {
            assertThat(Wire.classify(c)).isEqualTo(Wire.Opening.IPERF3);
        }
        assertThat(Wire.classify(0)).isEqualTo(Wire.Opening.UNKNOWN);
        assertThat(Wire.classify('{')).isEqualTo(Wire.Opening.UNKNOWN);
        assertThat(Wire.classify('8')).isEqualTo(Wire.Opening.UNKNOWN);
    }

    /** One byte, then silence: what an iperf3 server sends after taking our hello for its cookie. */
    private static InputStream oneByteThenSilence(int b) {
        return new InputStream() {
            private boolean sent;

            @Override
            public int read() throws IOException {
                if (sent) {
                    throw new SocketTimeoutException("Read timed out");
                }
                sent = true;
                return b;
            }
        };
    }

    @Test
    void anIperf3StateByteIsRecognisedAloneWithoutWaitingForAFullLength() {
        // on main the codec waited for a 4-byte length and met the read timeout instead
        assertThatThrownBy(() -> new FrameCodec(oneByteThenSilence(9), new ByteArrayOutputStream())
                .expectFirstAnswer(Message.Welcome.class))
                .isInstanceOf(ProtocolException.class).hasMessageContaining("add --iperf3");
        assertThatThrownBy(() -> new FrameCodec(oneByteThenSilence(0xff), new ByteArrayOutputStream())
                .expectFirstAnswer(Message.Welcome.class))
                .isInstanceOf(ProtocolException.class).hasMessageContaining("busy");
        // any other first byte is a wirespeed peer's business: the length is read whole
        assertThatThrownBy(() -> new FrameCodec(oneByteThenSilence(0), new ByteArrayOutputStream())
                .expectFirstAnswer(Message.Welcome.class)).isInstanceOf(SocketTimeoutException.class);
        // anywhere else (a server reading a client) 0xff starts a bad length, as before
        assertThatThrownBy(() -> new FrameCodec(oneByteThenSilence(0xff), new ByteArrayOutputStream()).read())
                .isInstanceOf(SocketTimeoutException.class);
    }
}
