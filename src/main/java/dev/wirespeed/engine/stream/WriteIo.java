package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeBulk;
import dev.wirespeed.engine.sys.NativeSockets;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The default TCP path: write(2) of the same buffer again and again, read(2) into one and drop the
 * bytes, straight on the descriptor ({@link NativeBulk}). Refused only when direct calls are
 * unavailable ({@link DataStream#descriptor()}); {@link ChannelIo} then takes over.
 */
final class WriteIo implements StreamIo<DataStream> {
    static final WriteIo INSTANCE = new WriteIo();

    private WriteIo() {}

    @Override
    public String call(boolean sending) {
        return sending ? "write" : "read";
    }

    @Override
    public void send(DataStream s) throws IOException {
        int fd = s.descriptor();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            // the process's shared filler: page-aligned, so the kernel's copy of every write starts on a page boundary
            long address = s.buffers().address();
            for (int length = s.nextLength(); length > 0; length = s.nextLength()) {
                writeAll(s, errno, fd, address, length);
            }
        }
    }

    /**
     * write(2) of {@code length} bytes at {@code address} to the last byte, each write counted; a
     * failed call goes to {@link DataStream#check}. {@link TripIo} writes its stamped buffer so too.
     */
    static void writeAll(DataStream s, MemorySegment errno, int fd, long address, int length) throws IOException {
        long done = 0;
        while (done < length) {
            long n;
            try {
                n = NativeBulk.write(errno, fd, address + done, length - done);
            } catch (Throwable t) {
                throw new IOException("write failed: " + t, t);
            }
            if (n < 0) {
                s.check("write", NativeSockets.errno(errno));
                continue;
            }
            s.counter().add(n);
            done += n;
        }
    }

    /**
     * One read(2) of at most {@code length} bytes into {@code address}: the bytes read, 0 at the end
     * of the stream; a failed call goes to {@link DataStream#check} and is tried again. Not counted
     * here: the caller counts, then looks at the bytes ({@link TripIo}) or wakes ({@link ReceiveWake}).
     */
    static long readSome(DataStream s, MemorySegment errno, int fd, long address, int length) throws IOException {
        while (true) {
            long n;
            try {
                n = NativeBulk.read(errno, fd, address, length);
            } catch (Throwable t) {
                throw new IOException("read failed: " + t, t);
            }
            if (n >= 0) {
                return n;
            }
            s.check("read", NativeSockets.errno(errno));
        }
    }

    @Override
    public void receive(DataStream s) throws IOException {
        int fd = s.descriptor();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            int length = s.bufferBytes();
            // one of a few regions every receiver of the process reads into: the bytes are dropped
            long address = s.buffers().address();
            ReceiveWake wake = s.wake(fd, length);
            for (long n = readSome(s, errno, fd, address, length); n > 0;
                    n = readSome(s, errno, fd, address, length)) {
                s.counter().add(n);
                if (wake != null) {
                    wake.afterRead(n);
                }
            }
        }
    }
}
