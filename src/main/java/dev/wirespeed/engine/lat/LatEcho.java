package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.stream.StopFlag;
import dev.wirespeed.engine.sys.NativeIo;
import java.io.IOException;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.util.List;

/** The server's end of a ping-pong: echo every message whole, as fast as it can. */
final class LatEcho {
    private LatEcho() {}

    /**
     * Reads each message of the current size completely, writes it back, and moves to the next
     * size after echoing a {@link PingPong#NEXT_SIZE}. Returns after the last size, or at EOF.
     */
    static void tcp(SocketChannel channel, List<Integer> sizesBytes, boolean busyPoll, StopFlag stop)
            throws IOException {
        int max = sizesBytes.stream().mapToInt(Integer::intValue).max().orElse(1);
        ByteBuffer buffer = ByteBuffer.allocateDirect(max);
        channel.configureBlocking(!busyPoll);
        ByteChannel ch = NativeIo.over(channel);
        for (int size : sizesBytes) {
            while (true) {
                buffer.clear().limit(size);
                if (PingPong.readSome(ch, buffer, busyPoll, stop) < 0) {
                    return;
                }
                PingPong.readFully(ch, buffer, busyPoll, stop);
                byte kind = buffer.get(0);
                buffer.flip();
                PingPong.writeFully(ch, buffer, busyPoll, stop);
                if (kind == PingPong.NEXT_SIZE) {
                    break;
                }
            }
        }
    }

    /**
     * Echoes each datagram as it came, until the socket is shut down or {@code stop} is set. A
     * datagram is a whole message, so the sizes need no tracking here, and a repeated message (the
     * client resent it) is simply echoed again.
     */
    static void udp(DatagramChannel channel, boolean busyPoll, StopFlag stop) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
        channel.configureBlocking(!busyPoll);
        ByteChannel ch = NativeIo.over(channel);
        while (true) {
            buffer.clear();
            int n;
            try {
                n = PingPong.readSome(ch, buffer, busyPoll, stop);
            } catch (PortUnreachableException e) {
                continue; // an ICMP error from an earlier echo; the control connection tells if the client left
            }
            if (n < 0) {
                return; // shut down at the end of the test
            }
            if (n > 0) {
                buffer.flip();
                ch.write(buffer);
            }
        }
    }
}
