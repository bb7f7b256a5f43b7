package dev.wirespeed.testing;

import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * Another process's traffic beside a test (issue 26: counters attributed to the test), started in
 * a test's namespace with {@link Netns#java}. Every mode is bounded in time and prints
 * {@value #STARTED} once its traffic flows.
 * <ul>
 *   <li>{@code udp-flood SECONDS}: floods a loopback UDP socket that is never read (a 4 KiB buffer), so
 *       the namespace's host-wide UdpRcvbufErrors climbs all the time;</li>
 *   <li>{@code tcp-sink ADDRESS PORT SECONDS}: accepts one connection and reads it;</li>
 *   <li>{@code tcp-send ADDRESS PORT SECONDS}: writes to a sink as fast as it can (over a shaped link,
 *       the namespace's host-wide TcpRetransSegs climbs).</li>
 * </ul>
 */
public final class Noise {
    public static final String STARTED = "noise: started";

    private Noise() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "udp-flood" -> udpFlood(deadline(args[1]));
            case "tcp-sink" -> tcpSink(new InetSocketAddress(args[1], Integer.parseInt(args[2])), deadline(args[3]));
            case "tcp-send" -> tcpSend(new InetSocketAddress(args[1], Integer.parseInt(args[2])), deadline(args[3]));
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    private static long deadline(String seconds) {
        return System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(seconds));
    }

    private static void udpFlood(long deadline) throws Exception {
        try (DatagramChannel rx = DatagramChannel.open(); DatagramChannel tx = DatagramChannel.open()) {
            rx.setOption(StandardSocketOptions.SO_RCVBUF, 4096);
            rx.bind(new InetSocketAddress("127.0.0.1", 0));
            tx.connect(rx.getLocalAddress());
            ByteBuffer datagram = ByteBuffer.allocate(512);
            System.out.println(STARTED);
            System.out.flush();
            while (System.nanoTime() < deadline) {
                for (int i = 0; i < 5; i++) {
                    tx.write(datagram.clear());
                }
                Thread.sleep(1); // a few thousand a second: enough to overflow, light on a shared CPU
            }
        }
    }

    private static void tcpSink(InetSocketAddress at, long deadline) throws Exception {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(at);
            System.out.println(STARTED);
            System.out.flush();
            try (SocketChannel c = server.accept()) {
                ByteBuffer b = ByteBuffer.allocateDirect(1 << 16);
                while (System.nanoTime() < deadline && c.read(b.clear()) >= 0) {
                    // discard
                }
            }
        }
    }

    private static void tcpSend(InetSocketAddress to, long deadline) throws Exception {
        try (SocketChannel c = SocketChannel.open(to)) {
            ByteBuffer b = ByteBuffer.allocateDirect(1 << 16);
            System.out.println(STARTED);
            System.out.flush();
            while (System.nanoTime() < deadline) {
                c.write(b.clear());
            }
        }
    }
}
