package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Direct read(2)/write(2) on loopback sockets, and shutdown(2) waking a reader that NIO does not know of. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class NativeIoTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void udpDatagramsGoBothWaysWhole() throws IOException {
        try (DatagramChannel a = DatagramChannel.open(); DatagramChannel b = DatagramChannel.open()) {
            connectPair(a, b);
            ByteChannel da = NativeIo.over(a);
            ByteChannel db = NativeIo.over(b);
            assumeTrue(da instanceof NativeIo, "direct socket calls unavailable here");
            ByteBuffer out = ByteBuffer.allocateDirect(4096);
            for (int i = 0; i < 4096; i++) {
                out.put(i, (byte) i);
            }
            ByteBuffer in = ByteBuffer.allocateDirect(8192);
            assertThat(da.write(out)).isEqualTo(4096);
            assertThat(db.read(in)).isEqualTo(4096);
            in.flip();
            out.flip();
            assertThat(in).isEqualTo(out);
        }
    }

    @Test
    void shutdownWakesABlockedUdpReadWithEndOfStream() throws Exception {
        try (DatagramChannel a = DatagramChannel.open(); DatagramChannel b = DatagramChannel.open()) {
            connectPair(a, b);
            ByteChannel da = NativeIo.over(a);
            assumeTrue(da instanceof NativeIo, "direct socket calls unavailable here");
            CompletableFuture<Integer> read = readInBackground(da);
            Thread.sleep(200);
            assertThat(read).isNotDone();
            NativeIo.shutdown(a);
            assertThat(read.get(5, TimeUnit.SECONDS)).isEqualTo(-1);
        }
    }

    @Test
    void shutdownWakesABlockedTcpReadWithEndOfStream() throws Exception {
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress(LOOPBACK, 0));
             SocketChannel client = SocketChannel.open(listener.getLocalAddress());
             SocketChannel accepted = listener.accept()) {
            ByteChannel direct = NativeIo.over(client);
            assumeTrue(direct instanceof NativeIo, "direct socket calls unavailable here");
            CompletableFuture<Integer> read = readInBackground(direct);
            Thread.sleep(200);
            assertThat(read).isNotDone();
            NativeIo.shutdown(client);
            assertThat(read.get(5, TimeUnit.SECONDS)).isEqualTo(-1);
            assertThat(accepted.isOpen()).isTrue();
        }
    }

    @Test
    void aClosedUdpPortIsReportedAsPortUnreachable() throws Exception {
        try (DatagramChannel a = DatagramChannel.open()) {
            InetSocketAddress gone;
            try (DatagramChannel b = DatagramChannel.open().bind(new InetSocketAddress(LOOPBACK, 0))) {
                gone = (InetSocketAddress) b.getLocalAddress();
            }
            a.bind(new InetSocketAddress(LOOPBACK, 0)).connect(gone);
            a.configureBlocking(false);
            ByteChannel da = NativeIo.over(a);
            assumeTrue(da instanceof NativeIo, "direct socket calls unavailable here");
            da.write(ByteBuffer.allocateDirect(16));
            ByteBuffer in = ByteBuffer.allocateDirect(64);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            Throwable thrown = null;
            while (thrown == null && System.nanoTime() < deadline) {
                try {
                    da.read(in);
                    Thread.sleep(10);
                } catch (PortUnreachableException e) {
                    thrown = e;
                }
            }
            assertThat(thrown).isInstanceOf(PortUnreachableException.class);
        }
    }

    private static void connectPair(DatagramChannel a, DatagramChannel b) throws IOException {
        a.bind(new InetSocketAddress(LOOPBACK, 0));
        b.bind(new InetSocketAddress(LOOPBACK, 0));
        a.connect(b.getLocalAddress());
        b.connect(a.getLocalAddress());
    }

    private static CompletableFuture<Integer> readInBackground(ByteChannel ch) {
        CompletableFuture<Integer> result = new CompletableFuture<>();
        Thread.ofPlatform().daemon(true).start(() -> {
            try {
                result.complete(ch.read(ByteBuffer.allocateDirect(1024)));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        return result;
    }
}
