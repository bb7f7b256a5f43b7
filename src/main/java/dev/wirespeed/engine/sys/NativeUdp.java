package dev.wirespeed.engine.sys;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The batched UDP calls of the udp-bw hot loops, straight on a descriptor (FFM, as {@link NativeBulk}):
 * sendmsg(2) with a UDP_SEGMENT control message (GSO: one call, many equal datagrams), recvmsg(2)
 * on a UDP_GRO socket (one call, several datagrams coalesced), sendmmsg(2)/recvmmsg(2), and the
 * socket options around them. Pointers pass as 64-bit integers, so no MemorySegment is made per call.
 *
 * <p>Struct layouts are those of the LP64 ABIs (x86_64, aarch64), include/linux/socket.h:
 * {@code struct msghdr} 56 bytes (name 0, namelen 8, iov 16, iovlen 24, control 32, controllen 40,
 * flags 48), {@code struct iovec} 16 (base, len), {@code struct mmsghdr} 64 (msghdr, msg_len at 56),
 * {@code struct cmsghdr} 16 (len 0, level 8, type 12) with its data at 16.
 */
public final class NativeUdp {
    public static final int MSGHDR_BYTES = 56;
    public static final int MMSGHDR_BYTES = 64;
    public static final int IOVEC_BYTES = 16;
    public static final long MSG_IOV = 16;
    public static final long MSG_IOVLEN = 24;
    public static final long MSG_CONTROL = 32;
    public static final long MSG_CONTROLLEN = 40;
    static final long MSG_FLAGS = 48;
    public static final long MMSG_LEN = 56;
    public static final int CMSG_HEADER_BYTES = 16;
    /** CMSG_SPACE of an int (or a u16): header plus the data rounded up to 8. */
    public static final int CMSG_INT_SPACE = 24;

    /** include/linux/socket.h: SOL_UDP is IPPROTO_UDP. */
    public static final int SOL_UDP = 17;
    public static final int SOL_SOCKET = 1;
    /** include/uapi/linux/udp.h (Linux ≥ 4.18): the segment size of a GSO send, a u16 cmsg. */
    public static final int UDP_SEGMENT = 103;
    /** include/uapi/linux/udp.h (Linux ≥ 5.0): receive coalesced datagrams; the segment size comes as an int cmsg. */
    public static final int UDP_GRO = 104;
    /** include/uapi/asm-generic/socket.h: each receive carries the socket's drop count (u32 cmsg). */
    public static final int SO_RXQ_OVFL = 40;
    /** include/uapi/asm-generic/socket.h (Linux ≥ 4.6): u32[SK_MEMINFO_VARS]; SK_MEMINFO_DROPS is index 8. */
    static final int SO_MEMINFO = 55;
    private static final int SK_MEMINFO_DROPS = 8;
    /**
     * include/linux/udp.h: the most segments one GSO send may carry: 64 (UDP_MAX_SEGMENTS, 1 << 6)
     * until the kernel raised it to 128 (1 << 7); a sender tries the larger batch and steps down on EINVAL.
     */
    public static final int UDP_MAX_SEGMENTS = 64;
    public static final int UDP_MAX_SEGMENTS_NEW = 128;
    /** The largest UDP payload over IPv4 (65535 − 20 − 8); a GSO send carries at most this much. */
    static final int MAX_UDP_PAYLOAD = 65_507;
    /** include/uapi/linux/socket.h: recvmmsg returns once one datagram is there. */
    static final int MSG_WAITFORONE = 0x10000;
    /** include/uapi/linux/socket.h: this call only, non-blocking (EAGAIN when nothing is queued). */
    public static final int MSG_DONTWAIT = 0x40;
    /** The datagram was longer than the buffer (msg_flags). */
    static final int MSG_TRUNC = 0x20;
    static final int SHUT_RDWR = 2;
    public static final int EINTR = 4;
    public static final int EIO = 5;
    public static final int EAGAIN = 11;
    public static final int EINVAL = 22;
    public static final int ENOPROTOOPT = 92;
    public static final int EOPNOTSUPP = 95;
    public static final int ECONNREFUSED = 111;
    public static final int ENOSYS = 38;

    private static final MethodHandle SENDMSG;
    /** sendmsg(2) without errno capture, for the hot loop ({@link #sendmsgQuick}). */
    private static final MethodHandle SENDMSG_QUICK;
    private static final MethodHandle RECVMSG;
    private static final MethodHandle SENDMMSG;
    private static final MethodHandle SENDMMSG_QUICK;
    private static final MethodHandle RECVMMSG;
    private static final MethodHandle SETSOCKOPT;
    private static final MethodHandle GETSOCKOPT;
    private static final MethodHandle SHUTDOWN;
    private static final String UNAVAILABLE_REASON;

    static {
        MethodHandle sendmsg = null;
        MethodHandle sendmsgQuick = null;
        MethodHandle recvmsg = null;
        MethodHandle sendmmsg = null;
        MethodHandle sendmmsgQuick = null;
        MethodHandle recvmmsg = null;
        MethodHandle setsockopt = null;
        MethodHandle getsockopt = null;
        MethodHandle shutdown = null;
        String reason = NativeBulk.available() ? null : NativeBulk.unavailableReason();
        if (reason == null) {
            try {
                Linker linker = Linker.nativeLinker();
                var libc = linker.defaultLookup();
                Linker.Option errno = Linker.Option.captureCallState("errno");
                var L = ValueLayout.JAVA_LONG;
                var I = ValueLayout.JAVA_INT;
                // ssize_t sendmsg(int fd, const struct msghdr *msg, int flags), recvmsg likewise
                FunctionDescriptor msg = FunctionDescriptor.of(L, I, L, I);
                sendmsg = linker.downcallHandle(libc.find("sendmsg").orElseThrow(), msg, errno);
                sendmsgQuick = linker.downcallHandle(libc.find("sendmsg").orElseThrow(), msg);
                recvmsg = linker.downcallHandle(libc.find("recvmsg").orElseThrow(), msg, errno);
                // int sendmmsg(int fd, struct mmsghdr *vec, unsigned int vlen, int flags)
                sendmmsg = linker.downcallHandle(libc.find("sendmmsg").orElseThrow(),
                        FunctionDescriptor.of(I, I, L, I, I), errno);
                sendmmsgQuick = linker.downcallHandle(libc.find("sendmmsg").orElseThrow(),
                        FunctionDescriptor.of(I, I, L, I, I));
                // int recvmmsg(int fd, struct mmsghdr *vec, unsigned int vlen, int flags, struct timespec *timeout)
                recvmmsg = linker.downcallHandle(libc.find("recvmmsg").orElseThrow(),
                        FunctionDescriptor.of(I, I, L, I, I, L), errno);
                FunctionDescriptor sockopt = FunctionDescriptor.of(I, I, I, I, L, L);
                setsockopt = linker.downcallHandle(libc.find("setsockopt").orElseThrow(),
                        FunctionDescriptor.of(I, I, I, I, L, I), errno);
                getsockopt = linker.downcallHandle(libc.find("getsockopt").orElseThrow(), sockopt, errno);
                shutdown = linker.downcallHandle(libc.find("shutdown").orElseThrow(), FunctionDescriptor.of(I, I, I));
            } catch (RuntimeException e) {
                reason = "native calls unavailable (" + e.getMessage() + ")";
            }
        }
        SENDMSG = sendmsg;
        SENDMSG_QUICK = sendmsgQuick;
        RECVMSG = recvmsg;
        SENDMMSG = sendmmsg;
        SENDMMSG_QUICK = sendmmsgQuick;
        RECVMMSG = recvmmsg;
        SETSOCKOPT = setsockopt;
        GETSOCKOPT = getsockopt;
        SHUTDOWN = shutdown;
        UNAVAILABLE_REASON = reason;
    }

    private NativeUdp() {}

    public static boolean available() {
        return UNAVAILABLE_REASON == null;
    }

    public static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    /**
     * Calls each UDP downcall once on no descriptor (-1: EBADF, nothing sent), so the JVM links its
     * invocation now and not in a stream's first call: linked there, the first paced test of a JVM
     * sent its first datagram 50-60 ms after the test's start (class-load log of a cold client).
     * Run before Start (the client's warm-up, the server's UDP listener); best effort.
     */
    public static void warmUp() {
        if (!available()) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            MemorySegment msg = arena.allocate(MSGHDR_BYTES, 8);
            MemorySegment vec = arena.allocate(MMSGHDR_BYTES, 8);
            long sent = sendmsg(errno, -1, msg.address());
            long sentQuick = sendmsgQuick(-1, msg.address());
            long read = recvmsg(errno, -1, msg.address());
            int sentMany = sendmmsg(errno, -1, vec.address(), 1);
            int readMany = recvmmsg(errno, -1, vec.address(), 1);
            setInt(-1, SOL_SOCKET, SO_RXQ_OVFL, 1);
            socketDrops(-1);
            NativeBulk.makeBlocking(errno, -1);
            NativeSockets.setMaxPacingRate(-1, 1);
        } catch (Throwable t) {
            // the stream meets the same problem in its own call, and says so there
        }
    }

    public static long sendmsg(MemorySegment errno, int fd, long msghdr) throws Throwable {
        return (long) SENDMSG.invokeExact(errno, fd, msghdr, 0);
    }

    /**
     * sendmsg(2) as {@link #sendmsg} but without errno: negative on failure, and the caller that needs
     * the reason calls {@link #sendmsg} again (a UDP send that failed sent nothing, so the second call
     * is the same send). Why: a capturing downcall slices its capture segment on every call
     * (SharedUtils.checkCaptureSegment), an object per call that C1, the bw client's only JIT, does
     * not scalar-replace, and copies errno out (DowncallLinker::capture_state) after every call,
     * successful or not (JFR and perf of the 8972 B sender, docs/PERFORMANCE.md "udp28c").
     */
    public static long sendmsgQuick(int fd, long msghdr) throws Throwable {
        return (long) SENDMSG_QUICK.invokeExact(fd, msghdr, 0);
    }

    public static long recvmsg(MemorySegment errno, int fd, long msghdr) throws Throwable {
        return recvmsg(errno, fd, msghdr, 0);
    }

    /** recvmsg(2) with {@code flags} (MSG_DONTWAIT: EAGAIN at once on an empty queue; MSG_PEEK: the datagram stays queued). */
    public static long recvmsg(MemorySegment errno, int fd, long msghdr, int flags) throws Throwable {
        return (long) RECVMSG.invokeExact(errno, fd, msghdr, flags);
    }

    public static int sendmmsg(MemorySegment errno, int fd, long vector, int count) throws Throwable {
        return (int) SENDMMSG.invokeExact(errno, fd, vector, count, 0);
    }

    /**
     * sendmmsg(2) without errno, as {@link #sendmsgQuick}: negative when the first message failed
     * (nothing was sent, so the caller that needs the reason repeats it through {@link #sendmmsg});
     * a later message's failure shows as a count below {@code count}.
     */
    public static int sendmmsgQuick(int fd, long vector, int count) throws Throwable {
        return (int) SENDMMSG_QUICK.invokeExact(fd, vector, count, 0);
    }

    public static int recvmmsg(MemorySegment errno, int fd, long vector, int count) throws Throwable {
        return recvmmsg(errno, fd, vector, count, 0);
    }

    /** recvmmsg with MSG_WAITFORONE and {@code flags} (MSG_DONTWAIT: EAGAIN at once on an empty queue). */
    public static int recvmmsg(MemorySegment errno, int fd, long vector, int count, int flags) throws Throwable {
        return (int) RECVMMSG.invokeExact(errno, fd, vector, count, MSG_WAITFORONE | flags, 0L);
    }

    /** setsockopt(2) of an int option; 0, or the errno. */
    public static int setInt(int fd, int level, int option, int value) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(ValueLayout.JAVA_INT);
            v.set(ValueLayout.JAVA_INT, 0, value);
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            int rc = (int) SETSOCKOPT.invokeExact(errno, fd, level, option, v.address(), 4);
            return rc == 0 ? 0 : NativeSockets.errno(errno);
        } catch (Throwable t) {
            return EINVAL;
        }
    }

    /** The socket's drop count (SO_MEMINFO's SK_MEMINFO_DROPS: datagrams the full receive queue refused), or -1. */
    public static long socketDrops(int fd) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(4L * 16);
            MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
            length.set(ValueLayout.JAVA_INT, 0, (int) info.byteSize());
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            int rc = (int) GETSOCKOPT.invokeExact(errno, fd, SOL_SOCKET, SO_MEMINFO, info.address(), length.address());
            if (rc != 0 || length.get(ValueLayout.JAVA_INT, 0) < 4 * (SK_MEMINFO_DROPS + 1)) {
                return -1;
            }
            return Integer.toUnsignedLong(info.get(ValueLayout.JAVA_INT, 4L * SK_MEMINFO_DROPS));
        } catch (Throwable t) {
            return -1;
        }
    }

    /** shutdown(2) both ways: wakes a thread blocked in a receive or send on {@code fd} (close(2) would not). */
    public static void shutdown(int fd) {
        try {
            int rc = (int) SHUTDOWN.invokeExact(fd, SHUT_RDWR);
        } catch (Throwable ignored) {
            // the side closes the channel after the join in any case
        }
    }

    /**
     * Datagrams of {@code datagramBytes} one GSO send carries: as many as fit into one UDP payload,
     * at most {@link #UDP_MAX_SEGMENTS}, at least one.
     */
    public static int gsoSegments(int datagramBytes) {
        return gsoSegments(datagramBytes, UDP_MAX_SEGMENTS);
    }

    public static int gsoSegments(int datagramBytes, int maxSegments) {
        return Math.clamp(MAX_UDP_PAYLOAD / datagramBytes, 1, maxSegments);
    }

    /**
     * Walks the control messages of a received msghdr ({@code control}, {@code controlLength} bytes
     * as the kernel set msg_controllen) and returns the int of the first one of {@code level}/{@code type},
     * or -1 when there is none.
     */
    public static long cmsgInt(MemorySegment control, long controlLength, int level, int type) {
        long at = 0;
        while (at + CMSG_HEADER_BYTES <= controlLength) {
            long len = control.get(ValueLayout.JAVA_LONG, at);
            if (len < CMSG_HEADER_BYTES) {
                return -1;
            }
            if (control.get(ValueLayout.JAVA_INT, at + 8) == level && control.get(ValueLayout.JAVA_INT, at + 12) == type
                    && len >= CMSG_HEADER_BYTES + 4) {
                return Integer.toUnsignedLong(control.get(ValueLayout.JAVA_INT_UNALIGNED, at + CMSG_HEADER_BYTES));
            }
            at += (len + 7) & ~7L;
        }
        return -1;
    }
}
