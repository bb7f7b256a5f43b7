package dev.wirespeed.engine.sys;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.concurrent.TimeUnit;

/**
 * --flowlabel N: an IPv6 TCP data connection whose packets carry flow label N, as iperf3's
 * (iperf_tcp.c, iperf_tcp_connect): the label is leased with IPV6_FLOWLABEL_MGR (IPV6_FL_A_GET,
 * IPV6_FL_F_CREATE, IPV6_FL_S_ANY), IPV6_FLOWINFO_SEND is set, and connect(2) gets it in
 * sin6_flowinfo (ipv6(7); net/ipv6/tcp_ipv6.c tcp_v6_connect keeps it in np->flow_label). The
 * JDK's connect passes no sin6_flowinfo, so the connect is ours: non-blocking on the channel's
 * descriptor (the handshake starts with the label), awaited with poll(2) within the connect
 * timeout, then the JDK's own connect(2) on the same socket, which Linux answers with 0 for a
 * socket whose connect completed (__inet_stream_connect: SS_CONNECTING and established), so the
 * channel knows it is connected as after its own connect.
 */
final class FlowLabel {
    private static final int AF_INET6 = 10;
    private static final int IPPROTO_IPV6 = 41;
    /** linux/in6.h. */
    private static final int IPV6_FLOWLABEL_MGR = 32;
    private static final int IPV6_FLOWINFO_SEND = 33;
    private static final int IPV6_FL_A_GET = 0;
    private static final int IPV6_FL_S_ANY = 255;
    private static final int IPV6_FL_F_CREATE = 1;
    /** struct in6_flowlabel_req: flr_dst[16], flr_label (be32), action (u8), share (u8), flags, expires, linger (u16), pad (u32). */
    private static final int FLOWLABEL_REQ_BYTES = 32;
    private static final int SOCKADDR_IN6_BYTES = 28;
    private static final int F_GETFL = 3;
    private static final int F_SETFL = 4;
    private static final int O_NONBLOCK = 0x800;
    private static final short POLLOUT = 4;
    private static final int SOL_SOCKET = 1;
    private static final int SO_ERROR = 4;
    private static final int EINPROGRESS = 115;
    private static final int EINTR = 4;
    private static final ValueLayout.OfInt BE_INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);
    private static final ValueLayout.OfShort BE_SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.BIG_ENDIAN);

    private static final MethodHandle CONNECT;
    private static final MethodHandle POLL;
    private static final MethodHandle FCNTL;
    private static final String UNAVAILABLE;

    static {
        MethodHandle connect = null;
        MethodHandle poll = null;
        MethodHandle fcntl = null;
        String why = NativeSockets.available() ? null : NativeSockets.unavailableReason();
        if (why == null) {
            try {
                var I = ValueLayout.JAVA_INT;
                var L = ValueLayout.JAVA_LONG;
                // setsockopt and getsockopt are NativeSockets'
                connect = NativeSockets.libc("connect", FunctionDescriptor.of(I, I, L, I), NativeSockets.CAPTURE_ERRNO);
                poll = NativeSockets.libc("poll", FunctionDescriptor.of(I, L, L, I), NativeSockets.CAPTURE_ERRNO);
                fcntl = NativeSockets.libc("fcntl", FunctionDescriptor.of(I, I, I, I), NativeSockets.CAPTURE_ERRNO,
                        Linker.Option.firstVariadicArg(2));
            } catch (RuntimeException e) {
                why = "native calls unavailable (" + e.getMessage() + ")";
            }
        }
        CONNECT = connect;
        POLL = poll;
        FCNTL = fcntl;
        UNAVAILABLE = why;
    }

    private FlowLabel() {}

    /** Connects {@code ch} (unconnected, blocking) to {@code target} with flow label {@code label} (1..0xFFFFF). */
    static void connect(SocketChannel ch, InetSocketAddress target, int label, int timeoutMillis) throws IOException {
        if (UNAVAILABLE != null) {
            throw new IOException("--flowlabel is not supported here: " + UNAVAILABLE);
        }
        if (!(target.getAddress() instanceof Inet6Address v6)) {
            throw new IOException("--flowlabel labels IPv6 packets: " + target.getAddress().getHostAddress()
                    + " is not an IPv6 address (use -6 or an IPv6 HOST)");
        }
        int fd = NativeSockets.descriptor(ch);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            byte[] address = v6.getAddress();
            MemorySegment req = arena.allocate(FLOWLABEL_REQ_BYTES, 8);
            req.asSlice(0, 16).copyFrom(MemorySegment.ofArray(address));
            req.set(BE_INT, 16, label);
            req.set(ValueLayout.JAVA_BYTE, 20, (byte) IPV6_FL_A_GET);
            req.set(ValueLayout.JAVA_BYTE, 21, (byte) IPV6_FL_S_ANY);
            req.set(ValueLayout.JAVA_SHORT, 22, (short) IPV6_FL_F_CREATE);
            check(errno, NativeSockets.setsockopt(errno, fd, IPPROTO_IPV6, IPV6_FLOWLABEL_MGR, req,
                    FLOWLABEL_REQ_BYTES), "lease flow label " + hex(label) + " (IPV6_FLOWLABEL_MGR)");
            MemorySegment one = arena.allocate(ValueLayout.JAVA_INT);
            one.set(ValueLayout.JAVA_INT, 0, 1);
            check(errno, NativeSockets.setsockopt(errno, fd, IPPROTO_IPV6, IPV6_FLOWINFO_SEND, one, 4),
                    "send flow labels (IPV6_FLOWINFO_SEND)");
            MemorySegment sa = arena.allocate(SOCKADDR_IN6_BYTES, 8);
            sa.set(ValueLayout.JAVA_SHORT, 0, (short) AF_INET6);
            sa.set(BE_SHORT, 2, (short) target.getPort());
            sa.set(BE_INT, 4, label); // sin6_flowinfo: the label in its low 20 bits, network order
            sa.asSlice(8, 16).copyFrom(MemorySegment.ofArray(address));
            sa.set(ValueLayout.JAVA_INT, 24, v6.getScopeId());
            int flags = (int) FCNTL.invokeExact(errno, fd, F_GETFL, 0);
            check(errno, flags < 0 ? -1 : (int) FCNTL.invokeExact(errno, fd, F_SETFL, flags | O_NONBLOCK), "fcntl");
            try {
                int rc = (int) CONNECT.invokeExact(errno, fd, sa.address(), SOCKADDR_IN6_BYTES);
                if (rc != 0 && NativeSockets.errno(errno) != EINPROGRESS) {
                    throw new IOException(NativeSockets.strerror(NativeSockets.errno(errno)));
                }
                if (rc != 0) {
                    awaitConnected(arena, errno, fd, timeoutMillis);
                }
            } finally {
                int restored = (int) FCNTL.invokeExact(errno, fd, F_SETFL, flags & ~O_NONBLOCK);
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw new IOException("--flowlabel: " + t, t);
        }
        ch.connect(target); // completes at once: the kernel has the connection (see the class comment)
    }

    private static void awaitConnected(Arena arena, MemorySegment errno, int fd, int timeoutMillis) throws Throwable {
        MemorySegment pfd = arena.allocate(8, 4);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                throw new IOException("connect timed out after " + timeoutMillis + " ms");
            }
            pfd.set(ValueLayout.JAVA_INT, 0, fd);
            pfd.set(ValueLayout.JAVA_SHORT, 4, POLLOUT);
            pfd.set(ValueLayout.JAVA_SHORT, 6, (short) 0);
            int n = (int) POLL.invokeExact(errno, pfd.address(), 1L, (int) Math.min(left, Integer.MAX_VALUE));
            if (n < 0 && NativeSockets.errno(errno) == EINTR) {
                continue;
            }
            if (n < 0) {
                throw new IOException("poll: " + NativeSockets.strerror(NativeSockets.errno(errno)));
            }
            if (n > 0) {
                break;
            }
        }
        int e = NativeSockets.intOption(arena, errno, fd, SOL_SOCKET, SO_ERROR);
        if (e != 0) {
            throw new IOException(NativeSockets.strerror(e));
        }
    }

    private static void check(MemorySegment errno, int rc, String what) throws IOException {
        if (rc < 0) {
            throw new IOException("cannot " + what + ": " + NativeSockets.strerror(NativeSockets.errno(errno)));
        }
    }

    static String hex(int label) {
        return String.format("0x%05x", label);
    }
}
