package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeSockets;
import dev.wirespeed.measure.KernelClock;
import dev.wirespeed.wire.TestSpec;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The TCP path of a trip-times test ({@code bw --trip-times}): write(2) as {@link WriteIo}, but from
 * the stream's own buffer, whose first {@value TestSpec#TRIP_STAMP_BYTES} bytes are stamped before
 * each write, as iperf2 stamps the start of each write: the write's CLOCK_REALTIME in nanoseconds,
 * its length and a marker (big-endian). The receiver reads with read(2) and follows the writes
 * through the byte stream by their lengths: the read that brings a write's stamp gives its one-way
 * latency, the read that completes it its write-to-read latency ({@link TripLog}). A stamp without
 * the marker (a sender that does not stamp) ends the measuring, not the test.
 *
 * <p>Its loops make {@link WriteIo}'s calls ({@link WriteIo#writeAll}, {@link WriteIo#readSome}) on
 * a buffer of its own, so that the default path's loop stays as it is measured (docs/PERFORMANCE.md):
 * trip times cost nothing when they are off.
 */
final class TripIo implements StreamIo<DataStream> {
    static final TripIo INSTANCE = new TripIo();
    /** The ios of a trip-times stream: stamped direct calls, else the SocketChannel (unstamped). */
    static final List<StreamIo<DataStream>> TCP = List.of(INSTANCE, ChannelIo.INSTANCE);
    /** "WSTT": a stamp's marker. */
    static final int MARKER = 0x5753_5454;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private TripIo() {}

    @Override
    public String call(boolean sending) {
        return sending ? "write" : "read"; // the calls are write(2) and read(2): the stamps are the test's, not the path's
    }

    @Override
    public void send(DataStream s) throws IOException {
        int fd = s.descriptor();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment buffer = arena.allocate(s.bufferBytes(), 4096);
            StreamBuffers.fill(buffer);
            long address = buffer.address();
            long offset = KernelClock.realtimeOffsetNanos();
            for (int length = s.nextLength(); length > 0; length = s.nextLength()) {
                stamp(buffer, System.nanoTime() + offset, length);
                WriteIo.writeAll(s, errno, fd, address, length);
            }
        }
    }

    /** Writes the stamp of a write of {@code length} bytes sent at {@code realtimeNanos} at the buffer's start. */
    static void stamp(MemorySegment buffer, long realtimeNanos, int length) {
        buffer.set(LONG, 0, realtimeNanos);
        buffer.set(INT, 8, length);
        buffer.set(INT, 12, MARKER);
    }

    @Override
    public void receive(DataStream s) throws IOException {
        int fd = s.descriptor();
        TripLog.Recorder recorder = s.trip();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            int length = s.bufferBytes();
            MemorySegment buffer = arena.allocate(length, 4096);
            long address = buffer.address();
            Reader reader = new Reader(recorder);
            for (long n = WriteIo.readSome(s, errno, fd, address, length); n > 0;
                    n = WriteIo.readSome(s, errno, fd, address, length)) {
                s.counter().add(n);
                reader.read(buffer, (int) n, System.nanoTime() + recorder.realtimeOffsetNanos);
            }
        }
    }

    /**
     * Follows the writes through the byte stream: each begins with its stamp and is as long as the
     * stamp says. Its own class so that tests can feed it reads of any split.
     */
    static final class Reader {
        private final TripLog.Recorder recorder;
        private final MemorySegment stamp = Arena.ofAuto().allocate(TestSpec.TRIP_STAMP_BYTES);
        private int stampBytes;
        private long sentNanos;
        private long writeBytes;
        private long position;
        private boolean lost;

        Reader(TripLog.Recorder recorder) {
            this.recorder = recorder;
        }

        /** Whether a stamp without the marker stopped the measuring. */
        boolean lost() {
            return lost;
        }

        /** {@code n} bytes read into {@code buffer} at {@code realtimeNanos}. */
        void read(MemorySegment buffer, int n, long realtimeNanos) {
            int at = 0;
            while (at < n && !lost) {
                if (stampBytes < TestSpec.TRIP_STAMP_BYTES) {
                    int take = Math.min(TestSpec.TRIP_STAMP_BYTES - stampBytes, n - at);
                    MemorySegment.copy(buffer, at, stamp, stampBytes, take);
                    stampBytes += take;
                    position += take;
                    at += take;
                    if (stampBytes < TestSpec.TRIP_STAMP_BYTES) {
                        return;
                    }
                    writeBytes = stamp.get(INT, 8);
                    if (stamp.get(INT, 12) != MARKER || writeBytes < TestSpec.TRIP_STAMP_BYTES) {
                        lost = true;
                        return;
                    }
                    sentNanos = stamp.get(LONG, 0);
                    recorder.oneWay(realtimeNanos - sentNanos);
                } else {
                    int take = (int) Math.min(writeBytes - position, n - at);
                    position += take;
                    at += take;
                }
                if (position == writeBytes) {
                    recorder.writeToRead(realtimeNanos - sentNanos);
                    position = 0;
                    stampBytes = 0;
                }
            }
        }
    }
}
