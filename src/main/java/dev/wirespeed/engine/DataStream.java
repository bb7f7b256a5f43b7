package dev.wirespeed.engine;

import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.wire.Message.TcpStats;
import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * The hot loop of one TCP data connection: write the same buffer again and again, or read into one
 * and drop the bytes. Counting happens per system call; nothing else runs in the loop.
 *
 * <p>The calls go straight to the descriptor ({@link NativeBulk}): write(2) and read(2) by default,
 * sendfile(2) from a {@link PayloadFile} with {@code -Z}, recv(2) with MSG_TRUNC with
 * {@code --skip-rx-copy}. Where a mechanism is missing the stream falls back to the next one
 * (sendfile → write → SocketChannel; MSG_TRUNC → read) and records why in {@link #fallback()}.
 * NIO does not know of these calls: whoever ends a stream early shuts the socket down first (which
 * wakes a blocked read(2) or write(2); close(2) would not) and closes it after the thread left
 * ({@link StreamGroup#close()}).
 */
final class DataStream extends StreamLoop<SocketChannel> {
    /** Length of each recv(2) with MSG_TRUNC (--skip-rx-copy). */
    static final int TRUNC_RECV_BYTES = 1 << 20;
    private final int bufferBytes;
    private final ByteBudget budget;
    private final DataPath path;
    private final PayloadFile payload;
    private volatile TcpStats tcpStats;
    private volatile DataPath.Call callUsed;
    private final java.util.List<String> fallbacks = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Taken in {@link #prepare()}, given back in {@link #release()}. */
    private StreamBuffers.Lease buffers;

    DataStream(SocketChannel channel, StreamCounter counter, int bufferBytes, StopFlag stop, ByteBudget budget,
               CpuAccumulator cpu, DataPath path, PayloadFile payload) {
        super(channel, counter, stop, cpu);
        this.bufferBytes = bufferBytes;
        this.budget = budget;
        this.path = path;
        this.payload = payload;
    }

    TcpStats tcpStats() {
        return tcpStats;
    }

    /** The call that moved this stream's bytes; null before the stream ran. */
    DataPath.Call callUsed() {
        return callUsed;
    }

    /** The outcome of -A for this stream's thread: null when pinned, else why not. */
    void pinned(String problem) {
        if (problem != null) {
            fallbacks.add(problem);
        }
    }

    /** Why an asked-for mechanism (-Z, --skip-rx-copy, -A) did not run; empty when all did. */
    java.util.List<String> fallbacks() {
        return fallbacks;
    }

    @Override
    void beforeEnd() {
        if (counter.sending()) {
            tcpStats = NativeSockets.tcpInfo(channel).orElse(null);
        }
    }

    /** A receiver closes its socket; a sender that ended well waits for the peer's close first. */
    @Override
    void afterEnd(Throwable failure) {
        if (!counter.sending()) {
            closeQuietly();
        } else if (failure == null) {
            awaitPeerClose();
        }
    }

    @Override
    void send() throws IOException {
        int fd = descriptor();
        if (fd < 0) {
            sendChannel();
        } else {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment errno = NativeSockets.errnoCapture(arena);
                if (!path.zeroCopy() || !sendFile(fd, arena, errno)) {
                    sendDirect(fd, arena, errno);
                }
            }
        }
        channel.shutdownOutput();
    }

    /** The next write's length, or 0 when the byte budget is spent or the test stopped. */
    private int nextLength() {
        if (stop.isSet()) {
            return 0;
        }
        return budget == null ? bufferBytes : budget.claim(bufferBytes);
    }

    /**
     * The shared filler a sender writes from, or the sink a receiver reads into (StreamBuffers:
     * -P 32 -l 16M touched 1.5 GiB before a byte moved when each stream had its own), taken before
     * the thread's priority is lowered.
     */
    @Override
    void prepare() {
        buffers = counter.sending() ? StreamBuffers.filler(bufferBytes)
                : StreamBuffers.sink(path.skipRxCopy() ? Math.max(bufferBytes, TRUNC_RECV_BYTES) : bufferBytes);
    }

    @Override
    void release() {
        if (buffers != null) {
            buffers.close();
        }
    }

    private void sendDirect(int fd, Arena arena, MemorySegment errno) throws IOException {
        callUsed = DataPath.Call.WRITE;
        // page-aligned, so the kernel's copy of every write starts on a page boundary
        long address = buffers.segment().address();
        for (int length = nextLength(); length > 0; length = nextLength()) {
            long done = 0;
            while (done < length) {
                long n;
                try {
                    n = NativeBulk.write(errno, fd, address + done, length - done);
                } catch (Throwable t) {
                    throw new IOException("write failed: " + t, t);
                }
                if (n < 0) {
                    checkErrno("write", NativeSockets.errno(errno));
                    continue;
                }
                counter.add(n);
                done += n;
            }
        }
    }

    /**
     * sendfile(2) from the payload file, each call from its start. False when the kernel refuses
     * sendfile to this socket on the first call (the caller then writes, and this is recorded).
     */
    private boolean sendFile(int fd, Arena arena, MemorySegment errno) throws IOException {
        if (payload == null) {
            fallbacks.add("-Z: no payload file for sendfile (" + NativeBulk.unavailableReason() + "); wrote instead");
            return false;
        }
        callUsed = DataPath.Call.SENDFILE;
        MemorySegment offset = arena.allocate(ValueLayout.JAVA_LONG);
        boolean first = true;
        if (refusedForTest("sendfile")) {
            fallbacks.add("-Z: sendfile refused (" + NativeSockets.strerror(NativeBulk.EOPNOTSUPP) + "); wrote instead");
            return false;
        }
        for (int length = nextLength(); length > 0; length = nextLength()) {
            long done = 0;
            while (done < length) {
                offset.set(ValueLayout.JAVA_LONG, 0, done);
                long n;
                try {
                    n = NativeBulk.sendfile(errno, fd, payload.fd(), offset.address(), length - done);
                } catch (Throwable t) {
                    throw new IOException("sendfile failed: " + t, t);
                }
                if (n < 0) {
                    int e = NativeSockets.errno(errno);
                    if (first && (e == NativeBulk.EINVAL || e == NativeBulk.EOPNOTSUPP)) {
                        fallbacks.add("-Z: sendfile refused (" + NativeSockets.strerror(e) + "); wrote instead");
                        if (budget != null) {
                            budget.giveBack(length);
                        }
                        return false;
                    }
                    checkErrno("sendfile", e);
                    continue;
                }
                first = false;
                counter.add(n);
                done += n;
            }
        }
        return true;
    }

    private void sendChannel() throws IOException {
        callUsed = DataPath.Call.CHANNEL;
        ByteBuffer buffer = ByteBuffer.allocateDirect(bufferBytes);
        fillPattern(buffer);
        for (int length = nextLength(); length > 0; length = nextLength()) {
            buffer.clear().limit(length);
            while (buffer.hasRemaining()) {
                counter.add(channel.write(buffer));
            }
        }
    }

    @Override
    void receive() throws IOException {
        int fd = descriptor();
        if (fd < 0) {
            receiveChannel();
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            boolean trunc = path.skipRxCopy();
            // MSG_TRUNC discards without copying (tcp(7)), so one call may take all that is queued:
            // 1 MiB took ~320 KiB a call on loopback against ~115 KiB at 128 KiB, and cost ~9 % less
            // CPU per byte (docs/PERFORMANCE.md). The buffer is as long in case a kernel did copy.
            long truncBytes = Math.max(bufferBytes, TRUNC_RECV_BYTES);
            // one of a few regions every receiver of the process reads into: the bytes are dropped
            long address = buffers.segment().address();
            if (trunc && refusedForTest("recv")) {
                trunc = false;
                fallbacks.add("--skip-rx-copy: recv with MSG_TRUNC refused (" + NativeSockets.strerror(NativeBulk.EOPNOTSUPP)
                        + "); read instead");
            }
            callUsed = trunc ? DataPath.Call.RECV_TRUNC : DataPath.Call.READ;
            ReceiveWake wake = path.batchWakeups() ? new ReceiveWake(fd, (int) Math.min(trunc ? truncBytes : bufferBytes,
                    Integer.MAX_VALUE)) : null;
            boolean first = true;
            while (true) {
                long n;
                try {
                    n = trunc ? NativeBulk.recv(errno, fd, address, truncBytes, NativeBulk.MSG_TRUNC)
                            : NativeBulk.read(errno, fd, address, bufferBytes);
                } catch (Throwable t) {
                    throw new IOException("read failed: " + t, t);
                }
                if (n == 0) {
                    return;
                }
                if (n < 0) {
                    int e = NativeSockets.errno(errno);
                    if (trunc && first && (e == NativeBulk.EINVAL || e == NativeBulk.EOPNOTSUPP)) {
                        fallbacks.add("--skip-rx-copy: recv with MSG_TRUNC refused (" + NativeSockets.strerror(e)
                                + "); read instead");
                        trunc = false;
                        callUsed = DataPath.Call.READ;
                        continue;
                    }
                    checkErrno("read", e);
                    continue;
                }
                first = false;
                counter.add(n);
                if (wake != null) {
                    wake.afterRead(n);
                }
            }
        }
    }

    private void receiveChannel() throws IOException {
        callUsed = DataPath.Call.CHANNEL;
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

    /** The socket's descriptor for direct calls, or -1 (then NIO's calls run, and that is recorded). */
    private int descriptor() {
        if (!NativeBulk.available()) {
            fallbacks.add((path.zeroCopy() || path.skipRxCopy() ? "-Z/--skip-rx-copy: " : "")
                    + "direct socket calls unavailable (" + NativeBulk.unavailableReason() + "); SocketChannel instead");
            return -1;
        }
        int fd;
        try {
            fd = NativeSockets.descriptor(channel);
        } catch (IOException e) {
            fallbacks.add("direct socket calls unavailable (" + e.getMessage() + "); SocketChannel instead");
            return -1;
        }
        try (Arena arena = Arena.ofConfined()) {
            int e = NativeBulk.makeBlocking(NativeSockets.errnoCapture(arena), fd);
            if (e != 0) {
                fallbacks.add("direct socket calls unavailable (cannot make the socket blocking: "
                        + NativeSockets.strerror(e) + "); SocketChannel instead");
                return -1;
            }
        }
        return fd;
    }

    /**
     * Tests make a kernel that lacks a mechanism by naming it ("sendfile", "recv") in the system
     * property {@code wirespeed.test.refuse}; read once per stream, never in the loop.
     */
    private static boolean refusedForTest(String call) {
        String refuse = System.getProperty("wirespeed.test.refuse");
        return refuse != null && java.util.Arrays.asList(refuse.split(",")).contains(call);
    }

    /** EINTR is retried by the caller; anything else ends the stream (quietly when the group closed it). */
    private void checkErrno(String call, int errno) throws IOException {
        if (errno == NativeBulk.EINTR) {
            return;
        }
        if (closing || !channel.isOpen()) {
            throw new EOFException("the data connection was closed");
        }
        throw new IOException(call + " on the data connection failed: " + NativeSockets.strerror(errno));
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
        StreamBuffers.fill(buffer);
    }
}
