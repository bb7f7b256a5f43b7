package dev.wirespeed.engine.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** When a receiver starts waiting for whole buffers (SO_RCVLOWAT), and that the kernel then holds it. */
class ReceiveWakeTest {
    static final int MIB = 1 << 20;

    @Test
    void theRateDecidesWhetherOneBufferFillsWithinTenMilliseconds() {
        // 16 MiB in 160 ms = 100 MiB/s: a 1 MiB buffer fills in 10 ms, just within the bound
        assertThat(ReceiveWake.fastEnough(16L * MIB, 160_000_000L, MIB)).isTrue();
        assertThat(ReceiveWake.fastEnough(16L * MIB, 160_000_001L, MIB)).isFalse();
        // a 10 Mbit/s link: 16 MiB take 13 s, a buffer 0.8 s; its intervals must stay smooth
        assertThat(ReceiveWake.fastEnough(16L * MIB, 13_400_000_000L, MIB)).isFalse();
        // 128 KiB reads at 2 Gbit/s
        assertThat(ReceiveWake.fastEnough(16L * MIB, 67_000_000L, 128 * 1024)).isTrue();
        // no overflow at the extremes: a 10-minute probe of a 16 MiB buffer
        assertThat(ReceiveWake.fastEnough(16L * MIB, 600_000_000_000L, 16 * MIB)).isFalse();
    }

    @Test
    void onlyWirespeedsOwnStreamsWithoutAFixedSocketBufferWaitForWholeBuffers() {
        TestSpec plain = TestSpec.tcpBandwidth().build();
        assertThat(DataPath.endingWithFin(plain).batchWakeups()).isTrue();
        assertThat(DataPath.endingWithFin(TestSpec.tcpBandwidth().windowBytes(64 * 1024).build()).batchWakeups())
                .as("-w: the queue may never hold a whole buffer").isFalse();
        assertThat(DataPath.of(plain).batchWakeups()).as("iperf3's senders may not end with a FIN").isFalse();
        assertThat(DataPath.endingWithFin(TestSpec.tcpBandwidth().skipRxCopy(true).build()).batchWakeups()).isTrue();
        assertThat(DataPath.endingWithFin(TestSpec.tcpBandwidth().skipRxCopy(true).streams(2).build()).batchWakeups())
                .as("MSG_TRUNC receivers of several streams stay awake to take the receive processing").isFalse();
        assertThat(DataPath.endingWithFin(TestSpec.tcpBandwidth().streams(4).build()).batchWakeups()).isTrue();
    }

    @Test
    void aFastStreamGetsTheLowWaterMarkAndASlowOneKeepsTheKernelsDefault() throws IOException {
        assumeTrue(NativeSockets.available(), "SKIPPED: direct socket calls unavailable here");
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0));
             SocketChannel fast = SocketChannel.open(listener.getLocalAddress());
             SocketChannel slow = SocketChannel.open(listener.getLocalAddress())) {
            AtomicLong now = new AtomicLong(1_000_000_000L);
            ReceiveWake fastWake = new ReceiveWake(NativeSockets.descriptor(fast), MIB, now::get);
            ReceiveWake slowWake = new ReceiveWake(NativeSockets.descriptor(slow), MIB, now::get);
            int defaultLowWater = NativeSockets.receiveLowWater(NativeSockets.descriptor(fast));
            assertThat(defaultLowWater).as("socket(7): SO_RCVLOWAT defaults to 1").isEqualTo(1);

            for (int i = 0; i < 15; i++) { // 15 MiB: not judged yet
                fastWake.afterRead(MIB);
                slowWake.afterRead(MIB);
                now.addAndGet(1_000_000); // 1 MiB per ms = 8.4 Gbit/s for both streams
            }
            assertThat(fastWake.set()).isFalse();
            fastWake.afterRead(MIB);
            assertThat(fastWake.set()).isTrue();
            assertThat(NativeSockets.receiveLowWater(NativeSockets.descriptor(fast))).isEqualTo(MIB);

            now.addAndGet(10_000_000_000L); // the slow stream's last MiB came 10 s later
            slowWake.afterRead(MIB);
            assertThat(slowWake.set()).isFalse();
            assertThat(NativeSockets.receiveLowWater(NativeSockets.descriptor(slow))).isEqualTo(defaultLowWater);
        }
    }
}
