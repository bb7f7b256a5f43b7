package dev.wirespeed.engine.sys;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The bulk-transfer system calls of the bandwidth hot loop, straight on a descriptor (FFM):
 * write(2)/read(2) for the default path, sendfile(2) for {@code -Z} and recv(2) with MSG_TRUNC for
 * {@code --skip-rx-copy}. A blocking SocketChannel call adds a lock, the async-close bookkeeping
 * and a JNI transition per call; these calls add only the downcall. Every call returns the
 * kernel's result as is: bytes (≥ 0) or -1 with errno in the caller's capture segment.
 */
public final class NativeBulk {
    /** include/uapi/linux/socket.h: with MSG_TRUNC a TCP receive discards the bytes instead of copying them (Linux ≥ 4.x). */
    public static final int MSG_TRUNC = 0x20;
    public static final int EINTR = 4;
    public static final int EINVAL = 22;
    public static final int EOPNOTSUPP = 95;
    /** include/uapi/asm-generic/fcntl.h (x86_64, aarch64). */
    private static final int F_GETFL = 3;
    private static final int F_SETFL = 4;
    private static final int O_NONBLOCK = 0x800;

    private static final MethodHandle WRITE;
    private static final MethodHandle READ;
    private static final MethodHandle RECV;
    private static final MethodHandle SENDFILE;
    private static final MethodHandle OPEN;
    private static final MethodHandle CLOSE;
    private static final MethodHandle FCNTL;
    private static final String UNAVAILABLE_REASON;

    static {
        MethodHandle write = null;
        MethodHandle read = null;
        MethodHandle recv = null;
        MethodHandle sendfile = null;
        MethodHandle open = null;
        MethodHandle close = null;
        MethodHandle fcntl = null;
        String reason = NativeSockets.available() ? null : NativeSockets.unavailableReason();
        if (reason == null && ValueLayout.ADDRESS.byteSize() != 8) {
            reason = "only on 64-bit platforms";
        }
        if (reason == null) {
            try {
                Linker linker = Linker.nativeLinker();
                var libc = linker.defaultLookup();
                Linker.Option errno = Linker.Option.captureCallState("errno");
                // pointers as 64-bit integers, so no MemorySegment is made per call
                FunctionDescriptor rw = FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
                write = linker.downcallHandle(libc.find("write").orElseThrow(), rw, errno);
                read = linker.downcallHandle(libc.find("read").orElseThrow(), rw, errno);
                // ssize_t recv(int fd, void *buf, size_t len, int flags)
                recv = linker.downcallHandle(libc.find("recv").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT), errno);
                // ssize_t sendfile(int out_fd, int in_fd, off_t *offset, size_t count)
                sendfile = linker.downcallHandle(libc.find("sendfile").orElseThrow(), FunctionDescriptor.of(
                        ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG,
                        ValueLayout.JAVA_LONG), errno);
                open = linker.downcallHandle(libc.find("open").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT,
                        ValueLayout.ADDRESS, ValueLayout.JAVA_INT), errno);
                close = linker.downcallHandle(libc.find("close").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
                // int fcntl(int fd, int cmd, ...): the third argument is variadic
                fcntl = linker.downcallHandle(libc.find("fcntl").orElseThrow(), FunctionDescriptor.of(
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
                        errno, Linker.Option.firstVariadicArg(2));
            } catch (RuntimeException e) {
                reason = "native calls unavailable (" + e.getMessage() + ")";
            }
        }
        WRITE = write;
        READ = read;
        RECV = recv;
        SENDFILE = sendfile;
        OPEN = open;
        CLOSE = close;
        FCNTL = fcntl;
        UNAVAILABLE_REASON = reason;
    }

    private NativeBulk() {}

    public static boolean available() {
        return UNAVAILABLE_REASON == null;
    }

    /** Why {@link #available()} is false, or null. */
    public static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    public static long write(MemorySegment errno, int fd, long address, long length) throws Throwable {
        return (long) WRITE.invokeExact(errno, fd, address, length);
    }

    public static long read(MemorySegment errno, int fd, long address, long length) throws Throwable {
        return (long) READ.invokeExact(errno, fd, address, length);
    }

    public static long recv(MemorySegment errno, int fd, long address, long length, int flags) throws Throwable {
        return (long) RECV.invokeExact(errno, fd, address, length, flags);
    }

    /** sendfile(2) of {@code length} bytes from {@code inFd} at the offset stored at {@code offsetAddress} (updated by the kernel). */
    public static long sendfile(MemorySegment errno, int outFd, int inFd, long offsetAddress, long length) throws Throwable {
        return (long) SENDFILE.invokeExact(errno, outFd, inFd, offsetAddress, length);
    }

    /** open(2) read-only; the descriptor, or -1 with errno in {@code errno}. */
    public static int openReadOnly(MemorySegment errno, MemorySegment path) throws Throwable {
        return (int) OPEN.invokeExact(errno, path, 0);
    }

    /**
     * Clears O_NONBLOCK on {@code fd}, so that write(2)/read(2) block as the hot loop expects. The
     * JDK sets O_NONBLOCK for good on a socket once a virtual thread did I/O on its channel (a
     * connect or the preamble's write, e.g. in an agent's request thread); a direct call on such a
     * descriptor returns EAGAIN whenever the socket buffer is full or empty. The channel keeps
     * working afterwards: NIO's blocking calls on platform threads accept either mode.
     *
     * @return 0, or the errno of the failed fcntl(2)
     */
    public static int makeBlocking(MemorySegment errno, int fd) {
        try {
            int flags = (int) FCNTL.invokeExact(errno, fd, F_GETFL, 0);
            if (flags < 0) {
                return NativeSockets.errno(errno);
            }
            if ((flags & O_NONBLOCK) == 0) {
                return 0;
            }
            int rc = (int) FCNTL.invokeExact(errno, fd, F_SETFL, flags & ~O_NONBLOCK);
            return rc < 0 ? NativeSockets.errno(errno) : 0;
        } catch (Throwable t) {
            return EINVAL;
        }
    }

    public static void close(int fd) {
        try {
            int rc = (int) CLOSE.invokeExact(fd);
        } catch (Throwable ignored) {
            // nothing left to do with it
        }
    }
}
