package dev.wirespeed.engine.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wirespeed.results.Protocol;
import dev.wirespeed.wire.CounterDelta;
import dev.wirespeed.wire.Message;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 26, what the server sends back: the host-wide counters in a server's results are those of
 * the test's protocol only, whatever else moved on the host meanwhile.
 */
class PathCounterReportIT {
    @Test
    void aServerSendsNoCounterOfAnotherProtocol() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/net/snmp")), "SKIPPED: no /proc/net/snmp (not Linux)");
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (ServerSocketChannel listener = ServerSocketChannel.open().bind(new InetSocketAddress(lo, 0));
             SocketChannel control = SocketChannel.open(listener.getLocalAddress());
             SocketChannel accepted = listener.accept()) {
            PathCounterReport counters = PathCounterReport.startInBackground(accepted).awaitBefore();
            overflowAUdpSocket(lo);
            Message.Results empty = new Message.Results(List.of(), new Message.CpuTime(1, 1, 1), null);
            Message.Results tcp = counters.attach(empty, Protocol.TCP);
            Message.Results udp = counters.attach(empty, Protocol.UDP);
            assertThat(names(udp)).as("the host's UDP drops moved").contains("UdpRcvbufErrors");
            assertThat(names(tcp)).noneMatch(n -> n.startsWith("Udp"));
            assertThat(names(udp)).noneMatch(n -> n.startsWith("Tcp"));
        }
    }

    private static List<String> names(Message.Results r) {
        return r.counterDeltas().stream().filter(d -> d.scope().equals("host"))
                .flatMap((CounterDelta d) -> d.values().keySet().stream()).toList();
    }

    /** Another socket of this host, never read: most of 200 datagrams overflow its 4 KiB buffer. */
    private static void overflowAUdpSocket(InetAddress lo) throws Exception {
        try (DatagramChannel rx = DatagramChannel.open(); DatagramChannel tx = DatagramChannel.open()) {
            rx.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
            rx.bind(new InetSocketAddress(lo, 0));
            tx.connect(rx.getLocalAddress());
            ByteBuffer datagram = ByteBuffer.allocate(1000);
            for (int i = 0; i < 200; i++) {
                tx.write(datagram.clear());
            }
        }
    }
}
