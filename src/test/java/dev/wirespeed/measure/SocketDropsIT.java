package dev.wirespeed.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** On this host's own table: a connected loopback socket that is never read drops what overflows its buffer. */
class SocketDropsIT {
    @Test
    void aFullReceiveQueueShowsAsTheSocketsOwnDrops() throws Exception {
        assumeTrue(Files.exists(Path.of("/proc/net/udp")), "SKIPPED: no /proc/net/udp (not Linux)");
        InetAddress lo = InetAddress.getLoopbackAddress();
        try (DatagramChannel rx = DatagramChannel.open(); DatagramChannel tx = DatagramChannel.open();
             DatagramChannel other = DatagramChannel.open()) {
            rx.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
            rx.bind(new InetSocketAddress(lo, 0));
            tx.bind(new InetSocketAddress(lo, 0));
            other.bind(new InetSocketAddress(lo, 0));
            rx.connect(tx.getLocalAddress());
            tx.connect(rx.getLocalAddress());
            SocketDrops d = SocketDrops.watch(List.of(new SocketDrops.Endpoints((InetSocketAddress) rx.getLocalAddress(),
                    (InetSocketAddress) rx.getRemoteAddress())));
            ByteBuffer datagram = ByteBuffer.allocate(1000);
            for (int i = 0; i < 200; i++) {
                tx.write(datagram.clear());
                other.send(datagram.clear(), other.getLocalAddress()); // another socket's drops are not the test's
            }
            d.end();
            SocketDrops.Count c = d.count();
            assertThat(c.sockets()).isEqualTo(1);
            assertThat(c.read()).isEqualTo(1);
            // a 4 KiB buffer (doubled by the kernel, socket(7)) holds a few 1000-byte datagrams; the rest are dropped
            assertThat(c.drops()).isBetween(150L, 200L);
        }
    }
}
