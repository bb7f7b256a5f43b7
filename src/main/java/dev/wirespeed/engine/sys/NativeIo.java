package dev.wirespeed.engine.sys;

import dev.wirespeed.io.Io;
import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.ByteBuffer;
import java.net.PortUnreachableException;
import java.nio.channels.ByteChannel;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;

/**
 * read(2) and write(2) straight on a socket's descriptor (TCP, or connected UDP), for the latency
 * ping-pong. A channel call costs a lock, the async-close bookkeeping and a JNI transition on top
 * of the system call; per message that is a measurable share of a 5–10 µs one-way time. The
 * channel still owns the descriptor and this object never closes it. Whoever ends the exchange
 * calls {@link #shutdown} first, which wakes a thread blocked in read(2) (close(2) does not, on
 * Linux), waits for that thread to leave, and only then closes the channel: NIO does not know of
 * these calls, so a descriptor closed under them could be reused by another socket before their
 * next read.
 *
 * <p>Buffers must be direct. Only two buffers are expected (the ping-pong's send and receive
 * buffers): their base addresses are cached so the hot path allocates nothing.
 */
public final class NativeIo implements ByteChannel {
    private static final int EINTR = 4;
    private static final int EAGAIN = 11;
    /** A connected UDP socket's pending ICMP port-unreachable error (NIO throws PortUnreachableException). */
    private static final int ECONNREFUSED = 111;
    private static final int SHUT_RDWR = 2;
    private static final MethodHandle READ;
    private static final MethodHandle SHUTDOWN;
    private static final MethodHandle WRITE;
    /**
     * The same calls as "critical" downcalls (no thread-state transition), only for non-blocking
     * sockets: such a call returns at once (EAGAIN when there is nothing), which is what critical
     * calls require, and a busy-poll loop makes millions of them.
     */
    private static final MethodHandle READ_NOW;
    private static final MethodHandle WRITE_NOW;
    private static final boolean AVAILABLE;

    static {
        MethodHandle read = null;
        MethodHandle write = null;
        MethodHandle readNow = null;
        MethodHandle writeNow = null;
        MethodHandle shutdown = null;
        boolean ok = NativeSockets.available();
        if (ok) {
            try {
                Linker linker = Linker.nativeLinker();
                Linker.Option capture = Linker.Option.captureCallState("errno");
                // ssize_t f(int fd, void *buf, size_t count); the pointer is passed as a 64-bit integer
                // so that no MemorySegment is made per call (same register class on the 64-bit ABIs).
                FunctionDescriptor rw = FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
                MemorySegment readSymbol = linker.defaultLookup().find("read").orElseThrow();
                MemorySegment writeSymbol = linker.defaultLookup().find("write").orElseThrow();
                read = linker.downcallHandle(readSymbol, rw, capture);
                write = linker.downcallHandle(writeSymbol, rw, capture);
                Linker.Option critical = Linker.Option.critical(false);
                readNow = linker.downcallHandle(readSymbol, rw, capture, critical);
                writeNow = linker.downcallHandle(writeSymbol, rw, capture, critical);
                shutdown = linker.downcallHandle(linker.defaultLookup().find("shutdown").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                ok = ValueLayout.ADDRESS.byteSize() == 8;
            } catch (RuntimeException e) {
                ok = false;
            }
        }
        READ = read;
        WRITE = write;
        READ_NOW = readNow;
        WRITE_NOW = writeNow;
        SHUTDOWN = shutdown;
        AVAILABLE = ok;
    }

    private final SelectableChannel owner;
    private final int fd;
    private final MethodHandle read;
    private final MethodHandle write;
    private final MemorySegment errnoCapture;
    private ByteBuffer bufferA;
    private long baseA;
    private ByteBuffer bufferB;
    private long baseB;

    /** Whether direct calls are possible on this JVM and platform; {@link #unavailableReason()} says why not. */
    public static boolean available() {
        return AVAILABLE;
    }

    static String unavailableReason() {
        return AVAILABLE ? null : NativeSockets.available() ? "no 64-bit read/write/shutdown downcalls here"
                : NativeSockets.unavailableReason();
    }

    private NativeIo(SelectableChannel owner, int fd) {
        this.owner = owner;
        this.fd = fd;
        boolean nonBlocking = !owner.isBlocking();
        this.read = nonBlocking ? READ_NOW : READ;
        this.write = nonBlocking ? WRITE_NOW : WRITE;
        this.errnoCapture = NativeSockets.errnoCapture(Arena.ofAuto());
    }

    /**
     * Direct system calls on {@code channel}'s descriptor where possible, else the channel itself.
     * Set the channel's blocking mode first: a non-blocking channel gets the critical calls.
     */
    public static ByteChannel over(SocketChannel channel) {
        return over(channel, () -> NativeSockets.descriptor(channel));
    }

    /** The same for a connected UDP channel; a datagram is read whole (or truncated to the buffer), as by the channel. */
    public static ByteChannel over(DatagramChannel channel) {
        return over(channel, () -> NativeSockets.descriptor(channel));
    }

    private interface Descriptor {
        int get() throws IOException;
    }

    private static <C extends SelectableChannel & ByteChannel> ByteChannel over(C channel, Descriptor descriptor) {
        if (!AVAILABLE) {
            return channel;
        }
        try {
            return new NativeIo(channel, descriptor.get());
        } catch (IOException e) {
            return channel;
        }
    }

    /** Returns bytes read, 0 when a non-blocking socket has nothing, -1 at EOF. */
    @Override
    public int read(ByteBuffer dst) throws IOException {
        int position = dst.position();
        int remaining = dst.limit() - position;
        if (remaining == 0) {
            return 0;
        }
        long address = base(dst) + position;
        while (true) {
            long n;
            try {
                n = (long) read.invokeExact(errnoCapture, fd, address, (long) remaining);
            } catch (Throwable t) {
                throw new IOException("read failed: " + t, t);
            }
            if (n > 0) {
                dst.position(position + (int) n);
                return (int) n;
            }
            if (n == 0) {
                return -1;
            }
            int errno = NativeSockets.errno(errnoCapture);
            if (errno == EAGAIN) {
                return 0;
            }
            if (errno != EINTR) {
                throw closedOr("read", errno);
            }
        }
    }

    /** Returns bytes written, 0 when a non-blocking socket's buffer is full. */
    @Override
    public int write(ByteBuffer src) throws IOException {
        int position = src.position();
        int remaining = src.limit() - position;
        if (remaining == 0) {
            return 0;
        }
        long address = base(src) + position;
        while (true) {
            long n;
            try {
                n = (long) write.invokeExact(errnoCapture, fd, address, (long) remaining);
            } catch (Throwable t) {
                throw new IOException("write failed: " + t, t);
            }
            if (n >= 0) {
                src.position(position + (int) n);
                return (int) n;
            }
            int errno = NativeSockets.errno(errnoCapture);
            if (errno == EAGAIN) {
                return 0;
            }
            if (errno != EINTR) {
                throw closedOr("write", errno);
            }
        }
    }

    private IOException closedOr(String what, int errno) {
        if (!owner.isOpen()) {
            return new EOFException("the data connection was closed");
        }
        if (errno == ECONNREFUSED && owner instanceof DatagramChannel) {
            return new PortUnreachableException("the peer's UDP port is closed (ICMP port unreachable)");
        }
        return new IOException(what + " on the data connection failed: " + NativeSockets.strerror(errno));
    }

    private long base(ByteBuffer b) {
        if (b == bufferA) {
            return baseA;
        }
        if (b == bufferB) {
            return baseB;
        }
        if (!b.isDirect()) {
            throw new IllegalArgumentException("NativeIo needs direct buffers");
        }
        long base = MemorySegment.ofBuffer(b.duplicate().clear()).address();
        bufferB = bufferA;
        baseB = baseA;
        bufferA = b;
        baseA = base;
        return base;
    }

    /**
     * Ends a connection whose descriptor a thread may be blocked on in {@link #read}: shutdown(2)
     * wakes it with EOF, close(2) alone would not.
     */
    public static void shutdownAndClose(SelectableChannel channel) {
        shutdown(channel);
        Io.closeQuietly(channel);
    }

    /**
     * shutdown(2) both ways: a thread blocked in {@link #read} (TCP, or connected UDP) returns at
     * once with end of stream, and so does a busy-polling TCP reader on its next call. A
     * non-blocking UDP socket keeps answering EAGAIN after a shutdown: its spinning reader needs a
     * flag as well ({@link PingPong#stop()}).
     */
    public static void shutdown(SelectableChannel channel) {
        if (!channel.isOpen()) {
            return;
        }
        try {
            switch (channel) {
                case SocketChannel s -> {
                    s.shutdownInput();
                    s.shutdownOutput();
                }
                case DatagramChannel d -> {
                    if (!shutdownDescriptor(d)) {
                        // no direct calls were made on it (over() returned the channel itself): NIO's
                        // own close wakes its reads and frees the descriptor only after them
                        d.close();
                    }
                }
                default -> { }
            }
        } catch (Throwable ignored) {
            // not connected any more, or closed meanwhile: nothing blocks on it
        }
    }

    private static boolean shutdownDescriptor(DatagramChannel channel) throws Throwable {
        if (!AVAILABLE) {
            return false;
        }
        int fd;
        try {
            fd = NativeSockets.descriptor(channel);
        } catch (IOException e) {
            return false;
        }
        int rc = (int) SHUTDOWN.invokeExact(fd, SHUT_RDWR);
        return true;
    }

    @Override
    public boolean isOpen() {
        return owner.isOpen();
    }

    /** The owner closes the descriptor; closing this view does nothing. */
    @Override
    public void close() {
        // the SocketChannel owns the descriptor
    }
}
