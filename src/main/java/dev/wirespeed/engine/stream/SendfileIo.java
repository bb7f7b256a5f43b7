package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeBulk;
import dev.wirespeed.engine.sys.NativeSockets;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * -Z: sendfile(2) from the side's {@link PayloadFile}, each call from the file's start, so the
 * sender copies nothing (its pages go to the socket by reference). Refused when there is no
 * payload file or the kernel refuses sendfile to this socket on the first call; {@link WriteIo}
 * then writes.
 */
final class SendfileIo implements StreamIo<DataStream> {
    static final SendfileIo INSTANCE = new SendfileIo();

    private SendfileIo() {}

    @Override
    public String call(boolean sending) {
        return sending ? "sendfile" : null;
    }

    /** The note of a sender that writes instead, for the reason given. */
    static String noPayloadNote(String reason) {
        return "-Z: no payload file for sendfile (" + reason + "); wrote instead";
    }

    private static Refused refused(int errno) {
        return new Refused("-Z: sendfile refused (" + NativeSockets.strerror(errno) + "); wrote instead");
    }

    @Override
    public void send(DataStream s) throws IOException {
        int fd = s.descriptor();
        PayloadFile payload = s.payload();
        if (payload == null) {
            throw new Refused(noPayloadNote(s.payloadProblem()));
        }
        if (DataStream.refusedForTest("sendfile")) {
            throw refused(NativeBulk.EOPNOTSUPP);
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment offset = arena.allocate(ValueLayout.JAVA_LONG);
            boolean first = true;
            for (int length = s.nextLength(); length > 0; length = s.nextLength()) {
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
                            s.giveBack(length);
                            throw refused(e);
                        }
                        s.check("sendfile", e);
                        continue;
                    }
                    first = false;
                    s.counter().add(n);
                    done += n;
                }
            }
        }
    }
}
