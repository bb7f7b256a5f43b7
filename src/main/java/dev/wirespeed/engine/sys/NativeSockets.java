package dev.wirespeed.engine.sys;

import dev.wirespeed.wire.Message.TcpStats;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Socket options the JDK does not expose, set through setsockopt/getsockopt with the FFM API:
 * TCP_CONGESTION, TCP_MAXSEG and TCP_INFO (Linux, include/uapi/linux/tcp.h). The file
 * descriptor is read from the JDK's SocketChannel implementation, which the jar's manifest opens
 * ({@code Add-Opens: java.base/sun.nio.ch}). Where either is unavailable, {@link #available()}
 * is false and callers say so instead of silently ignoring an option.
 */
public final class NativeSockets {
    private static final int IPPROTO_TCP = 6;
    private static final int TCP_MAXSEG = 2;
    private static final int TCP_INFO = 11;
    private static final int TCP_CONGESTION = 13;
    private static final int SOL_SOCKET = 1;
    /** SO_RCVLOWAT (asm-generic/socket.h; x86-64 and arm64 alike). */
    private static final int SO_RCVLOWAT = 18;
    /** in.h / in6.h (Linux uapi): IP_TOS, IP_PKTOPTIONS, IP_RECVTOS; IPV6_2292PKTOPTIONS, IPV6_RECVTCLASS, IPV6_TCLASS. */
    private static final int IPPROTO_IP = 0;
    private static final int IP_TOS = 1;
    private static final int IP_PKTOPTIONS = 9;
    private static final int IP_RECVTOS = 13;
    private static final int IPPROTO_IPV6 = 41;
    private static final int IPV6_2292PKTOPTIONS = 6;
    private static final int IPV6_RECVTCLASS = 66;
    private static final int IPV6_TCLASS = 67;
    /** struct tcp_info is at least 104 bytes since Linux 2.6 (tcpi_total_retrans at offset 100). */
    private static final int TCP_INFO_MIN_BYTES = 104;

    private static final boolean LINUX = System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux");
    private static final Field FD_FIELD;
    /** DatagramChannelImpl's descriptor; null where this JDK has no such field (then UDP keeps NIO's calls). */
    private static final Field DATAGRAM_FD_FIELD;
    private static final MethodHandle SETSOCKOPT;
    private static final MethodHandle GETSOCKOPT;
    private static final MethodHandle STRERROR;
    private static final VarHandle ERRNO;
    private static final long CAPTURE_BYTES;
    private static final String UNAVAILABLE_REASON;

    static {
        Field fd = null;
        MethodHandle set = null;
        MethodHandle get = null;
        MethodHandle strerror = null;
        VarHandle errno = null;
        long captureBytes = 0;
        String reason = null;
        if (!LINUX) {
            reason = "only on Linux";
        } else {
            try {
                Class<?> impl = Class.forName("sun.nio.ch.SocketChannelImpl");
                fd = impl.getDeclaredField("fdVal");
                fd.setAccessible(true);
                Linker linker = Linker.nativeLinker();
                SymbolLookup libc = linker.defaultLookup();
                Linker.Option errnoOption = Linker.Option.captureCallState("errno");
                var captureLayout = Linker.Option.captureStateLayout();
                errno = captureLayout.varHandle(MemoryLayout.PathElement.groupElement("errno"));
                captureBytes = captureLayout.byteSize();
                FunctionDescriptor sockopt = FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                        ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT);
                set = linker.downcallHandle(libc.find("setsockopt").orElseThrow(), sockopt, errnoOption);
                get = linker.downcallHandle(libc.find("getsockopt").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT,
                                ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS), errnoOption);
                strerror = linker.downcallHandle(libc.find("strerror").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
            } catch (ReflectiveOperationException | RuntimeException e) {
                reason = "native socket access unavailable (" + e.getClass().getSimpleName() + ": " + e.getMessage()
                        + "); run with --add-opens java.base/sun.nio.ch=ALL-UNNAMED --enable-native-access=ALL-UNNAMED";
                fd = null;
            }
        }
        FD_FIELD = fd;
        DATAGRAM_FD_FIELD = fd == null ? null : datagramField();
        SETSOCKOPT = set;
        GETSOCKOPT = get;
        STRERROR = strerror;
        ERRNO = errno;
        CAPTURE_BYTES = captureBytes;
        UNAVAILABLE_REASON = reason;
    }

    private NativeSockets() {}

    private static Field datagramField() {
        try {
            Field f = Class.forName("sun.nio.ch.DatagramChannelImpl").getDeclaredField("fdVal");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    public static boolean available() {
        return UNAVAILABLE_REASON == null;
    }

    /** Why {@link #available()} is false, or null. */
    public static String unavailableReason() {
        return UNAVAILABLE_REASON;
    }

    /** Sets TCP_CONGESTION; an unknown or unpermitted algorithm fails with the kernel's reason. */
    public static void setCongestion(SocketChannel channel, String algorithm) throws IOException {
        requireAvailable("-C (congestion control)");
        byte[] name = algorithm.getBytes(StandardCharsets.US_ASCII);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(name.length + 1L);
            value.copyFrom(MemorySegment.ofArray(name));
            call(arena, SETSOCKOPT, fd(channel), IPPROTO_TCP, TCP_CONGESTION, value, name.length,
                    "congestion control '" + algorithm + "'");
        }
    }

    /** SO_BINDTODEVICE (asm-generic/socket.h). */
    private static final int SO_BINDTODEVICE = 25;

    /**
     * --bind-dev: SO_BINDTODEVICE on a socket before it connects (socket(7)); the kernel names a
     * missing interface (ENODEV) or a missing privilege (EPERM, CAP_NET_RAW).
     */
    static void bindToDevice(int fd, String device) throws IOException {
        requireAvailable("--bind-dev (SO_BINDTODEVICE)");
        byte[] name = device.getBytes(StandardCharsets.US_ASCII);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(name.length + 1L);
            value.copyFrom(MemorySegment.ofArray(name));
            call(arena, SETSOCKOPT, fd, SOL_SOCKET, SO_BINDTODEVICE, value, name.length + 1,
                    "--bind-dev " + device + " (SO_BINDTODEVICE)");
        }
    }

    /** in.h / in6.h (Linux uapi): IP_MTU_DISCOVER, IPV6_MTU_DISCOVER and their PMTUDISC_DO value. */
    private static final int IP_MTU_DISCOVER = 10;
    private static final int IPV6_MTU_DISCOVER = 23;
    private static final int PMTUDISC_DO = 2;

    /**
     * --dont-fragment: IP_MTU_DISCOVER = IP_PMTUDISC_DO on a UDP socket, as iperf3's (iperf_api.c,
     * iperf_init_stream): every datagram leaves with DF set and one above the path MTU fails to send
     * with EMSGSIZE instead of being fragmented (ip(7)). On an IPv6 socket IPV6_MTU_DISCOVER too,
     * and the IPv4 option is kept as well for an IPv4-mapped peer, whose datagrams take the IPv4 path.
     */
    static void setDontFragment(DatagramChannel channel, boolean ipv6) throws IOException {
        requireAvailable("--dont-fragment (IP_MTU_DISCOVER)");
        int fd = descriptor(channel);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(ValueLayout.JAVA_INT);
            value.set(ValueLayout.JAVA_INT, 0, PMTUDISC_DO);
            if (ipv6) {
                call(arena, SETSOCKOPT, fd, IPPROTO_IPV6, IPV6_MTU_DISCOVER, value, 4,
                        "--dont-fragment (IPV6_MTU_DISCOVER)");
                trySet(fd, IPPROTO_IP, IP_MTU_DISCOVER, PMTUDISC_DO, 4);
            } else {
                call(arena, SETSOCKOPT, fd, IPPROTO_IP, IP_MTU_DISCOVER, value, 4, "--dont-fragment (IP_MTU_DISCOVER)");
            }
        }
    }

    /** SO_MAX_PACING_RATE (asm-generic/socket.h), bytes per second. */
    private static final int SO_MAX_PACING_RATE = 47;

    /**
     * Caps the socket's sending rate: SO_MAX_PACING_RATE, paced by the fq qdisc or, since Linux 4.13,
     * by TCP itself (socket(7)); as iperf3's --fq-rate. Takes a 64-bit value since Linux 4.20.
     */
    public static void setMaxPacingRate(SocketChannel channel, long bitsPerSecond) throws IOException {
        requireAvailable("--fq-rate (SO_MAX_PACING_RATE)");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(ValueLayout.JAVA_LONG);
            value.set(ValueLayout.JAVA_LONG, 0, bitsPerSecond / 8);
            call(arena, SETSOCKOPT, fd(channel), SOL_SOCKET, SO_MAX_PACING_RATE, value, 8,
                    "--fq-rate (SO_MAX_PACING_RATE " + bitsPerSecond / 8 + " bytes/s)");
        }
    }

    /**
     * SO_MAX_PACING_RATE of a descriptor, bytes per second, as a 64-bit value (Linux >= 4.20; the
     * kernel keeps min(value, its current pacing rate), net/core/sock.c); false where it cannot be set.
     */
    public static boolean setMaxPacingRate(int fd, long bytesPerSecond) {
        return trySet(fd, SOL_SOCKET, SO_MAX_PACING_RATE, bytesPerSecond, 8);
    }

    /** setsockopt(2) of a 4- or 8-byte value on a descriptor, best effort: false where it cannot be set. */
    private static boolean trySet(int fd, int level, int option, long value, int bytes) {
        if (!available()) {
            return false;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment v = arena.allocate(bytes == 8 ? ValueLayout.JAVA_LONG : ValueLayout.JAVA_INT);
            if (bytes == 8) {
                v.set(ValueLayout.JAVA_LONG, 0, value);
            } else {
                v.set(ValueLayout.JAVA_INT, 0, (int) value);
            }
            call(arena, SETSOCKOPT, fd, level, option, v, bytes, "option " + option);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Sets TCP_MAXSEG; must be called before connect to shape the SYN's MSS option. */
    public static void setMaxSegment(SocketChannel channel, int mssBytes) throws IOException {
        requireAvailable("-M (MSS)");
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(ValueLayout.JAVA_INT);
            value.set(ValueLayout.JAVA_INT, 0, mssBytes);
            call(arena, SETSOCKOPT, fd(channel), IPPROTO_TCP, TCP_MAXSEG, value, 4, "MSS " + mssBytes);
        }
    }

    /**
     * Sets SO_RCVLOWAT on a socket's descriptor (socket(7)): a blocking read returns, and the reader
     * is woken, only once this many bytes are queued, or at end of stream. False where it cannot be set.
     */
    public static boolean setReceiveLowWater(int fd, int bytes) {
        return trySet(fd, SOL_SOCKET, SO_RCVLOWAT, bytes, 4); // an optimisation: where refused, the stream reads as before
    }

    /** SO_RCVLOWAT of a descriptor, or -1 where it cannot be read (tests). */
    public static int receiveLowWater(int fd) {
        if (!available()) {
            return -1;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
            length.set(ValueLayout.JAVA_INT, 0, 4);
            int rc = (int) GETSOCKOPT.invokeExact(arena.allocate(CAPTURE_BYTES), fd, SOL_SOCKET, SO_RCVLOWAT, value, length);
            return rc == 0 ? value.get(ValueLayout.JAVA_INT, 0) : -1;
        } catch (Throwable t) {
            return -1;
        }
    }

    /**
     * Asks the kernel to keep the TOS / traffic class of what arrives on this TCP socket, for
     * {@link #receivedTos}: IP_RECVTOS and IPV6_RECVTCLASS (ip(7), ipv6(7)); best effort, an AF_INET
     * socket refuses the IPv6 one.
     */
    static void watchReceivedTos(SocketChannel channel) {
        if (!available()) {
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment one = arena.allocate(ValueLayout.JAVA_INT);
            one.set(ValueLayout.JAVA_INT, 0, 1);
            int fd = fd(channel);
            MemorySegment capture = arena.allocate(CAPTURE_BYTES);
            int ignored = (int) SETSOCKOPT.invokeExact(capture, fd, IPPROTO_IP, IP_RECVTOS, one, 4);
            ignored = (int) SETSOCKOPT.invokeExact(capture, fd, IPPROTO_IPV6, IPV6_RECVTCLASS, one, 4);
        } catch (Throwable t) {
            // nothing to report then: receivedTos says empty
        }
    }

    /**
     * The TOS byte (IPv4) or traffic class (IPv6) the kernel saw on the peer's segments, read as
     * ancillary data with getsockopt: IPv4's IP_PKTOPTIONS gives rcv_tos, the TOS of the segment that
     * completed the handshake (net/ipv4/tcp_ipv4.c tcp_v4_syn_recv_sock, so only on the accepting side);
     * IPv6's IPV6_2292PKTOPTIONS gives the class of the latest in-order segment (tcp_v6_do_rcv).
     * Needs {@link #watchReceivedTos} first; empty where unreadable.
     */
    public static OptionalInt receivedTos(SocketChannel channel) {
        if (!available()) {
            return OptionalInt.empty();
        }
        boolean v4;
        try {
            v4 = ((InetSocketAddress) channel.getRemoteAddress()).getAddress() instanceof Inet4Address;
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        }
        int level = v4 ? IPPROTO_IP : IPPROTO_IPV6;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment buf = arena.allocate(512, 8);
            MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
            length.set(ValueLayout.JAVA_INT, 0, 512);
            int rc = (int) GETSOCKOPT.invokeExact(arena.allocate(CAPTURE_BYTES), fd(channel), level,
                    v4 ? IP_PKTOPTIONS : IPV6_2292PKTOPTIONS, buf, length);
            if (rc != 0) {
                return OptionalInt.empty();
            }
            return cmsgInt(buf, length.get(ValueLayout.JAVA_INT, 0), level, v4 ? IP_TOS : IPV6_TCLASS);
        } catch (Throwable t) {
            return OptionalInt.empty();
        }
    }

    /** The int of the first control message of {@code level}/{@code type} (struct cmsghdr on LP64: len 8, level 4, type 4). */
    static OptionalInt cmsgInt(MemorySegment buf, int length, int level, int type) {
        long off = 0;
        while (off + 20 <= length) {
            long cmsgLen = buf.get(ValueLayout.JAVA_LONG_UNALIGNED, off);
            if (cmsgLen < 16 || off + cmsgLen > length) {
                break;
            }
            if (buf.get(ValueLayout.JAVA_INT_UNALIGNED, off + 8) == level
                    && buf.get(ValueLayout.JAVA_INT_UNALIGNED, off + 12) == type && cmsgLen >= 20) {
                return OptionalInt.of(buf.get(ValueLayout.JAVA_INT_UNALIGNED, off + 16) & 0xff);
            }
            off += (cmsgLen + 7) & ~7L;
        }
        return OptionalInt.empty();
    }

    /** TCP_INFO of a connected socket, or empty where it cannot be read; every interval asks it, so no more. */
    public static Optional<TcpStats> tcpInfo(SocketChannel channel) {
        return tcpInfo(channel, false);
    }

    /** {@link #tcpInfo} and the congestion control the socket ran: once, at the stream's end. */
    public static Optional<TcpStats> tcpInfoAtEnd(SocketChannel channel) {
        return tcpInfo(channel, true);
    }

    private static Optional<TcpStats> tcpInfo(SocketChannel channel, boolean withCongestion) {
        if (!available()) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = arena.allocate(256);
            MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
            length.set(ValueLayout.JAVA_INT, 0, 256);
            MemorySegment capture = arena.allocate(CAPTURE_BYTES);
            int rc = (int) GETSOCKOPT.invokeExact(capture, fd(channel), IPPROTO_TCP, TCP_INFO, info, length);
            if (rc != 0 || length.get(ValueLayout.JAVA_INT, 0) < TCP_INFO_MIN_BYTES) {
                return Optional.empty();
            }
            return Optional.of(new TcpStats(
                    u32(info, 100),   // tcpi_total_retrans
                    u32(info, 68),    // tcpi_rtt (µs)
                    u32(info, 72),    // tcpi_rttvar (µs)
                    u32(info, 80),    // tcpi_snd_cwnd (segments)
                    u32(info, 16),    // tcpi_snd_mss
                    withCongestion ? congestion(arena, fd(channel)) : null));
        } catch (Throwable t) {
            return Optional.empty();
        }
    }

    /**
     * The congestion control a connected socket runs, alone: for a receiver, whose TCP_INFO we do not
     * keep, but whose algorithm iperf3's server names in its results all the same.
     */
    public static Optional<String> congestion(SocketChannel channel) {
        if (!available()) {
            return Optional.empty();
        }
        try (Arena arena = Arena.ofConfined()) {
            return Optional.ofNullable(congestion(arena, fd(channel)));
        } catch (Throwable t) {
            return Optional.empty();
        }
    }

    /** TCP_CA_NAME_MAX (include/net/tcp.h): an algorithm's name with its NUL fits in 16 bytes. */
    private static final int TCP_CA_NAME_BYTES = 16;

    /**
     * The congestion control a socket runs (getsockopt TCP_CONGESTION, tcp(7)): the default of
     * net.ipv4.tcp_congestion_control unless the socket set one; null where unreadable.
     */
    private static String congestion(Arena arena, int fd) throws Throwable {
        MemorySegment name = arena.allocate(TCP_CA_NAME_BYTES);
        MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
        length.set(ValueLayout.JAVA_INT, 0, TCP_CA_NAME_BYTES);
        MemorySegment capture = arena.allocate(CAPTURE_BYTES);
        int rc = (int) GETSOCKOPT.invokeExact(capture, fd, IPPROTO_TCP, TCP_CONGESTION, name, length);
        if (rc != 0) {
            return null;
        }
        return caName(name.toArray(ValueLayout.JAVA_BYTE), length.get(ValueLayout.JAVA_INT, 0));
    }

    /** The name in the kernel's buffer: up to the first NUL within the length it returned; null when empty. */
    static String caName(byte[] buffer, int returnedBytes) {
        int end = Math.max(0, Math.min(returnedBytes, buffer.length));
        for (int i = 0; i < end; i++) {
            if (buffer[i] == 0) {
                end = i;
                break;
            }
        }
        return end == 0 ? null : new String(buffer, 0, end, StandardCharsets.US_ASCII);
    }

    private static long u32(MemorySegment s, long offset) {
        return Integer.toUnsignedLong(s.get(ValueLayout.JAVA_INT_UNALIGNED, offset));
    }

    private static void requireAvailable(String what) throws IOException {
        if (!available()) {
            throw new IOException(what + " is not supported here: " + UNAVAILABLE_REASON);
        }
    }

    /** The descriptor of {@code channel} (Linux, when {@link #available()}); it stays the channel's. */
    public static int descriptor(SocketChannel channel) throws IOException {
        requireAvailable("direct socket I/O");
        return fd(channel);
    }

    /** The descriptor of a UDP {@code channel} (Linux, when this JDK's implementation allows); it stays the channel's. */
    public static int descriptor(DatagramChannel channel) throws IOException {
        requireAvailable("direct socket I/O");
        if (DATAGRAM_FD_FIELD == null) {
            throw new IOException("direct UDP socket I/O is not supported by this JDK");
        }
        try {
            return DATAGRAM_FD_FIELD.getInt(channel);
        } catch (IllegalAccessException | IllegalArgumentException e) {
            throw new IOException("cannot read the socket's descriptor: " + e.getMessage(), e);
        }
    }

    private static int fd(SocketChannel channel) throws IOException {
        try {
            return FD_FIELD.getInt(channel);
        } catch (IllegalAccessException | IllegalArgumentException e) {
            throw new IOException("cannot read the socket's descriptor: " + e.getMessage(), e);
        }
    }

    private static void call(Arena arena, MethodHandle setsockopt, int fd, int level, int option, MemorySegment value,
                             int length, String what) throws IOException {
        MemorySegment capture = arena.allocate(CAPTURE_BYTES);
        int rc;
        try {
            rc = (int) setsockopt.invokeExact(capture, fd, level, option, value, length);
        } catch (Throwable t) {
            throw new IOException("setsockopt for " + what + " failed: " + t, t);
        }
        if (rc != 0) {
            int errno = (int) ERRNO.get(capture, 0L);
            throw new IOException("cannot set " + what + ": " + strerror(errno));
        }
    }

    /**
     * A downcall handle of libc's {@code name} (Linux), for the classes of this package that make calls
     * of their own; {@link #CAPTURE_ERRNO} among the options captures errno into an {@link #errnoCapture}.
     * Throws (NoSuchElementException, IllegalArgumentException) where the symbol or the layout is refused.
     */
    static MethodHandle libc(String name, FunctionDescriptor descriptor, Linker.Option... options) {
        Linker linker = Linker.nativeLinker();
        return linker.downcallHandle(linker.defaultLookup().find(name).orElseThrow(), descriptor, options);
    }

    /** The option of a downcall that leaves errno in an {@link #errnoCapture}. */
    static final Linker.Option CAPTURE_ERRNO = Linker.Option.captureCallState("errno");

    /**
     * setsockopt(2) of {@code length} bytes at {@code value} on a descriptor, errno left in {@code errno}
     * (an {@link #errnoCapture}): the kernel's return code. Only when {@link #available()}.
     */
    static int setsockopt(MemorySegment errno, int fd, int level, int option, MemorySegment value, int length)
            throws Throwable {
        return (int) SETSOCKOPT.invokeExact(errno, fd, level, option, value, length);
    }

    /**
     * getsockopt(2) of an int option on a descriptor; an IOException with the kernel's reason where
     * it fails. Only when {@link #available()}.
     */
    static int intOption(Arena arena, MemorySegment errno, int fd, int level, int option) throws Throwable {
        MemorySegment value = arena.allocate(ValueLayout.JAVA_INT);
        MemorySegment length = arena.allocate(ValueLayout.JAVA_INT);
        length.set(ValueLayout.JAVA_INT, 0, 4);
        if ((int) GETSOCKOPT.invokeExact(errno, fd, level, option, value, length) < 0) {
            throw new IOException("getsockopt(" + level + ", " + option + "): " + strerror(errno(errno)));
        }
        return value.get(ValueLayout.JAVA_INT, 0);
    }

    /** Room for the call state of a downcall made with {@code Linker.Option.captureCallState("errno")}. */
    public static MemorySegment errnoCapture(Arena arena) {
        return arena.allocate(CAPTURE_BYTES);
    }

    /** The errno a downcall left in {@code capture}. */
    public static int errno(MemorySegment capture) {
        return (int) ERRNO.get(capture, 0L);
    }

    public static String strerror(int errno) {
        try {
            MemorySegment s = (MemorySegment) STRERROR.invokeExact(errno);
            return s.reinterpret(256).getString(0);
        } catch (Throwable t) {
            return "errno " + errno;
        }
    }
}
