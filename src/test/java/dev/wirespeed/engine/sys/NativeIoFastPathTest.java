package dev.wirespeed.engine.sys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.engine.lat.PingPong;
import dev.wirespeed.results.IoPath;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The direct read(2)/write(2) path of the latency loops is checked, not assumed: on the platforms
 * wirespeed supports (Linux on x86-64 or aarch64, the JDK the build requires, run with
 * --enable-native-access as the launcher and the build do) its absence is a failure. Elsewhere
 * NIO is the expected fallback and the test is skipped, naming the platform.
 */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
public class NativeIoFastPathTest {
    private static final Set<String> SUPPORTED_ARCHES = Set.of("amd64", "x86_64", "aarch64");

    public static boolean supportedPlatform() {
        return System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("linux")
                && SUPPORTED_ARCHES.contains(System.getProperty("os.arch"))
                && Runtime.version().feature() >= 25;
    }

    @Test
    void directCallsAreAvailableOnSupportedPlatforms() {
        assumeTrue(supportedPlatform(), "direct socket calls are only required on Linux x86-64/aarch64 with JDK 25+,"
                + " not " + System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        assertThat(NativeIo.available()).as("direct-call path unavailable: " + NativeIo.unavailableReason()).isTrue();
    }

    @Test
    void tcpAndUdpLatencyLoopsTakeTheDirectPath() throws IOException {
        assumeTrue(supportedPlatform(), "not a platform where the direct path is required");
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress(lo, 0));
             SocketChannel client = SocketChannel.open(listener.getLocalAddress());
             SocketChannel accepted = listener.accept();
             DatagramChannel a = DatagramChannel.open().bind(new InetSocketAddress(lo, 0));
             DatagramChannel b = DatagramChannel.open().bind(new InetSocketAddress(lo, 0))) {
            a.connect(b.getLocalAddress());
            b.connect(a.getLocalAddress());
            PingPong tcp = new PingPong.Tcp(client, 64, false);
            PingPong udp = new PingPong.Udp(a, 64, false);
            assertThat(tcp.ioPath()).isEqualTo(IoPath.DIRECT);
            assertThat(udp.ioPath()).isEqualTo(IoPath.DIRECT);
            assertThat(accepted.isOpen()).isTrue();
        }
    }
}
