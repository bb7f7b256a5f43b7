package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.nio.channels.Channel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The seam's fallback rule, without sockets: a stream runs the first io that serves its direction
 * and is not refused; each refusal leaves its note, and dataPath names the call that ran.
 */
class StreamIoTest {
    static final class Stream extends StreamLoop<Channel> {
        Stream(boolean sending) {
            super(null, new StreamCounter(0, sending), new StopFlag(), new CpuAccumulator());
        }

        @Override
        protected void send() {}

        @Override
        protected void receive() {}
    }

    /** An io that serves the directions it has a call for, refuses with {@code refusal} when that is set. */
    record Io(String sendCall, String receiveCall, boolean refuses, String refusal, List<String> ran)
            implements StreamIo<Stream> {
        @Override
        public String call(boolean sending) {
            return sending ? sendCall : receiveCall;
        }

        @Override
        public void send(Stream s) throws IOException {
            move(s, sendCall);
        }

        @Override
        public void receive(Stream s) throws IOException {
            move(s, receiveCall);
        }

        private void move(Stream s, String call) throws IOException {
            ran.add(call);
            if (refuses) {
                throw new Refused(refusal);
            }
            s.counter().add(1);
        }
    }

    final List<String> ran = new ArrayList<>();

    Io serves(String send, String receive) {
        return new Io(send, receive, false, null, ran);
    }

    Io refuses(String send, String receive, String note) {
        return new Io(send, receive, true, note, ran);
    }

    @Test
    void aRefusedIoFallsBackToTheNextWithItsNote() throws IOException {
        Stream s = new Stream(true);
        StreamIo.run(s, List.of(refuses("sendfile", null, "-Z: sendfile refused (x); wrote instead"),
                serves("write", "read")));
        assertThat(ran).containsExactly("sendfile", "write");
        assertThat(s.callUsed()).isEqualTo("write");
        assertThat(s.notes()).containsExactly("-Z: sendfile refused (x); wrote instead");
        assertThat(s.counter().bytes()).isEqualTo(1);
    }

    @Test
    void anIoOfTheOtherDirectionIsPassedOverQuietly() throws IOException {
        Stream receiver = new Stream(false);
        StreamIo.run(receiver, List.of(serves("sendfile", null), serves("write", "read")));
        assertThat(ran).containsExactly("read");
        assertThat(receiver.callUsed()).isEqualTo("read");
        assertThat(receiver.notes()).isEmpty();
    }

    @Test
    void aQuietRefusalLeavesNoNote() throws IOException {
        Stream s = new Stream(false);
        StreamIo.run(s, List.of(refuses("write", "read", null), serves("SocketChannel", "SocketChannel")));
        assertThat(s.callUsed()).isEqualTo("SocketChannel");
        assertThat(s.notes()).isEmpty();
    }

    @Test
    void whenEveryIoRefusesTheStreamFailsWithTheLastNote() {
        Stream s = new Stream(true);
        assertThatThrownBy(() -> StreamIo.run(s, List.of(refuses("write", "read", "no descriptor"))))
                .isInstanceOf(IOException.class).isNotInstanceOf(StreamIo.Refused.class)
                .hasMessage("no way to send on this stream: no descriptor");
    }

    /** What each flag puts before the default path, and that the SocketChannel stays the last resort. */
    @Test
    void theTcpChainFollowsTheFlags() {
        assertThat(calls(DataPath.DEFAULT, true)).containsExactly("write", "SocketChannel");
        assertThat(calls(DataPath.DEFAULT, false)).containsExactly("read", "SocketChannel");
        DataPath both = DataPath.of(TestSpec.tcpBandwidth().zeroCopy(true).skipRxCopy(true).build());
        assertThat(calls(both, true)).containsExactly("sendfile", "write", "SocketChannel");
        assertThat(calls(both, false)).containsExactly("recv MSG_TRUNC", "read", "SocketChannel");
    }

    private static List<String> calls(DataPath path, boolean sending) {
        List<String> out = new ArrayList<>();
        for (StreamIo<DataStream> io : path.tcp()) {
            if (io.call(sending) != null) {
                out.add(io.call(sending));
            }
        }
        return out;
    }
}
