package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeBulk;
import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.measure.CpuAccumulator;
import dev.wirespeed.wire.Message.TcpStats;
import java.io.EOFException;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.Arrays;
import java.util.OptionalInt;

/**
 * One TCP data connection of a bandwidth test, as its {@link StreamIo}s see it: how much the next
 * write may send (the buffer length, the -n budget, the stop flag), the descriptor for direct
 * calls, -Z's payload file, the receiver's wake-up batching, and how an errno ends the stream.
 * Its thread runs the first io of {@link DataPath#tcp()} that serves it: sendfile(2) with -Z,
 * recv(2) MSG_TRUNC with --skip-rx-copy, else write(2)/read(2), else the SocketChannel.
 *
 * <p>NIO does not know of the direct calls: whoever ends a stream early shuts the socket down first
 * (which wakes a blocked read(2) or write(2); close(2) would not) and closes it after the thread left
 * ({@link StreamGroup#close()}).
 */
final class DataStream extends StreamLoop<SocketChannel> {
    private static final int NOT_OPENED = -2;
    private final int bufferBytes;
    private final ByteBudget budget;
    private final DataPath path;
    private final PayloadFile payload;
    private final String payloadProblem;
    private volatile TcpStats tcpStats;
    /** The server's reading of the client's TOS (-S/--dscp), when asked for; see NativeSockets.receivedTos. */
    volatile boolean readTos;
    private volatile Integer receivedTos;
    /** Trip times (--trip-times): a sender stamps its writes, a receiver records into this; null and false otherwise. */
    TripLog.Recorder trip;
    boolean stamps;
    /** The descriptor for direct calls, NOT_OPENED before the first asked, -1 when unavailable (noted once). */
    private int descriptor = NOT_OPENED;
    /** Taken in {@link #prepare()}, given back in {@link #release()}. */
    private StreamBuffers.Lease buffers;

    /**
     * @param payload        -Z's file, null when there is none ({@code payloadProblem} says why)
     */
    DataStream(SocketChannel channel, StreamCounter counter, int bufferBytes, StopFlag stop, ByteBudget budget,
               CpuAccumulator cpu, DataPath path, PayloadFile payload, String payloadProblem) {
        super(channel, counter, stop, cpu);
        this.bufferBytes = bufferBytes;
        this.budget = budget;
        this.path = path;
        this.payload = payload;
        this.payloadProblem = payloadProblem;
    }

    TcpStats tcpStats() {
        return tcpStats;
    }

    Integer receivedTos() {
        return receivedTos;
    }

    @Override
    void beforeEnd() {
        if (readTos) {
            OptionalInt tos = NativeSockets.receivedTos(channel);
            receivedTos = tos.isPresent() ? tos.getAsInt() : null;
        }
        if (counter.sending()) {
            tcpStats = NativeSockets.tcpInfoAtEnd(channel).orElse(null);
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

    /**
     * The shared filler a sender writes from, or the sink a receiver reads into (StreamBuffers:
     * -P 32 -l 16M touched 1.5 GiB before a byte moved when each stream had its own), taken before
     * the thread's priority is lowered. A receiver's sink is long enough for --skip-rx-copy's calls.
     */
    @Override
    void prepare() {
        buffers = counter.sending() ? StreamBuffers.filler(bufferBytes)
                : StreamBuffers.sink(path.skipRxCopy() ? Math.max(bufferBytes, RecvTruncIo.TRUNC_RECV_BYTES) : bufferBytes);
    }

    @Override
    void release() {
        if (buffers != null) {
            buffers.close();
        }
    }

    /**
     * What the direct calls write from (random filler, never written to) or read into (dropped):
     * shared with the process's other streams, page-aligned, at least {@link #bufferBytes()} long.
     */
    MemorySegment buffers() {
        return buffers.segment();
    }

    @Override
    protected void send() throws IOException {
        StreamIo.run(this, stamps ? TripIo.TCP : path.tcp());
        channel.shutdownOutput();
    }

    @Override
    protected void receive() throws IOException {
        StreamIo.run(this, trip != null ? TripIo.TCP : path.tcp());
    }

    public TripLog.Recorder trip() {
        return trip;
    }

    /** Length of each write, or of each read (the side made it at least {@link StreamGroup#MIN_READ_BYTES}). */
    int bufferBytes() {
        return bufferBytes;
    }

    /** The next write's length, or 0 when the byte budget is spent or the test stopped. */
    int nextLength() {
        if (stop.isSet()) {
            return 0;
        }
        return budget == null ? bufferBytes : budget.claim(bufferBytes);
    }

    /** Bytes an io claimed with {@link #nextLength()} but did not send, because it was refused. */
    void giveBack(int length) {
        if (budget != null) {
            budget.giveBack(length);
        }
    }

    /** -Z's file of random bytes; null when it could not be made ({@link #payloadProblem()}). */
    PayloadFile payload() {
        return payload;
    }

    String payloadProblem() {
        return payloadProblem;
    }

    /** The receiver's wake-up batching for reads of {@code readBytes}, or null when this path does not batch. */
    ReceiveWake wake(int fd, int readBytes) {
        return path.batchWakeups() ? new ReceiveWake(fd, readBytes) : null;
    }

    /**
     * The socket's descriptor for direct calls, made blocking. Refused when direct calls are
     * unavailable: with the note the first time, quietly after, so the stream falls back to the
     * SocketChannel once.
     */
    int descriptor() throws StreamIo.Refused {
        if (descriptor == NOT_OPENED) {
            String problem = openDescriptor();
            if (problem != null) {
                descriptor = -1;
                throw new StreamIo.Refused(problem);
            }
        }
        if (descriptor < 0) {
            throw new StreamIo.Refused(null);
        }
        return descriptor;
    }

    /** Opens {@link #descriptor}; returns why it cannot be used, or null. */
    private String openDescriptor() {
        if (!NativeBulk.available()) {
            return (path.zeroCopy() || path.skipRxCopy() ? "-Z/--skip-rx-copy: " : "")
                    + "direct socket calls unavailable (" + NativeBulk.unavailableReason() + "); SocketChannel instead";
        }
        int fd;
        try {
            fd = NativeSockets.descriptor(channel);
        } catch (IOException e) {
            return "direct socket calls unavailable (" + e.getMessage() + "); SocketChannel instead";
        }
        try (Arena arena = Arena.ofConfined()) {
            int e = NativeBulk.makeBlocking(NativeSockets.errnoCapture(arena), fd);
            if (e != 0) {
                return "direct socket calls unavailable (cannot make the socket blocking: "
                        + NativeSockets.strerror(e) + "); SocketChannel instead";
            }
        }
        descriptor = fd;
        return null;
    }

    /**
     * Tests make a kernel that lacks a mechanism by naming it ("sendfile", "recv", "payload") in the
     * system property {@code wirespeed.test.refuse}; read once per stream or side, never in the loop.
     */
    static boolean refusedForTest(String call) {
        String refuse = System.getProperty("wirespeed.test.refuse");
        return refuse != null && Arrays.asList(refuse.split(",")).contains(call);
    }

    /** After a failed call: EINTR returns (the io retries); anything else ends the stream, quietly when the side closed it. */
    void check(String call, int errno) throws IOException {
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
     * socket's TCP_INFO (retransmits) is final. The side closes us if this takes too long.
     */
    private void awaitPeerClose() {
        try {
            ByteBuffer sink = ByteBuffer.allocate(64);
            while (channel.read(sink) >= 0) {
                sink.clear();
            }
            TcpStats last = NativeSockets.tcpInfoAtEnd(channel).orElse(null);
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
    static void fillPattern(ByteBuffer buffer) {
        StreamBuffers.fill(buffer);
    }
}
