package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeBulk;
import dev.wirespeed.engine.sys.NativeSockets;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * --skip-rx-copy: recv(2) with MSG_TRUNC, so the kernel discards the bytes instead of copying them
 * (tcp(7)). Refused when the kernel refuses the flag on the first call; {@link WriteIo} then reads.
 */
final class RecvTruncIo implements StreamIo<DataStream> {
    static final RecvTruncIo INSTANCE = new RecvTruncIo();
    /**
     * Length of each call. MSG_TRUNC discards without copying, so one call may take all that is
     * queued: 1 MiB took ~320 KiB a call on loopback against ~115 KiB at 128 KiB, and cost ~9 %
     * less CPU per byte (docs/PERFORMANCE.md). The buffer is as long in case a kernel did copy.
     */
    static final int TRUNC_RECV_BYTES = 1 << 20;

    private RecvTruncIo() {}

    @Override
    public String call(boolean sending) {
        return sending ? null : "recv MSG_TRUNC";
    }

    private static Refused refused(int errno) {
        return new Refused("--skip-rx-copy: recv with MSG_TRUNC refused (" + NativeSockets.strerror(errno)
                + "); read instead");
    }

    @Override
    public void receive(DataStream s) throws IOException {
        int fd = s.descriptor();
        if (DataStream.refusedForTest("recv")) {
            throw refused(NativeBulk.EOPNOTSUPP);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            int length = Math.max(s.bufferBytes(), TRUNC_RECV_BYTES);
            long address = s.buffers().address(); // a shared sink at least this long (DataStream#prepare)
            ReceiveWake wake = s.wake(fd, length);
            boolean first = true;
            while (true) {
                long n;
                try {
                    n = NativeBulk.recv(errno, fd, address, length, NativeBulk.MSG_TRUNC);
                } catch (Throwable t) {
                    throw new IOException("read failed: " + t, t);
                }
                if (n == 0) {
                    return;
                }
                if (n < 0) {
                    int e = NativeSockets.errno(errno);
                    if (first && (e == NativeBulk.EINVAL || e == NativeBulk.EOPNOTSUPP)) {
                        throw refused(e);
                    }
                    s.check("read", e);
                    continue;
                }
                first = false;
                s.counter().add(n);
                if (wake != null) {
                    wake.afterRead(n);
                }
            }
        }
    }
}
