package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.wirespeed.engine.sys.NativeUdp;
import dev.wirespeed.wire.TestMode;
import dev.wirespeed.wire.TestSpec;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import org.junit.jupiter.api.Test;

/** The unpaced UDP receiver's larger buffer (docs/UDP.md, "Socket buffers"). */
class UdpReceiveBufferTest {
    static final int DEFAULT_REQUEST = 4 << 20;

    private static TestSpec spec(long rate, int window) {
        return TestSpec.builder(TestMode.UDP_BW).rateBitsPerSecond(rate).windowBytes(window).build();
    }

    @Test
    void onlyAnUnpacedTestWithoutWAsksAndTheShareShrinksWithTheStreams() {
        assertThat(UdpReceiveBuffer.wanted(spec(0, 0), 1, DEFAULT_REQUEST)).isEqualTo(16 << 20);
        assertThat(UdpReceiveBuffer.wanted(spec(0, 0), 4, DEFAULT_REQUEST)).isEqualTo(16 << 20);
        assertThat(UdpReceiveBuffer.wanted(spec(0, 0), 8, DEFAULT_REQUEST)).isEqualTo(8 << 20);
        assertThat(UdpReceiveBuffer.wanted(spec(0, 0), 16, DEFAULT_REQUEST)).as("no more than the default").isZero();
        assertThat(UdpReceiveBuffer.wanted(spec(1_000_000, 0), 1, DEFAULT_REQUEST)).as("-b 1M").isZero();
        assertThat(UdpReceiveBuffer.wanted(spec(0, 1 << 20), 1, DEFAULT_REQUEST)).as("-w 1M").isZero();
        assertThat(UdpReceiveBuffer.wanted(spec(0, 0), 0, DEFAULT_REQUEST)).as("a side that only sends").isZero();
        assertThat(UdpReceiveBuffer.wanted(spec(0, 0), 1, 0)).as("no default request: not udp-bw").isZero();
    }

    @Test
    void theNoteSaysTheSizeAndHowItPassedTheCap() {
        assertThat(UdpReceiveBuffer.note(32 << 20, true))
                .isEqualTo("receive buffer: 32 MiB at -b 0, as -w counts it (SO_RCVBUFFORCE past net.core.rmem_max; -w sets it)");
        assertThat(UdpReceiveBuffer.note(3 << 19, false)).isEqualTo("receive buffer: 1.5 MiB at -b 0, as -w counts it (-w sets it)");
    }

    /**
     * On this host's socket: after widen the socket has at least the request (as root it may pass
     * net.core.rmem_max), or, where it did not, nothing was claimed; a second call changes nothing.
     */
    @Test
    void widenGetsTheBufferOrSaysNothing() throws Exception {
        assumeThat(NativeUdp.available()).as("direct UDP calls").isTrue();
        try (DatagramChannel ch = DatagramChannel.open()) {
            ch.bind(new InetSocketAddress("127.0.0.1", 0));
            ch.setOption(StandardSocketOptions.SO_RCVBUF, DEFAULT_REQUEST);
            int request = 16 << 20;
            String note = UdpReceiveBuffer.widen(ch, request);
            int granted = ch.getOption(StandardSocketOptions.SO_RCVBUF);
            if ("root".equals(System.getProperty("user.name"))) {
                assertThat(note).as("root may pass net.core.rmem_max").isNotNull();
            }
            if (note == null) {
                assertThat(granted).as("not raised: still below the request").isLessThan(request);
            } else {
                assertThat(granted).as("the JDK reads a request's worth, as -w counts").isGreaterThanOrEqualTo(request);
                assertThat(note).startsWith("receive buffer: " + (granted >> 20) + " MiB at -b 0, as -w counts it");
            }
            assertThat(UdpReceiveBuffer.widen(ch, request)).as("already that large, or refused again").isNull();
            assertThat(UdpReceiveBuffer.widen(ch, 0)).isNull();
        }
    }
}
