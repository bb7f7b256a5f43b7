package dev.wirespeed.engine.lat;

import dev.wirespeed.engine.stream.StopFlag;
import dev.wirespeed.engine.sys.NativeIo;
import dev.wirespeed.results.IoPath;
import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.ByteChannel;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The client's end of a ping-pong: send one message, wait for the server to echo it whole, return
 * the round-trip time. Byte 0 of every message says what it is ({@link #PING} or {@link #NEXT_SIZE});
 * the rest is random payload, except that UDP pings carry their sequence number in bytes 1..8
 * (as many as the size allows) so that a late echo is never taken for the current one.
 *
 * <p>Blocking mode sleeps in read(2); busy-poll mode puts the socket in non-blocking mode and
 * spins on read, trading a core for the wake-up latency. Both loops do nothing else: no
 * allocation, one clock read on each side of the exchange.
 */
public abstract sealed class PingPong permits PingPong.Tcp, PingPong.Udp {
    static final byte PING = 0;
    /** Ends the current size: the server echoes it and moves to the next size of the spec. */
    static final byte NEXT_SIZE = 1;

    private static final VarHandle PROGRESS;

    static {
        try {
            PROGRESS = MethodHandles.lookup().findVarHandle(PingPong.class, "progress", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final boolean busyPoll;
    final StopFlag stop = new StopFlag();
    final ByteBuffer send;
    final ByteBuffer receive;
    @SuppressWarnings("unused") // accessed through PROGRESS
    private long progress;

    PingPong(int maxSizeBytes, boolean busyPoll, SelectableChannel channel) throws IOException {
        this.busyPoll = busyPoll;
        this.send = ByteBuffer.allocateDirect(maxSizeBytes);
        this.receive = ByteBuffer.allocateDirect(maxSizeBytes + 1);
        byte[] random = new byte[Math.min(maxSizeBytes, 64 * 1024)];
        ThreadLocalRandom.current().nextBytes(random);
        for (int at = 0; at < maxSizeBytes; at += random.length) {
            send.put(at, random, 0, Math.min(random.length, maxSizeBytes - at));
        }
        channel.configureBlocking(!busyPoll);
    }

    /**
     * One exchange of {@code sizeBytes}. Returns the round-trip time in nanoseconds, or -1 when
     * the echo came only after the watchdog resent the message (UDP: the first was lost).
     */
    abstract long roundTrip(int sizeBytes, long sequence, byte kind) throws IOException;

    /** Round trips completed so far; the watchdog reads it to see that the exchange moves. */
    final long progress() {
        return (long) PROGRESS.getOpaque(this);
    }

    final void advance() {
        PROGRESS.setOpaque(this, (long) PROGRESS.getOpaque(this) + 1);
    }

    /** Watchdog: the current message got no echo for a while; send it again (UDP only). */
    abstract void resend() throws IOException;

    /** Whether the hot loop makes direct system calls ({@link NativeIo}) or goes through the channel. */
    public abstract IoPath ioPath();

    static IoPath ioPathOf(ByteChannel ch) {
        return ch instanceof NativeIo ? IoPath.DIRECT : IoPath.NIO;
    }

    /** Ends the exchange: a spinning read returns end of stream (a shut-down UDP socket only ever says EAGAIN). */
    final void stop() {
        stop.set();
    }

    /**
     * Bytes read, or -1 at end of stream or once {@code stop} is set. Blocking reads are woken by
     * shutting the socket down (see {@link NativeIo#shutdown}); busy-polling reads check {@code stop}.
     */
    static int readSome(ByteChannel ch, ByteBuffer into, boolean busyPoll, StopFlag stop) throws IOException {
        int n;
        while ((n = ch.read(into)) == 0 && busyPoll) {
            if (stop.isSet()) {
                return -1;
            }
            Thread.onSpinWait();
        }
        return n;
    }

    static void writeFully(ByteChannel ch, ByteBuffer from, boolean busyPoll, StopFlag stop) throws IOException {
        while (from.hasRemaining()) {
            if (ch.write(from) == 0 && busyPoll) {
                if (stop.isSet()) {
                    throw new EOFException("stopped");
                }
                Thread.onSpinWait();
            }
        }
    }

    static void readFully(ByteChannel ch, ByteBuffer into, boolean busyPoll, StopFlag stop) throws IOException {
        while (into.hasRemaining()) {
            if (readSome(ch, into, busyPoll, stop) < 0) {
                throw new EOFException("the server closed the data connection");
            }
        }
    }

    /** TCP: the server reads the whole message before it answers (store and forward, as perftest and qperf). */
    public static final class Tcp extends PingPong {
        /** read(2)/write(2) on the socket itself where possible (see {@link NativeIo}). */
        private final ByteChannel channel;

        public Tcp(SocketChannel channel, int maxSizeBytes, boolean busyPoll) throws IOException {
            super(maxSizeBytes, busyPoll, channel);
            this.channel = NativeIo.over(channel);
        }

        @Override
        long roundTrip(int sizeBytes, long sequence, byte kind) throws IOException {
            send.clear().put(0, kind).limit(sizeBytes);
            receive.clear().limit(sizeBytes);
            long t0 = System.nanoTime();
            writeFully(channel, send, busyPoll, stop);
            readFully(channel, receive, busyPoll, stop);
            long t1 = System.nanoTime();
            advance();
            return t1 - t0;
        }

        @Override
        void resend() {
            // TCP retransmits by itself
        }

        @Override
        public IoPath ioPath() {
            return ioPathOf(channel);
        }
    }

    /** UDP: one datagram each way; stale or foreign echoes are skipped by size, kind and sequence. */
    public static final class Udp extends PingPong {
        /** For the watchdog's resends, through NIO. */
        private final DatagramChannel channel;
        /** read(2)/write(2) on the socket itself where possible (see {@link NativeIo}). */
        private final ByteChannel direct;
        private final ByteBuffer again;
        private volatile int pendingSize;
        private volatile byte pendingKind;
        private volatile long pendingSequence;
        private volatile long resentSequence = -1;

        public Udp(DatagramChannel channel, int maxSizeBytes, boolean busyPoll) throws IOException {
            super(maxSizeBytes, busyPoll, channel);
            this.channel = channel;
            this.direct = NativeIo.over(channel);
            this.again = ByteBuffer.allocateDirect(maxSizeBytes);
        }

        @Override
        public IoPath ioPath() {
            return ioPathOf(direct);
        }

        @Override
        long roundTrip(int sizeBytes, long sequence, byte kind) throws IOException {
            send.clear();
            send.put(0, kind);
            putSequence(send, sequence, sizeBytes);
            send.limit(sizeBytes);
            pendingSize = sizeBytes;
            pendingKind = kind;
            pendingSequence = sequence;
            long t0 = System.nanoTime();
            direct.write(send);
            while (true) {
                receive.clear();
                int n = readSome(direct, receive, busyPoll, stop);
                if (n < 0) {
                    throw new EOFException("the data socket was shut down");
                }
                if (n == sizeBytes && receive.get(0) == kind && sequenceMatches(receive, sequence, sizeBytes)) {
                    break;
                }
            }
            long t1 = System.nanoTime();
            boolean resent = resentSequence == sequence;
            advance();
            return resent ? -1 : t1 - t0;
        }

        @Override
        void resend() throws IOException {
            int size = pendingSize;
            if (size == 0) {
                return;
            }
            long sequence = pendingSequence;
            again.clear();
            for (int i = 0; i < size; i++) {
                again.put(i, send.get(i));
            }
            again.put(0, pendingKind);
            putSequence(again, sequence, size);
            again.limit(size);
            resentSequence = sequence;
            channel.write(again);
        }

        static void putSequence(ByteBuffer b, long sequence, int sizeBytes) {
            int bytes = Math.min(8, sizeBytes - 1);
            for (int i = 0; i < bytes; i++) {
                b.put(1 + i, (byte) (sequence >>> (8 * i)));
            }
        }

        static boolean sequenceMatches(ByteBuffer b, long sequence, int sizeBytes) {
            int bytes = Math.min(8, sizeBytes - 1);
            for (int i = 0; i < bytes; i++) {
                if (b.get(1 + i) != (byte) (sequence >>> (8 * i))) {
                    return false;
                }
            }
            return true;
        }
    }
}
