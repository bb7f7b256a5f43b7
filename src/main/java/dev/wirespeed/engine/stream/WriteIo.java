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
            while (true) {
                long n;
                try {
                    n = NativeBulk.read(errno, fd, address, length);
                } catch (Throwable t) {
                    throw new IOException("read failed: " + t, t);
                }
                if (n == 0) {
                    return;
                }
                if (n < 0) {
                    s.check("read", NativeSockets.errno(errno));
                    continue;
                }
                s.counter().add(n);
                if (wake != null) {
                    wake.afterRead(n);
                }
            }
        }
    }
}
