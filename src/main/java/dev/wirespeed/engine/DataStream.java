package dev.wirespeed.engine;

import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.measure.CpuClock;
import dev.wirespeed.wire.Message.TcpStats;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The hot loop of one TCP data connection: write the same direct buffer again and again, or read
 * into one and drop the bytes. Counting happens per system call; nothing else runs in the loop.
 */
final class DataStream implements Runnable {
    private final SocketChannel channel;
    private final StreamCounter counter;
    private final int bufferBytes;
    private final StopFlag stop;
    private final ByteBudget budget;
    private final CpuAccumulator cpu;
    private volatile TcpStats tcpStats;

    /** Set by the group when it closes the channel on purpose, so the resulting exception is no failure. */
    volatile boolean closing;

    DataStream(SocketChannel channel, StreamCounter counter, int bufferBytes, StopFlag stop, ByteBudget budget,
               CpuAccumulator cpu) {
        this.channel = channel;
        this.counter = counter;
        this.bufferBytes = bufferBytes;
        this.stop = stop;
        this.budget = budget;
        this.cpu = cpu;
    }

    StreamCounter counter() {
        return counter;
    }

    SocketChannel channel() {
        return channel;
    }

    TcpStats tcpStats() {
        return tcpStats;
    }

    @Override
    public void run() {
        CpuClock clock = CpuClock.startForCurrentThread();
        Throwable failure = null;
        try {
            if (counter.sending()) {
                send();
            } else {
                receive();
            }
        } catch (IOException | RuntimeException e) {
            failure = closing ? null : e;
        } finally {
            long end = System.nanoTime();
            if (counter.sending()) {
                tcpStats = NativeSockets.tcpInfo(channel).orElse(null);
            }
            counter.end(end, failure);
            clock.stopInto(cpu);
            if (!counter.sending()) {
                closeQuietly();
            }
        }
        if (counter.sending() && failure == null) {
            awaitPeerClose();
        }
    }

    private void send() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(bufferBytes);
        fillPattern(buffer);
        while (!stop.isSet()) {
            int length = bufferBytes;
            if (budget != null) {
                length = budget.claim(bufferBytes);
                if (length == 0) {
                    break;
                }
            }
            buffer.clear().limit(length);
            while (buffer.hasRemaining()) {
                counter.add(channel.write(buffer));
            }
        }
        channel.shutdownOutput();
    }

    private void receive() throws IOException {
        ByteBuffer buffer = ByteBuffer.allocateDirect(bufferBytes);
        while (true) {
            buffer.clear();
            int n = channel.read(buffer);
            if (n < 0) {
                return;
            }
            counter.add(n);
        }
    }

    /**
     * After our FIN, wait for the receiver to close its end: then every byte was read and the
     * socket's TCP_INFO (retransmits) is final. The group closes us if this takes too long.
     */
    private void awaitPeerClose() {
        try {
            ByteBuffer sink = ByteBuffer.allocate(64);
            while (channel.read(sink) >= 0) {
                sink.clear();
            }
            TcpStats last = NativeSockets.tcpInfo(channel).orElse(null);
            if (last != null) {
                tcpStats = last;
            }
        } catch (IOException ignored) {
            // peer reset or we were closed: the counts are already final
        } finally {
            closeQuietly();
        }
    }

    void closeQuietly() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing left to report
        }
    }

    /** Random bytes, so no link compression or deduplication can flatter the result. */
    private static void fillPattern(ByteBuffer buffer) {
        byte[] chunk = new byte[Math.min(buffer.capacity(), 64 * 1024)];
        ThreadLocalRandom.current().nextBytes(chunk);
        while (buffer.hasRemaining()) {
            buffer.put(chunk, 0, Math.min(chunk.length, buffer.remaining()));
        }
        buffer.clear();
    }
}
