package dev.wirespeed.engine.stream;

import java.io.IOException;
import java.net.PortUnreachableException;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;

/**
 * UDP's last resort: one DatagramChannel write per datagram, one read per datagram. Never refused.
 * The batched paths ({@link GsoIo}: UDP_SEGMENT/UDP_GRO, {@link MmsgIo}: sendmmsg/recvmmsg) go
 * before it in {@link DataPath#udp()} and use the same {@link UdpStream} calls with batches.
 */
final class DatagramIo implements StreamIo<UdpStream> {
    static final DatagramIo INSTANCE = new DatagramIo();
    /** The longest datagram a receive may return (IPv4's 65,507-byte payload fits). */
    static final int RECEIVE_BYTES = 64 * 1024;

    private DatagramIo() {}

    @Override
    public String call(boolean sending) {
        return "DatagramChannel";
    }

    @Override
    public void send(UdpStream s) throws IOException {
        DatagramChannel channel = s.channel();
        ByteBuffer buffer = ByteBuffer.allocateDirect(s.datagramBytes());
        UdpStream.fillRandom(buffer);
        while (s.due(1) > 0) {
            s.stamp(buffer, 0, 0);
            buffer.clear();
            try {
                channel.write(buffer);
            } catch (PortUnreachableException e) {
                continue; // ICMP from the peer's port for an earlier datagram: the control connection decides
            }
            s.sent(1);
        }
    }

    @Override
    public void receive(UdpStream s) throws IOException {
        DatagramChannel channel = s.channel();
        ByteBuffer buffer = ByteBuffer.allocateDirect(RECEIVE_BYTES);
        while (true) {
            buffer.clear();
            int n;
            try {
                n = channel.read(buffer);
            } catch (PortUnreachableException e) {
                continue;
            }
            if (n == 0 && s.closing) {
                return; // shut down by the side after a direct io was refused
            }
            s.received(buffer, 0, n, System.nanoTime());
        }
    }
}
