package dev.wirespeed.engine.stream;

import dev.wirespeed.engine.sys.NativeBulk;
import dev.wirespeed.engine.sys.NativeSockets;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The source of {@code -Z}: a file of random bytes (so no link compression flatters the result),
 * open read-only for sendfile(2) and unlinked at once, so nothing is left behind even on a crash.
 * Its pages stay in the page cache: sendfile hands references to them to the socket, no copy.
 */
final class PayloadFile implements AutoCloseable {
    private final int fd;
    private final int lengthBytes;

    private PayloadFile(int fd, int lengthBytes) {
        this.fd = fd;
        this.lengthBytes = lengthBytes;
    }

    static PayloadFile create(int lengthBytes) throws IOException {
        if (!NativeBulk.available()) {
            throw new IOException(NativeBulk.unavailableReason());
        }
        Path file = Files.createTempFile("wirespeed-zerocopy", ".bin");
        try {
            byte[] bytes = new byte[lengthBytes];
            ThreadLocalRandom.current().nextBytes(bytes);
            Files.write(file, bytes);
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment errno = NativeSockets.errnoCapture(arena);
                int fd = NativeBulk.openReadOnly(errno, arena.allocateFrom(file.toString()));
                if (fd < 0) {
                    throw new IOException("cannot open " + file + ": " + NativeSockets.strerror(NativeSockets.errno(errno)));
                }
                return new PayloadFile(fd, lengthBytes);
            } catch (IOException e) {
                throw e;
            } catch (Throwable t) {
                throw new IOException("cannot open " + file + ": " + t, t);
            }
        } finally {
            Files.deleteIfExists(file);
        }
    }

    int fd() {
        return fd;
    }

    int lengthBytes() {
        return lengthBytes;
    }

    @Override
    public void close() {
        NativeBulk.close(fd);
    }
}
