package dev.wirespeed.engine.sys;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.channels.DatagramChannel;

/**
 * The TOS byte (IPv4) or traffic class (IPv6) of the next datagram queued on the server's UDP
 * listener, read without taking it: recvmsg(MSG_PEEK) with IP_RECVTOS / IPV6_RECVTCLASS on
 * (ip(7), ipv6(7)). The listener then reads the datagram as before. A UDP stream's hello is its
 * first datagram, sent from the data socket after -S/--dscp marked it, so its TOS is what the
 * stream carries, read once per stream and never on the data path (as TCP's rcv_tos is the
 * handshake's, NativeSockets.receivedTos). Best effort: {@link #open} is null where the calls are
 * unavailable, and {@link #peek} null where a datagram carried no such control message.
 */
final class HelloTos {
    /** in.h / in6.h (Linux uapi). */
    private static final int IPPROTO_IP = 0;
    private static final int IP_TOS = 1;
    private static final int IP_RECVTOS = 13;
    private static final int IPPROTO_IPV6 = 41;
    private static final int IPV6_RECVTCLASS = 66;
    private static final int IPV6_TCLASS = 67;
    private static final int MSG_PEEK = 2;
    private static final int CONTROL_BYTES = 64;

    private final int fd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment msg;
    private final MemorySegment control;
    private final MemorySegment errno;
    private volatile boolean closed;

    private HelloTos(int fd) {
        this.fd = fd;
        MemorySegment byteBuffer = arena.allocate(1);
        MemorySegment iov = arena.allocate(NativeUdp.IOVEC_BYTES, 8);
        iov.set(ValueLayout.JAVA_LONG, 0, byteBuffer.address());
        iov.set(ValueLayout.JAVA_LONG, 8, 1);
        control = arena.allocate(CONTROL_BYTES, 8);
        msg = arena.allocate(NativeUdp.MSGHDR_BYTES, 8);
        msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_IOV, iov.address());
        msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_IOVLEN, 1);
        msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROL, control.address());
        errno = NativeSockets.errnoCapture(arena);
    }

    /** Turns the listener's TOS reports on; null where direct calls are unavailable (then no TOS is read). */
    static HelloTos open(DatagramChannel listener) {
        if (!NativeUdp.available()) {
            return null;
        }
        try {
            int fd = NativeSockets.descriptor(listener);
            // the listener is dual-stack: IPv4(-mapped) datagrams report IP_TOS, IPv6 ones IPV6_TCLASS
            int v4 = NativeUdp.setInt(fd, IPPROTO_IP, IP_RECVTOS, 1);
            int v6 = NativeUdp.setInt(fd, IPPROTO_IPV6, IPV6_RECVTCLASS, 1);
            if (v4 != 0 && v6 != 0) {
                return null;
            }
            try (Arena a = Arena.ofConfined()) {
                if (NativeBulk.makeBlocking(NativeSockets.errnoCapture(a), fd) != 0) {
                    return null;
                }
            }
            return new HelloTos(fd);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Waits until a datagram is queued and returns its TOS / traffic class, or null when it carried
     * none or the call failed; returns at once after {@link #wake}. On the listener's thread only.
     */
    Integer peek() {
        if (closed) {
            return null;
        }
        msg.set(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROLLEN, CONTROL_BYTES);
        long n;
        try {
            n = NativeUdp.recvmsg(errno, fd, msg.address(), MSG_PEEK);
        } catch (Throwable t) {
            return null;
        }
        if (n < 0 || closed) {
            return null;
        }
        return tos(control, msg.get(ValueLayout.JAVA_LONG, NativeUdp.MSG_CONTROLLEN));
    }

    /**
     * The first IP_TOS (a byte, ip_cmsg_recv_tos) or IPV6_TCLASS (an int, ip6_datagram_recv_specific_ctl)
     * control message: its first byte is the value (little-endian for the int; the class fits a byte).
     */
    static Integer tos(MemorySegment control, long controlLength) {
        long at = 0;
        while (at + NativeUdp.CMSG_HEADER_BYTES < controlLength) {
            long len = control.get(ValueLayout.JAVA_LONG, at);
            if (len <= NativeUdp.CMSG_HEADER_BYTES || at + len > controlLength) {
                return null;
            }
            int level = control.get(ValueLayout.JAVA_INT, at + 8);
            int type = control.get(ValueLayout.JAVA_INT, at + 12);
            if ((level == IPPROTO_IP && type == IP_TOS) || (level == IPPROTO_IPV6 && type == IPV6_TCLASS)) {
                return control.get(ValueLayout.JAVA_BYTE, at + NativeUdp.CMSG_HEADER_BYTES) & 0xff;
            }
            at += (len + 7) & ~7L;
        }
        return null;
    }

    /** Frees the call's buffers; after the listener's thread left {@link #peek} for good. */
    void release() {
        arena.close();
    }

    /** Wakes a blocked {@link #peek} (shutdown(2); closing the descriptor would not) before the listener closes. */
    void wake() {
        closed = true;
        NativeUdp.shutdown(fd);
    }
}
