package dev.wirespeed.engine.sys;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

/**
 * -m/--mptcp: the JDK opens only IPPROTO_TCP sockets, so a fresh, unbound channel gets an MPTCP
 * socket of the same family in place of its own: socket(family, SOCK_STREAM, IPPROTO_MPTCP) and
 * dup3(2) onto the channel's descriptor, which closes the JDK's socket and leaves the channel's
 * number naming the MPTCP one (mptcp(7)). The options the JDK set at socket() (IPV6_V6ONLY=0 on a
 * dual-stack socket, SO_REUSEADDR on a listener; sun.nio.ch Net.c socket0) are copied first.
 * After connect, TCP_IS_MPTCP says whether the connection is MPTCP: the kernel falls back to plain
 * TCP silently when the peer or the path does not take MP_CAPABLE (net/mptcp/sockopt.c answers it
 * from the fallback TCP socket, 0, then).
 */
public final class Mptcp {
    /** linux/in.h. */
    static final int IPPROTO_MPTCP = 262;
    private static final int SOCK_STREAM = 1;
    private static final int SOCK_CLOEXEC = 0x80000;
    private static final int O_CLOEXEC = 0x80000;
    private static final int SOL_SOCKET = 1;
    private static final int SO_REUSEADDR = 2;
    private static final int SO_DOMAIN = 39;
    private static final int AF_INET6 = 10;
    private static final int IPPROTO_IPV6 = 41;
    private static final int IPV6_V6ONLY = 26;
    private static final int SOL_TCP = 6;
    /** linux/tcp.h, since Linux 5.16. */
    private static final int TCP_IS_MPTCP = 43;
    /** errno.h: the kernel has no IPPROTO_MPTCP (CONFIG_MPTCP off, or before Linux 5.6). */
    private static final int EPROTONOSUPPORT = 93;
    /** net/mptcp/protocol.c mptcp_init_sock: net.mptcp.enabled=0 in this namespace. */
    private static final int ENOPROTOOPT = 92;

    private static final MethodHandle SOCKET;
    private static final MethodHandle DUP3;
    private static final MethodHandle CLOSE;
    private static final Field SERVER_FD;
    private static final String UNAVAILABLE;

    static {
        MethodHandle socket = null;
        MethodHandle dup3 = null;
        MethodHandle close = null;
        Field serverFd = null;
        String why = NativeSockets.available() ? null : NativeSockets.unavailableReason();
        if (why == null) {
            try {
                var I = ValueLayout.JAVA_INT;
                // setsockopt and getsockopt are NativeSockets'
                socket = NativeSockets.libc("socket", FunctionDescriptor.of(I, I, I, I), NativeSockets.CAPTURE_ERRNO);
                dup3 = NativeSockets.libc("dup3", FunctionDescriptor.of(I, I, I, I), NativeSockets.CAPTURE_ERRNO);
                close = NativeSockets.libc("close", FunctionDescriptor.of(I, I));
                serverFd = Class.forName("sun.nio.ch.ServerSocketChannelImpl").getDeclaredField("fdVal");
                serverFd.setAccessible(true);
            } catch (ReflectiveOperationException | RuntimeException e) {
                why = "native calls unavailable (" + e.getMessage() + ")";
            }
        }
        SOCKET = socket;
        DUP3 = dup3;
        CLOSE = close;
        SERVER_FD = serverFd;
        UNAVAILABLE = why;
    }

    private Mptcp() {}

    /** Makes {@code ch} (just opened: unbound, unconnected) an MPTCP socket. */
    public static void use(SocketChannel ch) throws IOException {
        requireAvailable();
        replace(NativeSockets.descriptor(ch));
    }

    /** Makes the listener {@code ch} (just opened, unbound) an MPTCP socket; plain TCP clients are still accepted. */
    public static void use(ServerSocketChannel ch) throws IOException {
        requireAvailable();
        int fd;
        try {
            fd = SERVER_FD.getInt(ch);
        } catch (IllegalAccessException | IllegalArgumentException e) {
            throw new IOException("cannot read the listener's descriptor: " + e.getMessage(), e);
        }
        replace(fd);
    }

    /** Whether the connected {@code ch} runs MPTCP (TCP_IS_MPTCP = 1); false after a fallback or where unreadable. */
    public static boolean isMptcp(SocketChannel ch) {
        if (UNAVAILABLE != null) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            return NativeSockets.intOption(arena, errno, NativeSockets.descriptor(ch), SOL_TCP, TCP_IS_MPTCP) == 1;
        } catch (Throwable t) {
            return false;
        }
    }

    /** The one line for a socket() that failed with {@code errno}: the cause and, where there is one, the fix. */
    public static String refusal(int errno) {
        return switch (errno) {
            case ENOPROTOOPT -> "MPTCP is not enabled in this kernel: sysctl net.mptcp.enabled=1";
            case EPROTONOSUPPORT -> "this kernel has no MPTCP (IPPROTO_MPTCP: Linux 5.6+ built with CONFIG_MPTCP=y)";
            default -> "cannot open an MPTCP socket: " + NativeSockets.strerror(errno);
        };
    }

    private static void replace(int fd) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment errno = NativeSockets.errnoCapture(arena);
            int domain = NativeSockets.intOption(arena, errno, fd, SOL_SOCKET, SO_DOMAIN);
            int reuse = NativeSockets.intOption(arena, errno, fd, SOL_SOCKET, SO_REUSEADDR);
            int v6only = domain == AF_INET6 ? NativeSockets.intOption(arena, errno, fd, IPPROTO_IPV6, IPV6_V6ONLY) : -1;
            int mptcp = (int) SOCKET.invokeExact(errno, domain, SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_MPTCP);
            if (mptcp < 0) {
                throw new IOException(refusal(NativeSockets.errno(errno)));
            }
            try {
                setInt(arena, errno, mptcp, SOL_SOCKET, SO_REUSEADDR, reuse);
                if (v6only >= 0) {
                    setInt(arena, errno, mptcp, IPPROTO_IPV6, IPV6_V6ONLY, v6only);
                }
                if ((int) DUP3.invokeExact(errno, mptcp, fd, O_CLOEXEC) < 0) {
                    throw new IOException("cannot put the MPTCP socket in place (dup3): "
                            + NativeSockets.strerror(NativeSockets.errno(errno)));
                }
            } finally {
                int ignored = (int) CLOSE.invokeExact(mptcp); // fd now names the same socket
            }
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {
            throw new IOException("--mptcp: " + t, t);
        }
    }

    private static void setInt(Arena arena, MemorySegment errno, int fd, int level, int option, int v) throws Throwable {
        MemorySegment value = arena.allocate(ValueLayout.JAVA_INT);
        value.set(ValueLayout.JAVA_INT, 0, v);
        if (NativeSockets.setsockopt(errno, fd, level, option, value, 4) < 0) {
            throw new IOException("setsockopt(" + level + ", " + option + ") on the MPTCP socket: "
                    + NativeSockets.strerror(NativeSockets.errno(errno)));
        }
    }

    private static void requireAvailable() throws IOException {
        if (UNAVAILABLE != null) {
            throw new IOException("-m/--mptcp is not supported here: " + UNAVAILABLE);
        }
    }
}
