package dev.wirespeed.engine.stream;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The last resort of every TCP stream: the SocketChannel's own write and read, where direct calls
 * on the descriptor are unavailable (no FFM, no descriptor, a socket that cannot be made blocking).
 * Never refused.
 */
final class ChannelIo implements StreamIo<DataStream> {
    static final ChannelIo INSTANCE = new ChannelIo();

    private ChannelIo() {}

    @Override
    public String call(boolean sending) {
        return "SocketChannel";
    }

    @Override
    public void send(DataStream s) throws IOException {
        SocketChannel channel = s.channel();
        ByteBuffer buffer = ByteBuffer.allocateDirect(s.bufferBytes());
        DataStream.fillPattern(buffer);
        for (int length = s.nextLength(); length > 0; length = s.nextLength()) {
            buffer.clear().limit(length);
            while (buffer.hasRemaining()) {
                s.counter().add(channel.write(buffer));
            }
        }
    }

    @Override
    public void receive(DataStream s) throws IOException {
        SocketChannel channel = s.channel();
        ByteBuffer buffer = ByteBuffer.allocateDirect(s.bufferBytes());
        while (true) {
            buffer.clear();
            int n = channel.read(buffer);
            if (n < 0) {
                return;
            }
            s.counter().add(n);
        }
    }
}
